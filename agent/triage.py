"""Triage a parsed crash report: labels, a short markdown comment, a dedup signature. Pure, but for
`bounded_triage`, which runs the frame mapping in the parse's child under the rest of its deadline."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from urllib.parse import quote

from agent.reports.families import family_of
from agent.reports.guarded import ParserFailed
from agent.markdown_safe import quote_untrusted
from agent.reports.model import CrashReport, Frame
from agent.judge.match import repo_path
from agent.reports.paths import MAX_FILES, RepoIndex
from agent.reports.python import at_repo_frame



@dataclass(frozen=True)
class Triage:
    labels: list[str] = field(default_factory=list)
    comment: str = ""
    signature: str = ""


ASK_FOR_FIX = "To ask for a fix, add the label"      # the triage comment's last line begins so


def ask_for_fix(label: str = "crashfix") -> str:
    return f"{ASK_FOR_FIX} `{_md(label)}` or comment `/crashfix fix`."

def _where(frame: Frame) -> str:
    if frame.file and frame.line:
        return f"{frame.file}:{frame.line}"
    return frame.file or (frame.module or "")


def _md(text: str) -> str:
    return text.replace("`", "'")


def _link(path: str, line: int | None, blob_url: str | None) -> str:
    where = f"{path}:{line}" if line else path
    if not blob_url:
        return f"`{_md(where)}`"
    return f"[`{_md(where)}`]({blob_url.rstrip('/')}/{quote(path)}{f'#L{line}' if line else ''})"


def _locations(report: CrashReport, g: Frame, index: RepoIndex | None, blob_url: str | None) -> list[str]:
    """Where the guilty frame is; mapped onto the repo's files when they are known."""
    loc = _where(g)
    said = f"Guilty frame `{_md(g.function)}`" + (f" at `{_md(loc)}`" if loc else "")
    if index is None:
        return [said]
    if g.file and (target := index.locate(g.file)):
        said = [f"Guilty frame `{_md(g.function)}` at {_link(target, g.line, blob_url)}"]
        mine = report.extra.get("reporter_frame")
        if mine:
            at = _where(Frame(function=mine["function"], file=mine["file"], line=mine["line"]))
            said.append(f"Reached from the reporter's own code: `{_md(mine['function'])}`"
                        + (f" at `{_md(at)}`" if at else "") + " (outside this repository).")
        return said
    for fr in report.frames:
        if fr is not g and fr.file and (target := index.locate(fr.file)):
            return [said, f"Nearest frame in this repository: `{_md(fr.function)}` at "
                          f"{_link(target, fr.line, blob_url)}"]
    return [said, "No frame of the report maps to a file of this repository."]


def _at_repo(report: CrashReport, index: RepoIndex) -> CrashReport:
    """A copy of the report whose crash site is its innermost frame in the repository, when the
    parser's guilty frame (the reporter's own code) called it."""
    paths = {f.file: p for f in report.frames if f.file and (p := index.locate(f.file))}
    site = next((f for f in report.frames if repo_path(f, paths)), None)
    if site is None:
        return report
    return at_repo_frame(dataclasses.replace(report, extra=dict(report.extra)), site)


def _exception(entry: dict) -> str:
    said = f"{entry.get('type') or '?'}: {entry.get('message') or ''}".strip().rstrip(":")
    return f"`{_md(said.splitlines()[0][:160] if said else '?')}`"


def _chain(report: CrashReport) -> list[str]:
    """A chain of exceptions, both ends named: a JVM trace's crash is its root cause (the last `Caused by:`),
    the wrapper is named; a Python traceback's crash is the last exception printed, the chain's first
    (its root) is named with where it was raised."""
    wrapper = report.extra.get("wrapper")
    if isinstance(wrapper, dict) and wrapper.get("type"):
        return ["", f"_The root cause of the trace; it was wrapped in {_exception(wrapper)}._"]
    chain = [c for c in report.extra.get("chain") or () if isinstance(c, dict) and not c.get("group_member")]
    if not chain or not chain[0].get("type"):
        return []
    root = chain[0]
    frames = [str(f) for f in root.get("frames") or ()][-3:]        # as printed: the innermost last
    where = " raised through " + " → ".join(f"`{_md(f)}`" for f in frames) if frames else ""
    return ["", f"_Raised while handling an earlier exception: the chain starts at {_exception(root)}{where}._"]


