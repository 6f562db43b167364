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


def quote_cell(text: object, limit: int = 300) -> str:
    """`quote_untrusted` for a GFM table cell: a `|` splits a row before code spans are parsed (even
    inside one), which would leave the span's rest as live Markdown; `\\|` keeps it in the cell."""
    return quote_untrusted(text, limit).replace("|", "\\|")


def fence_untrusted(text: object, info: str = "text") -> str:
    """`text` as a fenced code block it cannot close: the fence is backticks, one more than the
    longest run of backticks in the text (at least three), so no line of the text is a closing
    fence; GitHub renders nothing inside (no mention, link, reference or HTML)."""
    body = str(text if text is not None else "").rstrip()
    longest = max((len(m) for m in _TICKS.findall(body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{body}\n{fence}"
