from collections.abc import Iterable, Mapping


def flatten(value):
    """Flatten arbitrarily nested lists/tuples into one list of leaves."""
    if not isinstance(value, Iterable) or isinstance(value, Mapping):
        return [value]
    out = []
    for item in value:
        out.extend(flatten(item))
    return out
