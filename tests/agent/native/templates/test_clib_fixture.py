"""examples/clib: for each planted bug, one of the first few C template candidates makes the reported
reproducer run clean under the sanitizer and keeps `make check` passing (real gcc, real make, no Docker)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from agent.reports import parse
from agent.reports.paths import map_to_repo
from agent.repair_context import RepairContext, Site
from agent.native.templates import generate

FIXTURE = Path(__file__).resolve().parents[4] / "examples" / "clib"
SAN = "-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"
ENV = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}
TOP = 3          # the correct fix must be among the first TOP candidates
BUGS = ["heap-buffer-overflow", "null-deref", "use-after-free", "double-free", "off-by-one", "integer-overflow"]

pytestmark = pytest.mark.skipif(not (FIXTURE / "repo" / "Makefile").exists() or not shutil.which("make")
                                or not shutil.which("gcc"), reason="needs examples/clib, make and gcc")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """One build tree for all the bugs: a candidate costs an incremental rebuild."""
    root = tmp_path_factory.mktemp("clib") / "repo"
    shutil.copytree(FIXTURE / "repo", root, ignore=shutil.ignore_patterns("build"))
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(root)]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "clib"], check=True)
    return root, git


def sh(root: Path, cmd: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", cmd], cwd=root, capture_output=True, text=True, env=ENV, timeout=timeout)


def reproduce(root: Path, report) -> subprocess.CompletedProcess:
    """Build with the sanitizers, compile the report's C program if it has one, run the reported command."""
    build = sh(root, f"make -s -j2 CFLAGS='{SAN}' LDFLAGS='{SAN}' all")
    if build.returncode:
        return build
    program = next((r for r in report.reproducers if "int main" in r), None)
    commands = next(r for r in report.reproducers if "make" in r)
    run = [line for line in commands.splitlines() if line.startswith("./")][-1]
    if program is not None:
        (root / "repro.c").write_text(program)
        cc = sh(root, f"cc {SAN} -Iinclude repro.c build/libclib.a -o repro")
        if cc.returncode:
            return cc
    return sh(root, run, timeout=60)


def clean(res: subprocess.CompletedProcess) -> bool:
    out = res.stdout + res.stderr
    return res.returncode == 0 and "Sanitizer" not in out and "runtime error" not in out


def context(root: Path, report) -> RepairContext:
    files = [str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and ".git" not in p.parts]
    sites = []
    for f in report.frames:
        path = map_to_repo(f.file, files) if f.file else None
        if path and f.line:
            sites.append(Site(path, f.line, f.function, len(sites)))
    return RepairContext(report.type, report.message, sites, lambda p: (root / p).read_text(), files,
                         protected=lambda p: p.startswith("tests/"))


@pytest.mark.parametrize("bug", BUGS)
def test_a_top_candidate_fixes_the_planted_bug(tree, bug):
    root, git = tree
    report = parse((FIXTURE / "reports" / f"{bug}.txt").read_text())
    before = reproduce(root, report)
    assert not clean(before), f"{bug} does not reproduce: {before.stdout}{before.stderr}"
    candidates = generate(context(root, report))
    assert candidates, f"no candidate for {bug}"
    tried = []
    for cand in candidates[:TOP]:
        subprocess.run(git + ["apply", "-"], input=cand.diff, text=True, check=True)
        try:
            res = reproduce(root, report)
            ok = clean(res) and sh(root, f"make -s -j2 CFLAGS='{SAN}' LDFLAGS='{SAN}' check").returncode == 0
        finally:
            subprocess.run(git + ["checkout", "-q", "--", "."], check=True)
        tried.append(f"{cand.template}: {cand.description}: {'clean' if ok else 'still failing'}")
        if ok:
            assert cand.files[0].startswith("src/"), cand.files
            print(f"{bug}: fixed by candidate {len(tried)} ({cand.description})")
            return
    pytest.fail(f"{bug}: none of the first {TOP} candidates fixed it:\n" + "\n".join(tried))
