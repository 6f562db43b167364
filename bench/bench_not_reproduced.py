"""How long a run that reproduces nothing takes to say so, beyond its baseline (issue 25: under 30 s).

    python bench/bench_not_reproduced.py [--sandbox local|docker] [--runs 3]

Runs the pipeline (templates only, no model) on the benchmark cases that expect `not_reproduced`
(eval/dev and eval/issues) and on crafted shapes that used to cost most (a traceback-only report whose
suite passes: the suite rung once re-ran the whole suite right after the baseline). Prints per case the
set-up (sandbox + environment), the baseline test run, and the seconds after the baseline until the
run ended `not_reproduced` (the ladder: rungs 1-4), median over the runs.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent.pipeline import run_job  # noqa: E402
from agent.run import RunConfig  # noqa: E402

BEFORE = ("parse", "prepare", "environment", "sandbox", "tests_before")


def cases() -> list[Path]:
    found = []
    for suite in ("dev", "issues"):
        for case in sorted((ROOT / "eval" / suite).iterdir()):
            meta = case / "case.json"
            if meta.exists() and json.loads(meta.read_text()).get("expect") == "not_reproduced":
                found.append(case)
    return found


def git_copy(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest)
    git = ["git", "-c", "user.name=b", "-c", "user.email=b@b"]
    subprocess.run(["git", "init", "-q"], cwd=dest, check=True)
    subprocess.run(git + ["add", "-A"], cwd=dest, check=True)
    subprocess.run(git + ["commit", "-qm", "init"], cwd=dest, check=True)
    return dest


def once(case: Path, sandbox: str, root: Path) -> dict:
    meta = json.loads((case / "case.json").read_text())
    repo = git_copy((case / meta.get("repo", "repo")).resolve(), root / "repo")
    start = time.monotonic()
    run = run_job(RunConfig(repo=str(repo), report_text=(case / "report.txt").read_text(), out=root / "out",
                                 test_cmd=meta["test_cmd"], strategy="templates", sandbox=sandbox))
    total = time.monotonic() - start
    t = json.loads((root / "out" / "result.json").read_text())["timings"]
    before = sum(t.get(k, 0.0) for k in BEFORE)
    return {"status": run.status, "total": total, "setup": before - t.get("tests_before", 0.0),
            "baseline": t.get("tests_before", 0.0), "after": total - before}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sandbox", default="local")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"{'case':48} {'status':15} {'set-up':>7} {'baseline':>8} {'after':>6}  (median s of {args.runs})")
    worst = 0.0
    for case in cases():
        rows = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="bench-nr-") as tmp:
                rows.append(once(case, args.sandbox, Path(tmp)))
        med = {k: statistics.median(r[k] for r in rows) for k in ("setup", "baseline", "after")}
        worst = max(worst, max(r["after"] for r in rows))
        status = ",".join(sorted({r["status"] for r in rows}))
        print(f"{case.parent.name + '/' + case.name:48} {status:15} {med['setup']:7.1f} {med['baseline']:8.1f} "
              f"{med['after']:6.1f}")
    print(f"slowest 'after the baseline': {worst:.1f} s (target: under 30 s)")


if __name__ == "__main__":
    main()
