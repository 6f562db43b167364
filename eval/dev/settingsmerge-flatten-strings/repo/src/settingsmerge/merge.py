from .flatten import flatten


def merge(*layers):
    """Later layers win; nested dicts are merged key by key."""
    result = {}
    for layer in layers:
        for key, value in layer.items():
            if isinstance(value, dict) and isinstance(result.get(key), dict):
                result[key] = merge(result[key], value)
            else:
                result[key] = value
    return result


def plugin_list(*layers):
    """All plugins named in any layer, in order, without duplicates."""
    seen = []
    for name in flatten([layer.get("plugins", []) for layer in layers]):
        if name not in seen:
            seen.append(name)
    return seen
