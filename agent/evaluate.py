"""`crashfix eval SUITE`: run every case of a benchmark suite and tabulate the outcomes.

A case is a folder with `repo/`, `report.txt` and `case.json` ({"test_cmd": ..., "expect": ...}).
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from agent.limits import EVAL_VALIDATION_SECONDS
from agent.pipeline import RunConfig, execute


@dataclass
class CaseResult:
    case: str
    expect: str
    status: str
    seconds: float
    candidates: int
    fix: str | None
    error: str | None

    @property
    def as_expected(self) -> bool:
        return self.status == self.expect


def find_cases(suite: Path, only: list[str] | None = None) -> list[Path]:
    cases = sorted(p.parent for p in suite.glob("*/case.json"))
    return [c for c in cases if not only or c.name in only]


def run_case(case: Path, sandbox: str, out: Path) -> CaseResult:
    meta = json.loads((case / "case.json").read_text())
    start = time.monotonic()
    result = execute(RunConfig(repo=str(case / "repo"), report_text=(case / "report.txt").read_text(),
                               out=out, test_cmd=meta.get("test_cmd"), strategy="templates", sandbox=sandbox,
                               max_seconds=meta.get("max_seconds", EVAL_VALIDATION_SECONDS)))
    return CaseResult(case.name, meta.get("expect", "fixed"), result.status, round(time.monotonic() - start, 1),
                      len(result.verdicts), result.best.candidate.description if result.best else None, result.error)


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = width * done // max(total, 1)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


def table(results: list[CaseResult]) -> str:
    rows = [f"{'case':32} {'expect':15} {'status':15} {'ok':3} {'time':>7} {'cands':>5}"]
    for r in results:
        rows.append(f"{r.case:32} {r.expect:15} {r.status:15} {'yes' if r.as_expected else 'NO':3} "
                    f"{r.seconds:7.1f} {r.candidates:5}")
    counts = {s: sum(r.status == s for r in results) for s in ("fixed", "not_fixed", "not_reproduced", "error")}
    rows.append("")
    rows.append(", ".join(f"{k}: {v}" for k, v in counts.items())
                + f"; as expected: {sum(r.as_expected for r in results)}/{len(results)}"
                + f"; total {sum(r.seconds for r in results):.0f} s")
    return "\n".join(rows)


def main(args) -> int:
    cases = find_cases(args.suite, args.case)
    if not cases:
        print(f"crashfix eval: no cases (folders with case.json) under {args.suite}", file=sys.stderr)
        return 2
    base = args.out or Path(tempfile.mkdtemp(prefix="crashfix-eval-"))
    results = []
    for i, case in enumerate(cases):
        print(f"\r{_bar(i, len(cases))} {case.name:40}", end="", file=sys.stderr, flush=True)
        results.append(run_case(case, args.sandbox, base / case.name))
    print(f"\r{_bar(len(cases), len(cases))} {'':40}", file=sys.stderr)
    if args.json:
        print(json.dumps([asdict(r) | {"as_expected": r.as_expected} for r in results], indent=2))
    else:
        print(table(results))
    return 0
