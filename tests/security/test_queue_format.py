"""issue 18, item 4: the job queue carries JSON, never pickle, and Redis wants a password.

An attacker who can write to the queue's storage (Redis, or queue.db) plants a pickle whose
unpickling creates a file; the real consumer (huey's, as `crashfix worker` runs it) must drop it
without unpickling and still run the real job queued after it. Real SqliteHuey and a real
redis-server started here with `requirepass`."""
from __future__ import annotations

import builtins
import json
import pickle
import time

import pytest

from bot.jobs.queue import JobQueue
from bot.jobs.codec import JsonSerializer, QueueFormatError

PASSWORD = "queue-test-password-0123456789"


class Planted:
    """Unpickling this opens (creates) `path`: stands for any code an attacker would run."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return builtins.open, (self.path, "w")


@pytest.fixture
def redis_port(redis_server):
    return redis_server(password=PASSWORD)


def _run_until_done(h, queue, timeout=20.0):
    consumer = queue.consumer(workers=1, periodic=False, initial_delay=0.05, max_delay=0.1, scheduler_interval=1)
    consumer.start()
    try:
        deadline = time.monotonic() + timeout
        while h.jobs()[0]["state"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        consumer.stop(graceful=True)


def _plant_and_run(h, gh, queue, tmp_path):
    marker = tmp_path / "planted-code-ran"
    payload = pickle.dumps(Planted(marker))
    queue.huey.storage.enqueue(payload, 0)                               # straight into the queue
    queue.huey.storage.add_to_schedule(payload, __import__("datetime").datetime(2000, 1, 1))   # and the schedule
    h.app.extensions["crashfix"].queue = queue
    h.worker.queue = queue
    queue.attach(h.worker.run, h.worker.lost_jobs)
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    (job,) = h.jobs()
    _run_until_done(h, queue)
    assert not marker.exists(), "a pickle from the queue was unpickled"
    assert h.jobs()[0]["state"] == "done" and len(h.api.published()) == 1
    return job


def test_sqlite_queue_never_unpickles(make_harness, gh, tmp_path):
    h = make_harness()
    queue = JobQueue(h.settings)
    assert type(queue.huey).__name__ == "SqliteHuey"
    _plant_and_run(h, gh, queue, tmp_path)


def test_redis_queue_never_unpickles_and_needs_the_password(make_harness, gh, tmp_path, redis_port):
    h = make_harness(REDIS_URL=f"redis://127.0.0.1:{redis_port}/0", REDIS_PASSWORD=PASSWORD)
    queue = JobQueue(h.settings)
    assert type(queue.huey).__name__ == "RedisHuey"
    _plant_and_run(h, gh, queue, tmp_path)


def test_the_wire_format_is_json_holding_the_job_id(make_harness, redis_port):
    h = make_harness(REDIS_URL=f"redis://:{PASSWORD}@127.0.0.1:{redis_port}/0")     # password in the URL
    queue = JobQueue(h.settings)
    queue.enqueue(41)
    queue.enqueue(42, delay=3600)
    now, later = (json.loads(raw)["task"] for raw in queue.huey.storage.enqueued_items())
    assert now["args"] == [41] and now["name"].endswith("crashfix.run_job") and now["eta"] is None
    assert later["args"] == [42] and later["eta"]                      # an ISO time, read back as a datetime
    assert queue.huey.dequeue().args == (41,)
    assert queue.huey.dequeue().eta.year >= 2026


def test_redis_without_the_password_is_refused(make_harness, redis_port):
    import redis
    h = make_harness(REDIS_URL=f"redis://127.0.0.1:{redis_port}/0")
    with pytest.raises(redis.AuthenticationError):
        JobQueue(h.settings).enqueue(1)
    h = make_harness(REDIS_URL=f"redis://127.0.0.1:{redis_port}/0", REDIS_PASSWORD="wrong-password-0123456789")
    with pytest.raises(redis.AuthenticationError):
        JobQueue(h.settings).enqueue(1)


@pytest.mark.parametrize("entry", [
    pickle.dumps((1, 2)),
    b'{"task": {"id": "x", "name": "crashfix.run_job", "args": ["rm -rf /"]}}',
    b'{"task": {"id": "x", "name": "crashfix.run_job", "args": [1], "on_complete": {"id": "y"}}}',
    b'{"task": {"id": "x", "name": "crashfix.run_job", "args": [1], "kwargs": {"a": 1}}}',
    b'{"task": {"id": "x", "name": "crashfix.run_job", "args": [1], "eta": 5}}',
    b'{"task": {"id": "x", "name": "crashfix.run_job", "args": [true]}}',
    b'{"other": 1}', b"[1, 2]", b"\xff\xfe",
])
def test_anything_but_crashfix_json_is_refused(entry):
    with pytest.raises(QueueFormatError):
        JsonSerializer().deserialize(entry)


def test_only_task_messages_are_written():
    with pytest.raises(QueueFormatError):
        JsonSerializer().serialize({"any": "object"})


def test_a_redis_password_without_redis_is_refused(tmp_path):
    from bot.settings import SettingsError, load_settings
    with pytest.raises(SettingsError, match="CRASHFIX_REDIS_PASSWORD: set, but CRASHFIX_REDIS_URL is not"):
        load_settings(env={"CRASHFIX_DATA_DIR": str(tmp_path), "CRASHFIX_REDIS_PASSWORD": "x" * 24})
