import pytest

from thermostat import Schedule, clamp

WEEKDAY = Schedule([("06:30", 20.5), ("08:30", 16.0), ("17:30", 21.0), ("22:30", 15.0)])


def test_clamp():
    assert clamp(30, 10, 25) == 25
    assert clamp(5, 10, 25) == 10
    assert clamp(12.5, 10, 25) == 12.5


def test_target_wraps_past_midnight():
    assert WEEKDAY.target("03:00") == 15.0
    assert WEEKDAY.target("07:00") == 20.5


def test_setpoint_within_limits():
    assert WEEKDAY.setpoint("18:00") == 21.0


def test_setpoint_is_limited():
    hot = Schedule([("00:00", 28.0)], max_temp=24.0)
    assert hot.setpoint("12:00") == 24.0
