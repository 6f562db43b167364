from datetime import date

from workdays import is_working_day, working_days_in_month


def test_weekend():
    assert not is_working_day(date(2026, 3, 7))      # Saturday


def test_holiday():
    assert not is_working_day(date(2026, 12, 25))


def test_month_ending_on_weekend():
    assert working_days_in_month(2026, 2) == 20      # Feb 28 2026 is a Saturday


def test_month_ending_on_weekday():
    assert working_days_in_month(2026, 3) == 22      # Mar 31 2026 is a Tuesday
