"""What a deterministic repair strategy knows about a crash: the frames mapped to repo files."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from agent.judge.protect import is_test_path

if TYPE_CHECKING:
    from agent.reports.model import Frame


@dataclass(frozen=True)
class Site:
    """One stack frame mapped to a repo file."""

    path: str          # relative to repo root, posix
    line: int          # 1-based
    function: str
    depth: int         # 0 = the crashing (innermost in-repo) frame, 1 = its caller, ...


def _never(_path: str) -> bool:
    return False


@dataclass
class RepairContext:
    exc_type: str                  # "KeyError", "AttributeError", "AssertionError", "RecursionError", ...
    message: str                   # the exception message
    sites: list[Site]              # innermost first
    read: Callable[[str], str]     # read a repo file by relative path
    files: list[str]               # every repo file (relative paths) — to find definitions
    values: dict[str, str] = field(default_factory=dict)   # name or expression -> repr, seen at sites[0]
    protected: Callable[[str], bool] = _never              # paths the bot may not touch (tests, CI)
    alloc_sites: list[Site] = field(default_factory=list)  # where the crashing memory was allocated, innermost first
    free_sites: list[Site] = field(default_factory=list)   # where it was freed (use-after-free, double free)
    issue_text: str = ""                                   # the issue as GitHub shows it (untrusted: the reporter's fix)
    expectation: object | None = None                      # what the issue says the call should give (judge/expectations.py)


def frame_sites(frames: "list[Frame]", files: list[str]) -> list[Site]:
    """The frames of a stack (a report's allocation or free stack) that map to repo files, innermost first."""
    from agent.reports.paths import map_to_repo
    out: list[Site] = []
    for frame in frames:
        path = map_to_repo(frame.file, files) if frame.file else None
        if path and frame.line:
            out.append(Site(path, frame.line, frame.function, len(out)))
    return out


def may_touch(ctx: RepairContext, path: str) -> bool:
    """True when a candidate may modify `path`."""
    if not path.endswith(".py") or is_test_path(path):
        return False
    try:
        return not ctx.protected(path)
    except Exception:
        return False
