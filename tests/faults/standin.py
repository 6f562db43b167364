"""The fault tests' stand-in for the pipeline (agent.pipeline.execute), and the GitHub client they use.

The stand-in keeps the pipeline's contract (Progress events, the real `Result`, and its out folder
with result.json, patch.diff and report.md written by agent.render) and makes a real patch for the tests'
tiny repo (tests/faults/conftest.py SHOP) in a fraction of a second. Everything else in a fault
test is real."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

from agent.render import write_outputs
from agent.reports import parse
from agent.records import Reproduction
from agent.run import Progress, Result, Run
from agent.candidates import Candidate
from agent.judge.validate import Verdict

PATCH = """--- a/shop.py
+++ b/shop.py
@@ -4,3 +4,5 @@
 def quantity(sku):
     item = STOCK.get(sku)
+    if item is None:
+        return 0
     return item + 0
"""


def stand_in(hold: str | None, work_seconds: float = 0.0):
    """The pipeline's contract (progress events, the real `Result`, its folder written as the
    pipeline writes it) for the tiny repo. Each run appends {job, pid, start, end} to
    DATA_DIR/runs/intervals.jsonl (the run folder is runs/<job id>); `work_seconds` is how long it takes."""
    def run(config, progress):
        start = time.time()
        progress(Progress("parse", "parsed the report: TypeError in quantity"))
        progress(Progress("reproduce", "reproducing the crash"))
        if hold and not os.path.exists(hold):
            Path(hold).write_text(str(os.getpid()))
            time.sleep(120)                        # the test kills this process here
        time.sleep(work_seconds)
        progress(Progress("validate", "validating 1/1: guard None"))
        out = Path(config.out)
        with open(out.parent / "intervals.jsonl", "a") as fh:
            fh.write(json.dumps({"job": int(out.name), "pid": os.getpid(), "start": start, "end": time.time()}) + "\n")
        best = Verdict(Candidate(PATCH, "guard None", "none_guard", files=("shop.py",)), validated=True,
                       reason="validated", applied=True, clean_runs=3, tries=3, tests={"passed": 1, "failed": 0})
        result = Run(config, status="fixed", report=parse(config.report_text), verdicts=[best], best=best,
                     reproduction=Reproduction(command="python shop.py", tries=3, crashed=3),
                     timings={"parse": 0.01})
        out = Result.of(result)
        write_outputs(out, config.out)
        return out
    return run


def api_factory(key: str, api_url: str, git_url: str, retry: dict | None = None, timeout: int = 30):
    """Installation id -> the real GitHubAPI (PyGithub) against the fake GitHub over HTTP."""
    from bot.github.api import GitHubAPI, TokenCache, default_retry
    cache = TokenCache()

    def make(installation_id: int):
        return GitHubAPI(4242, key, installation_id, base_url=api_url, git_url=git_url, token_cache=cache,
                         seconds_between_requests=0, seconds_between_writes=0, timeout=timeout,
                         retry=default_retry(**retry) if retry else None)
    return make
