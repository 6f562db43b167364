"""Recorded research-agent trajectories exported as chat-format training data, the run's outcome attached.

A run folder holds ``trajectories/traj-<n>.json`` (agent/research/loop.py saves one per trajectory:
the analysis conversation, the conversation of the phase it ended in, its submits) beside
``result.json``, and ``trajectories/repro-1.json`` when the reproduction phase (rung 5) ran. Each conversation becomes one example in OpenAI's fine-tuning chat format with
tools::

    {"messages": [system, user, assistant (tool_calls), tool, ...],
     "tools": [{"type": "function", "function": {...}}, ...],
     "metadata": {"outcome": "fixed", "validated": true, "phase": "analysis", ...}}

``tools`` are the phase's tools as crashfix defines them now (agent/research/tools), chosen by the phase the
conversation's system prompt names and the report's kind (pdb for Python, gdb for native code).
``validated``: a patch of this trajectory passed validation (for the reproduction phase: crashfix
accepted its reproducer on the unpatched tree); ``outcome``: the run's status. Every
string goes through agent/redact.py. ``metadata`` is crashfix's own key: a trainer that rejects
unknown keys wants it dropped.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, TextIO

from agent.redact import redact_obj
from agent.reports.model import CrashReport
from agent.research.tools import analysis_toolbox, every_tool, reproduction_toolbox, synthesis_toolbox

log = logging.getLogger(__name__)

FORMATS = ("openai-jsonl",)
MESSAGE_KEYS = {"system": ("content",), "user": ("content",), "assistant": ("content", "tool_calls"),
                "tool": ("tool_call_id", "content")}
PHASE = re.compile(r"phase: ([A-Z]+)")
GLOBS = ("traj-*.json", "repro-*.json")   # research trajectories; the reproduction phase (rung 5)


class ExportError(Exception):
    """The export cannot go on (nothing to read, an unknown format); the message says why."""


@dataclass
class ExportSummary:
    runs: int = 0
    trajectories: int = 0
    examples: int = 0
    validated: int = 0
    skipped: list[str] = field(default_factory=list)     # "<file>: why", for files that could not be read


def find_runs(paths: list[Path]) -> list[Path]:
    """The run folders (holding trajectories/traj-*.json) at or under ``paths``, sorted, each once."""
    runs: set[Path] = set()
    for path in paths:
        if not path.exists():
            raise ExportError(f"no such file or folder: {path}")
        if path.is_file() and any(path.match(f"trajectories/{g}") for g in GLOBS):
            runs.add(path.parent.parent)
            continue
        runs.update(p.parent.parent for g in GLOBS for p in path.rglob(f"trajectories/{g}"))
    return sorted(runs)


def export(paths: list[Path], out: TextIO, *, fmt: str = "openai-jsonl", only_validated: bool = False,
           secrets: tuple[str, ...] = ()) -> ExportSummary:
    """Write one JSON line per conversation of every trajectory found under ``paths``."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    summary = ExportSummary()
    for run in find_runs(paths):
        summary.runs += 1
        for example in run_examples(run, summary):
            if only_validated and not example["metadata"]["validated"]:
                continue
            out.write(json.dumps(redact_obj(example, *secrets), ensure_ascii=False) + "\n")
            summary.examples += 1
            summary.validated += bool(example["metadata"]["validated"])
    return summary


def run_examples(run: Path, summary: ExportSummary) -> Iterator[dict]:
    result = _read(run / "result.json", summary) or {}
    report = _report(result.get("report"))
    fix = (result.get("fix") or {}).get("description") or ""
    paths = sorted(run.glob("trajectories/repro-*.json"), key=_number) \
        + sorted(run.glob("trajectories/traj-*.json"), key=_number)
    for path in paths:
        traj = _read(path, summary)
        if traj is None:
            continue
        summary.trajectories += 1
        if path.name.startswith("repro-"):   # rung 5: crashfix accepted the reproducer (checked, not claimed)
            validated = chosen = traj.get("status") == "reproduced"
        else:
            validated = any(s.get("validated") for s in traj.get("submissions", []))
            chosen = fix.endswith(f"(llm, trajectory {traj.get('n')})")
        base = {"run": run.name, "trajectory": traj.get("n"), "outcome": result.get("status", "unknown"),
                "validated": validated, "chosen": chosen,
                "trajectory_status": traj.get("status"), "model": traj.get("model"),
                "replay": bool(traj.get("replay")), "crash": report.type if report else None}
        for messages in conversations(traj):
            example = conversation(messages, report)
            if example is not None:
                example["metadata"] = {**base, "phase": example.pop("phase")}
                yield example


def conversations(traj: dict) -> list[list[dict]]:
    """The trajectory's conversations in order: each earlier phase's (``analysis_messages``, any other
    ``*_messages``), then the one it ended in (``messages``)."""
    earlier = [v for k, v in traj.items() if k.endswith("_messages") and isinstance(v, list)]
    current = traj.get("messages")
    return [m for m in earlier + [current] if m]


def conversation(messages: list[dict], report: CrashReport | None) -> dict | None:
    """One conversation in the chat format, up to its last complete turn: an answer, or tool calls and their
    results (None: no assistant turn)."""
    clean = [_message(m) for m in messages if m.get("role") in MESSAGE_KEYS]
    while clean and (clean[-1]["role"] in ("system", "user") or clean[-1].get("tool_calls")):
        clean.pop()              # a prompt no answer followed, or calls no tool answered (an interrupted run)
    if not any(m["role"] == "assistant" for m in clean):
        return None
    system = next((m["content"] for m in clean if m["role"] == "system"), "") or ""
    found = PHASE.search(system)
    phase = found.group(1).lower() if found else "unknown"
    return {"messages": clean, "tools": tools_for(phase, report), "phase": phase}


def tools_for(phase: str, report: CrashReport | None) -> list[dict]:
    box = {"analysis": analysis_toolbox, "synthesis": synthesis_toolbox,
           "reproduction": reproduction_toolbox}.get(phase, every_tool)(report)
    return box.schemas()


def _message(m: dict) -> dict:
    out = {"role": m["role"]}
    for key in MESSAGE_KEYS[m["role"]]:
        if key in m and m[key] is not None:
            out[key] = m[key]
    if m["role"] == "assistant" and "content" not in out:
        out["content"] = ""
    return out


def _report(data: dict | None) -> CrashReport | None:
    """The report's kind, type and title: all the tool choice needs (the debugger follows the kind)."""
    if not isinstance(data, dict) or not data.get("kind"):
        return None
    return CrashReport(kind=data["kind"], type=data.get("type", ""), title=data.get("title", ""))


def _number(path: Path) -> int:
    digits = path.stem.rsplit("-", 1)[-1]
    return int(digits) if digits.isdigit() else 0


def _read(path: Path, summary: ExportSummary) -> dict | None:
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        summary.skipped.append(f"{path}: {exc}")
        log.warning("skipped %s: %s", path, exc)
        return None
    if not isinstance(data, dict):
        summary.skipped.append(f"{path}: not a JSON object")
        return None
    return data
