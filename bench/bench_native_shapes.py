"""What crashfix extracts from real C/C++ crash issue texts, with no build (issue 39).

    python bench/bench_native_shapes.py                 # the figures
    python bench/bench_native_shapes.py --show-misses   # per case: the label and what was extracted
    python bench/bench_native_shapes.py --json          # one line per case

Reads bench/native_shapes/<case>/issue.md (the reporter's text, as stored; an excerpt) and label.json
(written by hand BEFORE crashfix ran on the text: see bench/native_shapes/README.md), and parses each text
as the run does: `parse(text) or described_crash(text)`, the untagged fragments added
(agent/native/reproduce.py), then `c_programs`, `fragments`, `shell_snippets` and `recipes(text, snippets,
exists)`, where `exists` knows no file of the tree but the programs the label names as built. Nothing is
built or run. Per case:

- program: the C/C++ programs and fragments found are the label's `program` (a fence's body, by its index
  in the text's fences; None: there is none) — a quoted piece of the library counted as a program misses;
- commands: the run lines of the recipes (and each server's line), normalised (whitespace collapsed), are
  exactly the label's `commands`;
- setup: the label's `setup` lines are among the recipes' set-up lines;
- inputs: every file the label says the text holds (`inputs`) is written by a recipe's set-up;
- nothing: nothing extracted at all (no program, fragment or recipe);
- wrong: a run line extracted that the label does not have (a wrong command: worse than none).

A case is right when program, commands, setup and inputs all hold.
"""
from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent.native.recipe import WRITES, recipes  # noqa: E402
from agent.native.reproduce import (add_untagged_fragments, c_programs, described_crash, fragments,  # noqa: E402
                                    shell_snippets)
from agent.reports import parse  # noqa: E402
from agent.reports.fences import fenced_blocks  # noqa: E402

DATA = ROOT / "bench" / "native_shapes"
KINDS = ("in text", "input only", "needs attachment", "none")


def load(data: Path = DATA) -> list[dict]:
    out = []
    for d in sorted(p for p in data.iterdir() if p.is_dir()):
        lab = json.loads((d / "label.json").read_text())
        out.append({"case": d.name, "text": (d / "issue.md").read_text(), **lab})
    return out


def norm(cmd: str) -> str:
    """A command compared by its words (`'$crash'` and `$crash` alike), whitespace collapsed."""
    try:
        return " ".join(shlex.split(cmd))
    except ValueError:
        return re.sub(r"\s+", " ", cmd).strip()


def extract(text: str, built: list[str]) -> dict:
    """What the run would take from `text`: programs' and fragments' bodies, recipes."""
    report = parse(text) or described_crash(text)
    if report is None:
        return {"report": False, "programs": [], "runs": [], "setup": [], "written": []}
    if not report.extra.get("described"):
        add_untagged_fragments(report, text)
    known = set(built) | {f"./{b}" for b in built}
    progs = [report.reproducers[i] for i, _ in c_programs(report)] + [report.reproducers[i] for i in fragments(report)]
    found = recipes(text, shell_snippets(report), known.__contains__)
    runs = [norm(r.run) for r in found] + [norm(r.server) for r in found if r.server]
    setup = [norm(s) for r in found for s in r.setup]
    written = sorted({a or b for s in setup for a, b in WRITES.findall(s)})
    return {"report": True, "programs": progs, "runs": list(dict.fromkeys(runs)), "setup": list(dict.fromkeys(setup)),
            "written": written}


def score(case: dict) -> dict:
    got = extract(case["text"], case.get("built", []))
    blocks = fenced_blocks(case["text"])
    want_prog = [] if case["program"] is None else [blocks[case["program"]].body.strip()]
    prog_ok = sorted(p.strip() for p in got["programs"]) == sorted(want_prog)
    want_runs = sorted(norm(c) for c in case["commands"])
    cmd_ok = sorted(got["runs"]) == want_runs
    setup_ok = all(norm(s) in got["setup"] for s in case["setup"])
    inputs_ok = all(name in got["written"] for name in case["inputs"])
    wrong = [r for r in got["runs"] if r not in want_runs]
    nothing = not got["programs"] and not got["runs"]
    return {"case": case["case"], "kind": case["reproducer"], "program": prog_ok, "commands": cmd_ok,
            "setup": setup_ok, "inputs": inputs_ok, "right": prog_ok and cmd_ok and setup_ok and inputs_ok,
            "nothing": nothing, "wrong": wrong, "got": got,
            "want": {"program": case["program"], "commands": case["commands"], "setup": case["setup"],
                     "inputs": case["inputs"]}}


def totals(rows: list[dict]) -> dict:
    n = len(rows)
    out = {"cases": n}
    for k in ("right", "program", "commands", "setup", "inputs", "nothing"):
        out[k] = sum(r[k] for r in rows)
    out["wrong_commands"] = sum(bool(r["wrong"]) for r in rows)
    out["by_kind"] = {k: {"cases": sum(r["kind"] == k for r in rows),
                          "right": sum(r["right"] for r in rows if r["kind"] == k)} for k in KINDS}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    rows = [score(c) for c in load(args.data)]
    if args.json:
        for r in rows:
            print(json.dumps({k: v for k, v in r.items() if k != "got"} | {"runs": r["got"]["runs"]}))
    t = totals(rows)
    print(f"cases {t['cases']}: right {t['right']}  program {t['program']}  commands {t['commands']}  "
          f"setup {t['setup']}  inputs {t['inputs']}  nothing extracted {t['nothing']}  "
          f"a wrong command {t['wrong_commands']}")
    for k, v in t["by_kind"].items():
        print(f"  {k:17} {v['right']}/{v['cases']} right")
    if args.show_misses:
        for r in rows:
            if r["right"] and not r["wrong"]:
                continue
            bad = [k for k in ("program", "commands", "setup", "inputs") if not r[k]]
            print(f"\n{r['case']} ({r['kind']}): misses {', '.join(bad) or '-'}")
            print(f"  want {json.dumps(r['want'])}")
            g = r["got"]
            print(f"  got  runs={json.dumps(g['runs'])} setup={json.dumps(g['setup'])} "
                  f"written={g['written']} programs={len(g['programs'])} report={g['report']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
