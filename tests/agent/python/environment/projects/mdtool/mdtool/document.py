import datetime

import yaml

FENCE = "---"


class Document(object):
    def __init__(self, meta, body):
        self.meta = meta
        self.body = body

    @property
    def title(self):
        return self.meta.get("title", "")

    @property
    def date(self):
        value = self.meta.get("date")
        if isinstance(value, datetime.date):
            return value
        return None


def parse(text):
    """Split YAML front matter from the Markdown body."""
    if not text.startswith(FENCE):
        return Document({}, text)
    _, head, body = text.split(FENCE, 2)
    return Document(yaml.safe_load(head) or {}, body.lstrip("\n"))
