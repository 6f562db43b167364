"""Tools on the workspace as a whole: the tests (against the baseline), the patch so far, Python
code given as a string, and a hypothesis tried on a scratch tree (apply, run, discard)."""
from __future__ import annotations

import itertools
from typing import Callable

from agent.excerpt import failure_excerpt
from agent.judge.named_test import narrowed
from agent.judge.testrun import SCRATCH, TestOutcome, ensure_scratch, is_pytest, node_id, run_tests
from agent.research.tools.base import Observation, Tool, ToolContext, ToolError
from agent.research.tools.dynamic import SCRUBBED_ENV, rebuild_if_changed, status_line
from sandbox import PatchFailed, SandboxDead, SandboxError, contain

OUTPUT = 4000                      # characters of a test or program output shown
SNIPPET = f"{SCRATCH}/snippet.py"
_snippets = itertools.count(1)


def on_tree(ctx: ToolContext, diff: str, fn: Callable[[], object], why: str):
    """Run `fn` on the unedited tree with `diff` applied, then put the model's edits back. Every tool
    is told (`on_reset`): a debugger session ran the other tree's code."""
    saved = ctx.sb.diff()
    ctx.fire("reset", why=why)
    ctx.sb.reset()
    try:
        if diff.strip():
            ctx.sb.apply_patch(diff)
        return fn()
    finally:
        ctx.sb.reset()
        if saved.strip():
            ctx.sb.apply_patch(saved)


def baseline(ctx: ToolContext) -> TestOutcome | None:
    """The test results of the unedited tree (the validator's when the run has them; else measured
    once, on the unedited tree)."""
    if "baseline" not in ctx.state and ctx.test_cmd:
        ctx.state["baseline"] = on_tree(ctx, "", lambda: run_tests(ctx.sb, ctx.test_cmd, timeout=ctx.timeout),
                                        "the tests ran on the unedited tree (the baseline)")
    return ctx.state.get("baseline")


def repo_py_files(ctx: ToolContext) -> list[str]:
    return [f for f in contain.files(ctx.source, lambda name: name == ".git") if f.endswith(".py")]


def node_ids(ctx: ToolContext, names: set[str]) -> list[str]:
    """Failing tests as pytest node ids (what `run_tests`' `tests` parameter takes)."""
    files = repo_py_files(ctx)
    return sorted(node_id(n, files) or n for n in names)


def pre_existing(out: TestOutcome, base: TestOutcome | None, files: list[str]) -> set[str]:
    """The failures of `out` that failed on the unedited tree too, compared as node ids (a run of
    some nodes names them as the whole suite's run did); a test of a module that failed to collect
    before any change counts as failing before."""
    if base is None:
        return set()
    key = lambda name: node_id(name, files) or name
    before = {key(n) for n in base.failed}
    return {n for n in out.failed if key(n) in before or key(n).split("::")[0] in before}


def describe_tests(ctx: ToolContext, out: TestOutcome, base: TestOutcome | None) -> str:
    files = repo_py_files(ctx)
    text = out.summary(files)
    if out.output.startswith("(crashfix: not run"):
        text += "\n" + out.output.split("\n", 1)[0]
    old = pre_existing(out, base, files)
    new = out.failed - old
    if new:
        text += "\nfailing: " + ", ".join(node_ids(ctx, new)[:20])
    if old:
        text += ("\nfailing before any edit too (the baseline: the validator requires only that tests which "
                 "passed before still pass, and that the reported crash is gone): " + ", ".join(node_ids(ctx, old)[:20]))
    return text + "\n\n" + failure_excerpt(out.output, OUTPUT)


def run_selected(ctx: ToolContext, tests: list | None) -> TestOutcome:
    """The test command, or only the given pytest nodes, each run once (never the command's own
    files plus the nodes: agent/judge/named_test.py). Nodes of a module that failed to collect on
    the unedited tree are not run (pytest would stop at them and run none of the others): said."""
    cmd, skipped = ctx.test_cmd, []
    if tests and is_pytest(cmd):
        files = repo_py_files(ctx)
        base = ctx.state.get("baseline")
        broken = {node_id(m, files) for m in base.collect_errors} if base is not None else set()
        skipped = [str(t) for t in tests if str(t).split("::")[0] in broken]
        kept = [str(t) for t in tests if str(t) not in skipped]
        if not kept:
            return TestOutcome(command=cmd, exit_code=0, output=_skipped_note(skipped))
        cmd = narrowed(cmd, kept, files)
    out = run_tests(ctx.sb, cmd, timeout=ctx.timeout)
    if skipped:
        out.output = _skipped_note(skipped) + out.output
    return out


