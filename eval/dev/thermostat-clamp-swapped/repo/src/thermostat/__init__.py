from .schedule import Schedule
from .util import clamp

__all__ = ["Schedule", "clamp"]
