"""The reproduction ladder's cost on the eval/issues cases (real sdists, Docker): seconds per case for the
whole ladder and for the search rung alone, against the old path's cost.

    python bench/bench_search_rung.py [--case NAME ...] [--tries 3]

For each case: `reproduce()` as the pipeline calls it (rung reached, seconds, trials run), the search
rung alone (`search.run`: the traced test run plus the seeded search), and the old path: before the
ladder a report without a failing test got one run of the test command (`tries` runs when a failing
test was there to reproduce with), so the test command's time is printed as the yardstick.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.python.ladder import search
from agent.path import repo_files
from agent.reports import parse  # noqa: E402
from agent.reports.paths import map_to_repo  # noqa: E402
from agent.python.reproduce import SEARCH_SECONDS, reproduce
from sandbox import open_sandbox  # noqa: E402
from sandbox.docker.images import ensure_image

ISSUES = Path(__file__).resolve().parent.parent / "eval" / "issues"


def git_copy(src: Path, root: Path) -> Path:
    repo = root / src.name
    shutil.copytree(src, repo)
    git = ["git", "-c", "user.name=b", "-c", "user.email=b@b"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(git + ["add", "-A"], cwd=repo, check=True)
    subprocess.run(git + ["commit", "-qm", "init"], cwd=repo, check=True)
    return repo


def bench_case(case: Path, image: str, tries: int, root: Path) -> dict:
    meta = json.loads((case / "case.json").read_text())
    repo = git_copy((case / meta["repo"]).resolve(), root / case.name)
    files, text = repo_files(repo), (case / "report.txt").read_text()
    report = parse(text)
    paths = {f.file: p for f in report.frames if f.file and (p := map_to_repo(f.file, files))}
    sb = open_sandbox("docker", repo, image=image)
    try:
        t = time.perf_counter()
        suite = sb.run(meta["test_cmd"], timeout=300)
        old = time.perf_counter() - t
        sb.reset()
        t = time.perf_counter()
        rep = reproduce(sb, report, text, meta["test_cmd"], paths, files=files, tries=tries, timeout=300)
        ladder = time.perf_counter() - t
        sb.reset()
        t = time.perf_counter()
        ran = search.run(sb, report, paths, files, text, meta["test_cmd"], seconds=SEARCH_SECONDS, timeout=300)
        alone = time.perf_counter() - t
    finally:
        sb.close()
    return {"case": case.name, "rung": rep.rung, "trials": len(rep.attempts), "ladder_s": ladder,
            "search_s": alone, "search_calls": ran.calls if ran else 0,
            "search_found": bool(ran and ran.trials), "suite_s": old, "suite_exit": suite.exit_code}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", action="append", help="only this eval/issues case (repeatable)")
    ap.add_argument("--tries", type=int, default=3)
    args = ap.parse_args(argv)
    cases = sorted(p.parent for p in ISSUES.glob("*/case.json") if not args.case or p.parent.name in args.case)
    image = ensure_image("python")
    with tempfile.TemporaryDirectory() as tmp:
        rows = [bench_case(c, image, args.tries, Path(tmp)) for c in cases]
    print(f"{'case':44} {'rung':>4} {'trials':>6} {'ladder s':>8} {'search s':>8} {'calls':>6} "
          f"{'found':>5} {'suite s':>7}")
    for r in rows:
        print(f"{r['case']:44} {r['rung'] or '-':>4} {r['trials']:>6} {r['ladder_s']:8.1f} {r['search_s']:8.1f} "
              f"{r['search_calls']:>6} {'yes' if r['search_found'] else 'no':>5} {r['suite_s']:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
