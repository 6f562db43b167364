"""The parsers on the whole adversarial grid: each head of tests/security/test_parser_fuzz.py, then one
piece repeated to a 65,536-character body, then a tail that makes a match fail at the very end; 135
bodies per head, parsed in one child per head under a deadline. Prints each head that ran past it.

Run by hand (about 11 minutes on 2 cores): `python bench/bench_parser_grid.py [--limit SECONDS]`.
On 2026-11-26, 15 of 24 heads ran past 32 s: super-linear patterns still open (issue 22's audit)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support"), str(ROOT / "tests" / "security")]

from agent.reports.guarded import GuardedParser  # noqa: E402
from parse_targets import every_parser_on_each  # noqa: E402
from test_parser_fuzz import BODY, HEADS, PIECES  # noqa: E402

TAILS = ["!", "\n", "]"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=32.0, help="seconds per head (default 32)")
    args = ap.parse_args()
    slow = 0
    for head in HEADS:
        texts = [head + (piece * (BODY // len(piece) + 1))[:BODY - len(head) - 1] + tail
                 for piece in PIECES for tail in TAILS]
        started = time.monotonic()
        with GuardedParser(timeout=args.limit, fn=every_parser_on_each) as p:
            done, _ = p.call(texts)
        slow += not done
        print(f"{'ok  ' if done else 'SLOW'} {time.monotonic() - started:6.1f} s  {head!r}", flush=True)
    print(f"{slow} of {len(HEADS)} heads ran past {args.limit:g} s")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
