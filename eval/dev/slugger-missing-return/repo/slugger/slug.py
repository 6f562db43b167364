from .text import _words

MAX_WORDS = 8


def slugify(title, max_words=MAX_WORDS):
    words = _words(title)
    if len(words) > max_words:
        words = words[:max_words]
    return "-".join(words) or "untitled"


def unique_slug(title, taken):
    base = slugify(title)
    slug, n = base, 2
    while slug in taken:
        slug = f"{base}-{n}"
        n += 1
    return slug
