"""Does a run's output hold the reported crash? Every traceback in it is tried, not just the first."""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.judge import anchor
from agent.reports import parse
from agent.reports.model import CrashReport, Frame
from agent.reports.paths import map_to_repo
from agent.reports.python import is_library_path
from agent.judge.signature import is_hang, same_kind, stopped
from sandbox import ExecResult

TB_HEAD = "Traceback (most recent call last):"
ANCHOR = "anchor"                 # report.extra: the index of the frame matching anchors on (None: none)
_SECTION = re.compile(r"^(?:_{3,} .+ _{3,}|={3,} .+ ={3,})\s*$", re.M)


@dataclass(frozen=True)
class Match:
    hit: bool
    why: str                      # one line: what the run showed, against the reported signature
    got: CrashReport | None = None


def blocks(output: str) -> list[str]:
    """The pieces of an output that may each hold one crash: every `Traceback` (with its chain)
    and every pytest section (`____ test ____`, `=== ERRORS ===`), in order."""
    cuts = sorted({0, *(m.start() for m in re.finditer(re.escape(TB_HEAD), output)),
                   *(m.start() for m in _SECTION.finditer(output))})
    cuts = [output.rfind("\n", 0, c) + 1 for c in cuts]
    pieces = [output[a:b] for a, b in zip(cuts, cuts[1:] + [len(output)]) if output[a:b].strip()]
    return list(dict.fromkeys(pieces))


def repo_path(frame: Frame, repo_paths: dict[str, str]) -> str | None:
    """The frame's file in the repository, when the mapping is believable: never a standard-library
    frame, and an `__init__.py` only when its package's name matches too."""
    path = repo_paths.get(frame.file or "")
    if not path or not frame.file:
        return None
    user = frame.file.replace("\\", "/")
    if is_library_path(user) and not re.search(r"(site|dist)-packages", user):
        return None
    if path.rsplit("/", 1)[-1] == "__init__.py" and user.split("/")[-2:-1] != path.split("/")[-2:-1]:
        return None
    return path


def repo_frame(report: CrashReport, repo_paths: dict[str, str]) -> Frame | None:
    """The innermost frame of the report that maps into the repository (None: no frame does); once
    the report is anchored on this tree (`anchor_on`), the first frame of the project's own code at
    this commit (its function defined in that file), never one only the reporter has."""
    if ANCHOR in report.extra:
        i = report.extra[ANCHOR]
        return report.frames[i] if i is not None and i < len(report.frames) else None
    return next((f for f in report.frames if repo_path(f, repo_paths)), None)


def anchor_on(report: CrashReport, repo_paths: dict[str, str], read) -> list[str]:
    """Anchor the report on this tree (`read`: a repository file's text); returns the frames skipped
    (a function the file does not define here: the reporter's own code, another version)."""
    i, skipped = anchor.anchor(report, repo_paths, read, lambda f: repo_path(f, repo_paths))
    report.extra[ANCHOR] = i
    report.extra["anchor_skipped"] = skipped
    return skipped


def matches(report: CrashReport, res: ExecResult, repo_paths: dict[str, str],
            files: list[str] | None = None, read=None) -> Match:
    """Same exception type (for a hang: stopped by Ctrl-C or crashfix's alarm; a crashfix stop is never
    any other reported exception), raised through the report's innermost repo function (in the same repo
    file when the run's frames map onto the repo's files), in any traceback the run printed.
    (The report's `guilty` frame is not used: when the user's traceback runs through an installed
    copy, site-packages, it is the user's own script.)"""
    if res.timed_out:
        return Match(False, "timed out")
    if res.ok:
        return Match(False, "exit 0: no crash")
    want = repo_frame(report, repo_paths)
    if want is None:
        skipped = report.extra.get("anchor_skipped")
        if skipped:
            return Match(False, "the report's frames in the repository's files name functions this tree does not "
                                f"define ({', '.join(skipped[:3])}): the reporter's own code or another version")
        return Match(False, "no frame of the report is in the repository: nothing here can show that crash")
    seen: list[CrashReport] = []
    for piece in blocks(res.output):
        got = parse(piece)
        if got is None:
            continue
        seen.append(got)
        if same_kind(report, got) and _through(got, want, repo_paths[want.file], files, read):
            what = "stopped while running" if is_hang(report) else f"{got.type} through"
            return Match(True, f"{what} {want.function} ({repo_paths[want.file]}), as reported", got)
    if not seen:
        return Match(False, f"exit {res.exit_code}, no traceback in the output")
    last = seen[-1]
    if not same_kind(report, last):
        shown = "stopped by crashfix (it hangs)" if stopped(last) else \
            f"{last.type} (in {last.guilty.function if last.guilty else '?'})"
        return Match(False, f"{shown}, not the reported {report.type}", last)
    return Match(False, f"{last.type}, but not through {want.function} ({repo_paths[want.file]})", last)


def _through(got: CrashReport, want: Frame, want_path: str, files: list[str] | None, read=None) -> bool:
    """A frame of the run in the wanted function; with `read` (the repository's files), in the wanted
    file at a line that function spans in this tree (a code object compiled under the file's name
    elsewhere, at lines the function does not have, shows nothing)."""
    for f in got.frames:
        if f.function != want.function:
            continue
        if not files or not f.file:
            if read is None:
                return True
            continue
        mapped = map_to_repo(f.file, files)
        if read is not None:
            if mapped == want_path and anchor.defines(read(want_path), f.function, f.line) is not False:
                return True
            continue
        if mapped is None or mapped == want_path:
            return True
    return False
