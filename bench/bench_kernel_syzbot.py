"""Real syzbot bugs on Debian's linux-source 6.1, from syzbot's mail alone (issue 38). Run by hand; NOT
run yet: only the case format and one skeleton case exist (bench/kernel_syzbot/), the bench of ten is
still to be assembled.

    python bench/bench_kernel_syzbot.py --list            # the cases and whether each is complete
    python bench/bench_kernel_syzbot.py [CASE ...]        # run them: one JSON line each, on stdout

A case is a folder bench/kernel_syzbot/<name>/ holding:

    case.json   {"format": "crashfix-kernel-syzbot-case/1", "name", "title" (syzbot's), "guilty" (file),
                 "tree": {"base": "debian linux-source-6.1", "unfix": "unfix.diff",
                          "commit_message": a message that does not give the fix away},
                 "report": "mail.txt", "reproducer": "repro.c", "fix_behaviour": what the maintainers'
                 fix does, in words, "templates_expected": the template that should fix it, or null}
    unfix.diff  the stable fix reversed: applied to the Debian tree and committed with commit_message,
                it puts the bug back (the case's history names no fix)
    mail.txt    syzbot's mail, verbatim (its C reproducer link included)
    repro.c     syzbot's C reproducer (the mail only links it: crashfix asks for the file, so the case
                holds it, and the issue text is the mail plus the reproducer as a ```c block)

Per case it records: reproduced (from the mail and reproducer alone, no --kernel-config), the status,
the fixing template, the time of each phase (result.json's timings) and the per-candidate build times.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "bench" / "kernel_syzbot"
FORMAT = "crashfix-kernel-syzbot-case/1"
IDENT = {"GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@crashfix.invalid",
         "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@crashfix.invalid",
         "GIT_AUTHOR_DATE": "2024-02-01T00:00:00Z", "GIT_COMMITTER_DATE": "2024-02-01T00:00:00Z"}


def load(folder: Path) -> dict:
    case = json.loads((folder / "case.json").read_text())
    if case.get("format") != FORMAT:
        raise ValueError(f"{folder}: case.json format is {case.get('format')!r}, not {FORMAT}")
    missing = [case[k] for k in ("report", "reproducer") if not (folder / case[k]).is_file()]
    missing += [] if (folder / case["tree"]["unfix"]).is_file() else [case["tree"]["unfix"]]
    case["folder"], case["missing"] = folder, missing
    return case


def issue_text(case: dict) -> str:
    folder = case["folder"]
    return ((folder / case["report"]).read_text().rstrip() + "\n\nC reproducer:\n\n```c\n"
            + (folder / case["reproducer"]).read_text().rstrip() + "\n```\n")


def make_tree(case: dict, base: Path, where: Path) -> Path:
    """A clone of the fixture's Linux 6.1 commit with the case's unfix committed on top."""
    tree = where / case["name"]
    root = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=base, capture_output=True,
                          text=True, check=True).stdout.split()[0]
    subprocess.run(["git", "clone", "-q", "--shared", str(base), str(tree)], check=True)
    subprocess.run(["git", "checkout", "-q", "-b", "case", root], cwd=tree, check=True)
    subprocess.run(["git", "apply", str(case["folder"] / case["tree"]["unfix"])], cwd=tree, check=True)
    subprocess.run(["git", "commit", "-q", "-a", "-m", case["tree"]["commit_message"]], cwd=tree, check=True,
                   env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", **IDENT})
    return tree


def run_case(case: dict, base: Path, work: Path) -> dict:
    if case["missing"]:
        return {"case": case["name"], "skipped": f"incomplete: {', '.join(case['missing'])} missing"}
    tree = make_tree(case, base, work)
    report = work / f"{case['name']}.txt"
    report.write_text(issue_text(case))
    out = work / f"{case['name']}-out"
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "bot.cli.main", "run", "--repo", str(tree), "--report", str(report),
                           "--out", str(out), "--sandbox", "local", "--strategy", "templates"], cwd=ROOT,
                          capture_output=True, text=True)
    result = json.loads((out / "result.json").read_text()) if (out / "result.json").is_file() else {}
    best = next((c for c in result.get("candidates", []) if c.get("validated")), None)
    return {"case": case["name"], "exit": proc.returncode, "seconds": round(time.monotonic() - start, 1),
            "status": result.get("status"), "reproduced": (result.get("reproduction") or {}).get("reproduced"),
            "fixed_by": best and best["template"], "expected": case.get("templates_expected"),
            "timings": result.get("timings"), "build_seconds": [c.get("build_seconds") for c in
                                                                result.get("candidates", [])],
            "options_dropped": (result.get("artifacts", {}).get("kernel") or {}).get("options_dropped")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", nargs="*", help="case names (default: all)")
    ap.add_argument("--list", action="store_true", help="list the cases and what each lacks")
    args = ap.parse_args(argv)
    cases = [load(f) for f in sorted(CASES.iterdir()) if (f / "case.json").is_file()]
    if args.cases:
        cases = [c for c in cases if c["name"] in args.cases]
    if args.list:
        for c in cases:
            print(f"{c['name']}: " + (f"incomplete ({', '.join(c['missing'])} missing)" if c["missing"] else "complete"))
        return 0
    sys.path.insert(0, str(ROOT))
    from sandbox.kernel.fixture import demo_tree
    base = demo_tree()
    with tempfile.TemporaryDirectory(prefix="bench-syzbot-") as work:
        for case in cases:
            print(json.dumps(run_case(case, base, Path(work))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
