from dataclasses import dataclass

from .numbers import growth, ratio


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    size_yesterday: int = 0
    size_today: int = 0


def render_summary(stats):
    change = growth(stats.size_yesterday, stats.size_today)
    trend = "new" if change is None else f"{change:+.0%}"
    return f"hit rate {ratio(stats.hits, stats.hits + stats.misses):.0%}, size {stats.size_today} ({trend})"
