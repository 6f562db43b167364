import pytest

from tinymetrics import Registry


def test_plain_counter():
    reg = Registry()
    c = reg.counter("jobs_total", "Jobs run")
    c.inc()
    c.inc(2)
    assert c.value() == 3


def test_negative_increment_rejected():
    c = Registry().counter("x_total")
    with pytest.raises(ValueError):
        c.inc(-1)


def test_wrong_labels_rejected():
    c = Registry().counter("http_requests_total", labelnames=("method",))
    with pytest.raises(ValueError):
        c.inc(path="/")


def test_labelled_counter_exposition():
    reg = Registry()
    c = reg.counter("http_requests_total", "Requests", labelnames=("method", "code"))
    c.inc(method="GET", code=200)
    c.inc(method="GET", code=200)
    c.inc(method="POST", code=500)
    assert reg.expose() == (
        "# HELP http_requests_total Requests\n"
        "# TYPE http_requests_total counter\n"
        'http_requests_total{method="GET",code="200"} 2\n'
        'http_requests_total{method="POST",code="500"} 1\n'
    )
