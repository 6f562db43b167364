import pytest

from lrucache import LRUCache, memoize


def test_capacity_validated():
    with pytest.raises(ValueError):
        LRUCache(0)


def test_put_evicts_oldest():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    assert c.keys() == ["b", "c"]


def test_stats():
    c = LRUCache(2)
    c.put("a", 1)
    c.get("a")
    c.get("zzz")
    assert (c.hits, c.misses) == (1, 1)


def test_read_keeps_key_alive():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.get("a") == 1
    c.put("c", 3)
    assert c.keys() == ["a", "c"]


def test_memoize():
    calls = []

    @memoize(capacity=4)
    def square(x):
        calls.append(x)
        return x * x

    assert [square(3), square(3), square(4)] == [9, 9, 16]
    assert calls == [3, 4]
