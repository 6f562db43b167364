"""Every parser of issue text on the whole adversarial grid: each head of tests/security/test_parser_fuzz.py,
then one piece repeated to a 65,536-character body, then a tail that makes a match fail at the very end
(135 bodies per head), each body given to every entry point of tests/support/parse_targets.py in turn,
timed one by one, in a child per head under a deadline. Prints per head its time and slowest entry point,
then each entry point's slowest single parse over the grid. A head past its deadline is re-run one body
per child (each under `--body-limit`) to name the bodies that are slow.

Run by hand (about 10 minutes on 2 cores): `python bench/bench_parser_grid.py [--limit S] [--size N]`.
On 2026-11-26, 15 of 24 heads ran past 32 s; on 2026-11-27 (issue 22's audit) none does, and no entry
point takes 1 s on any body (README, "Benchmarks")."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support"), str(ROOT / "tests" / "security")]

from agent.reports.guarded import GuardedParser  # noqa: E402
from parse_targets import timed_on_each  # noqa: E402
from test_parser_fuzz import BODY, HEADS, PIECES  # noqa: E402

TAILS = ["!", "\n", "]"]


def bodies(head: str, size: int) -> list[tuple[str, str]]:
    return [(f"{head!r} + {piece!r}* + {tail!r}", head + (piece * (size // len(piece) + 1))[:size - len(head) - 1] + tail)
            for piece in PIECES for tail in TAILS]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=120.0, help="seconds per head (default 120)")
    ap.add_argument("--body-limit", type=float, default=20.0, help="seconds per body when a head is re-run")
    ap.add_argument("--size", type=int, default=BODY, help=f"characters per body (default {BODY})")
    ap.add_argument("--head", action="append", default=[], help="only the heads containing this text")
    args = ap.parse_args()
    heads = [h for h in HEADS if not args.head or any(s in h for s in args.head)]
    slow, overall = 0, {}
    started_all = time.monotonic()
    for head in heads:
        grid = bodies(head, args.size)
        started = time.monotonic()
        with GuardedParser(timeout=args.limit, fn=timed_on_each) as p:
            done, worst = p.call([text for _, text in grid])
        if not done:
            slow += 1
            print(f"SLOW {time.monotonic() - started:6.1f} s  {head!r}: bodies past {args.body_limit:g} s:", flush=True)
            with GuardedParser(timeout=args.body_limit, fn=timed_on_each) as p:
                for label, text in grid:
                    one, _ = p.call([text])
                    if not one:
                        print(f"       {label}", flush=True)
            continue
        name, (t, k) = max(worst.items(), key=lambda kv: kv[1][0])
        print(f"ok   {time.monotonic() - started:6.1f} s  {head!r}: slowest {name} {t:.3f} s on {grid[k][0]}", flush=True)
        for name, (t, k) in worst.items():
            if t > overall.get(name, (-1.0, ""))[0]:
                overall[name] = (t, grid[k][0])
    print(f"\nslowest single parse of a {args.size}-character body, per entry point:")
    for name, (t, label) in sorted(overall.items(), key=lambda kv: -kv[1][0]):
        print(f"  {t:7.3f} s  {name:20s} {label}")
    print(f"{slow} of {len(heads)} heads ran past {args.limit:g} s; {time.monotonic() - started_all:.0f} s in all")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
