"""Which of the workspace's changes the model made (security: issues 22 and 35).

The submitted diff must hold only what the model wrote with `edit`. Every other tool that acts in
the sandbox runs code that is not the model's own words: the issue's code (`reproduce`, `pdb`,
`python`, `run`), the repository's tests (`run_tests`), its build. Around each such call the ledger
takes the workspace's diff before and after (per file), and a file the call changed is put back as
it was before the call, and named: what a command changes is never credited to the model, even when
it changes a source file while the model's fix is in place (E30). A file that changed while no call
ran (a debugger session's program runs between calls) is put back at the next call, and `submit`
refuses once so the model submits what it now sees. An `edit` changes its one file to what it wrote;
any other file that changed meanwhile is put back, and the edited file is rewritten when it changed
after the write. What was put back is kept (`Ledger.put_back`) for the result and the PR.

In the set-up phase (the set-up agent: its workspace is never submitted, the recipe is re-run in a
fresh sandbox) what commands change stays, except the protected (test, CI) files, put back as before.

It reads git's diff of the workspace only, so it holds wherever crashfix keeps its scratch files
(ignored files are in no diff, and in no patch). A file that cannot be put back (a binary change)
stays unaccounted and `submit` refuses until it is back as the model left it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sandbox import SandboxDead, SandboxError
from sandbox.session import new_file, per_file

KEY = "ledger"


@dataclass
class Ledger:
    accounted: dict[str, str] | None = None     # path -> its part of the diff, as the model's actions left it
    unaccounted: dict[str, str] = field(default_factory=dict)   # path -> why: changed, and could not be put back
    put_back: dict[str, str] = field(default_factory=dict)      # path -> what changed it (put back; never the model's)
    fresh: list[str] = field(default_factory=list)               # put back since `submit` last looked
    wrote: tuple[str, str] | None = None        # what the `edit` under way wrote: (path, text)


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


SETUP = "setup_state"      # the ctx.state key of the set-up phase (agent/research/tools/setup.py)


def _keeps_command_changes(ctx) -> bool:
    """The set-up phase: its workspace is never submitted (the recipe runs again in a fresh sandbox)."""
    return ctx.state.get(SETUP) is not None


def _put_back(ctx, paths: list[str], to: dict[str, str], why: str) -> dict[str, str]:
    """Put ``paths`` back as ``to`` (a per-file diff) holds them; the workspace's state after. A path
    that cannot be (a binary change, git refusing) is marked unaccounted: `submit` refuses it."""
    led = ledger(ctx)
    try:
        ctx.sb.restore(paths)                                     # as the snapshot holds them
        chunks = "".join(to[p] for p in paths if p in to)
        if chunks:
            ctx.sb.apply_patch(chunks)                            # and the model's own changes on top
    except SandboxDead:
        raise
    except SandboxError as exc:
        for p in paths:
            led.unaccounted.setdefault(p, f"{why}; crashfix could not put it back: {str(exc)[:200]}")
    was = _state(ctx) or {}
    for p in paths:
        if was.get(p) == to.get(p):
            if not (new_file(to.get(p)) or (p not in to and p not in was and _created(ctx, p))):
                led.put_back.setdefault(p, why)       # a file of the tree (not one a command created): named
            led.fresh.append(p)
        else:
            led.unaccounted.setdefault(p, f"{why}; crashfix could not put it back")
    return was


def _created(ctx, path: str) -> bool:
    """Whether ``path`` is in no snapshot (a command created it, and putting it back removed it)."""
    try:
        ctx.sb.read(path)
        return False
    except SandboxDead:
        raise
    except SandboxError:
        return True


def check(ctx, before: str, diff: str | None = None) -> dict[str, str] | None:
    """The workspace now (or as `diff` shows it); what changed since the last tracked call is put back
    as the model's actions left it."""
    led = ledger(ctx)
    now = _state(ctx) if diff is None else per_file(diff)
    if now is None:
        return None
    for path in list(led.unaccounted):
        if path not in now or (led.accounted is not None and now.get(path) == led.accounted.get(path)):
            del led.unaccounted[path]                # back as the snapshot, or the model, left it
    if led.accounted is not None:
        moved = [p for p in _changed(led.accounted, now) if p not in led.unaccounted]
        if moved:
            now = _put_back(ctx, moved, led.accounted, f"changed while no action of yours ran (seen before `{before}`)")
    led.accounted = now
    return now


def account(ctx, tool: str, before: dict[str, str] | None) -> list[str]:
    """After a tracked call: only what `edit` wrote is the model's; whatever else the call changed is
    put back as it was before the call (in the set-up phase: the protected files only). Notes for the model."""
    led, now = ledger(ctx), _state(ctx)
    if now is None or before is None:
        led.wrote = None
        return []
    notes = [f"{', '.join(sorted(set(led.fresh)))} changed while none of your actions ran (a debugger session's "
             "program, or the issue's code, may still be at work): put back as your `edit`s left it"] if led.fresh else []
    led.fresh = []
    changed = _changed(before, now)
    if tool == "edit":
        wrote, led.wrote = led.wrote, None
        others = [p for p in changed if wrote is None or p != wrote[0]]
        if wrote is not None and _read(ctx, wrote[0]) != wrote[1]:
            try:
                ctx.sb.write(wrote[0], wrote[1])
                notes.append(f"{wrote[0]} changed right after your `edit` wrote it: written again as you wrote it")
            except SandboxDead:
                raise
            except SandboxError:
                led.unaccounted.setdefault(wrote[0], "changed right after your `edit` wrote it")
            now = _state(ctx) or {}
        if others:
            now = _put_back(ctx, others, before, "changed while your `edit` of another file ran")
            notes.append(f"{', '.join(others)} changed while your `edit` ran (not by it): put back")
    elif _keeps_command_changes(ctx):
        hit = [p for p in changed if ctx.protected(p)]
        if hit:
            ctx.sb.restore(hit)
            now = _state(ctx) or {}
            notes.append(f"`{tool}` changed {', '.join(hit)}: a test or CI file a fix may not change; put back as it was")
    elif changed:
        now = _put_back(ctx, changed, before, f"changed by `{tool}` (a command, not an edit)")
        notes.append(f"`{tool}` changed {', '.join(changed)}: put back as it was before the call. Only `edit` "
                     "changes the code: what a command, the issue's code, the tests or the debugger change is "
                     "never part of your fix")
    led.fresh = []                                             # told now
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
    submitted): changes no action of the model made (put back now: the model submits again), or None."""
    check(ctx, "submit", diff)
    led = ledger(ctx)
    fresh, led.fresh = sorted(set(led.fresh)), []
    if led.unaccounted:
        items = "; ".join(f"{p} ({why})" for p, why in sorted(led.unaccounted.items()))
        return (f"not submitted: the workspace holds changes that none of your actions made: {items}. Put the "
                "file(s) back with `edit` as you want them (or redo your `edit`s on a clean copy) and submit again.")
    if fresh:
        return (f"not submitted: {', '.join(fresh)} changed while none of your actions ran (a process of the "
                "debugger session, or the issue's code, may still be at work); crashfix put it back as your "
                "`edit`s left it. Look at the `diff` and submit again.")
    return None


def put_back(ctx) -> dict[str, str]:
    """The files a command (not the model's `edit`) changed and crashfix put back: path -> what did."""
    return dict(ledger(ctx).put_back)
