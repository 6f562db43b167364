"""Dynamic tools: they run IN THE SANDBOX, on the trajectory's own workspace.

`pdb` keeps one debugger session per trajectory. Breakpoints the model sets are remembered:
when the program ends, crashes out of the session, or the code is edited, the next `pdb` call
restarts the program and sets them again (moved by the edits' line deltas first), and every
answer ends with where the debugger stands and the code around it.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from agent.excerpt import drop_warnings, failure_excerpt
from agent.limits import HOUSEKEEPING_TIMEOUT
from agent.judge.match import Match, matches
from agent.judge.signature import crash_gone, same_crash
from agent.reports.families import family_for
from agent.reports.paths import map_to_repo
from agent.judge.testrun import is_pytest, run_tests
from agent.research.tools import pdb_output
from agent.research.tools.base import Observation, Tool, ToolContext, ToolError, cut, rel_path
from sandbox import CommandTimeout, ExecResult, SandboxDead, SandboxError, contain

PROMPT = "(Pdb) "
LOCATION = re.compile(r"^> (.+?)\((\d+)\)(\S*)\(\)", re.M)
BREAK = re.compile(r"^(?:b|break|tbreak)\s+([^\s:,]+):(\d+)\s*(?:,\s*(.+))?$")
CLEAR = re.compile(r"^(?:cl|clear)\s+([^\s:]+):(\d+)\s*$")
REFUSED = {"interact": "`interact` opens a nested Python prompt the tool cannot drive; use `p`/`pp` or `!stmt`",
           "debug": "`debug` starts a recursive debugger the tool cannot drive"}
# never hand the model's API key (or any secret of the host) to the sandbox
SCRUBBED_ENV = {"CRASHFIX_LLM_API_KEY": "", "OPENAI_API_KEY": ""}


def debug_argv(command: str) -> list[str]:
    """The command under `python -m pdb`, so breakpoints can be set before it runs; pytest also
    gets --pdb (post-mortem on a failing test) and -s (pdb needs the real stdin/stdout)."""
    argv = shlex.split(command)
    if not argv or not re.fullmatch(r"python[\d.]*", argv[0].rsplit("/", 1)[-1]):
        raise ToolError(f"pdb can only debug `python ...` commands, not {command!r}")
    rest = argv[1:]
    extra = ["-s", "--pdb", "-p", "no:cacheprovider"] if is_pytest(command) else []
    return [argv[0], "-m", "pdb", *rest, *extra]


@dataclass
class PdbState:
    session: object | None = None
    command: str | None = None
    breakpoints: list[list] = field(default_factory=list)      # [path, line, condition]
    location: tuple[str, int, str] | None = None
    restarts: int = 0
    stale: str | None = None           # why the next call restarts (edited code, program ended)

    def close(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            except Exception:  # noqa: BLE001
                pass
        self.session = None


def pdb_state(ctx: ToolContext) -> PdbState:
    return ctx.state.setdefault("pdb", PdbState())


class DebuggerTool(Tool):
    """What the debugger tools (pdb, gdb) share: a session state kept in ``ctx.state[name]``, closed
    and marked stale on a reset, closed at the end, its breakpoints saved and restored on resume."""
    acts = True
    state_type: type = PdbState

    def new_state(self, ctx: ToolContext, breakpoints: list[list], why: str):
        return self.state_type(breakpoints=breakpoints, stale=why)

    def on_reset(self, ctx: ToolContext, why: str) -> list[str]:
        st = ctx.state.get(self.name)
        if st is not None and st.session is not None:
            st.close()
            st.stale = why
        return []

    def on_close(self, ctx: ToolContext) -> list[str]:
        if ctx.state.get(self.name) is not None:
            ctx.state[self.name].close()
        return []

    def state(self, ctx: ToolContext) -> dict | None:
        st = ctx.state.get(self.name)
        return {"breakpoints": st.breakpoints} if st is not None and st.breakpoints else None

    def restore(self, ctx: ToolContext, saved: dict, why: str) -> None:
        ctx.state[self.name] = self.new_state(ctx, [list(b) for b in saved.get("breakpoints", [])], why)


class Pdb(DebuggerTool):
    name = "pdb"
    description = (
        "Send one command to a Python debugger (pdb) session running the reproduction command in the sandbox. "
        "The first call starts it stopped before the program runs: set breakpoints (`b path/to/file.py:42`, "
        "conditions allowed: `b file.py:42, x > 3`), then `c` to run to them; `p expr`, `pp expr`, `where`, "
        "`up`, `down`, `n`, `s`, `l`, `a`, `restart`. A failing pytest test or an uncaught exception stops "
        "in post-mortem. Breakpoints survive restarts and move with your edits. Each answer ends with the "
        "current frame and the code around it.")
    parameters = {"type": "object", "properties": {
        "command": {"type": "string", "description": "one pdb command"},
        "target": {"type": "string",
                   "description": "optional: a different `python ...` command to debug (restarts the session)"}},
        "required": ["command"]}

    debugs = "the reproduction command"           # how the prompts say what it runs

    # lifecycle hooks (agent/research/tools/base.py) ------------------------------------------------------
    def on_edit(self, ctx: ToolContext, path: str, start: int, end: int, delta: int) -> list[str]:
        """Move the breakpoints below an edited range of `path`, and mark the session stale (the
        program runs old code). Returns what moved, to tell the model."""
        st = ctx.state.get("pdb")
        if st is None:
            return []
        moved = []
        for bp in st.breakpoints:
            if bp[0] == path and bp[1] > end and delta:
                moved.append(f"{path}:{bp[1]} -> {path}:{bp[1] + delta}")
                bp[1] += delta
            elif bp[0] == path and start <= bp[1] <= end:
                bp[1] = min(bp[1], start + max(end - start + delta, 0))
        if st.session is not None:
            st.close()
            st.stale = "the code was edited"
        return [f"breakpoints moved: {', '.join(moved)}"] if moved else []

    def __call__(self, ctx: ToolContext, command: str, target: str | None = None) -> Observation:
        st = pdb_state(ctx)
        cmd = command.strip()
        word = cmd.split(" ", 1)[0] if cmd else ""
        if word in REFUSED:
            raise ToolError(REFUSED[word])
        if word in ("q", "quit", "exit"):
            st.close()
            return self.ok("pdb session closed; breakpoints kept: " + _bps(st) + self._where(ctx, st, ""))
        if target and target != st.command:
            st.close()
            st.command = target
        notes = []
        if word in ("restart", "run") or st.session is None or not getattr(st.session, "alive", False):
            if st.stale:
                notes.append(f"[restarting the program: {st.stale}]")
                st.stale = None
            notes.append(self._start(ctx, st))
            if word in ("restart", "run"):
                return self.ok("\n".join(notes) + self._where(ctx, st, "\n".join(notes)))
        if word in ("cl", "clear") and cmd == word:
            for path, line, _ in list(st.breakpoints):
                self._send(ctx, st, f"cl {path}:{line}")
            st.breakpoints.clear()
            return self.ok("\n".join(notes + ["all breakpoints cleared"]))
        raw = self._send(ctx, st, cmd)
        out, program = pdb_output.split(cmd, raw)
        m = BREAK.match(cmd)
        if m and "Breakpoint" in out:
            bp = [rel_path(ctx, m.group(1)), int(m.group(2)), m.group(3)]
            if bp[:2] not in [b[:2] for b in st.breakpoints]:
                st.breakpoints.append(bp)
        m = CLEAR.match(cmd)
        if m:
            st.breakpoints = [b for b in st.breakpoints if b[:2] != [rel_path(ctx, m.group(1)), int(m.group(2))]]
        if not getattr(st.session, "alive", False):
            notes.append("[the program ended; the next pdb call restarts it and sets the breakpoints again]")
            st.session, st.stale = None, "the program had ended"
        elif "The program finished and will be restarted" in out:
            notes.append("[the program ran to its end without stopping; pdb restarted it]")
        shown = f"\n\n--- program output while it ran (test runner progress, prints):\n{cut(program, 3000)}" \
            if program.strip() else ""
        return self.ok("\n".join([*notes, out.rstrip()]) + shown + self._where(ctx, st, "\n".join([*notes, out])))

    def _start(self, ctx: ToolContext, st: PdbState) -> str:
        st.close()
        command = st.command or ctx.repro_cmd
        if not command:
            raise ToolError("no command to debug: give `target`")
        argv = debug_argv(command)
        try:
            st.session = ctx.sb.session(argv, PROMPT, timeout=ctx.timeout)
        except SandboxDead:
            raise
        except SandboxError as exc:
            raise ToolError(f"pdb did not start ({shlex.join(argv)}): {exc}") from None
        st.restarts += 1
        lines = [f"[pdb started: {shlex.join(argv)}]", getattr(st.session, "banner", "").rstrip()]
        for path, line, cond in st.breakpoints:
            lines.append(f"(Pdb) b {path}:{line}{', ' + cond if cond else ''}\n"
                         + self._send(ctx, st, f"b {path}:{line}{', ' + cond if cond else ''}").rstrip())
        return "\n".join(x for x in lines if x)

    def _send(self, ctx: ToolContext, st: PdbState, cmd: str) -> str:
        return send_to_debugger(st, cmd, ctx.timeout, "pdb")

    def _where(self, ctx: ToolContext, st: PdbState, out: str) -> str:
        """Every answer's last part: where the debugger stands and the code around it."""
        found = pdb_output.locations(out)
        if found:
            path, line, func = found[-1]
            st.location = (path, int(line), func)
        if st.session is None:
            return "\n\n--- current frame: none (no program is running; the next pdb call starts it)"
        if st.location is None:
            return "\n\n--- current frame: not known yet (pdb printed no location; try `where`)"
        path, line, func = st.location
        lo = max(line - 5, 1)
        try:
            shown, outside = rel_path(ctx, path), ""
            code = ctx.sb.read(shown).splitlines()
        except Exception:  # noqa: BLE001 -- a frame outside the workspace (stdlib, site-packages): read it there
            shown, outside = path, " (outside the repository)"
            res = ctx.sb.run(f"sed -n '1,{line + 5}p' {shlex.quote(path)}", timeout=HOUSEKEEPING_TIMEOUT)
            code = res.output.splitlines() if res.ok else []
            if len(code) < line:
                return f"\n\n--- current frame: {path}:{line} in {func or '?'}(){outside}; its source is not readable"
        hi = min(line + 5, len(code))
        window = "\n".join(f"{'->' if n == line else '  '}{n:5} {code[n - 1]}" for n in range(lo, hi + 1))
        return f"\n\n--- current frame: {shown}:{line} in {func or '?'}(){outside}\n{window}"