def triage(report: CrashReport, repo_files: list[str] | None = None, blob_url: str | None = None,
           label: str = "crashfix") -> Triage:
    """`repo_files`: the repository's file paths (None: unknown); `blob_url`: the web address
    under which they are shown (`https://github.com/OWNER/REPO/blob/REF`), for links; `label`: the
    repository's trigger label, named in the last line."""
    labels = [family_of(report).label]
    index = None
    if repo_files is not None:
        # one pass over the tree for every frame (agent/reports/paths.py), not every frame × every file
        index = RepoIndex([f.file for f in ([report.guilty] if report.guilty else []) + report.frames], repo_files)
    if index is not None and report.kind == "python":
        report = _at_repo(report, index)
    lines = [f"**crashfix** parsed a **{report.kind}** crash: `{_md(report.type)}`",
             "", f"> {quote_untrusted(report.title)}"]
    if report.message and report.message not in report.title:
        msg = report.message.strip().splitlines()[0][:200]
        lines.append(f"> {quote_untrusted(msg)}")
    lines += _chain(report)
    source = report.extra.get("exception_from")
    if report.extra.get("headless"):
        # a kernel oops pasted from its task line on (agent/reports/frameless.py): its head line is missing
        lines.append("")
        lines.append("_The report's first line was not pasted: " + (
            f"`{_md(report.type)}` is taken from the issue's {source}._" if source in ("title", "prose")
            else "the issue does not say which kind of oops it is._"))
    elif source == "not pasted":
        lines.append("")            # (a program's crash report cut before its exception: agent/reports/frameless.py)
        lines.append("_The report stops before its exception line and the issue names no exception._")
    elif source == "unknown":
        lines.append("")
        lines.append("_The traceback stops before its exception line and the issue names no exception: any "
                     "exception raised through the same frames counts as this crash._")
    elif source in ("title", "prose"):
        lines.append("")
        lines.append(f"_The traceback stops before its exception line: `{_md(report.type)}` is taken from the "
                     f"issue's {source}._")
    if report.corrupted:
        lines.append("")
        lines.append("_The report looks truncated or interleaved with other output; the title may be imprecise._")
    g = report.guilty
    if g is not None:
        lines.append("")
        lines += _locations(report, g, index, blob_url)
    if report.reproducers:
        lines.append("")
        lines.append(f"Reproducers found: {len(report.reproducers)}.")
    lines += ["", ask_for_fix(label)]
    return Triage(labels=labels, comment="\n".join(lines), signature=report.signature)


def _triage_job(job: tuple) -> Triage:
    return triage(*job)


def bounded_triage(parser, report: CrashReport, repo_files: list[str] | None, blob_url: str | None,
                   label: str = "crashfix", seconds: float | None = None) -> tuple[Triage, bool]:
    """`triage` with the frame mapping run in ``parser``'s child (agent/reports/guarded.py) within
    ``seconds`` (what is left of the parse's deadline; None: the parser's whole deadline). Past it, or
    when the mapping raised, the triage without the repository's files (no locations: the same comment,
    minus the links).
    Returns (the triage, whether the files were mapped)."""
    if repo_files is None:
        return triage(report, None, blob_url, label), False
    budget = parser.timeout if seconds is None else seconds
    if budget > 0:
        try:
            done, t = parser.call((report, list(repo_files[:MAX_FILES]), blob_url, label), fn=_triage_job,
                                  timeout=budget)
        except ParserFailed:     # the mapping failed on these files: the triage without them, as past the deadline
            done = False
        if done:
            return t, True
    return triage(report, None, blob_url, label), False
