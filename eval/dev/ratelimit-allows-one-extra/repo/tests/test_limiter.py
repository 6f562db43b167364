import pytest

from ratelimit import KeyedLimiter, SlidingWindow


def test_invalid_config():
    with pytest.raises(ValueError):
        SlidingWindow(0, 10)


def test_remaining():
    w = SlidingWindow(5, 60)
    w.allow(0)
    w.allow(1)
    assert w.remaining(2) == 3
    assert w.remaining(60.5) == 4


def test_limit_is_enforced_per_key():
    lim = KeyedLimiter(3, 10)
    results = [lim.allow("k1", t) for t in (0, 1, 2, 3)]
    assert results == [True, True, True, False]
    assert lim.allow("k2", 3) is True


def test_window_slides():
    lim = KeyedLimiter(2, 10)
    assert [lim.allow("k", t) for t in (0, 5, 10, 11)] == [True, True, True, False]
