from .hours import overtime_hours, regular_hours
from .pay import weekly_pay

__all__ = ["overtime_hours", "regular_hours", "weekly_pay"]
