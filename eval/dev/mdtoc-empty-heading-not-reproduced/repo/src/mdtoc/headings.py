import re
from dataclasses import dataclass
from typing import Optional

_HEADING = re.compile(r"^(#{1,6})(?:\s+(.*?))?\s*#*\s*$")


@dataclass(frozen=True)
class Heading:
    level: int
    title: str
    anchor: str


def slugify(title):
    words = re.findall(r"[\w-]+", title.lower())
    return "-".join(words)


def parse_heading(line) -> Optional[Heading]:
    m = _HEADING.match(line)
    if not m:
        return None
    words = (m.group(2) or "").split()
    if not words:
        return None
    title = " ".join(words)
    return Heading(len(m.group(1)), title, slugify(title))
