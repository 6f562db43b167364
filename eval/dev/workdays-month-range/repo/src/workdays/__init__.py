from .calendar import is_working_day, working_days_in_month
from .holidays import FIXED_HOLIDAYS

__all__ = ["FIXED_HOLIDAYS", "is_working_day", "working_days_in_month"]
