"""A real `crashfix worker` process for the fault tests: the consumer, the lease keeper and the
Worker as `crashfix worker` builds them, against a fake GitHub served over HTTP
(`FakeGitHubServer`) and a git server that demands the installation token.

    python tests/faults/worker_proc.py CONFIG.json

CONFIG: data_dir, api_url, git_url, key, lease, threads, and `pipeline`: "stand-in" (writes a
validated-looking result whose patch applies to the test's tiny repo, in a fraction of a second)
or "real" (agent.pipeline.execute). With `hold` set (a file path), the first run to reach
"reproducing" creates the file and then waits there, so a test can kill the process mid-job.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support"), str(Path(__file__).resolve().parent)]

from standin import api_factory, stand_in  # noqa: E402


def main() -> int:
    cfg = json.loads(Path(sys.argv[1]).read_text())
    from bot.db import Database
    from bot.jobs.store import configure_logging
    from bot.jobs.queue import JobQueue
    from bot.settings import load_settings
    from agent.pipeline import execute
    from bot.worker import Worker
    configure_logging()
    settings = load_settings(env={}, DATA_DIR=cfg["data_dir"], SANDBOX="local", APP_ID=4242,
                             PRIVATE_KEY=cfg["key"], GITHUB_API_URL=cfg["api_url"], BOT_LOGIN="crashfix[bot]",
                             JOB_LEASE_SECONDS=cfg.get("lease", 120), **cfg.get("settings", {}))
    api = api_factory(cfg["key"], cfg["api_url"], cfg["git_url"], cfg.get("retry"))
    db, queue = Database(settings.database_url), JobQueue(settings)
    pipeline = execute if cfg.get("pipeline") == "real" else stand_in(cfg.get("hold"), cfg.get("work_seconds", 0.0))
    worker = Worker(settings, db, queue, api_factory=api, pipeline=pipeline)
    queue.attach(worker.run, worker.lost_jobs)
    worker.startup()
    worker.keep_leases()
    Path(cfg["data_dir"], f"worker-{os.getpid()}.ready").write_text("")
    queue.consumer(workers=cfg.get("threads", 1), periodic=False, check_worker_health=False,
                   initial_delay=0.05, max_delay=0.3).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
