"""How fixable a triaged crash report looks, with the reasons: a score for ordering the backlog. Pure."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.reports.model import CrashReport, Frame
from agent.python.ladder.snippets import extract
from agent.reports.paths import map_to_repo
from agent.reports.python import installed_package

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


def _package_frame(report: CrashReport, package: str) -> Frame | None:
    """Without the repository's files: the guilty frame when it lies in the installed copy of the
    repository's own package (`site-packages/<package>/`, the repository's name normalised)."""
    want = _norm(package)
    g = report.guilty
    got = installed_package(g.file) if g is not None else None
    return g if want and got and _norm(got) in (want, want.removeprefix("python"), want.removeprefix("py")) else None


def _norm(name: str) -> str:
    return "".join(c for c in (name or "").lower() if c.isalnum())


def runnable(report: CrashReport, text: str) -> int:
    """How many things the issue gives to run: the report's reproducers, else (a Python report) the
    snippets, `>>>` sessions and shell lines of its text (agent/python/ladder/snippets.py)."""
    if report.reproducers:
        return len(report.reproducers)
    return len(extract(text)) if text and report.kind == "python" else 0


def rank(report: CrashReport, files: FileIndex, tests_at: str | None, text: str = "", package: str = "") -> Fixability:
    """Score a parsed report: parsed cleanly, a frame in the repo (without its files: in the installed
    copy of the repository's package), a snippet, `>>>` session or command given, a test suite in the
    repo. Each fact that holds is a reason; each that does not is named too. A report none of whose
    frames is in the repository (the reporter's own code, other packages) does not look fixable here
    at all: score 0, no reason. `text`: the issue's text; `package`: the repository's name."""
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
    elif (frame := _package_frame(report, package)) is not None:
        score += IN_REPO
        reasons.append(f"its frame `{_md(frame.function)}` is in the installed `{_md(installed_package(frame.file))}` "
                       "package (the repository's files could not be listed)")
    else:
        missing.append("the repository's files could not be listed")
    n = runnable(report, text)
    if n:
        score += REPRODUCER
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


def order_key(score: int, reports: int, number: int, evidence: int = 0) -> tuple[int, int, int, int]:
    """Higher score first, then the crash reported most often, then the one with more evidence (reasons,
    things to run), then the oldest issue."""
    return (-score, -reports, -evidence, number)


def _md(text: str) -> str:
    return " ".join((text or "").replace("`", "'").split())[:120]
