import re
import unicodedata

import six

SEPARATORS = {"dash": "-", "underscore": "_", "dot": "."}


def slugify(title, separator="dash", max_length=None):
    if not isinstance(title, six.text_type):
        title = title.decode("utf-8")
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", text.lower())
    slug = SEPARATORS[separator].join(words)
    if max_length is not None:
        slug = slug[:max_length].rstrip(SEPARATORS[separator])
    return slug
