import re
from dataclasses import dataclass

LINE_RE = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}:\d{2}),\d{3} "
    r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<logger>[\w.]+): (?P<message>.*)$"
)


@dataclass(frozen=True)
class Entry:
    date: str
    time: str
    level: str
    logger: str
    message: str


def parse_line(line):
    """Parse one log line; lines that are not log records give None."""
    m = LINE_RE.match(line.rstrip("\n"))
    return Entry(m.group("date"), m.group("time"), m.group("level"),
                 m.group("logger"), m.group("message"))


def parse_lines(lines):
    entries = []
    for line in lines:
        entry = parse_line(line)
        if entry is not None:
            entries.append(entry)
    return entries
