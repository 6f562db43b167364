"""Which C template reaches which real case (bench/native_real/), given the crash: the templates alone.

    python bench/bench_native_templates.py                 # every case with a scoring PoC
    python bench/bench_native_templates.py cjson-839 --top 3

bench_native_real.py runs crashfix as a user does, so a case whose issue does not reproduce as written
says nothing about the templates. This one takes the crash from the case's scoring PoC instead (its
`score_cmd`, run in the C image on the buggy tree; crashfix itself never sees it), parses that
sanitizer report, and asks the C templates for candidates (`agent.native.templates.generate`). Each of
the first `--top` candidates is applied to a copy of the tree and the PoC run again: "right" = no
sanitizer report and the same exit code and output as on the maintainers' tree (fix.diff). Printed per
case: the crash, the first template's family, and the rank and family of the first right candidate.
No validation, no tests, no leak check: what the templates propose, not what crashfix would ship.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))     # this checkout's agent, not an installed one

from bench_native_real import CASES, IMAGE, buggy_tree  # noqa: E402

from agent.native.templates import generate  # noqa: E402
from agent.reports import parse  # noqa: E402
from agent.reports.paths import map_to_repo  # noqa: E402
from agent.repair_context import RepairContext, Site  # noqa: E402


def poc(tree: Path, case_dir: Path, cmd: str) -> dict:
    """The scoring PoC in the C image on `tree` (made writable for the image's user)."""
    subprocess.run(["chmod", "-R", "a+rwX", str(tree)], check=True)
    run = subprocess.run(["docker", "run", "--rm", "--network=none", "-v", f"{tree}:/src",
                          "-v", f"{case_dir}:/case:ro", "-w", "/src", "-e", "CC=gcc", "-e", "CASE=/case",
                          "-e", "ASAN_OPTIONS=detect_leaks=0:halt_on_error=1", IMAGE, "bash", "-c", cmd],
                         capture_output=True, text=True, timeout=900)
    out = run.stdout + run.stderr
    return {"rc": run.returncode, "stdout": run.stdout.strip()[-500:], "output": out,
            "sanitizer": "Sanitizer:" in out or "runtime error:" in out}


def patched(tree: Path, tmp: Path, name: str, diff: str) -> Path | None:
    """A copy of the tree with `diff` applied (none: a plain copy); None when it does not apply."""
    copy = tmp / name
    shutil.copytree(tree, copy, symlinks=True)
    if not diff:
        return copy
    ok = subprocess.run(["git", "apply", "--exclude=tests/*", "-"], input=diff, text=True, cwd=copy,
                        capture_output=True).returncode == 0
    return copy if ok else None


def reach(name: str, top: int) -> dict:
    case_dir = CASES / name
    case = json.loads((case_dir / "case.json").read_text())
    cmd = case.get("score_cmd")
    if not cmd:
        return {"case": name, "skipped": "no scoring PoC"}
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        tree = buggy_tree(case, tmp)
        files = subprocess.run(["git", "ls-files"], cwd=tree, capture_output=True, text=True).stdout.split()
        crash = poc(patched(tree, tmp, "crash", ""), case_dir, cmd)
        report = parse(crash["output"]) if crash["sanitizer"] else None
        if report is None:
            return {"case": name, "skipped": "the PoC does not crash on the buggy tree"}
        sites = []
        for f in report.frames:
            path = map_to_repo(f.file, files) if f.file else None
            if path and f.line:
                sites.append(Site(path, f.line, f.function, len(sites)))
        if not sites:
            return {"case": name, "crash": report.type,
                    "skipped": "the PoC's report names no line of the tree (its build has no -g)"}
        ctx = RepairContext(report.type, report.message, sites, lambda p: (tree / p).read_text(), files)
        cands = generate(ctx)
        fix = poc(patched(tree, tmp, "maintainers", (case_dir / "fix.diff").read_text()), case_dir, cmd)
        row = {"case": name, "crash": report.type, "candidates": len(cands),
               "first": cands[0].template if cands else None, "right_at": None, "right": None}
        for i, cand in enumerate(cands[:top], start=1):
            copy = patched(tree, tmp, f"cand-{i}", cand.diff)
            run = poc(copy, case_dir, cmd) if copy else None
            if run and not run["sanitizer"] and (run["rc"], run["stdout"]) == (fix["rc"], fix["stdout"]):
                row.update(right_at=i, right=f"{cand.template}: {cand.description}")
                break
        return row


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--top", type=int, default=3, help="candidates tried per case")
    ap.add_argument("--jsonl", help="append one JSON line per case")
    args = ap.parse_args()
    names = args.cases or sorted(p.name for p in CASES.iterdir() if (p / "case.json").exists())
    for name in names:
        row = reach(name, args.top)
        print(json.dumps(row), flush=True)
        if args.jsonl:
            with open(args.jsonl, "a") as f:
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
