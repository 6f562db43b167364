"""The set-up phase's own tools (the set-up's last fallback): a model sets the repository up in a
sandbox that has the set-up network, and hands crashfix a recipe that crashfix checks itself.

`shell` runs a command (the installs go through crashfix's installer: the dependency cut-off and
the issue's pins apply, as they will when the recipe runs); `run_tests` runs the test command and
says what crashfix's baseline rule says of it; `snapshot` marks the commands run so far and
`rollback` returns to a mark (a fresh sandbox, the commands up to the mark run again: a venv has no
cheaper undo); `done` hands the recipe (install commands + test command) over, and crashfix sets up
a FRESH sandbox from it alone and judges its baseline by the same rule as every other set-up.

What crashfix decides is not the model's: the caller puts a `SetupState` in `ctx.state[SETUP]`
(how commands are wrapped, how a baseline is judged, how the sandbox is reopened, how a recipe is
verified); an accepted recipe lands in its `found`."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from agent.excerpt import drop_warnings, failure_excerpt
from agent.judge.testrun import TestOutcome, run_tests
from agent.research.tools.base import Observation, Tool, ToolContext, ToolError
from agent.research.tools.dynamic import SCRUBBED_ENV, status_line
from agent.research.tools.ledger import SETUP
from sandbox import Sandbox

NAME = re.compile(r"^[\w.-]{1,40}$")


@dataclass(frozen=True)
class Recipe:
    """What the model says sets the repository up: install commands run in order, then the tests."""
    install: tuple[str, ...]
    test_cmd: str

    def to_dict(self) -> dict:
        return {"install": list(self.install), "test_cmd": self.test_cmd}


@dataclass
class SetupState:
    """The set-up phase's state, and crashfix's own parts of it (callables the tools call)."""
    test_cmd: str | None                                   # crashfix's test command (run_tests' default)
    wrap: Callable[[Sandbox, str], str]                    # a command as the installer runs it (cut-off, pins)
    judge: Callable[[TestOutcome], str | None]             # the baseline rule: why it is not sane, or None
    reopen: Callable[[], Sandbox]                          # a fresh networked sandbox with the clean tree
    verify: Callable[[Recipe], tuple[bool, str]]           # crashfix's check of a recipe: (sane, words)
    # what a recipe may hold (package installs, files of the tree): (the recipe as it runs, None) or (None, why not)
    allowed: Callable[[Recipe], tuple["Recipe | None", str | None]] = lambda recipe: (None, "no recipe policy given")
    timeout: float = 600.0                                 # per command
    rounds: int = 2                                        # `done` calls crashfix checks
    ran: list[dict] = field(default_factory=list)          # every command run in the current sandbox: {cmd, exit}
    tried: list[dict] = field(default_factory=list)        # every command run, all sandboxes (for the words)
    marks: dict[str, int] = field(default_factory=dict)    # snapshot label -> how many of `ran` it holds
    checks: list[dict] = field(default_factory=list)       # every recipe crashfix checked: {recipe, sane, words}
    found: Recipe | None = None


def state(ctx: ToolContext) -> SetupState:
    st = ctx.state.get(SETUP)
    if st is None:
        raise ToolError("the set-up tools are not available in this phase")
    return st


def _run(ctx: ToolContext, st: SetupState, command: str, timeout: float):
    res = ctx.sb.run(st.wrap(ctx.sb, command), timeout=min(max(timeout, 1), st.timeout), env=SCRUBBED_ENV)
    st.ran.append({"cmd": command, "exit": res.exit_code})
    st.tried.append({"cmd": command, "exit": res.exit_code, "timed_out": res.timed_out})
    return res


class Shell(Tool):
    acts = True
    name = "shell"
    description = ("Run a shell command in the set-up sandbox, at the repository root (the network is on for "
                   "installs; `pip install` runs through crashfix's installer with the commit's dependency "
                   "cut-off). Everything you run here is recorded; `snapshot`/`rollback` undo.")
    parameters = {"type": "object", "properties": {
        "command": {"type": "string"},
        "timeout": {"type": "integer", "description": "seconds (default 300)"}},
        "required": ["command"]}

    def __call__(self, ctx: ToolContext, command: str, timeout: int = 300) -> Observation:
        st = state(ctx)
        res = _run(ctx, st, command, timeout)
        return self.ok(status_line(res) + ctx.cut(drop_warnings(res.output)))


class RunTests(Tool):
    acts = True
    name = "run_tests"
    description = ("Run the test suite (crashfix's test command, or the one you give) and see its counts and "
                   "whether crashfix would take it as a sane baseline. The network is on here; crashfix's own "
                   "check of your recipe runs the tests offline.")
    parameters = {"type": "object", "properties": {
        "command": {"type": "string", "description": "the test command (default: crashfix's)"}},
        "required": []}

    def __call__(self, ctx: ToolContext, command: str | None = None) -> Observation:
        st = state(ctx)
        cmd = (command or st.test_cmd or "").strip()
        if not cmd:
            raise ToolError("no test command is known: give one")
        out = run_tests(ctx.sb, cmd, timeout=st.timeout)
        st.tried.append({"cmd": cmd, "exit": out.exit_code, "timed_out": out.timed_out, "tests": True})
        cause = st.judge(out)
        verdict = f"NOT a sane baseline: {cause}" if cause else "a sane baseline by crashfix's rule"
        return self.ok(f"$ {cmd}\n[exit {out.exit_code}{', timed out' if out.timed_out else ''}, "
                       f"{out.duration:.1f} s] {out.summary()}\n{verdict}\n\n" + failure_excerpt(out.output, 4000))


class Snapshot(Tool):
    name = "snapshot"
    description = "Mark the set-up as it is now (the commands run so far) under a label; `rollback` returns to it."
    parameters = {"type": "object", "properties": {"label": {"type": "string"}}, "required": ["label"]}

    def __call__(self, ctx: ToolContext, label: str) -> Observation:
        st = state(ctx)
        if not NAME.match(label):
            raise ToolError("a label is 1-40 letters, digits, `.`, `_` or `-`")
        st.marks[label] = len(st.ran)
        return self.ok(f"snapshot {label!r}: the {len(st.ran)} command(s) run so far")


class Rollback(Tool):
    acts = True
    name = "rollback"
    description = ("Return to a snapshot (or, with no label, to the clean sandbox): a fresh sandbox, the "
                   "commands up to the snapshot run again in it.")
    parameters = {"type": "object", "properties": {"label": {"type": "string"}}, "required": []}

    def __call__(self, ctx: ToolContext, label: str | None = None) -> Observation:
        st = state(ctx)
        if label is not None and label not in st.marks:
            raise ToolError(f"no snapshot {label!r}; the snapshots are: {', '.join(st.marks) or 'none'}")
        keep = st.ran[: st.marks[label]] if label is not None else []
        new = st.reopen()
        old, ctx.sb = ctx.sb, new
        old.close()
        st.ran = []
        st.marks = {k: v for k, v in st.marks.items() if v <= len(keep)}
        lines = [f"a fresh sandbox{f' at snapshot {label!r}' if label else ' (clean: nothing installed)'}"]
        for done in keep:
            res = _run(ctx, st, done["cmd"], st.timeout)
            lines.append(f"{status_line(res).strip()} {done['cmd']}")
        return self.ok("\n".join(lines))


class Done(Tool):
    acts = True
    name = "done"
    description = ("Hand crashfix the recipe: the install commands (run in order in a fresh sandbox, the "
                   "network on; nothing else you ran is kept) and the test command. Install commands are "
                   "package installs only (`pip install <name[extra]>=version>`, `pip install -r <file of the "
                   "repository>`, `pip install -e .`) or `python <file of the repository>`; the test command "
                   "is `python -m <module> ...`, `pytest ...` or `python <file> ...`; no shell syntax. crashfix "
                   "then checks it: a fresh set-up from the recipe alone, and the tests run offline must give "
                   "a sane baseline.")
    parameters = {"type": "object", "properties": {
        "install": {"type": "array", "items": {"type": "string"}, "description": "shell commands, in order"},
        "test_cmd": {"type": "string"}},
        "required": ["install", "test_cmd"]}

    def __call__(self, ctx: ToolContext, install: list, test_cmd: str) -> Observation:
        st = state(ctx)
        if st.found is not None:
            return self.ok("a recipe was accepted already")
        if len(st.checks) >= st.rounds:
            raise ToolError(f"crashfix checks at most {st.rounds} recipes; none is left")
        commands = tuple(c.strip() for c in install if isinstance(c, str) and c.strip())
        if len(commands) != len(install) or not test_cmd.strip():
            raise ToolError("`install` is a list of non-empty shell commands and `test_cmd` a command")
        recipe, why = st.allowed(Recipe(commands, test_cmd.strip()))
        if recipe is None:
            st.checks.append({"recipe": Recipe(commands, test_cmd.strip()).to_dict(), "sane": False,
                              "words": f"refused before any set-up: {why}"})
            return self.fail(f"REFUSED: {why}. A recipe holds package installs (`pip install <requirement>`, "
                             "`-r <file of the repository>`, `-e .`) and files of the repository run by `python`, "
                             f"nothing else.\n({st.rounds - len(st.checks)} check(s) left)")
        sane, words = st.verify(recipe)
        st.checks.append({"recipe": recipe.to_dict(), "sane": sane, "words": words})
        if sane:
            st.found = recipe
            return self.ok(f"ACCEPTED: a fresh sandbox set up from your recipe gives a sane baseline: {words}")
        left = st.rounds - len(st.checks)
        return self.fail(f"REFUSED: a fresh sandbox set up from your recipe alone does not give a sane baseline: "
                         f"{words}\n({left} check(s) left)")


SETUP_TOOLS = [Shell, RunTests, Snapshot, Rollback, Done]
