"""Real C crash issues of small libraries (bench/native_real/<case>/), run as a user runs crashfix.

    python bench/bench_native_real.py                  # every case, one at a time
    python bench/bench_native_real.py cjson-800 ...    # some of them
    python bench/bench_native_real.py --jsonl out.jsonl --keep DIR --timeout 1200

Each case holds the issue as its reporter wrote it (issue.md), the Debian source package whose
upstream tarball is the buggy tree (with the Debian patches listed in case.json `patches_before`
applied first; `debian.suite` names the suite when it is not bookworm, `debian.orig` the upstream
tarball alone when the mirror lacks the package's Debian part), and the maintainers' fix (fix.diff, a
Debian patch taken from upstream, or the next upstream version's change), used only for scoring.
Per case:

1. the buggy tree is assembled (apt-get source -d from the Debian mirror through a private source
   list, cached under ~/.cache/crashfix-bench/debian; dpkg-source -x --skip-patches; the patches
   before; git init),
2. `python -m bot.cli.main run --repo TREE --report issue.md --strategy templates --out OUT` runs as
   docs/native.md shows, with nothing else given (no --repro-cmd, no --build-cmd); with `--model M`
   it runs `--strategy auto --model M` instead (the research agent too: where the text holds nothing to
   run, its reproduction phase writes the reproducer; `scripted:PATH` replays a script: a wiring check,
   not a model's figure),
3. scored: reproduced as written (result.json reproduction.reproduced), fixed (status), and right:
   the case's `score_cmd` (a PoC written for scoring, never shown to crashfix) is run in the C
   image on the buggy tree, the candidate tree and the maintainers' tree; right = no sanitizer
   report on the candidate and the same exit code and output as the maintainers' fix; None (with
   `score.void` saying why) when the case has no PoC or the PoC does not tell the buggy tree from
   the maintainers'.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "bench" / "native_real"
CACHE = Path.home() / ".cache" / "crashfix-bench" / "debian"
IMAGE = "crashfix/sandbox-c:latest"


def _apt(args: list[str], suite: str = "bookworm", check: bool = True) -> None:
    """apt-get through a private deb-src list of one Debian suite (the machine's own list is left
    alone). bookworm's list is CACHE/sources.list (as before); another suite's is under
    CACHE/suites/<suite>/."""
    base = CACHE if suite == "bookworm" else CACHE / "suites" / suite
    lists = base / "lists"
    (lists / "partial").mkdir(parents=True, exist_ok=True)
    src = base / "sources.list"
    if not src.exists():
        src.write_text(f"deb-src http://deb.debian.org/debian {suite} main\n")
    opts = ["-o", f"Dir::Etc::SourceList={src}", "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", f"Dir::State::Lists={lists}"]
    if not any(lists.glob("*Sources*")):
        subprocess.run(["apt-get", *opts, "update"], check=True, capture_output=True)
    subprocess.run(["apt-get", *opts, *args], check=check, capture_output=True, cwd=CACHE)


def buggy_tree(case: dict, dest: Path) -> Path:
    """The Debian upstream tarball plus the patches before the fix, as a git repository."""
    pkg, ver = case["debian"]["package"], case["debian"]["version"]
    dsc = CACHE / f"{pkg}_{ver.split(':')[-1]}.dsc"
    orig = case["debian"].get("orig")       # the upstream tarball alone (the mirror lacks the Debian part)
    tree = dest / pkg
    if orig:
        if not (CACHE / orig).exists():
            _apt(["source", "-d", f"{pkg}={ver}"], case["debian"].get("suite", "bookworm"), check=False)
        tree.mkdir(parents=True)
        subprocess.run(["tar", "-xf", str(CACHE / orig), "-C", str(tree), "--strip-components=1"], check=True)
        (tree / "debian").mkdir(exist_ok=True)
    else:
        if not dsc.exists():
            _apt(["source", "-d", f"{pkg}={ver}"], case["debian"].get("suite", "bookworm"))
        subprocess.run(["dpkg-source", "--skip-patches", "-x", str(dsc), str(tree)], check=True,
                       capture_output=True)
    for name in case["patches_before"]:
        subprocess.run(["patch", "-p1", "-s", "-i", str(tree / "debian" / "patches" / name)],
                       cwd=tree, check=True)
    shutil.rmtree(tree / "debian")
    _git(tree, "init", "-q")
    _git(tree, "add", "-A", "-f")
    _git(tree, "commit", "-q", "-m", f"{pkg} {ver} before the fix")
    return tree


def _git(tree: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", *args],
                   cwd=tree, check=True, capture_output=True)


def _score_run(tree: Path, case_dir: Path, cmd: str) -> dict:
    """The scoring PoC in the C image on one tree: exit code, output, sanitizer report or not.

    The image runs as uid 1000 (sandbox/docker/images.py): the tree is handed to it, or the PoC's
    build could not write and every tree would fail alike (an empty, equal output)."""
    subprocess.run(["chown", "-R", "1000:1000", str(tree)], check=True)
    run = subprocess.run(
        ["docker", "run", "--rm", "--network=none", "-v", f"{tree}:/src", "-v", f"{case_dir}:/case:ro",
         "-w", "/src", "-e", "CC=gcc", "-e", "CASE=/case",
         "-e", "ASAN_OPTIONS=detect_leaks=0:halt_on_error=1", IMAGE, "bash", "-c", cmd],
        capture_output=True, text=True, timeout=900)
    out = run.stdout + run.stderr
    return {"rc": run.returncode, "stdout": run.stdout.strip()[-500:],
            "sanitizer": "Sanitizer:" in out or "runtime error:" in out}


def _same(a: dict, b: dict) -> bool:
    return not a["sanitizer"] and a["rc"] == b["rc"] and a["stdout"] == b["stdout"]


def score(case: dict, case_dir: Path, tree: Path, patch: str, tmp: Path) -> dict:
    """The scoring PoC on the buggy tree, the candidate's and the maintainers'.

    right: the candidate behaves as the maintainers' fix (no sanitizer report, same exit code and
    output); None when the case has no PoC, or when the PoC does not tell the buggy tree from the
    maintainers' (then it measures nothing: `void` says why)."""
    cmd = case.get("score_cmd")
    if not cmd:
        return {"right": None, "void": "no scoring PoC"}
    runs = {}
    for name, diff in (("buggy", ""), ("candidate", patch),
                       ("maintainers", (case_dir / "fix.diff").read_text())):
        copy = tmp / f"score-{name}"
        shutil.copytree(tree, copy, symlinks=True)
        if diff:
            subprocess.run(["git", "apply", "--exclude=tests/*", "-"], input=diff, text=True, cwd=copy,
                           check=True)
        runs[name] = _score_run(copy, case_dir, cmd)
    buggy, cand, fix = runs["buggy"], runs["candidate"], runs["maintainers"]
    if fix["sanitizer"]:
        return {"right": None, "void": "the PoC reports a sanitizer error on the maintainers' tree", **runs}
    if _same(buggy, fix):
        return {"right": None, "void": "the PoC behaves alike on the buggy and the maintainers' tree", **runs}
    return {"right": _same(cand, fix), "void": None, **runs}


