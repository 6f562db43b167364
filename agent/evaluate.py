"""`crashfix eval SUITE`: run every case of a benchmark suite and tabulate the outcomes.

A case is a folder with `repo/`, `report.txt` and `case.json` ({"test_cmd": ..., "expect": ...}); a
case.json "repo" names another folder (relative to the case) when cases share one repository.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from agent.limits import EVAL_VALIDATION_SECONDS
from agent.pipeline import RunConfig, execute
from sandbox import hostgit


@dataclass
class CaseResult:
    case: str
    expect: str
    status: str
    seconds: float
    candidates: int
    fix: str | None
    error: str | None
    rung: int | None = None          # the ladder rung that reproduced the crash (None: not reproduced)
    how: str | None = None           # what that rung ran

    @property
    def as_expected(self) -> bool:
        return self.status == self.expect


def find_cases(suite: Path, only: list[str] | None = None) -> list[Path]:
    cases = sorted(p.parent for p in suite.glob("*/case.json"))
    return [c for c in cases if not only or c.name in only]


def run_case(case: Path, sandbox: str, out: Path) -> CaseResult:
    meta = json.loads((case / "case.json").read_text())
    start = time.monotonic()
    repo = (case / meta.get("repo", "repo")).resolve()      # cases may share one repo (eval/issues/_repos)
    if meta.get("commit_date"):
        repo = dated_repo(repo, meta["commit_date"], out / "repo-at-date")
    result = execute(RunConfig(repo=str(repo), report_text=(case / "report.txt").read_text(),
                               out=out, test_cmd=meta.get("test_cmd"), strategy="templates", sandbox=sandbox,
                               max_seconds=meta.get("max_seconds", EVAL_VALIDATION_SECONDS)))
    rep = result.reproduction
    return CaseResult(case.name, meta.get("expect", "fixed"), result.status, round(time.monotonic() - start, 1),
                      len(result.verdicts), result.best.candidate.description if result.best else None, result.error,
                      rep.rung if rep and rep.reproduced else None, rep.how if rep and rep.reproduced else None)


def dated_repo(tree: Path, date: str, dest: Path) -> Path:
    """A git repository of ``tree`` whose one commit is dated ``date`` (a case of an old tree: the
    run installs dependencies as of that date)."""
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(tree, dest)
    dates = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=eval", "-c", "user.email=eval@localhost",
                                                 "commit", "-qm", f"the tree as of {date}"]):
        hostgit.run(*args, cwd=dest, extra=dates)
    return dest


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = width * done // max(total, 1)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


def table(results: list[CaseResult]) -> str:
    rows = [f"{'case':42} {'expect':15} {'status':15} {'ok':3} {'time':>7} {'cands':>5} {'rung':>4}"]
    for r in results:
        rows.append(f"{r.case:42} {r.expect:15} {r.status:15} {'yes' if r.as_expected else 'NO':3} "
                    f"{r.seconds:7.1f} {r.candidates:5} {r.rung if r.rung is not None else '-':>4}")
    counts = {s: sum(r.status == s for r in results) for s in ("fixed", "not_fixed", "not_reproduced", "env_broken", "error")}
    rungs = {n: sum(r.rung == n for r in results) for n in sorted({r.rung for r in results if r.rung is not None})}
    rows.append("")
    rows.append("reproduced by rung: " + (", ".join(f"{n}: {k}/{len(results)}" for n, k in rungs.items()) or "none")
                + f"; not reproduced: {sum(r.rung is None for r in results)}/{len(results)}")
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