def _bps(st: PdbState) -> str:
    return ", ".join(f"{p}:{n}" for p, n, _ in st.breakpoints) or "none"


def rebuild_if_changed(ctx: ToolContext) -> str:
    """Compiled code (a build command is known): rebuild when the tree differs from what was last
    built, so every tool that runs code runs the edited program, not the old binary. Returns the
    line that says so ("" when nothing needed building); a failing rebuild is the tool's error."""
    build = ctx.state.get("build_cmd")
    if not build:
        return ""
    diff = ctx.sb.diff()
    if diff == ctx.state.get("built_diff", ""):
        return ""
    res = ctx.sb.run(build, timeout=ctx.timeout, env=SCRUBBED_ENV)
    if not res.ok:
        raise ToolError(f"the rebuild after your edits failed (exit {res.exit_code}): `{build}`\n"
                        + ctx.cut(res.output[-3000:], 3000))
    ctx.state["built_diff"] = diff
    return f"[rebuilt: {build}]\n"


def status_line(res) -> str:
    """How a command ended, the first line every command tool shows: `[exit 1, timed out, 2.0 s]`."""
    return f"[exit {res.exit_code}{', timed out' if res.timed_out else ''}, {res.duration:.1f} s]\n"


class Run(Tool):
    acts = True
    name = "run"
    description = ("Run a shell command in the sandbox workspace (no network; the repository is installed). "
                   "For Python code use the `python` tool (no quoting). Files it changes in the repository are "
                   "put back afterwards: change code with `edit`.")
    parameters = {"type": "object", "properties": {
        "command": {"type": "string"}, "timeout": {"type": "integer", "description": "seconds (default 60)"}},
        "required": ["command"]}

    def __call__(self, ctx: ToolContext, command: str, timeout: int = 60) -> Observation:
        res = ctx.sb.run(command, timeout=min(max(timeout, 1), ctx.timeout), env=SCRUBBED_ENV)
        return self.ok(status_line(res) + ctx.cut(drop_warnings(res.output)))   # the model knows its command: not echoed


