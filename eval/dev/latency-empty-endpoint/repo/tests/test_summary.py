from latencyreport import Collector, mean, percentile


def test_mean():
    assert mean([10, 20, 60]) == 30


def test_percentile():
    assert percentile(list(range(1, 101)), 95) == 95
    assert percentile([], 50) is None


def test_summary():
    c = Collector()
    for ms in (12, 15, 40):
        c.record("/api/items", ms)
    assert c.summary() == {"/api/items": {"count": 3, "mean": 22.3, "p95": 40}}


def test_summary_lists_idle_endpoints():
    c = Collector(["/api/items", "/api/admin"])
    c.record("/api/items", 20)
    assert c.summary()["/api/admin"] == {"count": 0, "mean": 0.0, "p95": None}
