"""Messages made comparable across reports of one crash: numbers, addresses and long quoted values
out, so `KeyError: 'sig'` and `KeyError: 'url'` stay apart while `index 7` and `index 9` meet."""
from __future__ import annotations

import re

_HEX = re.compile(r"0x[0-9a-fA-F]+")
_NUM = re.compile(r"\d+")
_PATH = re.compile(r"(?:[A-Za-z]:)?[\\/][^\s'\",:)]+")
_LONG_QUOTE = re.compile(r"'[^'\n]{25,200}'|\"[^\"\n]{25,200}\"")
_SPACE = re.compile(r"\s+")


def norm_message(message: str, limit: int = 60) -> str:
    """The message's first line with addresses, numbers, paths and long quoted values replaced."""
    line = (message or "").strip().split("\n", 1)[0][:400]
    line = _HEX.sub("0x", line)
    line = _PATH.sub("/…", line)
    line = _LONG_QUOTE.sub("'…'", line)
    line = _NUM.sub("N", line)
    return _SPACE.sub(" ", line).strip()[:limit]
