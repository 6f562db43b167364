"""Untrusted text (an issue's, a sandbox's, a model's) quoted in a GitHub comment as inert text.

`quote_untrusted` makes an inline code span: inside one, GitHub renders no link, image, HTML,
heading, emphasis, @mention or @org/team mention, and does not link #123 or commit ids. The span's
backtick fence is longer than any run of backticks in the text, so the text cannot close it, and
the text is put on one line (a span cannot cross a blank line). Imports nothing of the project.
"""
from __future__ import annotations

import re

_TICKS = re.compile(r"`+")


def quote_untrusted(text: object, limit: int = 300) -> str:
    """`text` as one inline code span of at most `limit` characters (cut with an ellipsis)."""
    one = " ".join(str(text if text is not None else "").split())
    if len(one) > limit:
        one = one[: limit - 1] + "…"
    if not one:
        return "` `"
    fence = "`" * (max((len(m) for m in _TICKS.findall(one)), default=0) + 1)
    pad = " " if one.startswith("`") or one.endswith("`") else ""
    return f"{fence}{pad}{one}{pad}{fence}"
