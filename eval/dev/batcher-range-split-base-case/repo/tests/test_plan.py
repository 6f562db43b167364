import pytest

from batcher import make_plan, split_range


def test_even_split():
    assert split_range(0, 30, 10) == [(0, 10), (10, 20), (20, 30)]


def test_empty_range():
    assert split_range(5, 5, 10) == []


def test_size_must_be_positive():
    with pytest.raises(ValueError):
        split_range(0, 10, 0)


def test_plan_with_partial_last_batch():
    plan = make_plan("orders", 1, 2500)
    assert plan.batches == ((1, 1001), (1001, 2001), (2001, 2501))
    assert plan.describe() == "orders: 3 batches"
