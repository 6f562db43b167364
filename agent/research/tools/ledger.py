"""Which of the workspace's changes the model's actions made (security: issue 22).

The submitted diff must hold only what the model wrote: its `edit`s and what the commands it ran
(`run`, `python`, the debugger, the tests, the reproduction) changed. Around each such call the
ledger takes the workspace's diff before and after (per file); a file that changed while no call
ran (a process left in the background, a debugger session's child) is marked, and `submit`
refuses until it is back as the model left it. A call other than `edit` that changed a file
`edit` refuses (tests, CI, the repo's protected paths) has that file put back, and the model is
told. It reads git's diff of the workspace only, so it holds wherever crashfix keeps its scratch
files (ignored files are in no diff, and in no patch).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from sandbox import SandboxDead, SandboxError

KEY = "ledger"


@dataclass
class Ledger:
    accounted: dict[str, str] | None = None     # path -> digest of its diff, as the last tracked call left it
    unaccounted: dict[str, str] = field(default_factory=dict)   # path -> when it changed outside any call
    wrote: tuple[str, str] | None = None        # what the `edit` under way wrote: (path, text)


def per_file(diff: str) -> dict[str, str]:
    """path -> a digest of its part of a git diff (keyed by the `diff --git` header's new path)."""
    out: dict[str, str] = {}
    path, chunk = None, []
    for line in diff.splitlines(keepends=True):
        if line.startswith("diff --git "):
            if path is not None:
                out[path] = hashlib.sha256("".join(chunk).encode()).hexdigest()
            path, chunk = _new_path(line), []
        chunk.append(line)
    if path is not None:
        out[path] = hashlib.sha256("".join(chunk).encode()).hexdigest()
    return out


def _new_path(header: str) -> str:
    rest = header.rstrip("\n")[len("diff --git "):]
    half = (len(rest) - 1) // 2                       # "a/P b/P": the same path twice
    if rest[:half].startswith("a/") and rest[half + 1:].startswith("b/") and rest[2:half] == rest[half + 3:]:
        return rest[half + 3:]
    return rest.rsplit(" b/", 1)[-1]


def ledger(ctx) -> Ledger:
    return ctx.state.setdefault(KEY, Ledger())


def _state(ctx) -> dict[str, str] | None:
    try:
        return per_file(ctx.sb.diff())
    except SandboxDead:
        raise
    except SandboxError:          # no snapshot yet (nothing to account for)
        return None


def _changed(a: dict[str, str], b: dict[str, str]) -> list[str]:
    return sorted(p for p in set(a) | set(b) if a.get(p) != b.get(p))


def check(ctx, before: str, diff: str | None = None) -> dict[str, str] | None:
    """The workspace now (or as `diff` shows it); what changed since the last tracked call is marked
    unaccounted."""
    led = ledger(ctx)
    now = _state(ctx) if diff is None else per_file(diff)
    if now is None:
        return None
    for path in list(led.unaccounted):
        if path not in now:                          # back as the snapshot holds it
            del led.unaccounted[path]
    if led.accounted is not None:
        for path in _changed(led.accounted, now):
            led.unaccounted.setdefault(path, f"changed while no action of yours ran (seen before `{before}`)")
    led.accounted = now
    return now


def account(ctx, tool: str, before: dict[str, str] | None) -> list[str]:
    """After a tracked call: its changes are the model's; a protected file it changed (other than by
    `edit`, which refuses them) is put back. Notes for the model."""
    led, now = ledger(ctx), _state(ctx)
    if now is None or before is None:
        return []
    notes = []
    if tool == "edit":                     # an edit changes its one file, to what it wrote: anything else is not the model's
        wrote, led.wrote = led.wrote, None
        for path in _changed(before, now):
            if wrote is None or path != wrote[0]:
                led.unaccounted.setdefault(path, "changed while your `edit` of another file ran")
        if wrote is not None and _read(ctx, wrote[0]) != wrote[1]:
            led.unaccounted.setdefault(wrote[0], "changed right after your `edit` wrote it")
    hit = [p for p in _changed(before, now) if tool != "edit" and ctx.protected(p)]
    if hit:
        ctx.sb.restore(hit)
        now = _state(ctx) or {}
        notes.append(f"`{tool}` changed {', '.join(hit)}: a test or CI file a fix may not change; put back as it was")
    led.accounted = now
    return notes


def _read(ctx, path: str) -> str | None:
    try:
        return ctx.sb.read(path)
    except SandboxDead:
        raise
    except SandboxError:
        return None


def refusal(ctx, diff: str) -> str | None:
    """Why `submit` must refuse `diff` (the workspace's, taken once: what is checked is what is
    submitted): changes no action of the model made, or None."""
    check(ctx, "submit", diff)
    led = ledger(ctx)
    if not led.unaccounted:
        return None
    items = "; ".join(f"{p} ({why})" for p, why in sorted(led.unaccounted.items()))
    return (f"not submitted: the workspace holds changes that none of your actions made: {items}. A process "
            "may be running in the background. Put the file(s) back (e.g. `run` `git checkout -- PATH`, or "
            "redo your `edit`s on a clean copy) and submit again.")