def _crashfix(cmd: list[str], timeout: float) -> tuple[int | None, bool]:
    """Run crashfix; past `timeout` seconds it is interrupted (SIGINT, so it closes its sandboxes),
    then killed a minute later. Returns (exit code, timed out)."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        return proc.wait(timeout=timeout), False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        return proc.returncode, True


def run_case(name: str, tmp: Path, keep: Path | None = None, timeout: float = 3600,
             model: list[str] | None = None) -> dict:
    """One case: `model` (`--strategy auto --model M [--base-url U]`) lets the research agent run too
    (its reproduction phase writes a reproducer where the text holds none); default templates only."""
    case_dir = CASES / name
    case = json.loads((case_dir / "case.json").read_text())
    start = time.monotonic()
    tree = buggy_tree(case, tmp)
    fetched = time.monotonic() - start
    out = tmp / "out"
    start = time.monotonic()
    code, timed_out = _crashfix([sys.executable, "-m", "bot.cli.main", "run", "--repo", str(tree),
                                 "--report", str(case_dir / "issue.md"), *(model or ["--strategy", "templates"]),
                                 "--sandbox", "docker", "--out", str(out)], timeout)
    took = time.monotonic() - start
    if keep and out.exists():
        shutil.copytree(out, keep / name, dirs_exist_ok=True)
    res = json.loads((out / "result.json").read_text()) if (out / "result.json").exists() else {}
    rep = res.get("reproduction") or {}
    build = res.get("build") or {}
    status = (f"timeout ({timeout:.0f} s)" if timed_out else
              res.get("status") or f"no result (exit {code})")
    row = {"case": name, "status": status, "reproduced": bool(rep.get("reproduced")),
           "fixed": status == "fixed", "right": None, "run_s": round(took, 1),
           "tree_s": round(fetched, 1), "build_s": (build.get("first_build") or {}).get("seconds"),
           "rebuild_s": (res.get("fix") or {}).get("build_seconds"),
           "timings": res.get("timings"), "candidates": len(res.get("candidates") or []),
           "fix": (res.get("fix") or {}).get("description") if res.get("fix") else None,
           "error": (res.get("error") or "")[:300] or None,
           "report_kind": (res.get("report") or {}).get("kind")}
    if row["fixed"] and res.get("patch"):
        row["score"] = score(case, case_dir, tree, res["patch"], tmp)
        row["right"] = row["score"]["right"]
    return row


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--jsonl", help="append one JSON line per case")
    ap.add_argument("--keep", type=Path, help="copy each run's output folder (result.json, logs) here")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds one crashfix run may take")
    ap.add_argument("--model", help="the research agent's model (an OpenAI-compatible name; runs `--strategy auto`; "
                                    "default: templates only)")
    ap.add_argument("--base-url", help="the model's endpoint (default: $CRASHFIX_LLM_BASE_URL)")
    args = ap.parse_args()
    model = (["--strategy", "auto", "--model", args.model, *(["--base-url", args.base_url] if args.base_url else [])]
             if args.model else None)
    names = args.cases or sorted(p.name for p in CASES.iterdir() if (p / "case.json").exists())
    print(f"{'case':16} {'status':16} {'repro':>5} {'fixed':>5} {'right':>5} {'run s':>6} {'build s':>7} {'cands':>5}")
    for name in names:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                row = run_case(name, Path(tmp), args.keep, args.timeout, model)
            except Exception as exc:  # one case's broken data or tree must not lose the others' rows
                row = {"case": name, "status": "bench error", "reproduced": False, "fixed": False,
                       "right": None, "run_s": 0.0, "build_s": None, "candidates": 0,
                       "error": f"{type(exc).__name__}: {exc}"[:300], "fix": None}
        build = f"{row['build_s']:.1f}" if isinstance(row["build_s"], (int, float)) else "-"
        print(f"{name:16} {row['status']:16} {row['reproduced']!s:>5} {row['fixed']!s:>5} {row['right']!s:>5} "
              f"{row['run_s']:6.1f} {build:>7} {row['candidates']:5}  {row['error'] or row['fix'] or ''}"[:400],
              flush=True)
        if args.jsonl:
            with open(args.jsonl, "a") as f:
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
