def split_range(start, end, size):
    """Half-open [start, end) cut into consecutive (lo, hi) chunks of at most `size` ids."""
    if size <= 0:
        raise ValueError("size must be positive")
    if start == end:
        return []
    hi = min(start + size, end)
    return [(start, hi)] + split_range(start + size, end, size)
