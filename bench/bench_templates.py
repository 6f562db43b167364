"""The offline fix templates judged on real repositories (issue 26): every case of the given suites is
run with `--strategy templates` (no model), and per case the table says the outcome, the confidence,
the chosen template's kind (agent/judge/kinds.py), what the patched code gives on the issue's own
input, and whether the project's later release does the same there (recorded by hand, from running
it, in `later.json` beside the cases). Runs by hand, not in CI (Docker, minutes per case):

    export PYTHONPATH=$PWD CRASHFIX_ENV_CACHE=/tmp/envcache-$USER
    nice -n 10 python bench/bench_templates.py eval/trust eval/issues [--out /tmp/bench-templates] \
        [--results bench/templates_results.jsonl] [--reuse /tmp/eval-out]
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
from agent.pipeline import execute  # noqa: E402
from agent.run import RunConfig  # noqa: E402
from agent.judge.proof import outcome  # noqa: E402


def issue_input(res: dict) -> dict | None:
    """The chosen patch on the issue's own input (from result.json): the issue's script re-run with the
    patch, or (no regression test) the reproduction command's last run with it; None when neither ran."""
    best = res.get("fix")
    if not best:
        return None
    if best.get("script_after"):
        return best["script_after"]
    rep = res.get("reproduction") or {}
    if not rep.get("regression_test") and best.get("repro_after"):
        return best["repro_after"]
    return None


def agrees(later: dict | None, got: dict | None) -> bool | None:
    """Does the patched code do what the later release does on the issue's input? None: not known
    (no record of the later release's result, or no run of the input with the patch)."""
    if not later or got is None or not any(k in later for k in ("gives", "gives_prefix", "raises")):
        return None
    lines = outcome(got["output"], got["exit"])
    if "raises" in later:
        return got["exit"] != 0 and bool(lines) and lines[-1].split(":", 1)[0].rsplit(".", 1)[-1] == later["raises"]
    if got["exit"] != 0:
        return False
    printed = got["output"].rstrip("\n").split("\n") if got["output"] else []
    if not printed:             # it printed nothing (a `>>>` session's script does not echo): nothing to compare
        return None
    last = printed[-1].rstrip()
    return last == later["gives"] if "gives" in later else last.startswith(later["gives_prefix"])


def run_one(case: Path, sandbox: str, out: Path) -> dict:
    """Run the case with the templates only; its result.json (agent/render.py) as a dict."""
    meta = json.loads((case / "case.json").read_text())
    repo = case_repo(case, meta, out / "case-repo")
    config = RunConfig(repo=str(repo), report_text=(case / "report.txt").read_text(), out=out,
                       test_cmd=meta.get("test_cmd"), strategy="templates", sandbox=sandbox,
                       max_seconds=meta.get("max_seconds", EVAL_VALIDATION_SECONDS))
    execute(config)
    return json.loads((out / "result.json").read_text())


def _kind(template: str) -> str:
    """The template's kind (agent/judge/kinds.py); "model" for the research agent's patch; "unkinded" for
    a template kinds.py does not list (the C templates)."""
    return kind_of(template) or ("model" if template == "llm" else "unkinded")


def row(suite: Path, case: Path, res: dict, seconds: float, later: dict | None) -> dict:
    best = res.get("fix")
    got = issue_input(res)
    validated = [c for c in res.get("candidates") or [] if c["validated"]]
    return {"suite": suite.name, "case": case.name, "status": res["status"],
            "confidence": res.get("confidence"),
            "kind": _kind(best["template"]) if best else None,
            "validated": len(validated),
            "validated_kinds": sorted({_kind(c["template"]) for c in validated}),
            "meets_expectation": best.get("meets_expectation") if best else None,
            "gives": " / ".join(outcome(got["output"], got["exit"])) if got else None,
            "later": later, "later_agrees": agrees(later, got),
            "seconds": round(seconds, 1)}


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
    ap.add_argument("--reuse", type=Path, help="a folder of earlier runs (<case>/result.json, as `crashfix eval "
                    "--out` leaves them): read a case's result from there instead of running it")
    args = ap.parse_args(argv)
    base = args.out or Path(tempfile.mkdtemp(prefix="bench-templates-"))
    rows = []
    for suite in args.suites:
        later_file = suite / "later.json"
        later = json.loads(later_file.read_text()) if later_file.is_file() else {}
        for case in find_cases(suite, args.case):
            earlier = args.reuse / case.name / "result.json" if args.reuse else None
            start = time.monotonic()
            if earlier is not None and earlier.is_file():
                res = json.loads(earlier.read_text())
                seconds = sum(v for v in (res.get("timings") or {}).values() if isinstance(v, (int, float)))
            else:
                res = run_one(case, args.sandbox, base / suite.name / case.name)
                seconds = time.monotonic() - start
            rows.append(row(suite, case, res, seconds, later.get(case.name)))
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
