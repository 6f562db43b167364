"""The offline fix templates judged on real repositories (issue 26): every case of the given suites is
run with `--strategy templates` (no model), and per case the table says the outcome, the confidence,
the chosen template's kind (agent/judge/kinds.py), what the patched code gives on the issue's own
input, and whether the project's later release does the same there (recorded by hand, from running
it, in `later.json` beside the cases). Runs by hand, not in CI (Docker, minutes per case):

    export PYTHONPATH=$PWD CRASHFIX_ENV_CACHE=/tmp/envcache-$USER
    nice -n 10 python bench/bench_templates.py eval/trust30 --results bench/trust30_after.jsonl --resume
    nice -n 10 python bench/bench_templates.py eval/trust eval/issues [--out /tmp/bench-templates] \
        [--results bench/templates_results.jsonl] [--resume] [--reuse /tmp/eval-out] \
        [--strategy templates|llm|auto --model scripted]

`--strategy llm --model scripted` replays each case's own scripted-model.json (as `crashfix eval` does;
a case without one is skipped and counted). `--results` gets one line per case as soon as it ends;
with `--resume` the cases already in that file are read from it, not run again. `--table FILE...` only
prints the table of results files (runs split over several processes, each with its own file).
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

from agent.evaluate import CASE_SCRIPT, EvalModel, find_cases, run_case  # noqa: E402
from agent.judge.kinds import kind_of  # noqa: E402
from agent.judge.proof import outcome  # noqa: E402


def issue_input(res: dict, best: dict | None = None) -> dict | None:
    """The chosen patch (or the candidate `best`) on the issue's own input (from result.json): the issue's
    script re-run with the patch, or (no regression test) the reproduction command's last run with it; None
    when neither ran."""
    best = best or res.get("fix")
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
    if "gives" in later:    # `gives_on_buggy`: the same result as the buggy release prints it (another change
        return last in (later["gives"], later.get("gives_on_buggy"))     # of the later release alters its str())
    return last.startswith(later["gives_prefix"])


def run_one(case: Path, sandbox: str, out: Path, llm: EvalModel = EvalModel()) -> dict:
    """Run the case as `crashfix eval` does (the templates only by default; `llm` the model and strategy);
    its result.json (agent/render.py) as a dict."""
    run_case(case, sandbox, out, llm)
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
            "model": own_patch(res, later, "llm"), "template": own_patch(res, later, None),
            "seconds": round(seconds, 1)}


def own_patch(res: dict, later: dict | None, template: str | None) -> dict | None:
    """The model's (`template` "llm") or the templates' (None) best validated patch, whether chosen or not: its
    level and whether the later release agrees with it on the issue's input; None when there is none."""
    mine = [c for c in res.get("candidates") or [] if c["validated"] and
            ((c["template"] == "llm") if template == "llm" else c["template"] != "llm")]
    if not mine:
        return None
    best = min(mine, key=lambda c: c.get("confidence") != "high")          # a high one first, else the first
    chosen = (res.get("fix") or {}).get("diff") == best.get("diff")
    got = issue_input(res, best)
    return {"confidence": best.get("confidence"), "later_agrees": agrees(later, got), "chosen": chosen,
            "gives": " / ".join(outcome(got["output"], got["exit"])) if got else None}


LEVELS = ("high", "speculative")
NO_PATCH = ("not_fixed", "not_reproduced", "env_broken", "error")


def figures(rows: list[dict]) -> dict:
    """The judge's figures over the rows: per confidence level, how many patches the later release agrees
    with in behaviour (right), does not (wrong) or cannot be compared (unknown); the runs without a patch by
    status; the precision of `high` (right of the high patches whose behaviour is known; None with none)
    and the share of the right patches that are `high` (None with no right patch)."""
    levels = {}
    for level in [*LEVELS, *sorted({r["confidence"] for r in rows if r["confidence"]} - set(LEVELS))]:
        mine = [r for r in rows if r["confidence"] == level]
        right = sum(r["later_agrees"] is True for r in mine)
        wrong = sum(r["later_agrees"] is False for r in mine)
        levels[level] = {"patches": len(mine), "right": right, "wrong": wrong, "unknown": len(mine) - right - wrong}
    no_patch = {s: 0 for s in NO_PATCH}
    for r in rows:
        if not r["confidence"]:
            no_patch[r["status"]] = no_patch.get(r["status"], 0) + 1
    high = levels["high"]
    right = sum(v["right"] for v in levels.values())
    return {"cases": len(rows), "levels": levels, "no_patch": no_patch,
            "high_precision": high["right"] / (high["right"] + high["wrong"]) if high["right"] + high["wrong"] else None,
            "right_high_share": high["right"] / right if right else None}


def own_figures(rows: list[dict], who: str) -> dict:
    """Per level, the right / wrong / unknown patches of the model's own (`who` "model") or the templates'
    ("template") best validated patch in each case, chosen or not (rows from runs with a model)."""
    mine = [r[who] for r in rows if r.get(who)]
    out = {}
    for level in LEVELS:
        at = [m for m in mine if m["confidence"] == level]
        out[level] = {"patches": len(at), "right": sum(m["later_agrees"] is True for m in at),
                      "wrong": sum(m["later_agrees"] is False for m in at)}
    return out


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.0f}%"


