"""Markdown as GitHub shows a comment, for the dashboard and `crashfix simulate --html`: GitHub's own
renderer (cmark-gfm: tables, task lists, autolinks, a newline a line break), then an allowlist
sanitizer (nh3), so nothing an issue's author wrote becomes live HTML (no script, no event
attribute, no javascript: link, no image calling out)."""
from __future__ import annotations

import cmarkgfm
import nh3
from cmarkgfm.cmark import Options
from markupsafe import Markup

# raw HTML is kept by the renderer (GitHub shows <details>, <sub>, <kbd>...) and cut down to ammonia's
# default allowlist plus the disabled checkboxes of task lists; no images (GitHub proxies them; here
# an image would call out from the reader's browser)
_TAGS = (nh3.ALLOWED_TAGS - {"img"}) | {"input", "details", "summary"}
_ATTRIBUTES = {**nh3.ALLOWED_ATTRIBUTES, "input": {"type", "checked", "disabled"}, "details": {"open"}}
_SCHEMES = {"http", "https", "mailto"}


def clean(fragment: str) -> str:
    """HTML cut down to the allowlist (the text of a dropped tag stays, escaped; a script's is dropped)."""
    return nh3.clean(fragment, tags=_TAGS, attributes=_ATTRIBUTES, url_schemes=_SCHEMES, link_rel=None)


def github_html(text: str | None) -> str:
    if not text:
        return ""
    return clean(cmarkgfm.github_flavored_markdown_to_html(
        text, options=Options.CMARK_OPT_UNSAFE | Options.CMARK_OPT_HARDBREAKS))


def markdown_html(text: str | None) -> Markup:
    """`github_html` for a Jinja template."""
    return Markup(github_html(text))
