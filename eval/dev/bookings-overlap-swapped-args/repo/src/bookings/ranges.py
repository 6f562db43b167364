from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class DateRange:
    """Nights from start (check-in) up to end (check-out), end exclusive."""
    start: date
    end: date

    def __post_init__(self):
        if self.end < self.start:
            raise ValueError(f"end before start: {self.start} .. {self.end}")

    @property
    def nights(self):
        return (self.end - self.start).days


def intersection(a, b):
    """The nights two ranges share, or None."""
    start = max(a.start, b.start)
    end = min(a.end, b.end)
    if start >= end:
        return None
    return DateRange(end, start)
