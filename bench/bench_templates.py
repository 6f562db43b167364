"""The offline fix templates judged on real repositories (issue 26): every case of the given suites is
run with `--strategy templates` (no model), and per case the table says the outcome, the confidence,
the chosen template's kind (agent/judge/kinds.py), what the patched code gives on the issue's own
input, and whether the project's later release does the same there (recorded by hand, from running
it, in `later.json` beside the cases). Runs by hand, not in CI (Docker, minutes per case):

    export PYTHONPATH=$PWD CRASHFIX_ENV_CACHE=/tmp/envcache-$USER
    nice -n 10 python bench/bench_templates.py eval/trust eval/issues [--out /tmp/bench-templates] \
        [--results bench/templates_results.jsonl]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.evaluate import case_repo, find_cases  # noqa: E402
from agent.judge.kinds import kind_of  # noqa: E402
from agent.limits import EVAL_VALIDATION_SECONDS  # noqa: E402
from agent.pipeline import RunConfig, execute  # noqa: E402
from agent.proof import outcome  # noqa: E402


def issue_input(result) -> dict | None:
    """The chosen patch on the issue's own input: the issue's script re-run with the patch, or (no
    regression test) the reproduction command's last run with it; None when the run has neither."""
    best = result.best
    if best is None:
        return None
    if best.script_after:
        return best.script_after
    rep = result.reproduction
    if rep is not None and rep.regression_test is None and best.repro_after:
        return best.repro_after
    return None


def agrees(later: dict | None, got: dict | None) -> bool | None:
    """Does the patched code do what the later release does on the issue's input? None: not known
    (no record of the later release's result, or no run of the input with the patch)."""
    if not later or got is None or not any(k in later for k in ("gives", "gives_prefix", "raises")):
        return None
    lines = outcome(got["output"], got["exit"])
    if "raises" in later:
        return got["exit"] != 0 and bool(lines) and lines[-1].split(":", 1)[0].rsplit(".", 1)[-1] == later["raises"]
    if got["exit"] != 0 or not lines:
        return False
    return lines[-1] == later["gives"] if "gives" in later else lines[-1].startswith(later["gives_prefix"])


def run_one(case: Path, sandbox: str, out: Path):
    meta = json.loads((case / "case.json").read_text())
    repo = case_repo(case, meta, out / "case-repo")
    config = RunConfig(repo=str(repo), report_text=(case / "report.txt").read_text(), out=out,
                       test_cmd=meta.get("test_cmd"), strategy="templates", sandbox=sandbox,
                       max_seconds=meta.get("max_seconds", EVAL_VALIDATION_SECONDS))
    return execute(config)


def row(suite: Path, case: Path, result, seconds: float, later: dict | None) -> dict:
    best = result.best
    got = issue_input(result)
    validated = [v for v in result.verdicts if v.validated]
    return {"suite": suite.name, "case": case.name, "status": result.status,
            "confidence": best.confidence if best else None,
            "kind": kind_of(best.candidate.template) if best else None,
            "validated": len(validated),
            "validated_kinds": sorted({kind_of(v.candidate.template) or "model" for v in validated}),
            "meets_expectation": best.expected if best else None,
            "gives": " / ".join(outcome(got["output"], got["exit"])) if got else None,
            "later": later, "later_agrees": agrees(later, got), "seconds": round(seconds, 1)}


def summary(rows: list[dict]) -> list[str]:
    out = []
    for level in ("high", "speculative"):
        mine = [r for r in rows if r["confidence"] == level]
        yes = sum(r["later_agrees"] is True for r in mine)
        no = sum(r["later_agrees"] is False for r in mine)
        out.append(f"{level}: {len(mine)}; the later release agrees with {yes}, disagrees with {no}, "
                   f"unknown {len(mine) - yes - no}")
    out.append(f"no patch: {sum(r['confidence'] is None for r in rows)} of {len(rows)} cases "
               f"({', '.join(sorted({r['status'] for r in rows if r['confidence'] is None}))})")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("suites", nargs="+", type=Path)
    ap.add_argument("--sandbox", default="docker", choices=["docker", "local"])
    ap.add_argument("--case", action="append", help="only this case (repeatable)")
    ap.add_argument("--out", type=Path, help="keep each case's run folder here")
    ap.add_argument("--results", type=Path, help="write one JSON line per case here")
    args = ap.parse_args(argv)
    base = args.out or Path(tempfile.mkdtemp(prefix="bench-templates-"))
    rows = []
    for suite in args.suites:
        later_file = suite / "later.json"
        later = json.loads(later_file.read_text()) if later_file.is_file() else {}
        for case in find_cases(suite, args.case):
            start = time.monotonic()
            result = run_one(case, args.sandbox, base / suite.name / case.name)
            rows.append(row(suite, case, result, time.monotonic() - start, later.get(case.name)))
            r = rows[-1]
            print(f"{r['suite']}/{r['case']}: {r['status']} {r['confidence'] or '-'} {r['kind'] or '-'} "
                  f"validated={r['validated']} gives={r['gives']!r} later_agrees={r['later_agrees']} "
                  f"({r['seconds']} s)", flush=True)
    print()
    print(f"{'case':45} {'status':10} {'confidence':12} {'kind':12} {'valid':>5} {'expect':>6} {'later agrees':>12}")
    for r in rows:
        exp = {True: "yes", False: "no", None: "-"}[r["meets_expectation"]]
        agree = {True: "yes", False: "no", None: "-"}[r["later_agrees"]]
        print(f"{r['suite'] + '/' + r['case']:45} {r['status']:10} {r['confidence'] or '-':12} {r['kind'] or '-':12} "
              f"{r['validated']:5} {exp:>6} {agree:>12}")
    print()
    print("\n".join(summary(rows)))
    if args.results:
        args.results.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
