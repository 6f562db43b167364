"""The fix as a `git format-patch` mail for the kernel's mailing lists (Fixes:, Reported-by:, Closes:)."""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from agent.history import Commit
from agent.reports.model import CrashReport
from sandbox.kernel.build import KernelTree, git

AUTHOR = ("crashfix", "crashfix@users.noreply.github.com")


def subject(report: CrashReport, path: str, fixes: Commit | None) -> str:
    """`<subsystem>: fix <bug> in <function>`; the subsystem prefix comes from the blamed commit."""
    prefix = None
    if fixes:
        m = re.match(r"^([\w/.,\- ]+?): ", fixes.subject)
        prefix = m.group(1) if m else None
    stem = PurePosixPath(path).stem if path else ""
    prefix = f"{prefix}: {stem}" if prefix and stem and stem not in prefix else prefix or stem or "kernel"
    title = report.title
    bug = title.split(": ", 1)[-1].split(" in ")[0].strip() if ": " in title else title
    bug = re.sub(r" (?:Read|Write)$", "", bug)          # KASAN's access kind: not part of the bug's name
    func = report.guilty.function if report.guilty else ""
    return f"{prefix}: fix {bug.lower()}" + (f" in {func}()" if func else "")


def body(report: CrashReport, description: str, fixes: Commit | None, *, reported_by: str | None,
         closes: str | None, validation: str) -> str:
    head = (report.message or report.title).strip()
    text = ["The reproducer attached to the report triggers:", "", f"  {head}", ""]
    start = next((i for i, f in enumerate(report.frames) if report.guilty and f.function == report.guilty.function), 0)
    frames = [f for f in report.frames[start:] if f.file][:6]
    if frames:
        text += [f"  {f.function} {f.file}:{f.line}" for f in frames] + [""]
    text += [_wrap(f"Fix: {description.rstrip('.')}."), "", _wrap(validation), ""]
    tags = []
    if fixes:
        tags.append(f'Fixes: {fixes.sha[:12]} ("{fixes.subject}")')
    if reported_by:
        tags.append(f"Reported-by: {reported_by}")
    if closes:
        tags.append(f"Closes: {closes}")
    return "\n".join(text + tags) + "\n"


def _wrap(text: str, width: int = 72) -> str:
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    return "\n".join(lines + [cur])


def reported_by(report: CrashReport, issue_text: str) -> str | None:
    facts = report.extra.get("syzbot") or {}
    if facts.get("reported_by"):
        return facts["reported_by"]
    m = re.search(r"^\s*Reported-by:\s*(.+<[^>]+>|\S+@\S+)\s*$", issue_text, re.M)
    return m.group(1).strip() if m else None


def format_patch(tree: KernelTree, diff: str, subj: str, text: str, out: Path) -> Path:
    """Commit the diff on the checkout, `git format-patch -1` it into out/, then undo the commit."""
    ident = {"GIT_AUTHOR_NAME": AUTHOR[0], "GIT_AUTHOR_EMAIL": AUTHOR[1],
             "GIT_COMMITTER_NAME": AUTHOR[0], "GIT_COMMITTER_EMAIL": AUTHOR[1]}
    try:
        tree.revert()
        tree.apply(diff)
        msg = tree.root / "commit-message.txt"
        msg.write_text(f"{subj}\n\n{text}")
        git(tree.src, "commit", "-q", "-a", "-F", str(msg), env=ident)
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("0001-*.patch"):
            old.unlink()
        name = git(tree.src, "format-patch", "-1", "--no-signature", "-o", str(out), "HEAD").strip().splitlines()[-1]
        return Path(name)
    finally:
        tree.revert()
