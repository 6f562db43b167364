"""Time `crashfix run` on the bundled example, warm (image built), and the cost of validating a candidate.

    python bench/bench_pipeline.py [--runs N] [--sandbox docker|local]

Prints the wall time of each run and its phases, and per validated candidate the time spent
outside the reproduction and test commands (the validation overhead). Targets: a warm run under
30 s; validating one candidate costs the test time plus under 0.5 s.
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

from agent.pipeline import run_job  # noqa: E402
from agent.run import RunConfig  # noqa: E402

EXAMPLE = ROOT / "examples" / "inventory"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sandbox", default="docker", choices=["docker", "local"])
    args = ap.parse_args()
    walls, overheads = [], []
    for i in range(args.runs):
        out = Path(tempfile.mkdtemp(prefix="crashfix-bench-"))
        start = time.monotonic()
        run = run_job(RunConfig(repo=str(EXAMPLE / "repo"), report_text=(EXAMPLE / "report.txt").read_text(),
                                     out=out, test_cmd="python -m pytest -q", strategy="templates",
                                     sandbox=args.sandbox))
        wall = time.monotonic() - start
        walls.append(wall)
        cands = json.loads((out / "result.json").read_text())["candidates"]
        overheads += [c["overhead_seconds"] for c in cands]
        per = ", ".join(f"{c['overhead_seconds']:.2f}" for c in cands)
        print(f"run {i + 1}: {run.status} in {wall:.1f} s; phases {run.timings}; "
              f"{len(cands)} candidate(s), overhead per candidate {per} s")
    print(f"\nwarm run: median {statistics.median(walls):.1f} s (target < 30 s)")
    print(f"validation overhead per candidate: median {statistics.median(overheads):.2f} s, "
          f"max {max(overheads):.2f} s (target < 0.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
