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

from bot.backlog import scan  # noqa: E402
from bot.db import Database  # noqa: E402
from bot.github import GitHubAPI, TokenCache  # noqa: E402
from bot.pacing import Budget, Pacer  # noqa: E402
from tests.support.backlog_issues import plant  # noqa: E402
from tests.support.github_fakes import FakeGitHubServer, rsa_private_key  # noqa: E402
from tests.support.github_limits import Clock, LimitedGitHub  # noqa: E402

REPO = "acme/shop"


def one_run(key: str, issues: int, inst: int) -> dict:
    clock = Clock()
    fake = LimitedGitHub(app_id=4242, private_key=key, clock=clock, installation_id=inst)
    planted = plant(fake, REPO, issues)
    with FakeGitHubServer(fake) as server, tempfile.TemporaryDirectory() as tmp:
        api = GitHubAPI(4242, key, inst, base_url=server.url, retry=0, seconds_between_requests=0,
                        seconds_between_writes=0, token_cache=TokenCache())
        db = Database(f"sqlite:///{tmp}/crashfix.db")
        pacer = Pacer(inst, Budget(max_wait=7200), clock=clock.now, sleep=clock.sleep)
        t0 = time.perf_counter()
        first = scan(api, db, REPO, pacer=pacer)
        t1 = time.perf_counter()
        second = scan(api, db, REPO, pacer=Pacer(inst, Budget(max_wait=7200), clock=clock.now, sleep=clock.sleep))
        t2 = time.perf_counter()
    fake.assert_within_limits()
    assert first.crashes == len(planted.crash_of) and second.triaged == 0
    return {"first": t1 - t0, "second": t2 - t1, "requests": fake.counted, "writes": len([r for r in fake.writes() if "/app/" not in r["url"]]),
            "waited": clock.skipped, "crashes": first.crashes, "distinct": len(first.groups)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--issues", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    key = rsa_private_key()
    runs = [one_run(key, args.issues, 990_000 + i) for i in range(args.runs)]
    for i, r in enumerate(runs, 1):
        print(f"run {i}: first scan {r['first']:.2f} s, second {r['second']:.2f} s; {r['requests']} requests, "
              f"{r['writes']} writes, {r['crashes']} crash issues ({r['distinct']} distinct); "
              f"paced {r['waited'] / 60:.1f} min on GitHub's clock (skipped here)")
    print(f"median over {args.runs}: first scan of {args.issues} issues {statistics.median(r['first'] for r in runs):.2f} s, "
          f"second scan {statistics.median(r['second'] for r in runs):.2f} s; no limit exceeded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
