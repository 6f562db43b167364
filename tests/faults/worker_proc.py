"""A real `crashfix worker` process for the fault tests: the consumer, the lease keeper and the
Worker as `crashfix worker` builds them, against a fake GitHub served over HTTP
(`FakeGitHubServer`) and a git server that demands the installation token.

    python tests/faults/worker_proc.py CONFIG.json

CONFIG: data_dir, api_url, git_url, key, lease, threads, and `pipeline`: "stand-in" (writes a
validated-looking result whose patch applies to the test's tiny repo, in a fraction of a second)
or "real" (agent.pipeline.run_pipeline). With `hold` set (a file path), the first run to reach
"reproducing" creates the file and then waits there, so a test can kill the process mid-job.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

PATCH = """--- a/shop.py
+++ b/shop.py
@@ -4,3 +4,5 @@
 def quantity(sku):
     item = STOCK.get(sku)
+    if item is None:
+        return 0
     return item + 0
"""


def stand_in(hold: str | None):
    """agent.pipeline.run_pipeline's contract (out folder, a run object) for the tiny repo."""
    def run(config, progress):
        progress("parsed the report: TypeError in quantity")
        progress("reproducing the crash")
        if hold and not os.path.exists(hold):
            Path(hold).write_text(str(os.getpid()))
            time.sleep(120)                        # the test kills this process here
        progress("validating 1 candidate")
        out = Path(config.out)
        out.mkdir(parents=True, exist_ok=True)
        result = {"status": "fixed", "patch": PATCH, "cost": {"usd": 0.0},
                  "fix": {"description": "guard None", "files": ["shop.py"], "template": "none_guard"},
                  "reproduction": {"command": "python shop.py", "tries": 3, "crashed": 3,
                                   "after": {"tries": 3, "clean": 3}},
                  "tests": {"command": "python -m pytest -q", "before": {"passed": 1}, "after": {"passed": 1}}}
        (out / "result.json").write_text(json.dumps(result))
        (out / "patch.diff").write_text(PATCH)
        (out / "report.md").write_text("## crashfix: fixed\n\n### Root cause\n\n`item` is None for an unknown SKU.\n")
        best = SimpleNamespace(candidate=SimpleNamespace(description="guard None", diff=PATCH))
        return SimpleNamespace(status="fixed", error=None, best=best, verdicts=[], timings={"parse": 0.01})
    return run


def main() -> int:
    cfg = json.loads(Path(sys.argv[1]).read_text())
    from bot.db import Database
    from bot.github import GitHubAPI, TokenCache
    from bot.jobs import configure_logging
    from bot.queue import JobQueue
    from bot.settings import load_settings
    from bot.worker import Worker, _default_pipeline
    configure_logging()
    settings = load_settings(env={}, DATA_DIR=cfg["data_dir"], SANDBOX="local", APP_ID=4242,
                             PRIVATE_KEY=cfg["key"], GITHUB_API_URL=cfg["api_url"], BOT_LOGIN="crashfix[bot]",
                             JOB_LEASE_SECONDS=cfg.get("lease", 120), **cfg.get("settings", {}))
    cache = TokenCache()
    retry = cfg.get("retry")

    def api(inst):
        from bot.github import default_retry
        return GitHubAPI(4242, cfg["key"], inst, base_url=cfg["api_url"], git_url=cfg["git_url"], token_cache=cache,
                         seconds_between_requests=0, seconds_between_writes=0,
                         retry=default_retry(**retry) if retry else None)

    db, queue = Database(settings.database_url), JobQueue(settings)
    pipeline = _default_pipeline if cfg.get("pipeline") == "real" else stand_in(cfg.get("hold"))
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
