from datetime import datetime, timedelta

from cronlite import Job, Scheduler

T0 = datetime(2026, 1, 5, 9, 0)


def make():
    return Scheduler([
        Job("backup", timedelta(hours=6), created=T0),
        Job("report", timedelta(days=1), created=T0 + timedelta(hours=1)),
    ])


def test_first_run_at_creation():
    assert make().due(T0) == ["backup"]


def test_tick_runs_due_jobs():
    s, calls = make(), []
    assert s.tick(T0 + timedelta(hours=2), calls.append) == ["backup", "report"]
    assert calls == ["backup", "report"]


def test_job_waits_for_its_interval():
    s = make()
    s.tick(T0 + timedelta(hours=7), lambda name: None)
    # backup ran at 16:00 and is next due at 22:00, not again at 17:00
    assert s.due(T0 + timedelta(hours=8)) == []
    assert s.jobs["backup"].next_run() == T0 + timedelta(hours=13)
