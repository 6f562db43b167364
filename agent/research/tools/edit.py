"""Editing the sandbox workspace, recording facts, and ending a phase."""
from __future__ import annotations

from agent.research.tools.base import (
    Concluded,
    Observation,
    Submitted,
    Tool,
    ToolContext,
    ToolError,
    rel_path,
)
from agent.research.tools import ledger
from sandbox import SandboxDead, SandboxError


class Edit(Tool):
    acts = True
    name = "edit"
    description = ("Edit a file of the workspace: replace a snippet `old` that occurs exactly once with `new`, "
                   "or replace lines `start`..`end` (inclusive, 1-based; end = start - 1 inserts before start) "
                   "with `new`. Python files must still parse. Tests and CI files cannot be edited.")
    parameters = {"type": "object", "properties": {
        "path": {"type": "string"},
        "new": {"type": "string", "description": "the replacement text (keep the indentation right)"},
        "old": {"type": "string", "description": "a snippet that occurs exactly once"},
        "start": {"type": "integer"}, "end": {"type": "integer"}},
        "required": ["path", "new"]}

    def __call__(self, ctx: ToolContext, path: str, new: str, old: str | None = None, start: int | None = None,
                 end: int | None = None) -> Observation:
        p = rel_path(ctx, path)
        if ctx.protected(p):
            raise ToolError(f"{p} is a test or CI file: a fix may not change it (the tests are the evidence)")
        try:
            text = ctx.sb.read(p)
        except SandboxDead:
            raise
        except SandboxError as exc:
            raise ToolError(f"cannot read {p}: {exc}") from None
        lines = text.splitlines(keepends=True)
        if old is not None:
            count = text.count(old)
            if count != 1:
                raise ToolError(f"`old` occurs {count} times in {p}; it must occur exactly once "
                                f"(add surrounding lines, or use start/end)")
            at = text.index(old)
            first = text.count("\n", 0, at) + 1
            last = first + old.count("\n") - (1 if old.endswith("\n") else 0)
            updated = text[:at] + new + text[at + len(old):]
        elif start is not None:
            end = start if end is None else end
            if not (1 <= start <= len(lines) + 1) or not (start - 1 <= end <= len(lines)):
                raise ToolError(f"bad range {start}..{end} for {p} ({len(lines)} lines)")
            body = new if new.endswith("\n") or not new else new + "\n"
            updated = "".join(lines[:start - 1]) + body + "".join(lines[end:])
            first, last = start, end
        else:
            raise ToolError("give either `old` (a unique snippet) or `start`/`end` (a line range)")
        if p.endswith(".py"):
            try:
                compile(updated, p, "exec", dont_inherit=True)
            except SyntaxError as exc:
                raise ToolError(f"not applied: {p} would not parse: {exc.msg} at line {exc.lineno}") from None
        ctx.sb.write(p, updated)
        ledger.ledger(ctx).wrote = (p, updated)
        delta = updated.count("\n") - text.count("\n")
        ctx.edits.append({"path": p, "start": first, "end": last, "delta": delta})
        notes = ctx.fire("edit", path=p, start=first, end=last, delta=delta)   # e.g. breakpoints moved
        new_lines = updated.splitlines()
        lo, hi = max(first - 3, 1), min(max(last + delta, first) + 3, len(new_lines))
        window = "\n".join(f"{n:5} {new_lines[n - 1]}" for n in range(lo, hi + 1))
        note = "".join(f"\n[{n}]" for n in notes)
        return self.ok(f"edited {p} (lines {first}-{last}, {delta:+d} lines). Now:\n{window}{note}")


class Submit(Tool):
    name = "submit"
    description = ("Submit the workspace's changes as the fix. The patch is then validated: the crash must be "
                   "gone on every try and no test that passed may fail. If validation fails you get the reason "
                   "and can keep editing and submit again.")
    parameters = {"type": "object", "properties": {
        "summary": {"type": "string", "description": "one line: what the patch changes and why"}},
        "required": ["summary"]}

    def __call__(self, ctx: ToolContext, summary: str) -> Observation:
        diff = ctx.sb.diff()
        refused = ledger.refusal(ctx, diff)    # security: only what the model's actions changed is submitted
        if refused:
            raise ToolError(refused)
        if not diff.strip():
            raise ToolError("the workspace has no changes to submit: edit first")
        touched = [line[6:] for line in diff.splitlines() if line.startswith("+++ b/")]
        bad = [p for p in touched if ctx.protected(p)]
        if bad:
            raise ToolError(f"the patch changes test/CI files ({', '.join(bad)}); revert them first")
        raise Submitted(diff, summary.strip().splitlines()[0][:200] if summary.strip() else "llm patch")


class Note(Tool):
    name = "note"
    description = ("Record one fact you established, with its source (file:line, a commit sha, `pdb`, a command). "
                   "Only the noted facts (not this conversation) are handed to the person who writes the fix, "
                   "so note everything the fix depends on: values seen, the faulty line, the intended behaviour.")
    parameters = {"type": "object", "properties": {
        "fact": {"type": "string"},
        "source": {"type": "string", "description": "where you saw it"},
        "kind": {"type": "string", "enum": ["code", "debugger", "history", "test", "hypothesis", "other"]}},
        "required": ["fact", "source"]}

    def __call__(self, ctx: ToolContext, fact: str, source: str, kind: str = "other") -> Observation:
        if not fact.strip() or not source.strip():
            raise ToolError("a fact needs text and a source")
        ctx.memory.add(f"agent:{kind}", fact[:2000], source[:200])
        return self.ok(f"noted ({len(ctx.memory.facts)} facts in memory)")


class Conclude(Tool):
    name = "conclude"
    description = "End the investigation: state the root cause and the smallest fix you propose."
    parameters = {"type": "object", "properties": {
        "root_cause": {"type": "string"}, "fix": {"type": "string", "description": "the minimal change proposed"}},
        "required": ["root_cause", "fix"]}

    def __call__(self, ctx: ToolContext, root_cause: str, fix: str) -> Observation:
        ctx.memory.add("agent:root_cause", root_cause[:2000], "analysis")
        ctx.memory.add("agent:fix_plan", fix[:2000], "analysis")
        raise Concluded(root_cause)


EDIT_TOOLS = [Edit, Submit]
