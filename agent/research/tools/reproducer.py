"""The reproduction phase's own tools (rung 5): write a NEW test file, and have crashfix check that it
fails with the reported crash on the unpatched tree. Existing files stay as they are: `edit` is refused.

The check itself is not the model's: the loop puts crashfix's checker (agent/python/ladder/reproducer.py) in
`ctx.state[CHECK]`; an accepted reproducer lands in `ctx.state[FOUND]`, every check in `ctx.state[CHECKS]`.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import PurePosixPath

from agent.excerpt import failure_excerpt
from agent.research.tools.base import Observation, Tool, ToolContext, ToolError, rel_path
from agent.research.tools.edit import Edit

CHECK, CHECKS, FOUND, WRITTEN = "reproducer_check", "reproducer_checks", "reproducer_found", "reproducer_written"
SHOWN = 3000                 # characters of a refused reproducer's output shown to the model


@dataclass(frozen=True)
class Check:
    """What crashfix saw running a candidate reproducer on the unpatched tree."""
    path: str
    command: str             # the failing node alone when it matched, else the file
    hit: bool
    why: str                 # one line: the run against the reported signature
    exit_code: int
    output: str

    def to_dict(self) -> dict:
        return {**asdict(self), "output": self.output[-2000:]}


@dataclass(frozen=True)
class Reproducer:
    """The accepted reproducer: a new test file and the command that runs its failing node."""
    path: str
    text: str
    command: str
    why: str


def is_new_test_name(path: str) -> bool:
    name = PurePosixPath(path).name
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def changed_existing(diff: str) -> list[str]:
    """The files a workspace diff changes that existed before (new files are not listed)."""
    blocks = re.split(r"^(?=diff --git )", diff, flags=re.M)
    return [m.group(1) for b in blocks if (m := re.match(r"diff --git a/(\S+) ", b)) and "\nnew file mode" not in b]


class WriteTest(Tool):
    name = "write_test"
    description = ("Write a NEW pytest test file (a path that does not exist in the repository, named "
                   "test_*.py, e.g. tests/test_crash_repro.py) holding a test that should fail with the reported "
                   "crash. Existing files cannot be changed in this phase; a file you wrote may be rewritten.")
    parameters = {"type": "object", "properties": {
        "path": {"type": "string", "description": "the new file, relative to the repository root"},
        "content": {"type": "string", "description": "the whole file"}},
        "required": ["path", "content"]}

    def __call__(self, ctx: ToolContext, path: str, content: str) -> Observation:
        p = rel_path(ctx, path)
        if not is_new_test_name(p):
            raise ToolError(f"{p} is not a test file name: write a new test_*.py file (e.g. tests/test_crash_repro.py)")
        written = ctx.state.setdefault(WRITTEN, {})
        if p not in written and (ctx.source / p).exists():
            raise ToolError(f"refused: {p} exists in the repository; the reproduction phase writes new test "
                            "files only (existing files cannot be edited): choose a new name")
        try:
            compile(content, p, "exec", dont_inherit=True)
        except SyntaxError as exc:
            raise ToolError(f"not written: {p} would not parse: {exc.msg} at line {exc.lineno}") from None
        ctx.sb.write(p, content)
        written[p] = content
        return self.ok(f"wrote {p} ({content.count(chr(10)) + 1} lines). `check_reproducer` runs it on the "
                       "unpatched tree and says whether it fails with the reported crash.")


class CheckReproducer(Tool):
    name = "check_reproducer"
    description = ("Have crashfix run a test file you wrote on the unpatched tree and check that it fails with "
                   "the reported crash (same exception type, raised through the reported function). Accepted: "
                   "the phase ends and the test becomes the regression test. Refused: you get the reason and "
                   "the failure output.")
    parameters = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}

    def __call__(self, ctx: ToolContext, path: str) -> Observation:
        p = rel_path(ctx, path)
        written = ctx.state.get(WRITTEN, {})
        if p not in written:
            raise ToolError(f"{p} was not written in this phase: write the reproducer with `write_test` first")
        changed = changed_existing(ctx.sb.diff())
        if changed:
            ctx.sb.reset()                       # the unpatched tree again, with the new files put back
            for name, text in written.items():
                ctx.sb.write(name, text)
            raise ToolError(f"refused: existing files were changed ({', '.join(changed[:5])}); crashfix restored "
                            "them: a reproducer must fail on the unpatched tree. Only new test files may be written.")
        check: Check = ctx.state[CHECK](ctx.sb, p)
        ctx.state.setdefault(CHECKS, []).append(check)
        if check.hit:
            ctx.state[FOUND] = Reproducer(p, written[p], check.command, check.why)
            return self.ok(f"ACCEPTED: `{check.command}` fails with {check.why}. The reproduction phase is done.")
        return self.fail(f"REFUSED: `{check.command}` (exit {check.exit_code}): {check.why}.\n\n"
                         f"{failure_excerpt(check.output, SHOWN)}")


class NoEdit(Edit):
    description = "Not available in the reproduction phase: existing files cannot be changed. Use `write_test`."

    def __call__(self, ctx: ToolContext, path: str = "", **args) -> Observation:
        return self.fail(f"refused: {path or 'that file'} is not changed; the reproduction phase writes new test "
                         "files only (`write_test`), and the fix comes after a reproducer is accepted")


REPRODUCTION_TOOLS = [WriteTest, CheckReproducer, NoEdit]
