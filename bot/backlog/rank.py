"""How fixable a triaged crash report looks, with the reasons: a score for ordering the backlog. Pure."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.reports.model import CrashReport, Frame
from agent.reports.paths import map_to_repo

# points per fact; the reasons say which facts held
CLEAN, IN_REPO, REPRODUCER, TESTS = 2, 3, 2, 1
MAX_SCORE = CLEAN + IN_REPO + REPRODUCER + TESTS
FRAMES_LOOKED_AT = 20
GIVES_REPRODUCER = "the issue gives a snippet or command to run"
NOT_HERE = "no frame of the report is in this repository"
_TEST_PATH = re.compile(r"(^|/)(tests?|spec|testing)/|(^|/)test_[^/]+\.py$|_test\.(py|go|c|cc|cpp|rs)$|"
                        r"(^|/)[^/]+Test\.java$|\.(test|spec)\.[jt]sx?$")


@dataclass(frozen=True)
class Fixability:
    score: int
    reasons: list[str] = field(default_factory=list)      # what makes it look fixable
    missing: list[str] = field(default_factory=list)      # what does not


def find_test_suite(repo_files: list[str] | None) -> str | None:
    """A path that shows the repository has tests (a tests/ folder, test_*.py, *_test.go, ...), or None."""
    return next((p for p in repo_files or () if _TEST_PATH.search(p)), None)


class FileIndex:
    """The repository's files by base name, so mapping a frame looks at a handful of paths, not all."""

    def __init__(self, repo_files: list[str] | None):
        self.known = repo_files is not None
        self._by_name: dict[str, list[str]] = {}
        for path in repo_files or ():
            self._by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)

    def locate(self, frame_file: str | None) -> str | None:
        if not frame_file:
            return None
        name = frame_file.replace("\\", "/").rsplit("/", 1)[-1]
        return map_to_repo(frame_file, self._by_name.get(name, []))


def _frame_in_repo(report: CrashReport, files: FileIndex) -> tuple[Frame, str] | None:
    """The guilty frame when it maps onto a repo file, else the first frame that does."""
    candidates = ([report.guilty] if report.guilty else []) + report.frames[:FRAMES_LOOKED_AT]
    for frame in candidates:
        if frame is not None and (path := files.locate(frame.file)):
            return frame, path
    return None


def rank(report: CrashReport, files: FileIndex, tests_at: str | None) -> Fixability:
    """Score a parsed report: parsed cleanly, a frame in the repo, a snippet or command given,
    a test suite in the repo. Each fact that holds is a reason; each that does not is named too. A
    report none of whose frames is in the repository (the reporter's own code, other packages) does
    not look fixable here at all: score 0, no reason."""
    score, reasons, missing = 0, [], []
    if report.corrupted:
        missing.append("the report looks truncated or interleaved")
    else:
        score += CLEAN
        reasons.append("the report parsed cleanly")
    hit = _frame_in_repo(report, files) if files.known else None
    if hit:
        frame, path = hit
        score += IN_REPO
        where = f"{path}:{frame.line}" if frame.line else path
        reasons.append(f"its frame `{_md(frame.function)}` is in this repository (`{_md(where)}`)")
    elif files.known:
        missing.append(NOT_HERE)
    else:
        missing.append("the repository's files could not be listed")
    if report.reproducers:
        score += REPRODUCER
        n = len(report.reproducers)
        reasons.append(GIVES_REPRODUCER + (f" ({n})" if n > 1 else ""))
    else:
        missing.append("no snippet or command to reproduce it")
    if tests_at:
        score += TESTS
        reasons.append(f"the repository has a test suite (`{_md(tests_at)}`)")
    else:
        missing.append("no test suite found in the repository")
    if NOT_HERE in missing:
        return Fixability(0, [], missing)
    return Fixability(score, reasons, missing)


def order_key(score: int, reports: int, number: int) -> tuple[int, int, int]:
    """Higher score first, then the crash reported most often, then the oldest issue."""
    return (-score, -reports, number)


def _md(text: str) -> str:
    return " ".join((text or "").replace("`", "'").split())[:120]
