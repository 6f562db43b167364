from logscan import count_by_level, parse_line, parse_lines, worst_level

LOG = [
    "2026-03-01 12:00:01,100 INFO app.web: started\n",
    "2026-03-01 12:00:02,200 WARNING app.db: slow query\n",
    "2026-03-01 12:00:03,300 ERROR app.web: request failed\n",
]


def test_parse_single_line():
    e = parse_line(LOG[1])
    assert (e.level, e.logger, e.message) == ("WARNING", "app.db", "slow query")


def test_counts():
    assert count_by_level(parse_lines(LOG)) == {"INFO": 1, "WARNING": 1, "ERROR": 1}


def test_worst_level():
    assert worst_level(parse_lines(LOG[:2])) == "WARNING"
    assert worst_level([]) is None


def test_multiline_records_are_skipped():
    lines = LOG[:2] + ["Traceback (most recent call last):\n", '  File "x.py", line 1\n'] + LOG[2:]
    assert count_by_level(parse_lines(lines)) == {"INFO": 1, "WARNING": 1, "ERROR": 1}
