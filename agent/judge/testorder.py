"""A long suite after a patch: the tests near the patched code first (the test files that import a
patched module), the rest only when those still pass; one outcome of both runs."""
from __future__ import annotations

import logging
import re
import shlex
from pathlib import PurePosixPath

from agent.judge.testrun import TestOutcome, is_pytest, node_id, run_tests

log = logging.getLogger(__name__)

LONG_SUITE = 10.0        # seconds of baseline: shorter suites run whole, in one go


def _modules(changed: list[str]) -> set[str]:
    """The importable names of the changed Python files (`pkg/mod.py` -> mod, pkg.mod)."""
    names = set()
    for path in changed:
        p = PurePosixPath(path)
        if p.suffix != ".py":
            continue
        parts = [x for x in p.with_suffix("").parts if x not in ("src", "lib")]
        if parts and parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            names |= {parts[-1], ".".join(parts)}
    return names


def near_tests(read, baseline: TestOutcome, changed: list[str], files: list[str]) -> list[str]:
    """The baseline's test files whose text imports (names) a changed module."""
    modules = _modules(changed)
    if not modules:
        return []
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(m) for m in sorted(modules, key=len, reverse=True)) + r")\b")
    test_files = sorted({n.split("::")[0] for t in baseline.passed | baseline.failed if (n := node_id(t, files))})
    out = []
    for f in test_files:
        try:
            if pattern.search(read(f)):
                out.append(f)
        except Exception:    # noqa: BLE001 - a file that cannot be read is simply not "near"
            continue
    return out


def _merge(first: TestOutcome, rest: TestOutcome) -> TestOutcome:
    merged = TestOutcome(command=f"{first.command}; then {rest.command}", exit_code=first.exit_code or rest.exit_code,
                         output=first.output[-5000:] + "\n" + rest.output, timed_out=first.timed_out or rest.timed_out,
                         duration=first.duration + rest.duration, skipped=first.skipped + rest.skipped)
    for o in (first, rest):
        merged.passed |= o.passed
        merged.failed |= o.failed
        merged.messages.update(o.messages)
        merged.times.update(o.times)
    if rest.exit_code == 5 and not rest.passed and not rest.failed:    # pytest: nothing left to collect
        merged.exit_code = first.exit_code
    return merged


def _files(sb) -> list[str]:
    try:
        return sb.git("ls-files", "ls-files").splitlines()
    except Exception:    # noqa: BLE001 - no file list: the suite runs whole
        return []


def run_near_first(sb, cmd: str, baseline: TestOutcome | None, changed: list[str], *, timeout: float) -> TestOutcome:
    """The suite after a patch. For a long pytest suite: the near tests first; when one that passed
    before fails, that outcome alone (the rest is not run); else the rest, merged."""
    if baseline is None or baseline.duration < LONG_SUITE or not is_pytest(cmd) or not hasattr(sb, "git"):
        return run_tests(sb, cmd, timeout=timeout)
    files = _files(sb)
    near = near_tests(sb.read, baseline, changed, files)
    if not near or len(near) == len({n.split("::")[0] for t in baseline.passed if (n := node_id(t, files))}):
        return run_tests(sb, cmd, timeout=timeout)
    first = run_tests(sb, cmd, timeout=timeout, tests=near)
    if baseline.passed & first.failed:
        log.info("a test near the patch broke: the rest of the suite is not run")
        first.output += f"\n(crashfix: {len(near)} test file(s) near the patch ran first and broke; the rest did not run)"
        return first
    rest = run_tests(sb, cmd + " " + " ".join(f"--ignore={shlex.quote(f)}" for f in near), timeout=timeout)
    return _merge(first, rest)
