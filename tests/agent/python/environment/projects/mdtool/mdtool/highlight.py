"""Code blocks: highlighted by Pygments when it is installed, plain <pre> otherwise."""
try:
    from pygments import highlight as _highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
except ImportError:  # pragma: no cover - the plain fallback
    get_lexer_by_name = None

# fence names people write, as Pygments calls them
ALIASES = {"py": "python", "python": "python", "sh": "bash", "shell": "bash", "js": "javascript",
           "yml": "yaml", "yaml": "yaml"}


def highlight(code, lang):
    if get_lexer_by_name is None:
        return "<pre>%s</pre>" % code
    lexer = get_lexer_by_name(ALIASES[lang])
    return _highlight(code, lexer, HtmlFormatter())
