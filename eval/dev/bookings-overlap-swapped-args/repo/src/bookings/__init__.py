from .calendar import Calendar, Conflict
from .ranges import DateRange, intersection

__all__ = ["Calendar", "Conflict", "DateRange", "intersection"]
