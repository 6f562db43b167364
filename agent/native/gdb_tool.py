"""`gdb`: a debugger on the native reproduction command, in the sandbox, interactive or batch.

Like `pdb` (agent/research/tools/dynamic.py): one session per trajectory; breakpoints the model sets are kept
and set again when the program is restarted, moved by the line deltas of `edit`s (which also rebuild
the program first, with the native path's rebuild command); every answer ends with the current frame
and the code around it. When the sanitizer stops the program, the first frame in the repository is
selected. `batch` runs a fresh `gdb -batch` with a list of commands instead. Container gotchas
(/work/shared/design/KERNEL.md): address-space randomisation cannot be disabled in a container, and
the sanitizer's report is caught by a pending breakpoint on `__sanitizer::Die`.
"""
from __future__ import annotations

import re
import secrets
import shlex
from dataclasses import dataclass, field

from agent.native.probe import gdb_argv
from agent.reports.paths import map_to_repo
from agent.research.tools.base import Observation, ToolContext, ToolError
from agent.research.tools.dynamic import SCRUBBED_ENV, DebuggerTool, rebuild_if_changed, send_to_debugger, status_line
from sandbox import SandboxDead, SandboxError, contain

SETTINGS = ["set pagination off", "set height 0", "set width 0", "set confirm off",
            "set disable-randomization off",          # personality() is refused in containers
            "set breakpoint pending on", "set print pretty off"]
CATCH_SANITIZER = ["break __sanitizer::Die"]        # stop when ASan/UBSan has printed its report
BREAK = re.compile(r"^(?:b|br|break|tbreak)\s+(\S+)(?:\s+if\s+(.+))?$")
DELETE = re.compile(r"^(?:d|delete|clear)(?:\s+[^a-z].*|\s+\S+)?$")
FILE_LINE = re.compile(r"^(.+):(\d+)$")
FRAME = re.compile(r"^#(\d+)\s+(?:0x[0-9a-f]+ in )?(\S+?) \(.*\)(?: at (\S+):(\d+)| from \S+)?\s*$", re.M)
MOVES = {"r", "run", "start", "c", "continue", "fg", "n", "next", "s", "step", "finish", "fin", "until", "u",
         "advance", "f", "frame", "up", "down", "ni", "si", "nexti", "stepi", "jump"}
RUNS = {"r", "run", "start"}
SHADOW = re.compile(r"^Shadow bytes around the buggy address:\n.*?(?=^==\d+==ABORTING)", re.M | re.S)
REFUSED = {w: "this gdb command needs more input lines (… end), which the tool cannot send; use single-line "
              "commands (`break FILE:LINE if COND`, `print EXPR`)"
           for w in ("commands", "define", "document", "while", "if", "python", "py", "compile", "expression")}
REFUSED.update({w: "an editor or a full-screen interface cannot be driven here" for w in ("edit", "tui", "layout")})


