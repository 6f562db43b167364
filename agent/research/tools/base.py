"""What every tool is, what it sees (ToolContext), and the dispatcher that turns a model's
tool call (a name and raw JSON arguments) into an Observation.

A tool's recoverable failure is an ``Observation(ok=False)`` the model reads and acts on;
a dead sandbox (``SandboxDead``) and budget exhaustion propagate and end the trajectory.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from agent.memory import Memory
from agent.reports.model import CrashReport
from agent.research.tools import ledger
from sandbox import Sandbox, SandboxDead, SandboxError

log = logging.getLogger(__name__)

MAX_OUTPUT = 8000          # characters of one observation the context can afford


@dataclass(frozen=True)
class Observation:
    tool: str
    text: str
    ok: bool = True


class ToolError(Exception):
    """A recoverable failure: the model gets the message as an ok=False observation."""


class Submitted(Exception):
    """Raised by `submit` to hand the workspace's diff to the loop."""

    def __init__(self, diff: str, summary: str):
        super().__init__(summary)
        self.diff, self.summary = diff, summary


class Concluded(Exception):
    """Raised by `conclude` to end the analysis phase."""

    def __init__(self, root_cause: str):
        super().__init__(root_cause)
        self.root_cause = root_cause


@dataclass
class ToolContext:
    """What the tools of one trajectory work on."""
    sb: Sandbox                          # the trajectory's own workspace (dynamic tools, edits)
    source: Path                         # host-side clone, read-only (research tools)
    memory: Memory
    report: CrashReport | None = None
    repro_cmd: str | None = None
    test_cmd: str | None = None
    timeout: float = 120.0               # per command in the sandbox
    max_output: int = MAX_OUTPUT
    protected: Callable[[str], bool] = lambda path: False
    has_history: bool = True             # the source is a git repository with real commits
    state: dict[str, Any] = field(default_factory=dict)   # per-tool state (the pdb session…)
    edits: list[dict] = field(default_factory=list)       # what `edit` changed, for moving breakpoints
    toolbox: "Toolbox | None" = None     # the box of the call under way (set by Toolbox.call), for `fire`

    def cut(self, text: str, limit: int | None = None) -> str:
        return cut(text, limit or self.max_output)

    def fire(self, event: str, **args) -> list[str]:
        """Tell every tool of the current box about an event (`Toolbox.fire`); their notes."""
        return self.toolbox.fire(self, event, **args) if self.toolbox is not None else []


def cut(text: str, limit: int = MAX_OUTPUT) -> str:
    """Keep the head and the tail, and say how much was cut in between."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 2 // 3], text[-(limit // 3):]
    dropped = len(text) - len(head) - len(tail)
    lines = text[len(head): len(text) - len(tail)].count("\n")
    return f"{head}\n[... {dropped} characters ({lines} lines) cut to fit the context ...]\n{tail}"


class Tool:
    """A tool: name, description, JSON-schema parameters, ``__call__(ctx, **args) -> Observation``."""
    name: str = ""
    description: str = ""
    parameters: dict = {"type": "object", "properties": {}, "required": []}
    acts: bool = False      # it runs or changes something in the sandbox: the ledger brackets it, and puts back
                            # what it changed unless it is `edit` (ledger.py)

    def __call__(self, ctx: ToolContext, **args) -> Observation:
        raise NotImplementedError

    # lifecycle hooks (debug-gym's on_<event>): the loop fires them on every tool, naming none
    def on_edit(self, ctx: ToolContext, path: str, start: int, end: int, delta: int) -> list[str]:
        """`path` lines start..end were replaced, `delta` lines added; notes for the model."""
        return []

    def on_reset(self, ctx: ToolContext, why: str) -> list[str]:
        """The workspace was reset or changed under the tool (validation); drop live sessions."""
        return []

    def on_close(self, ctx: ToolContext) -> list[str]:
        """The trajectory ends: release what the tool holds."""
        return []

    def state(self, ctx: ToolContext) -> dict | None:
        """What to save with the trajectory for a resume (JSON), or None."""
        return None

    def restore(self, ctx: ToolContext, saved: dict, why: str) -> None:
        """Take back what `state` saved, in a fresh workspace."""

    def schema(self) -> dict:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}

    def ok(self, text: str) -> Observation:
        return Observation(self.name, text, True)

    def fail(self, text: str) -> Observation:
        return Observation(self.name, text, False)


def check_args(tool: Tool, args: Any) -> str | None:
    """A short complaint when the arguments do not fit the tool's schema, else None."""
    if not isinstance(args, dict):
        return f"arguments must be a JSON object, got {type(args).__name__}"
    props = tool.parameters.get("properties", {})
    missing = [p for p in tool.parameters.get("required", []) if p not in args]
    if missing:
        return f"missing required argument(s): {', '.join(missing)}"
    unknown = [a for a in args if a not in props]
    if unknown:
        return f"unknown argument(s): {', '.join(unknown)} (accepted: {', '.join(props) or 'none'})"
    types = {"string": str, "integer": int, "boolean": bool, "number": (int, float), "array": list, "object": dict}
    for name, value in args.items():
        want = props[name].get("type")
        if want in types and not isinstance(value, types[want]) or (want == "integer" and isinstance(value, bool)):
            return f"argument {name!r} must be of type {want}, got {type(value).__name__}"
    return None


