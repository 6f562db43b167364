from .cache import LRUCache
from .memo import memoize

__all__ = ["LRUCache", "memoize"]
