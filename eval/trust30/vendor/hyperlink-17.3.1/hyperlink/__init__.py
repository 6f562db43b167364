
from ._url import URL, URLParseError, register_scheme, parse_host

__all__ = [
    "URL",
    "URLParseError",
    "register_scheme",
    "parse_host"
]
