from .window import SlidingWindow
from .limiter import KeyedLimiter

__all__ = ["KeyedLimiter", "SlidingWindow"]
