from .counter import Counter
from .registry import Registry

__all__ = ["Counter", "Registry"]
