import math


def mean(samples):
    total = sum(samples)
    return total / len(samples)


def percentile(samples, q):
    """Nearest-rank percentile; None for no samples."""
    if not samples:
        return None
    ordered = sorted(samples)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]
