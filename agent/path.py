"""The protocol every crash path implements, the step recorder they report through, and what they share.

A crash path takes a parsed report through five phases, each a method the driver
(agent/pipeline.py) calls in order: prepare → reproduce → analyse → candidates → validate (one
candidate at a time), then `research` (the research agent, when no template candidate validated, or
with a model under `auto` none that did is rated high) and `finish`. A phase that cannot go on ends
the run with `run.fail(...)` (the driver stops) or raises RunError (bad input) or SandboxError.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Protocol, TypeVar, runtime_checkable

from agent import history
from agent.run import Progress, Run
from agent.candidates import Candidate
from agent.repair_context import Site
from agent.judge.validate import Verdict
from sandbox import contain

T = TypeVar("T")


class Steps:
    """Names, times and announces the steps of a run: each step's seconds land in run.timings under
    its name, and a Progress event `(phase, text)` goes to run.progress and the listener."""

    def __init__(self, run: Run, listener: Callable[[Progress], None] = lambda event: None):
        self.run, self.listener = run, listener
        self.phase = "parse"

    def say(self, text: str, phase: str | None = None) -> None:
        event = Progress(phase or self.phase, text)
        self.run.progress.append(event)
        self.listener(event)

    def step(self, name: str, fn: Callable[[], T]) -> T:
        self.say(f"{name}…")
        start = time.monotonic()
        try:
            return fn()
        finally:
            self.run.timings[name] = round(time.monotonic() - start, 3)


@runtime_checkable
class CrashPath(Protocol):
    """One way of taking a crash from report to validated patch (python, native, kernel)."""

    research_agent: bool        # whether `research` can run the research agent on this path

    def prepare(self) -> None:
        """Get the code and a place to run it (source, sandbox or kernel tree, first build)."""

    def reproduce(self) -> None:
        """Set run.reproduction; when it did not reproduce, `run.fail("not_reproduced", ...)`."""

    def analyse(self) -> None:
        """Gather evidence into run.memory: the code at the crash, the debugger, the history."""

    def candidates(self) -> list[Candidate]:
        """The template candidates, best first."""

    def validate(self, candidate: Candidate, n: int) -> Verdict:
        """Judge candidate number `n` (from 1)."""

    def research(self) -> str | None:
        """Run the research agent (its verdicts join run.verdicts); a fatal model error, if any."""

    def guard(self, survivors: list[Verdict]) -> list[Verdict]:
        """The validated verdicts re-ranked against overfitting (python: agent/python/ladder/overfit.py), best first."""

    def finish(self) -> None:
        """After the run's status is decided (kernel: the mailing-list patch)."""

    def close(self) -> None:
        """Free what prepare took (sandboxes, locks, temporary folders); called once, always."""


def code_window(run: Run, site: Site, code: list[str]) -> str:
    """The lines around the crash site, numbered, recorded as the run's "code" fact."""
    lo, hi = max(site.line - 4, 0), min(site.line + 3, len(code))
    window = "\n".join(f"{n + 1:5} {code[n]}" for n in range(lo, hi))
    run.memory.add("code", window, f"{site.path}:{lo + 1}-{hi}")
    return window


def record_history(run: Run, source: Path, site: Site, *, nearby: bool = True) -> history.Commit | None:
    """Who last changed the crashing line (and, with `nearby`, the commits around it), as facts."""
    if not history.has_history(source):
        return None                      # a single commit: its blame says nothing
    blame = history.blame_line(source, site.path, site.line)
    imported = bool(blame) and history.is_import(source, blame.sha)   # the tree's import names no change
    if imported:
        run.notes.append(f"history: {site.path}:{site.line} came in with {blame.short()}, an import of the tree")
    elif blame:
        run.memory.add("history", f"line {site.path}:{site.line} last changed by {blame.short()}", blame.sha)
    if nearby:
        for commit in history.line_history(source, site.path, max(site.line - 2, 1), site.line + 2, limit=3):
            if history.is_import(source, commit.sha):
                continue
            run.memory.add("history", f"{commit.short()} by {commit.author} touched lines near "
                           f"{site.path}:{site.line}", commit.sha)
    return blame


def is_git_source(repo: str) -> bool:
    """A URL or a folder with its own .git (a plain folder is snapshotted, so has no real history)."""
    path = Path(repo)
    return not path.exists() or (path / ".git").exists()


def repo_files(source: Path) -> list[str]:
    """The clone's regular files, relative, without .git (no walk through a symlink: sandbox.contain, security)."""
    return sorted(contain.files(source, lambda name: name == ".git"))
