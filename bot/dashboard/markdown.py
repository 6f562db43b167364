"""Markdown as GitHub shows it: GitHub's own renderer (cmark-gfm), then an allowlist sanitizer (nh3),
so a dry run's comments and the PR body read on the dashboard as they would on GitHub, and nothing an
issue's author wrote becomes live HTML here (no script, no event attribute, no javascript: link)."""
from __future__ import annotations

import cmarkgfm
import nh3
from cmarkgfm.cmark import Options
from markupsafe import Markup

# raw HTML is kept by the renderer (GitHub shows <details>, <sub>, <kbd>...) and cut down by nh3's
# allowlist (ammonia's defaults), plus the disabled checkboxes of task lists; no images (GitHub proxies
# them; here an image would call out from the operator's browser)
_TAGS = (nh3.ALLOWED_TAGS - {"img"}) | {"input"}
_ATTRIBUTES = {**nh3.ALLOWED_ATTRIBUTES, "input": {"type", "checked", "disabled"}}


def markdown_html(text: str | None) -> Markup:
    if not text:
        return Markup("")
    raw = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    return Markup(nh3.clean(raw, tags=_TAGS, attributes=_ATTRIBUTES, url_schemes={"http", "https", "mailto"}))
