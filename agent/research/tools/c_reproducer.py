"""The reproduction phase's tools on a C/C++ tree: write NEW files in crashfix's scratch folder (a C
program, a shell recipe, input files), and have crashfix compile and run a reproducer there and check
that it crashes as reported. The tree's files stay as they are: `edit` is refused.

The check is not the model's: the native path (agent/native/model_repro.py) puts its checker in
`ctx.state[CHECK]` (it compiles the program against the tree with the report's sanitizers, runs the
command with the report's sanitizer settings and matches the output by the C path's own rule); an
accepted reproducer lands in `ctx.state[FOUND]`, every check in `ctx.state[CHECKS]`. The checker takes
(sandbox, program path or None, command) and gives (Check, the command that compiled the program or None).
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from agent.excerpt import failure_excerpt
from agent.judge.testrun import SCRATCH, ensure_scratch
from agent.research.tools.base import Observation, Tool, ToolContext, ToolError
from agent.research.tools.edit import Edit
from agent.research.tools.reproducer import CHECK, CHECKS, FOUND, SHOWN, WRITTEN, Check, changed_existing

NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,80}$")
PROGRAM = re.compile(r"\.(?:c|cc|cpp)$")
MAX_FILE = 1 << 20           # bytes of one file the model writes (an input file may be binary-ish, not large)


@dataclass(frozen=True)
class CReproducer:
    """The accepted reproducer: the files written (by path in the scratch folder), the command that
    compiles its program (None: a recipe alone) and the command that crashes."""
    files: dict[str, str]
    prepare: str | None
    command: str
    why: str
    path: str = ""           # the program's source ("" : a recipe alone)


def scratch_path(name: str) -> str:
    """Where a file the model names lands: the scratch folder, a plain file name (no folder, no `..`)."""
    name = (name or "").strip()
    if name.startswith(SCRATCH + "/"):
        name = name[len(SCRATCH) + 1:]
    if not NAME.match(name) or ".." in name:
        raise ToolError(f"refused: {name!r} is not a plain file name (letters, digits, `_.+-`; no folder): files "
                        f"of this phase are written in crashfix's scratch folder {SCRATCH}/, e.g. `repro.c`, "
                        "`poc.ini`, `run.sh`")
    return f"{SCRATCH}/{name}"


def restore_tree(ctx: ToolContext) -> list[str]:
    """The tree's tracked files changed (by a `run` command): reset them, put the phase's files back;
    the changed files' names (empty when none)."""
    changed = changed_existing(ctx.sb.diff())
    if changed:
        ctx.sb.reset()
        ensure_scratch(ctx.sb)
        for path, text in ctx.state.get(WRITTEN, {}).items():
            ctx.sb.write(path, text)
    return changed


class WriteFile(Tool):
    name = "write_file"
    description = (f"Write a NEW file in crashfix's scratch folder {SCRATCH}/ (outside the tree): a C program "
                   "(`repro.c`, with a `main`, calling the library as a user would; crashfix compiles it against "
                   "the tree's headers and built library), a shell recipe (`run.sh`) or an input file "
                   "(`poc.ini`). Give a plain file name. The tree's own files cannot be changed in this phase; a "
                   "file you wrote may be rewritten. Only the files written so travel with the reproducer: an input of bytes "
                   "that are not text is made by its command (a `run.sh` with `printf '\\x00...' > file`) or its program.")
    parameters = {"type": "object", "properties": {
        "name": {"type": "string", "description": "a plain file name, e.g. repro.c (it lands in the scratch folder)"},
        "content": {"type": "string", "description": "the whole file"}},
        "required": ["name", "content"]}

    def __call__(self, ctx: ToolContext, name: str, content: str) -> Observation:
        path = scratch_path(name)
        if len(content.encode("utf-8", "surrogateescape")) > MAX_FILE:
            raise ToolError(f"not written: {path} would be over {MAX_FILE} bytes")
        written = ctx.state.setdefault(WRITTEN, {})
        if path not in written and ctx.sb.run(f"test -e {shlex.quote(path)}", timeout=30).ok:
            raise ToolError(f"refused: {path} exists and was not written in this phase (crashfix's own file): "
                            "choose a new name")
        ensure_scratch(ctx.sb)
        ctx.sb.write(path, content)
        written[path] = content
        return self.ok(f"wrote {path} ({content.count(chr(10)) + 1} lines). `check_reproducer` compiles a program "
                       "and runs a command, and says whether it crashes as reported.")


