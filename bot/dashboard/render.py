"""Syntax highlighting on the server (pygments): diffs and Python, as HTML with CSS classes."""
from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import DiffLexer, PythonLexer

_FORMATTER = HtmlFormatter(cssclass="highlight", wrapcode=True)


def diff_html(text: str | None) -> Markup:
    """A unified diff as highlighted HTML (pygments escapes the text)."""
    return Markup(highlight(text or "", DiffLexer(), _FORMATTER)) if text else Markup("")


def python_html(text: str | None) -> Markup:
    return Markup(highlight(text or "", PythonLexer(), _FORMATTER)) if text else Markup("")


@lru_cache(maxsize=1)
def css() -> str:
    return _FORMATTER.get_style_defs(".highlight")
