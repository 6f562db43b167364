"""Small C programs built with the real gcc and AddressSanitizer/UBSan: crash them, parse the real report,
generate candidates, apply each in order, rebuild and rerun."""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent.reports import parse
from agent.reports.paths import map_to_repo
from agent.repair_context import RepairContext, Site

SAN = ["-g", "-O0", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
ENV = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0", "UBSAN_OPTIONS": "print_stacktrace=1"}


@dataclass
class Outcome:
    built: bool
    code: int
    output: str

    @property
    def clean(self) -> bool:
        return self.built and self.code == 0 and "Sanitizer" not in self.output and "runtime error" not in self.output


class CProgram:
    """lib.c (the code under repair) and main.c (the driver) in a git-tracked temp dir."""

    def __init__(self, root: Path, lib: str, main: str, run_under: list[str] | None = None, cflags=None,
                 asan_options: str = ""):
        self.root, self.run_under, self.cflags = root, run_under or [], cflags or SAN
        self.env = {**ENV, "ASAN_OPTIONS": ENV["ASAN_OPTIONS"] + (":" + asan_options if asan_options else "")}
        (root / "lib.c").write_text(lib)
        (root / "main.c").write_text(main)
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(root)]
        subprocess.run(git + ["init", "-q"], check=True)
        subprocess.run(git + ["add", "."], check=True)
        subprocess.run(git + ["commit", "-qm", "bug"], check=True)
        self.git = git

    def run(self) -> Outcome:
        b = subprocess.run(["gcc", "-Wall", *self.cflags, "lib.c", "main.c", "-o", "prog"], cwd=self.root,
                           capture_output=True, text=True)
        if b.returncode:
            return Outcome(False, b.returncode, b.stderr)
        r = subprocess.run([*self.run_under, "./prog"], cwd=self.root, capture_output=True, text=True, env=self.env,
                           timeout=60)
        return Outcome(True, r.returncode, r.stdout + r.stderr)

    def context(self, report_text: str | None = None, values=None) -> tuple[RepairContext, object]:
        text = report_text if report_text is not None else self.run().output
        report = parse(text)
        assert report is not None, text
        files = ["lib.c", "main.c"]
        sites = []
        for f in report.frames:
            path = map_to_repo(f.file, files) if f.file else None
            if path and f.line:
                sites.append(Site(path, f.line, f.function, len(sites)))
        ctx = RepairContext(report.type, report.message, sites, lambda p: (self.root / p).read_text(), files,
                            values=values or {})
        return ctx, report

    def apply(self, diff: str) -> None:
        subprocess.run(self.git + ["apply", "-"], input=diff, text=True, check=True)

    def revert(self) -> None:
        subprocess.run(self.git + ["checkout", "-q", "--", "."], check=True)

    def first_clean(self, candidates, limit: int):
        """(index, candidate) of the first candidate in the top `limit` that builds and runs clean."""
        for i, cand in enumerate(candidates[:limit]):
            self.apply(cand.diff)
            try:
                if self.run().clean:
                    return i, cand
            finally:
                self.revert()
        return None, None


@pytest.fixture
def cprog(tmp_path):
    if not shutil.which("gcc"):
        pytest.skip("gcc is not installed (./setup.sh installs it)")

    def make(lib: str, main: str, **kw) -> CProgram:
        return CProgram(tmp_path, lib, main, **kw)
    return make