def _skipped_note(skipped: list[str]) -> str:
    return (f"(crashfix: not run, their module failed to collect before any edit: {', '.join(skipped)})\n")


class RunTests(Tool):
    acts = True
    name = "run_tests"
    description = ("Run the repository's test command (or only some tests: pytest node ids such as "
                   "`tests/test_x.py::test_y`) and list which tests fail, marking those that already failed "
                   "before any edit; shows the failures, and how long the run took.")
    parameters = {"type": "object", "properties": {
        "tests": {"type": "array", "items": {"type": "string"}, "description": "optional pytest node ids"}},
        "required": []}

    def __call__(self, ctx: ToolContext, tests: list | None = None) -> Observation:
        if not ctx.test_cmd:
            raise ToolError("no test command is configured for this run")
        rebuilt = rebuild_if_changed(ctx)        # compiled code: the tests run the edited program
        if "baseline" not in ctx.state and not tests and not ctx.sb.diff().strip():
            ctx.state["baseline"] = out = run_tests(ctx.sb, ctx.test_cmd, timeout=ctx.timeout)
            return self.ok(rebuilt + describe_tests(ctx, out, out))          # this run is the baseline
        base = baseline(ctx)
        out = run_selected(ctx, tests)
        return self.ok(rebuilt + describe_tests(ctx, out, base))


class Diff(Tool):
    name = "diff"
    description = "Show the workspace's patch so far (a unified diff of your edits)."
    parameters = {"type": "object", "properties": {}, "required": []}

    def __call__(self, ctx: ToolContext) -> Observation:
        diff = ctx.sb.diff()
        return self.ok(ctx.cut(diff) if diff.strip() else "(no changes: the workspace is as cloned)")


def run_python(ctx: ToolContext, code: str, timeout: float) -> str:
    ensure_scratch(ctx.sb)
    path = SNIPPET.replace(".py", f"_{next(_snippets)}.py")
    ctx.sb.write(path, code)
    res = ctx.sb.run(f"PYTHONPATH=\"$PWD:$PWD/src${{PYTHONPATH:+:$PYTHONPATH}}\" python {path}",
                     timeout=min(max(timeout, 1), ctx.timeout), env=SCRUBBED_ENV)
    return status_line(res) + failure_excerpt(res.output, OUTPUT)


class Python(Tool):
    acts = True
    name = "python"
    description = ("Run Python code given as a string (several lines are fine; no shell quoting) in the sandbox "
                   "workspace, with the repository importable. Shows its exit code and output.")
    summary = "Python code given as a string, the repository importable"     # the analysis prompt's words
    parameters = {"type": "object", "properties": {
        "code": {"type": "string"}, "timeout": {"type": "integer", "description": "seconds (default 60)"}},
        "required": ["code"]}

    def __call__(self, ctx: ToolContext, code: str, timeout: int = 60) -> Observation:
        if not code.strip():
            raise ToolError("`code` is empty")
        return self.ok(run_python(ctx, code, timeout))


class TryPatch(Tool):
    acts = True
    name = "try_patch"
    description = ("Try a hypothesis without editing: apply a unified diff to a scratch copy of the unedited "
                   "tree, run the given tests (pytest node ids) and/or Python code there, then discard it. "
                   "The workspace is left as it was.")
    parameters = {"type": "object", "properties": {
        "diff": {"type": "string", "description": "a unified diff against the repository (--- a/PATH, +++ b/PATH)"},
        "tests": {"type": "array", "items": {"type": "string"}},
        "code": {"type": "string", "description": "Python code to run on the patched tree"}},
        "required": ["diff"]}

    def __call__(self, ctx: ToolContext, diff: str, tests: list | None = None, code: str | None = None) -> Observation:
        if not tests and not (code and code.strip()):
            raise ToolError("give `tests` and/or `code` to run on the patched copy")
        if tests and not ctx.test_cmd:
            raise ToolError("no test command is configured for this run: give `code`")
        base = baseline(ctx) if tests else None

        def trial() -> str:
            parts = []
            if tests:
                out = run_selected(ctx, tests)
                parts.append("tests on the patched copy: " + describe_tests(ctx, out, base))
            if code and code.strip():
                parts.append("code on the patched copy: " + run_python(ctx, code, 60))
            return "\n\n".join(parts)

        try:
            text = on_tree(ctx, diff, trial, "a scratch patch was tried on the tree")
        except PatchFailed as exc:
            raise ToolError(f"the diff does not apply to the unedited tree: {exc}") from None
        except SandboxDead:
            raise
        except SandboxError as exc:
            raise ToolError(f"could not try the patch: {exc}") from None
        return self.ok(text + "\n\n[the scratch patch was discarded; the workspace holds your edits as before]")


WORKSPACE_TOOLS = [RunTests, Diff, Python]