class CheckCReproducer(Tool):
    name = "check_reproducer"
    description = ("Have crashfix check a reproducer on the unchanged tree: it compiles `program` (a C/C++ file "
                   "you wrote; crashfix's own command, with the report's sanitizers, against the tree's headers "
                   f"and built library, to {SCRATCH}/<name without .c>), then runs `command` from the tree's root "
                   "with the report's sanitizer settings (no `command`: the compiled program alone). Accepted "
                   "only when the sanitizer (or gdb) output shows the reported crash, in the reported function "
                   "of the tree: the phase ends and it becomes the run's reproduction. Refused: the reason "
                   "(it does not compile, no crash, a different crash) and the output.")
    parameters = {"type": "object", "properties": {
        "program": {"type": "string", "description": "a C/C++ file written with write_file (optional)"},
        "command": {"type": "string", "description": "the shell command that crashes, run from the tree's root "
                                                     "(optional when a program is given)"}},
        "required": []}

    def __call__(self, ctx: ToolContext, program: str = "", command: str = "") -> Observation:
        written = ctx.state.get(WRITTEN, {})
        src = scratch_path(program) if program else None
        if src is not None and (src not in written or not PROGRAM.search(src)):
            raise ToolError(f"{src} is not a C/C++ program written in this phase: write it with `write_file` "
                            "first (a name ending .c or .cpp)")
        if src is None and not command.strip():
            raise ToolError("give a `program` to compile and run, or a `command` that crashes")
        if not written:
            raise ToolError("nothing was written in this phase: write the reproducer with `write_file` first")
        changed = restore_tree(ctx)
        if changed:
            raise ToolError(f"refused: the tree's files were changed ({', '.join(changed[:5])}); crashfix restored "
                            "them: a reproducer must crash the unchanged tree. Only new files in the scratch "
                            "folder may be written.")
        check, prepare = ctx.state[CHECK](ctx.sb, src, command.strip())
        changed = restore_tree(ctx)
        if changed:
            check = Check(check.path, check.command, False, f"the command changed the tree's files "
                          f"({', '.join(changed[:5])}; crashfix restored them): a reproducer may not change the "
                          "code it crashes", check.exit_code, check.output)
        ctx.state.setdefault(CHECKS, []).append(check)
        if check.hit:
            # its program and every other file written (inputs, recipes); not the other programs: only
            # this one is compiled where it runs again
            files = {p: t for p, t in written.items() if p == src or not PROGRAM.search(p)}
            ctx.state[FOUND] = CReproducer(files, prepare, check.command, check.why, src or "")
            return self.ok(f"ACCEPTED: `{check.command}` crashes with {check.why}. The reproduction phase is done.")
        return self.fail(f"REFUSED: `{check.command}` (exit {check.exit_code}): {check.why}.\n\n"
                         f"{failure_excerpt(check.output, SHOWN)}")


class NoEditC(Edit):
    description = ("Not available in the reproduction phase: the tree's files cannot be changed. Use `write_file` "
                   "for new files in the scratch folder.")

    def __call__(self, ctx: ToolContext, path: str = "", **args) -> Observation:
        return self.fail(f"refused: {path or 'that file'} is not changed; the reproduction phase writes new files in "
                         "the scratch folder only (`write_file`), and the fix comes after a reproducer is accepted")


C_REPRODUCTION_TOOLS = [WriteFile, CheckCReproducer, NoEditC]
