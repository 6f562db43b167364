from collections import Counter

ORDER = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


def count_by_level(entries):
    counts = Counter(e.level for e in entries)
    return {level: counts[level] for level in ORDER if counts[level]}


def worst_level(entries):
    levels = {e.level for e in entries}
    for level in reversed(ORDER):
        if level in levels:
            return level
    return None
