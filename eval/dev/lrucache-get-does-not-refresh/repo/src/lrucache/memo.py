import functools

from .cache import LRUCache


def memoize(capacity=128):
    def decorate(fn):
        cache = LRUCache(capacity)

        @functools.wraps(fn)
        def wrapper(*args):
            if args in cache:
                return cache.get(args)
            result = fn(*args)
            cache.put(args, result)
            return result

        wrapper.cache = cache
        return wrapper
    return decorate
