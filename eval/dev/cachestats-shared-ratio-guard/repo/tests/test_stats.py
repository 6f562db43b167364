from cachestats import CacheStats, growth, ratio, render_summary


def test_ratio():
    assert ratio(1, 4) == 0.25


def test_growth():
    assert growth(200, 250) == 0.25


def test_growth_from_empty_cache_is_undefined():
    assert growth(0, 120) is None


def test_summary():
    s = CacheStats(hits=90, misses=10, size_yesterday=100, size_today=110)
    assert render_summary(s) == "hit rate 90%, size 110 (+10%)"


def test_summary_before_any_lookup():
    s = CacheStats(size_yesterday=50, size_today=50)
    assert render_summary(s) == "hit rate 0%, size 50 (+0%)"
