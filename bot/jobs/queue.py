"""The job queue: huey carries job ids; the `jobs` table says what to do and what happened.

SqliteHuey in DATA_DIR by default, RedisHuey when CRASHFIX_REDIS_URL is set, or any huey given
(tests: `immediate=True` runs a job inline at enqueue). The task name is fixed, so the web
process (which only enqueues) and the worker process (which runs) agree on it. Messages are JSON
(bot/jobs/codec.py), never pickle: whoever can write to Redis cannot run code in a worker.
"""
from __future__ import annotations

import logging
from typing import Callable

from huey import Huey, RedisHuey, SqliteHuey, crontab
from huey.consumer import Consumer

from bot.private import private_dir, private_file
from bot.jobs.codec import JsonSerializer
from bot.settings import Settings

log = logging.getLogger(__name__)
TASK = "crashfix.run_job"
SWEEP = "crashfix.sweep"


def make_huey(settings: Settings, immediate: bool = False) -> Huey:
    if settings.REDIS_URL:
        from redis import ConnectionPool
        pool = ConnectionPool.from_url(settings.REDIS_URL, password=settings.REDIS_PASSWORD)   # the URL's wins
        if not pool.connection_kwargs.get("password"):
            log.warning("Redis without a password (CRASHFIX_REDIS_PASSWORD): whoever reaches it can drop or add jobs")
        return RedisHuey("crashfix", connection_pool=pool, results=False, immediate=immediate,
                         serializer=JsonSerializer())
    private_dir(settings.DATA_DIR)
    private_file(settings.DATA_DIR / "queue.db")
    return SqliteHuey("crashfix", filename=str(settings.DATA_DIR / "queue.db"), results=False,
                      immediate=immediate, serializer=JsonSerializer())


class JobQueue:
    """`enqueue(job_id)`; in a worker process, `attach(runner)` with what runs a job id."""

    def __init__(self, settings: Settings, huey: Huey | None = None, immediate: bool = False):
        self.settings = settings
        self.huey = huey if huey is not None else make_huey(settings, immediate)
        self._runner: Callable[[int], object] | None = None
        self._sweeper: Callable[[], list[int]] | None = None
        self._task = self.huey.task(name=TASK)(self._run)
        self._sweep_task = self.huey.periodic_task(crontab(minute="*/5"), name=SWEEP)(self._periodic_sweep)

    def attach(self, runner: Callable[[int], object], sweeper: Callable[[], list[int]] | None = None) -> None:
        self._runner, self._sweeper = runner, sweeper

    def _run(self, job_id: int) -> None:
        if self._runner is None:
            raise RuntimeError("no worker attached to this queue (run `crashfix worker`)")
        self._runner(int(job_id))

    def _periodic_sweep(self) -> None:
        """Every few minutes: queued jobs the queue may have lost (e.g. enqueue failed) go again."""
        if self._sweeper is not None:
            for job_id in self._sweeper():
                self.enqueue(job_id)

    def enqueue(self, job_id: int, delay: float | None = None) -> None:
        if delay:
            self._task.schedule(args=(int(job_id),), delay=delay)
        else:
            self._task(int(job_id))

    def pending(self) -> int:
        return self.huey.pending_count()

    def consumer(self, workers: int = 1, **options) -> Consumer:
        options.setdefault("periodic", True)
        return Consumer(self.huey, workers=workers, worker_type="thread", **options)
