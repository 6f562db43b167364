def rate(hits, total):
    return hits / total
