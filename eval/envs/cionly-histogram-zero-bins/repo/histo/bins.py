from toolz import frequencies


def counts(values):
    return frequencies(values)


def share(values, key):
    total = len(values)
    return counts(values).get(key, 0) / total
