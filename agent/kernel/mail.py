"""The fix as a `git format-patch` mail for the kernel's mailing lists (Fixes:, Reported-by:, Closes:)."""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from agent.history import Commit, is_import
from agent.reports.model import CrashReport
from sandbox.kernel.build import KernelBuildError, KernelTree, git

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


# syzbot: "The issue was bisected to:\n\ncommit 0123abcd...\nAuthor: ..." (also "bisected to: commit <sha>")
_BISECTED = re.compile(r"bisected (?:this (?:issue|bug) )?to:?\s*(?:commit\s+)?([0-9a-f]{12,40})\b", re.I)
_FIX_BISECTION = re.compile(r"bisected the fix to", re.I)


def bisected(text: str) -> str | None:
    """The commit syzbot's cause bisection names (not its fix bisection)."""
    for m in _BISECTED.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not _FIX_BISECTION.search(text[line_start:m.start()]):
            return m.group(1)
    return None


def commit_of(src: Path, sha: str) -> Commit | None:
    """The tree's commit named sha (a prefix is enough), or None when the tree has no such commit."""
    try:
        out = git(src, "log", "-1", "--format=%H%x1f%s%x1f%an%x1f%aI", f"{sha}^{{commit}}", "--")
    except KernelBuildError:
        return None
    parts = out.strip().split("\x1f")
    return Commit(*parts) if len(parts) == 4 else None


def fixes_tag(src: Path, report_text: str, blamed: Commit | None) -> tuple[Commit | None, str]:
    """The commit for `Fixes:` and where it came from: the report's bisection when it names a commit of
    the tree, else the blamed one; never an import commit. (None, why) when there is none."""
    sha = bisected(report_text)
    if sha:
        found = commit_of(src, sha)
        if found is not None and not is_import(src, found.sha):
            return found, f"the report's bisection ({found.short()})"
        why = "not a commit of this tree" if found is None else "an import commit"
        said = f"the report's bisection names {sha[:12]}, {why}"
    else:
        said = ""
    if blamed is not None and not is_import(src, blamed.sha):
        return blamed, (f"{said}; " if said else "") + f"blame of the guilty line ({blamed.short()})"
    if blamed is not None:
        said = (f"{said}; " if said else "") + f"the guilty line was last changed by {blamed.sha[:12]}, an import commit"
    return None, said or "no commit for Fixes:"


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
    for m in _REPORTED_BY.finditer(issue_text):
        who = _reporter(issue_text, m.end())
        if who:
            return who
    return None


# `^\s*Reported-by:\s*(.+<[^>]+>|\S+@\S+)\s*$` (re.M), read with indexes: its `^\s*` crossed every blank
# line after each line start, and `.+<[^>]+>` tried each `<` of a line of them (both quadratic).
_REPORTED_BY = re.compile(r"^[^\S\n]*Reported-by:", re.M)


def _reporter(text: str, pos: int) -> str | None:
    """What the former pattern took after the `Reported-by:` ending at `pos`: from the first non-blank
    character after it (on this line or a later one), either `Name <address>` (a `<` on that line
    after its first character, up to the first `>` after it, with only blanks after that `>` on its
    line; the last such `<` first) or one word with an `@` inside and only blanks after it."""
    n = len(text)
    g = pos
    while g < n and text[g].isspace():
        g += 1
    if g == n:
        return None
    eol = text.find("\n", g)
    eol = n if eol == -1 else eol

    def closes(k: int, e: int) -> bool:     # `<[^>]+>\s*$` from the `<` at k, its `>` the first after it, at e
        if e < k + 2:
            return False
        if e not in blank_after:
            line_end = text.find("\n", e + 1)
            after = text[e + 1:n if line_end == -1 else line_end]
            blank_after[e] = not after or after.isspace()
        return blank_after[e]

    blank_after: dict[int, bool] = {}
    k = text.rfind("<", g + 1, eol)        # the last `<` first (`.+` is greedy), each `>` found once
    e = text.find(">", k + 1) if k != -1 else -1
    while k != -1:
        if closes(k, e):
            return text[g:e + 1].strip()
        prev, k = k, text.rfind("<", g + 1, k)
        if k != -1:
            x = text.find(">", k + 1, prev)
            e = x if x != -1 else e
    run_end = g
    while run_end < eol and not text[run_end].isspace():
        run_end += 1
    word = text[g:run_end]
    if 0 < word.find("@", 1) < len(word) - 1 and (run_end == eol or text[run_end:eol].isspace()):
        return word
    if text[g] == "<" and g > max(pos, text.rfind("\n", 0, g) + 1):    # a blank before the `<` on its line
        e = text.find(">", g + 1)
        if closes(g, e):
            return text[g:e + 1].strip()
    return None


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