class Reproduce(Tool):
    acts = True
    name = "reproduce"
    description = "Run the reproduction command once and say whether the reported crash still happens."
    parameters = {"type": "object", "properties": {}, "required": []}

    def __call__(self, ctx: ToolContext) -> Observation:
        if not ctx.repro_cmd or ctx.report is None:
            raise ToolError("no reproduction command is known for this run")
        counts = ""
        rebuilt = rebuild_if_changed(ctx)
        if is_pytest(ctx.repro_cmd):            # counted as `run_tests` counts (its junit report)
            out = run_tests(ctx.sb, ctx.repro_cmd, timeout=ctx.timeout)
            res = ExecResult(out.exit_code, out.output, out.timed_out, out.duration)
            counts = out.summary() + "\n"
        else:
            res = ctx.sb.run(ctx.repro_cmd, timeout=ctx.timeout, env=SCRUBBED_ENV)
        seen = reported_crash(ctx, res)
        if res.ok and not seen.hit:
            verdict = "the crash is GONE: the command ran clean (exit 0)"
        elif ctx.report.kind == "sanitizer" and crash_gone(ctx.report, res):
            verdict = (f"the reported crash is GONE: no sanitizer report of the project's code (the command itself "
                       f"exits {res.exit_code}; validation judges the sanitizer report, not this exit code)")
        else:
            verdict = ("the reported crash STILL HAPPENS" if seen.hit else
                       f"the command still fails, differently (exit {res.exit_code}"
                       + (f", {seen.got.type}" if seen.got else "") + f"): {seen.why}")
        return self.ok(f"{rebuilt}$ {ctx.repro_cmd}\n{verdict}\n{counts}\n" + failure_excerpt(res.output, 4000))