class Toolbox:
    """The tools one phase offers, and the dispatcher (one of the three places that catch broadly)."""

    def __init__(self, tools: list[Tool]):
        self.tools = {t.name: t for t in tools}

    def schemas(self) -> list[dict]:
        return [t.schema() for t in self.tools.values()]

    def fire(self, ctx: ToolContext, event: str, **args) -> list[str]:
        """Call every tool's `on_<event>` hook (edit, reset, close); the notes they return."""
        notes: list[str] = []
        for tool in self.tools.values():
            notes += getattr(tool, f"on_{event}")(ctx, **args) or []
        return notes

    def states(self, ctx: ToolContext) -> dict[str, dict]:
        return {name: st for name, tool in self.tools.items() if (st := tool.state(ctx)) is not None}

    def restore(self, ctx: ToolContext, saved: dict[str, dict], why: str) -> None:
        for name, tool in self.tools.items():
            if saved.get(name):
                tool.restore(ctx, saved[name], why)

    def call(self, ctx: ToolContext, name: str, raw_args: str | dict | None) -> Observation:
        tool = self.tools.get(name)
        if tool is None:
            return Observation(name or "?", f"unknown tool {name!r}; the tools are: {', '.join(self.tools)}", False)
        if isinstance(raw_args, dict):
            args = raw_args
        else:
            try:
                args = json.loads(raw_args) if raw_args and raw_args.strip() else {}
            except json.JSONDecodeError as exc:
                return Observation(name, f"the arguments are not valid JSON ({exc.msg} at character {exc.pos}): "
                                         f"{str(raw_args)[:300]!r}. Call {name} again with a JSON object.", False)
        problem = check_args(tool, args)
        if problem:
            return Observation(name, f"{problem}. Parameters: {json.dumps(tool.parameters)}", False)
        ctx.toolbox = self
        notes: list[str] = []
        try:
            before = ledger.check(ctx, name) if tool.acts else None
            try:
                obs = tool(ctx, **args)
            finally:
                if tool.acts:
                    notes = ledger.account(ctx, name, before)
        except (Submitted, Concluded, SandboxDead):
            raise
        except ToolError as exc:
            return Observation(name, str(exc) + "".join(f"\n[crashfix: {n}]" for n in notes), False)
        except SandboxError as exc:
            return Observation(name, f"sandbox error: {exc}", False)
        except Exception as exc:  # noqa: BLE001 -- the tool dispatcher is an edge: report, go on
            log.exception("tool %s failed", name)
            return Observation(name, f"{name} failed: {type(exc).__name__}: {exc}", False)
        # tools cut their own long parts; this is the backstop (with room for their headers)
        text = ctx.cut(obs.text, ctx.max_output + 1000) + "".join(f"\n[crashfix: {n}]" for n in notes)
        return Observation(obs.tool, text, obs.ok)


def rel_path(ctx: ToolContext, path: str) -> str:
    """A repo-relative path (the model may say /workspace/x, ./x or the sandbox's absolute path)."""
    p = path.strip()
    workdir = getattr(ctx.sb, "workdir", "") or ""
    for prefix in (workdir.rstrip("/") + "/", "/workspace/", "./"):
        if prefix != "/" and p.startswith(prefix):
            p = p[len(prefix):]
    if p.startswith("/") or ".." in Path(p).parts:
        raise ToolError(f"path {path!r} must be relative to the repository root")
    return p or "."
