from .hours import overtime_hours, regular_hours

OVERTIME_FACTOR = 1.5


def weekly_pay(hourly_rate, timesheet):
    """timesheet: hours per day, e.g. [8, 8, 9.5, 8, 7]."""
    worked = sum(timesheet)
    pay = regular_hours(worked) * hourly_rate
    pay += overtime_hours(worked) * hourly_rate * OVERTIME_FACTOR
    return round(pay, 2)
