import calendar
from datetime import date

from .holidays import FIXED_HOLIDAYS


def is_working_day(day, holidays=FIXED_HOLIDAYS):
    return day.weekday() < 5 and (day.month, day.day) not in holidays


def working_days_in_month(year, month, holidays=FIXED_HOLIDAYS):
    days_in_month = calendar.monthrange(year, month)[1]
    return sum(1 for d in range(1, days_in_month)
               if is_working_day(date(year, month, d), holidays))
