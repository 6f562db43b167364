from datetime import date

import pytest

from bookings import Calendar, Conflict, DateRange


def d(day):
    return date(2026, 8, day)


def test_nights():
    assert DateRange(d(1), d(4)).nights == 3


def test_invalid_range():
    with pytest.raises(ValueError):
        DateRange(d(5), d(4))


def test_back_to_back_bookings_are_fine():
    cal = Calendar()
    assert cal.book("12", "kim", d(1), d(4)) == []
    assert cal.book("12", "lee", d(4), d(6)) == []


def test_overlap_is_reported():
    cal = Calendar()
    cal.book("12", "kim", d(1), d(5))
    assert cal.book("12", "lee", d(3), d(8)) == [Conflict("12", "kim", 2)]
