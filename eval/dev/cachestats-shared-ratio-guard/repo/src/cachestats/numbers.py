def ratio(part, whole):
    return part / whole


def growth(previous, current):
    """Relative change from previous to current; None when previous is zero."""
    try:
        return ratio(current - previous, previous)
    except ZeroDivisionError:
        return None
