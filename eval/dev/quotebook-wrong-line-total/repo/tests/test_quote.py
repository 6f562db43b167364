import pytest

from quotebook import Quote, unit_price


def test_price_breaks():
    assert unit_price("bolt-m6", 99) == 0.10
    assert unit_price("bolt-m6", 100) == 0.08
    assert unit_price("bolt-m6", 5000) == 0.06


def test_zero_quantity():
    with pytest.raises(ValueError):
        unit_price("bracket", 0)


def test_lines():
    q = Quote("acme").add("bracket", 12)
    assert list(q.lines()) == [("bracket", 12, 2.40, 28.8)]


def test_total():
    q = Quote("acme").add("bolt-m6", 200).add("washer-m6", 200).add("bracket", 1)
    assert q.total() == 16.0 + 4.0 + 2.90
