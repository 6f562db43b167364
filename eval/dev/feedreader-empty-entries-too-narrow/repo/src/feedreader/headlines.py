import html


def clean(title):
    return " ".join(html.unescape(title).split())


def latest_title(feed):
    """Title of the newest entry, or None for a feed with nothing in it."""
    try:
        entry = feed["entries"][0]
    except KeyError:
        return None
    return clean(entry.get("title", "(untitled)"))


def headlines(feeds):
    out = {}
    for feed in feeds:
        title = latest_title(feed)
        if title is not None:
            out[feed["name"]] = title
    return out