def reported_crash(ctx: ToolContext, res: ExecResult) -> Match:
    """Does this output show the reported crash, by the rule the reproduction accepted it by: for a
    Python traceback, agent/judge/match.py (the report's frames mapped onto the repository's files);
    for a kind with its own rule (a sanitizer's class and guilty function: a real report often names
    `parse_string cJSON.c` with no line, or only the reporter's paths), that rule (agent/judge/signature.py)."""
    if family_for(ctx.report.kind).same_crash != "python":
        return _by_signature(ctx.report, res)
    files = list(contain.files(ctx.source, lambda name: name == ".git"))
    paths = {f.file: p for f in ctx.report.frames if f.file and (p := map_to_repo(f.file, files))}
    def read(path: str) -> str | None:
        try:
            return ctx.sb.read(path)
        except Exception:  # noqa: BLE001 -- not there (or not text): nothing to check it against
            return None
    return matches(ctx.report, res, paths, files, read)


def _by_signature(report, res: ExecResult) -> Match:
    if res.timed_out:
        return Match(False, "timed out")
    if res.ok:
        return Match(False, "exit 0: no crash")
    same, got = same_crash(report, res)
    want = report.type + (f" in {report.guilty.function}" if report.guilty else "")
    if got is None:
        return Match(False, f"exit {res.exit_code}, no crash report in the output")
    seen = got.type + (f" in {got.guilty.function}" if got.guilty else "")
    return Match(same, f"{seen}, as reported" if same else f"{seen}, not the reported {want}", got)


DYNAMIC_TOOLS = [Pdb, Run, Reproduce]


def send_to_debugger(st, cmd: str, timeout: float, name: str) -> str:
    """One command to a debugger session (`st.session`); a timeout or a dead session marks the state
    stale (the next call restarts it) and becomes a ToolError the model reads."""
    try:
        return st.session.send(cmd, timeout=timeout)
    except CommandTimeout as exc:
        st.session, st.stale = None, "the last command timed out"
        raise ToolError(f"{name} command {cmd!r} timed out after {timeout:g} s; the session was killed "
                        f"(the next call restarts it): {str(exc)[-1500:]}") from None
    except SandboxDead:
        raise
    except SandboxError as exc:
        st.session, st.stale = None, "the session ended"
        raise ToolError(f"{name} session ended: {exc}") from None
