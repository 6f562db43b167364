from .bus import EventBus
from .events import Event

__all__ = ["Event", "EventBus"]