@dataclass
class GdbState:
    session: object | None = None
    prompt: str = ""
    command: str | None = None
    breakpoints: list[list] = field(default_factory=list)     # [location, condition]
    numbers: dict[int, list] = field(default_factory=dict)     # this session's breakpoint numbers
    edits_seen: int = 0
    stale: str | None = None
    restarts: int = 0
    frame: tuple[str, int, str] | None = None                  # repo path, line, function

    def close(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            except Exception:  # noqa: BLE001 -- closing a dead session
                pass
        self.session = None


def gdb_state(ctx: ToolContext) -> GdbState:
    return ctx.state.setdefault("gdb", GdbState())


def debug_argv(ctx: ToolContext, command: str, options: list[str]) -> list[str]:
    """`sh -c 'exec env ... gdb OPTIONS --args prog args 2>&1'`: one stream, in order, with the sanitizer
    set to abort (the native path's gdb_argv)."""
    argv = gdb_argv(command, ctx.report)
    if argv is None:
        raise ToolError(f"gdb can only debug a program with its arguments (`./build/prog ARGS`), not {command!r}; "
                        "give `target`, e.g. the binary the reproduction runs")
    at = argv.index("--args")
    argv = argv[:at] + options + argv[at:]
    scrub = [f"{k}={v}" for k, v in SCRUBBED_ENV.items()]
    body = argv[1:] if argv[0] == "env" else argv
    return ["sh", "-c", 'exec "$@" 2>&1', "sh", "env", *scrub, *body]


def run_command(cmd: str, args: list[str]) -> str:
    """A `run`/`start` with the program's stdin from /dev/null (it must not read the tool's command stream):
    gdb's `run ARGS` replaces the arguments `--args` gave, so a bare `run` repeats them."""
    word, _, rest = cmd.strip().partition(" ")
    if word not in RUNS or "<" in cmd:
        return cmd
    given = rest.strip() or shlex.join(args)
    return f"{word} {given} < /dev/null" if given else f"{word} < /dev/null"


def program_args(ctx: ToolContext, command: str) -> list[str]:
    """The arguments the debugged program gets (after its name, in gdb's `--args`)."""
    argv = gdb_argv(command, ctx.report) or []
    return argv[argv.index("--args") + 2:] if "--args" in argv else []


def shift_breakpoints(ctx: ToolContext, st: GdbState) -> list[str]:
    """Apply the `edit`s made since the last call: move FILE:LINE breakpoints below an edited range."""
    moved = []
    for e in ctx.edits[st.edits_seen:]:
        for bp in st.breakpoints:
            m = FILE_LINE.match(bp[0])
            if not m or not e["path"].endswith(m.group(1).lstrip("./")):
                continue
            line = int(m.group(2))
            if line > e["end"] and e["delta"]:
                bp[0] = f"{m.group(1)}:{line + e['delta']}"
                moved.append(f"{m.group(1)}:{line} -> {bp[0]}")
        st.stale = "the code was edited"
    st.edits_seen = len(ctx.edits)
    return moved


class Gdb(DebuggerTool):
    name = "gdb"
    description = (
        "Send one command to a gdb session on the reproduction program in the sandbox (built with debug info "
        "and the sanitizers). The first call starts gdb with the program loaded, not running: set breakpoints "
        "(`break src/file.c:42`, `break func`, `break file.c:42 if i == 3`), then `run`; `bt`, `frame N`, "
        "`up`, `down`, `print EXPR`, `info locals`, `info args`, `next`, `step`, `finish`, `continue`. When the "
        "sanitizer reports, the program stops and the first frame in the repository is selected. Breakpoints "
        "survive restarts and move with your edits (the program is rebuilt first). Or give `batch`: a list of "
        "commands for a fresh `gdb -batch` run, e.g. [\"break f\", \"run\", \"bt\", \"info locals\"].")
    parameters = {"type": "object", "properties": {
        "command": {"type": "string", "description": "one gdb command for the interactive session"},
        "batch": {"type": "array", "items": {"type": "string"},
                  "description": "instead of `command`: gdb commands for one fresh batch run"},
        "target": {"type": "string",
                   "description": "optional: the program and arguments to debug, if not the reproduction command"}},
        "required": []}

    debugs = "the reproduction program (built with the sanitizers)"

    # lifecycle hooks: DebuggerTool's; edits are read lazily from ctx.edits (shift_breakpoints)

    def new_state(self, ctx: ToolContext, breakpoints: list[list], why: str) -> GdbState:
        return GdbState(breakpoints=breakpoints, stale=why, edits_seen=len(ctx.edits))

    def __call__(self, ctx: ToolContext, command: str | None = None, batch: list | None = None,
                 target: str | None = None) -> Observation:
        if (command is None) == (batch is None):
            raise ToolError("give either `command` (one gdb command) or `batch` (a list of commands)")
        for cmd in [command] if command is not None else batch:
            word = str(cmd).strip().split(" ", 1)[0]
            if word in REFUSED:
                raise ToolError(f"`{word}`: {REFUSED[word]}")
        st = gdb_state(ctx)
        if target and target != st.command:
            st.close()
            st.command = target
        notes = [f"[breakpoints moved: {', '.join(m)}]" for m in [shift_breakpoints(ctx, st)] if m]
        if batch is not None:
            return self.ok("\n".join(notes + [self._batch(ctx, st, [str(c) for c in batch])]))
        cmd = command.strip()
        word = cmd.split(" ", 1)[0]
        if word in ("q", "quit"):
            st.close()
            return self.ok("gdb session closed; breakpoints kept: " + _bps(st))
        if st.session is not None and st.stale:
            st.close()
        if st.session is None or not getattr(st.session, "alive", False):
            if st.stale:
                notes.append(f"[restarting gdb: {st.stale}]")
                st.stale = None
            notes.append(self._start(ctx, st))
        cmd = run_command(cmd, program_args(ctx, st.command or ctx.repro_cmd or ""))
        out = self._send(ctx, st, cmd)
        m = BREAK.match(command.strip())
        if m:
            self._remember(st, [m.group(1), m.group(2)], out)
        elif DELETE.match(cmd):
            self._forget(st, cmd)
        if not getattr(st.session, "alive", False):
            notes.append("[gdb ended; the next call starts it again with the breakpoints]")
            st.session, st.frame = None, None
            return self.ok("\n".join([*notes, out.rstrip()]))
        where = self._where(ctx, st, out) if word in MOVES or st.frame is None else ""
        return self.ok("\n".join([*notes, ctx.cut(out.rstrip(), max(ctx.max_output - 1500, 1000))]) + where)

    # the session -------------------------------------------------------------------------------
    def _rebuild(self, ctx: ToolContext) -> str:
        return rebuild_if_changed(ctx).rstrip("\n")

    def _start(self, ctx: ToolContext, st: GdbState) -> str:
        st.close()
        command = st.command or ctx.repro_cmd
        if not command:
            raise ToolError("no program to debug: give `target`")
        rebuilt = self._rebuild(ctx)
        st.prompt = f"(gdb-{secrets.token_hex(4)}) "
        options = ["-iex", f"set prompt {st.prompt}"]
        for s in SETTINGS + CATCH_SANITIZER:
            options += ["-ex", s]
        argv = debug_argv(ctx, command, options)
        try:
            st.session = ctx.sb.session(argv, st.prompt, timeout=ctx.timeout)
        except SandboxDead:
            raise
        except SandboxError as exc:
            raise ToolError(f"gdb did not start ({command}): {exc}") from None
        st.restarts += 1
        st.frame = None
        lines = [rebuilt, f"[gdb started on: {command}; the program is loaded, not running]"]
        st.numbers = {}
        for bp in st.breakpoints:
            again = f"break {bp[0]}" + (f" if {bp[1]}" if bp[1] else "")
            out = self._send(ctx, st, again)
            self._remember(st, bp, out)
            lines.append(f"(gdb) {again}\n" + out.rstrip())
        return "\n".join(x for x in lines if x)

    @staticmethod
    def _remember(st: GdbState, bp: list, out: str) -> None:
        n = re.search(r"^Breakpoint (\d+) (?:at|\()", out, re.M)
        if n is None:
            return
        if bp not in st.breakpoints:
            st.breakpoints.append(bp)
        st.numbers[int(n.group(1))] = st.breakpoints[st.breakpoints.index(bp)]

    @staticmethod
    def _forget(st: GdbState, cmd: str) -> None:
        """`delete` (all), `delete 2 3`, `clear LOCATION`: drop them from the kept list too."""
        word, _, rest = cmd.partition(" ")
        if word == "clear":
            st.breakpoints = [b for b in st.breakpoints if b[0] != rest.strip()]
            return
        nums = [int(x) for x in re.findall(r"\d+", rest)]
        gone = [st.numbers.get(n) for n in nums] if nums else list(st.breakpoints)
        st.breakpoints = [b for b in st.breakpoints if not any(b is g for g in gone)]

    def _send(self, ctx: ToolContext, st: GdbState, cmd: str) -> str:
        out = send_to_debugger(st, cmd, ctx.timeout, "gdb")
        return SHADOW.sub("[ASan shadow byte map omitted]\n", out.replace(st.prompt, "(gdb) "))

    def _where(self, ctx: ToolContext, st: GdbState, out: str) -> str:
        """Find (and, at a sanitizer or signal stop, select) the frame to show; end with its code."""
        if re.search(r"exited (?:normally|with code)|The program is not being run", out):
            st.frame = None
            return "\n\n--- the program is not running"
        note = ""
        frame = self._send(ctx, st, "frame")
        loc = self._repo_location(ctx, frame)
        if loc is None and "No stack" not in frame:
            bt = self._send(ctx, st, "bt 40")
            for num, func, path, line in FRAME.findall(bt):
                if path and self._map(ctx, path):
                    frame = self._send(ctx, st, f"frame {num}")
                    loc = self._repo_location(ctx, frame)
                    note = f"\n[selected frame #{num} ({func}), the innermost one in the repository]"
                    break
        if loc is None:
            st.frame = None
            return note + ("\n\n--- the program is not running" if "No stack" in frame
                           else "\n\n--- current frame is outside the repository: " + frame.strip()[:300])
        st.frame = loc
        path, line, func = loc
        try:
            code = ctx.sb.read(path).splitlines()
        except SandboxError:
            return f"{note}\n\n--- current frame: {path}:{line} in {func}()"
        lo, hi = max(line - 5, 1), min(line + 5, len(code))
        window = "\n".join(f"{'->' if n == line else '  '}{n:5} {code[n - 1]}" for n in range(lo, hi + 1))
        return f"{note}\n\n--- current frame: {path}:{line} in {func}()\n{window}"

    def _repo_location(self, ctx: ToolContext, frame_out: str) -> tuple[str, int, str] | None:
        m = FRAME.search(frame_out)
        if not m or not m.group(3):
            return None
        path = self._map(ctx, m.group(3))
        return (path, int(m.group(4)), m.group(2)) if path else None

    def _map(self, ctx: ToolContext, path: str) -> str | None:
        files = ctx.state.get("gdb_files")
        if files is None:
            files = ctx.state["gdb_files"] = sorted(    # names only, and no walk through a symlink
                p for p in contain.files(ctx.source, lambda name: name == ".git")
                if p.endswith((".c", ".h", ".cc", ".cpp", ".cxx", ".hpp")))
        workdir = (getattr(ctx.sb, "workdir", "") or "").rstrip("/")
        if workdir and path.startswith(workdir + "/"):
            path = path[len(workdir) + 1:]
        return map_to_repo(path, files)

    def _batch(self, ctx: ToolContext, st: GdbState, commands: list[str]) -> str:
        if not commands:
            raise ToolError("`batch` needs at least one command")
        rebuilt = self._rebuild(ctx)              # only when the tree changed since the last build
        command = st.command or ctx.repro_cmd
        if not command:
            raise ToolError("no program to debug: give `target`")
        options = ["-batch"]
        for s in SETTINGS + CATCH_SANITIZER + [f"break {loc}" + (f" if {c}" if c else "") for loc, c in st.breakpoints]:
            options += ["-ex", s]
        root = (getattr(ctx.sb, "workdir", "") or "").rstrip("/")
        args = program_args(ctx, command)
        for c in commands:
            c = c.strip()
            word = c.split(" ", 1)[0]
            options += ["-ex", run_command(c, args)]
            if root and word in RUNS | {"c", "continue", "fg"}:
                options += ["-ex", select_repo_frame(root)]     # a sanitizer stop: the repository's frame
        argv = debug_argv(ctx, command, options)
        res = ctx.sb.run(shlex.join(argv), timeout=ctx.timeout)
        head = f"$ gdb -batch {' '.join('-ex ' + shlex.quote(c) for c in commands)} --args {command}\n"
        head += status_line(res)
        out = SHADOW.sub("[ASan shadow byte map omitted]\n", res.output)
        return "\n".join(x for x in (rebuilt, head + ctx.cut(out, max(ctx.max_output - 500, 1000))) if x)


def select_repo_frame(root: str) -> str:
    """A one-line gdb command (gdb's Python) that, when the program stopped inside the sanitizer's
    runtime (its report's `Die`, or an abort), selects the innermost frame whose source is under
    `root` and says so; at any other stop it does nothing."""
    code = ("try:\n"
            " f = gdb.selected_frame(); n = f.name() or ''\n"
            " if any(k in n for k in ('__sanitizer', '__asan', '__ubsan', 'abort', 'raise')):\n"
            "  level = 0\n"
            "  while f is not None:\n"
            "   s = f.find_sal(); p = s.symtab.fullname() if s.symtab else ''\n"
            f"   if p.startswith({root + '/'!r}):\n"
            "    f.select(); print('[selected frame #%d (%s), the innermost one in the repository]' % (level, f.name())); "
            "gdb.execute('frame'); break\n"
            "   f = f.older(); level += 1\n"
            "except gdb.error:\n pass\n")
    return f"python exec({code!r})"


def _bps(st: GdbState) -> str:
    return ", ".join(loc + (f" if {c}" if c else "") for loc, c in st.breakpoints) or "none"


GDB_TOOLS = [Gdb]
