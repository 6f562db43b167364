"""Time the backlog scan of a repository with 500 open issues (tests/support/backlog_issues.py: Python,
sanitizer, kernel and gdb crash reports, duplicates, issues without a crash, pull requests) against the
stand-in GitHub that enforces GitHub's rate limits (tests/support/github_limits.py), over real HTTP
through the App's real client (PyGithub), with GitHub's own limits: 5,000 requests an hour, 80 writes
a minute, 500 an hour.

    python bench/bench_backlog.py [--issues 500] [--runs 3]

Prints, per run, the wall seconds of the first scan (every issue parsed, labels, the summary issue)
and of a second scan (nothing changed: nothing parsed again), the requests and writes sent, and the
time the pacer waited on GitHub's clock. Those waits are skipped here (the stand-in's clock moves
instead): on GitHub a scan that labels W issues takes at least W / 80 minutes.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.backlog_issues import World  # noqa: E402
from tests.support.github_fakes import rsa_private_key  # noqa: E402


def one_run(key: str, issues: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        w = World(key, Path(tmp), issues)
        try:
            t0 = time.perf_counter()
            first = w.scan()
            t1 = time.perf_counter()
            second = w.scan()
            t2 = time.perf_counter()
        finally:
            w.server.__exit__(None, None, None)
    w.fake.assert_within_limits()
    assert first.crashes == len(w.planted.crash_of) and second.triaged == 0
    return {"first": t1 - t0, "second": t2 - t1, "requests": w.fake.counted,
            "writes": len([r for r in w.fake.writes() if "/app/" not in r["url"]]),
            "waited": w.clock.skipped, "crashes": first.crashes, "distinct": len(first.groups)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--issues", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    key = rsa_private_key()
    runs = [one_run(key, args.issues) for _ in range(args.runs)]
    for i, r in enumerate(runs, 1):
        print(f"run {i}: first scan {r['first']:.2f} s, second {r['second']:.2f} s; {r['requests']} requests, "
              f"{r['writes']} writes, {r['crashes']} crash issues ({r['distinct']} distinct); "
              f"paced {r['waited'] / 60:.1f} min on GitHub's clock (skipped here)")
    first, second = (statistics.median(r[k] for r in runs) for k in ("first", "second"))
    print(f"median over {args.runs}: first scan of {args.issues} issues {first:.2f} s, second scan {second:.2f} s; "
          "no limit exceeded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