def summary(rows: list[dict]) -> list[str]:
    f = figures(rows)
    out = [f"{'confidence':12} {'patches':>7} {'right':>6} {'wrong':>6} {'unknown':>8}   (right: the later release "
           "does the same on the issue's input)"]
    for level, v in f["levels"].items():
        out.append(f"{level:12} {v['patches']:7} {v['right']:6} {v['wrong']:6} {v['unknown']:8}")
    out.append("no patch: " + ", ".join(f"{s} {n}" for s, n in f["no_patch"].items()) + f" (of {f['cases']} cases)")
    out.append(f"precision of high: {_pct(f['high_precision'])} (goal >= 95%); right patches that are high: "
               f"{_pct(f['right_high_share'])} (goal >= 50%)")
    if any(r.get("model") for r in rows):
        for who in ("model", "template"):
            per = own_figures(rows, who)
            out.append(f"the {who}'s own best patch: " + "; ".join(
                f"{level} {v['patches']} ({v['right']} right, {v['wrong']} wrong)" for level, v in per.items()))
    return out


def print_table(rows: list[dict]) -> None:
    yes = {True: "yes", False: "no", None: "-"}
    models = any(r.get("model") for r in rows)
    print(f"{'case':45} {'status':14} {'confidence':12} {'kind':12} {'valid':>5} {'expect':>6} {'later agrees':>12}"
          + ("   model's patch (level/later agrees)   templates' patch" if models else ""))
    for r in rows:
        exp, agree = yes[r["meets_expectation"]], yes[r["later_agrees"]]
        own = "".join(f"   {(m['confidence'] + '/' + yes[m['later_agrees']]) if (m := r.get(who)) else '-':33}"
                      for who in ("model", "template")) if models else ""
        print(f"{r['suite'] + '/' + r['case']:45} {r['status']:14} {r['confidence'] or '-':12} {r['kind'] or '-':12} "
              f"{r['validated']:5} {exp:>6} {agree:>12}{own}".rstrip())
    print()
    print("\n".join(summary(rows)))


def read_results(path: Path) -> list[dict]:
    """The rows of a results file (one JSON object a line); a line cut short by a stopped run is dropped."""
    rows = []
    for line in path.read_text().splitlines() if path.is_file() else []:
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("suites", nargs="*", type=Path)
    ap.add_argument("--sandbox", default="docker", choices=["docker", "local"])
    ap.add_argument("--case", action="append", help="only this case (repeatable)")
    ap.add_argument("--out", type=Path, help="keep each case's run folder here")
    ap.add_argument("--results", type=Path, help="write one JSON line per case here, as each case ends")
    ap.add_argument("--resume", action="store_true", help="keep the cases already in --results; run the others")
    ap.add_argument("--table", type=Path, nargs="+", help="only print the table of these results files (a case in "
                    "several: the last file's row)")
    ap.add_argument("--reuse", type=Path, help="a folder of earlier runs (<case>/result.json, as `crashfix eval "
                    "--out` leaves them): read a case's result from there instead of running it")
    ap.add_argument("--strategy", default="templates", choices=["templates", "llm", "auto"])
    ap.add_argument("--model", help="the research agent's model (strategy llm/auto); scripted: each case's "
                    f"{CASE_SCRIPT} is replayed, and a case without one is skipped")
    args = ap.parse_args(argv)
    if args.table:
        merged = {(r["suite"], r["case"]): r for path in args.table for r in read_results(path)}
        print_table(sorted(merged.values(), key=lambda r: (r["suite"], r["case"])))
        return 0
    if not args.suites:
        ap.error("give one or more suites (or --table FILE)")
    if args.resume and not args.results:
        ap.error("--resume needs --results")
    llm = EvalModel(strategy=args.strategy, model=args.model)
    base = args.out or Path(tempfile.mkdtemp(prefix="bench-templates-"))
    rows = read_results(args.results) if args.resume else []
    done = {(r["suite"], r["case"]) for r in rows}
    if args.results:
        args.results.parent.mkdir(parents=True, exist_ok=True)
        args.results.write_text("".join(json.dumps(r) + "\n" for r in rows))
    skipped = []
    for suite in args.suites:
        later_file = suite / "later.json"
        later = json.loads(later_file.read_text()) if later_file.is_file() else {}
        for case in find_cases(suite, args.case):
            if (suite.name, case.name) in done:
                continue
            if llm.scripted and llm.strategy != "templates" and not (case / CASE_SCRIPT).is_file():
                skipped.append(f"{suite.name}/{case.name}")
                continue
            earlier = args.reuse / case.name / "result.json" if args.reuse else None
            start = time.monotonic()
            if earlier is not None and earlier.is_file():
                res = json.loads(earlier.read_text())
                seconds = sum(v for v in (res.get("timings") or {}).values() if isinstance(v, (int, float)))
            else:
                res = run_one(case, args.sandbox, base / suite.name / case.name, llm)
                seconds = time.monotonic() - start
            rows.append(row(suite, case, res, seconds, later.get(case.name)))
            r = rows[-1]
            if args.results:
                with args.results.open("a") as fh:
                    fh.write(json.dumps(r) + "\n")
            print(f"{r['suite']}/{r['case']}: {r['status']} {r['confidence'] or '-'} {r['kind'] or '-'} "
                  f"validated={r['validated']} gives={r['gives']!r} later_agrees={r['later_agrees']} "
                  f"({r['seconds']} s)", flush=True)
    print()
    print_table(rows)
    if skipped:
        print(f"skipped (no {CASE_SCRIPT}): {len(skipped)}: {', '.join(skipped)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
