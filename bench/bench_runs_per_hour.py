"""Runs per hour of one worker: issues played one after another through the App's own path (signed webhook,
router, `Worker`, the pipeline in the Docker sandbox, the writes to a simulated GitHub: `crashfix simulate`),
each timed from the label to the job's end.

    python bench/bench_runs_per_hour.py [--example inventory --repeat 5] [--eval eval/dev] [--limit N]
                                        [--sandbox docker|local] [--json FILE]

One worker runs one job at a time (`crashfix worker`, one consumer), so its rate is 3600 / the mean wall
time of a job. No model is configured: the runs use the offline fix templates (a run with the research
agent adds the model's time, not measured here). Prints one line per run and the totals.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.cli.examples import find  # noqa: E402
from bot.cli.simulate import simulate  # noqa: E402


def cases(args) -> list[tuple[str, Path, Path]]:
    """(name, repository, issue file) of each run, in order."""
    out = []
    for name in args.example or []:
        ex = find(name)
        out += [(f"example {name}", ex.repo, ex.issue)] * args.repeat
    for folder in args.eval or []:
        found = sorted(p for p in Path(folder).iterdir() if (p / "repo").is_dir() and (p / "report.txt").is_file())
        out += [(f"{Path(folder).name}/{p.name}", p / "repo", p / "report.txt") for p in found[:args.limit]]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--example", action="append", help="a bundled example (bot/cli/examples.py), repeatable")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each --example")
    ap.add_argument("--eval", action="append", help="an eval folder: one run per case (repo/, report.txt)")
    ap.add_argument("--limit", type=int, default=None, help="the first N cases of each --eval folder")
    ap.add_argument("--sandbox", default="docker", choices=["docker", "local"])
    ap.add_argument("--json", type=Path, help="append one JSON line per run here")
    args = ap.parse_args()
    if not args.example and not args.eval:
        args.example = ["inventory"]
    todo = cases(args)
    walls, statuses = [], {}
    started = time.monotonic()
    for i, (name, repo, issue) in enumerate(todo, 1):
        with tempfile.TemporaryDirectory(prefix="crashfix-rph-") as tmp:
            t0 = time.monotonic()
            out = simulate(repo, issue.read_text(errors="replace"), [], Path(tmp), sandbox=args.sandbox)
            wall = time.monotonic() - t0
        walls.append(wall)
        statuses[out.status] = statuses.get(out.status, 0) + 1
        print(f"{i}/{len(todo)} {name}: {out.status} in {wall:.1f} s", flush=True)
        if args.json:
            with args.json.open("a") as fh:
                fh.write(json.dumps({"case": name, "status": out.status, "seconds": round(wall, 2)}) + "\n")
    total = time.monotonic() - started
    mean = statistics.mean(walls)
    print(f"\n{len(walls)} runs in {total:.0f} s: mean {mean:.1f} s, median {statistics.median(walls):.1f} s, "
          f"max {max(walls):.1f} s; outcomes {statuses}")
    print(f"runs per hour for one worker (one job at a time): {3600 / mean:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
