"""Triage a parsed crash report: labels, a short markdown comment, a dedup signature. Pure."""
from __future__ import annotations

from dataclasses import dataclass, field

from agent.reports.model import CrashReport, Frame
from agent.reports.paths import map_to_repo

_LABELS = {"python": "crash:python", "kernel": "crash:kernel", "sanitizer": "crash:sanitizer",
           "gdb": "crash:sanitizer", "cdb": "crash:sanitizer", "go": "crash:sanitizer", "java": "crash:sanitizer", "rust": "crash:sanitizer"}


@dataclass(frozen=True)
class Triage:
    labels: list[str] = field(default_factory=list)
    comment: str = ""
    signature: str = ""


def _where(frame: Frame) -> str:
    if frame.file and frame.line:
        return f"{frame.file}:{frame.line}"
    return frame.file or (frame.module or "")


def _md(text: str) -> str:
    return text.replace("`", "'")


def triage(report: CrashReport, repo_files: list[str] | None = None) -> Triage:
    labels = [_LABELS.get(report.kind, f"crash:{report.kind}")]
    lines = [f"**crashfix** parsed a **{report.kind}** crash: `{_md(report.type)}`",
             "", f"> {_md(report.title)}"]
    if report.message and report.message not in report.title:
        msg = report.message.strip().splitlines()[0][:200]
        lines.append(f"> {_md(msg)}")
    if report.corrupted:
        lines.append("")
        lines.append("_The report looks truncated or interleaved with other output; the title may be imprecise._")
    g = report.guilty
    if g is not None:
        lines.append("")
        loc = _where(g)
        lines.append(f"Guilty frame: `{_md(g.function)}`" + (f" at `{_md(loc)}`" if loc else ""))
        if repo_files is not None:
            target = None
            frames = [g] + [f for f in report.frames if f is not g]
            for fr in frames:
                if fr.file:
                    target = map_to_repo(fr.file, repo_files)
                    if target:
                        where = f"{target}:{fr.line}" if fr.line else target
                        why = "guilty frame" if fr is g else "nearest frame in the repo"
                        lines.append(f"In this repository: `{where}` ({why})")
                        break
            if target is None:
                lines.append("No frame of the report maps to a file of this repository.")
    if report.reproducers:
        lines.append("")
        lines.append(f"Reproducers found: {len(report.reproducers)}.")
    lines += ["", "To ask for a fix, add the label `crashfix` or comment `/crashfix fix`."]
    return Triage(labels=labels, comment="\n".join(lines), signature=report.signature or report.title)
