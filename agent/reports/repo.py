"""The repository an issue was filed on (`owner/name`, from the webhook or the backlog) names the
project's own code when there is no checkout: its package installed under `site-packages/<pkg>/`, a
checkout directory of that name, a Go module path `github.com/owner/name/...`, a Rust crate `name`.
The guilty frame is then the innermost frame of that code, never the reporter's script, a console
wrapper, the standard library or a runtime (those rules stay in each family's parser).

    prefer_repo(report, "pytube/pytube")   # in place; returns the report

Where no frame on the stack is the repository's, the parser's own pick stands, with one exception
for Python: a repository that is no package on the stack (a research repo's `main_test.py`, a
service's `/usr/src/app/...`) is run from its checkout, so the script at the top of the stack is the
project's code, not a stranger's. Frame lists only: linear in the frames.
"""
from __future__ import annotations

import re

from agent.reports.model import CrashReport, Frame

_AFFIXES = ("python-", "py-", "-python", "_python", "-py", ".py", "-rs", "-go", "go-", "rust-", "-rust")


def repo_names(repo: str | None) -> set[str]:
    """`owner/Some-Pkg` -> {"some-pkg", "some_pkg"}; a `python-`/`-py`/`go-`... affix dropped too."""
    name = (repo or "").strip().rstrip("/").rsplit("/", 1)[-1].lower().removesuffix(".git")
    if not name:
        return set()
    out = {name}
    for a in _AFFIXES:
        if a.endswith("-") and name.startswith(a) and len(name) > len(a) + 1:
            out.add(name[len(a):])
        elif not a.endswith("-") and name.endswith(a) and len(name) > len(a) + 1:
            out.add(name[: -len(a)])
    return out | {n.replace("-", "_") for n in out}


_WRAPPER = re.compile(r"/bin/|/Scripts/|^<")      # a console-script wrapper, a cell, `<string>`: never the project's
_PACKAGES = re.compile(r"[\\/](?:site|dist)-packages[\\/]([^\\/]+)")
_VENV_LIB = re.compile(r"/lib/python\d|/Lib/")


def python_frame_is_repos(f: Frame, names: set[str]) -> bool:
    """The frame's file is the repository's package installed (`site-packages/<name>/`) or in a
    checkout directory of the repository's name (never a library installed beneath it)."""
    path = (f.file or "").replace("\\", "/")
    m = _PACKAGES.search(path)
    if m:
        top = m.group(1).lower()
        if top.endswith(".egg"):        # `site-packages/pyg-0.6-py2.7.egg/pyg/`: the package is inside
            top = path[m.end():].lstrip("/").split("/", 1)[0].lower()
        return top.removesuffix(".py") in names
    if _WRAPPER.search(path) or _VENV_LIB.search(path):
        return False        # a wrapper or the interpreter's library inside a checkout (`/opt/indico/.venv/bin/pip`)
    return any(part.lower() in names for part in path.split("/")[:-1])


def _python(report: CrashReport, names: set[str]) -> Frame | None:
    from agent.reports.python import guilty_among, is_library_path, reporters

    frames = report.frames
    own = [f for f in frames if python_frame_is_repos(f, names)]
    if own:
        return guilty_among(frames, own)
    # the repository is no package on this stack: its scripts are what was run
    mine = reporters(frames)
    if not mine or report.guilty is None or not is_library_path(report.guilty.file):
        return None
    local = [f for f in frames if f.file in mine and not _WRAPPER.search((f.file or "").replace("\\", "/"))]
    return guilty_among(frames, local) if local else None


def _go(report: CrashReport, repo: str) -> Frame | None:
    from agent.reports.panics import go_crash_frames

    path = "github.com/" + repo.strip("/").lower() + "/"
    bare = "github.com/" + repo.strip("/").lower() + "."
    return next((f for f in go_crash_frames(report.frames)
                 if f.function.lower().startswith((path, bare)) or path in (f.file or "").lower()), None)


def _rust(report: CrashReport, names: set[str]) -> Frame | None:
    return next((f for f in report.frames if f.function.split("::", 1)[0].lstrip("<").lower() in names
                 and "::" in f.function), None)


def prefer_repo(report: CrashReport | None, repo: str | None) -> CrashReport | None:
    """Name the innermost frame of the repository's own code as the guilty frame (and in the title
    and signature), where the report's frames show one; else leave the report as it is."""
    if report is None or not repo or not report.frames:
        return report
    names = repo_names(repo)
    if not names:
        return report
    pick = _python(report, names) if report.kind == "python" else \
        _go(report, repo) if report.kind == "go" else \
        _rust(report, names) if report.kind == "rust" else None
    old = report.guilty
    if pick is None or pick is old:
        return report
    report.guilty = pick
    if old is not None:
        report.extra.setdefault("parser_frame", {"function": old.function, "file": old.file, "line": old.line})
    if old is not None and old.function and old.function in report.title:
        report.title = report.title.replace(f" in {old.function}", f" in {pick.function}", 1)
    if report.kind == "python":
        from agent.reports.python import signature
        report.signature = signature(report.type, report.message, pick)
    elif old is not None and report.signature and old.function and old.function in report.signature:
        report.signature = report.signature.replace(old.function, pick.function, 1)
    return report
