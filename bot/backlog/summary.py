"""The backlog's one summary issue: the crash reports of a repo grouped by the grouping rule
(agent/reports/sameness.py: a shared signature, or the same exception and discriminating message) and
ranked, with the reasons. It says what the reports and the repository show ("looks fixable because
..."): nothing in it has been run."""
from __future__ import annotations

from dataclasses import dataclass, field

from agent.markdown_safe import quote_untrusted
from agent.reports.sameness import SAME_WORDS, groups as by_rule
from bot.backlog.rank import GIVES_REPRODUCER, MAX_SCORE, NAMES_INPUT, order_key
from bot.backlog.store import Triaged

MARKER = "<!-- crashfix:backlog-summary -->"
TITLE = "crashfix: crash reports in the open issues, ranked by how fixable they look"
SHOWN = 100                     # groups listed in full at most; the rest are named by number
MAX_LISTED_CHARS = 50_000       # and no more text than this in full (GitHub takes 65,536 characters)


@dataclass
class Group:
    """One crash (issues that share a key, agent/reports/sameness.py): the issue that stands for it and its
    duplicates."""
    lead: Triaged
    duplicates: list[int] = field(default_factory=list)

    @property
    def reports(self) -> int:
        return 1 + len(self.duplicates)


def group(triaged: list[Triaged]) -> list[Group]:
    """Crash issues grouped by the grouping rule (union-find over their keys; an issue with no key
    stands alone), ranked best first. A group is led by a report that gives a snippet or command to
    reproduce it (or names its input), then by the best score, the most evidence, the oldest issue."""
    crashes = {t.issue: t for t in triaged if t.crash}
    groups = []
    for members in by_rule((t.issue, t.keys) for t in crashes.values()):
        items = [crashes[n] for n in members]
        items.sort(key=lambda t: (not any(r.startswith((GIVES_REPRODUCER, NAMES_INPUT)) for r in t.reasons),
                                  -t.score, -_evidence(t), t.issue))
        groups.append(Group(items[0], [t.issue for t in items[1:]]))
    groups.sort(key=lambda g: order_key(g.lead.score, g.reports, g.lead.issue, _evidence(g.lead)))
    return groups


def _evidence(t: Triaged) -> int:
    """The rank's evidence; a row stored before it was kept: the number of its reasons."""
    return t.evidence or len(t.reasons)


def render(groups: list[Group], open_issues: int, fix_command: str = "/crashfix fix",
           unread: list[int] | tuple[int, ...] = (), too_slow: list[int] | tuple[int, ...] = ()) -> str:
    """`unread`: the issues a parser failed on in this scan (they are read again on the next); `too_slow`:
    the issues whose text ran past the parse deadline (read again once edited)."""
    crashes = sum(g.reports for g in groups)
    left = len(unread) + len(too_slow)
    read = f"the {open_issues}" if not left else f"{open_issues - left} of the {open_issues}"
    lines = [MARKER, "",
             f"crashfix read {read} open issues of this repository: {crashes} hold a crash report, "
             f"{len(groups)} distinct crash{'es' if len(groups) != 1 else ''} (one crash: {SAME_WORDS}).",
             ""]
    if unread:
        one = len(unread) == 1
        lines += [_numbers(unread) + f" could not be read: the parser failed on {'its' if one else 'their'} text "
                  f"({'it is' if one else 'they are'} read again on the next scan).", ""]
    if too_slow:
        one = len(too_slow) == 1
        lines += [_numbers(too_slow) + f" {'was' if one else 'were'} too slow to parse (past the parse deadline): "
                  f"whether {'it holds' if one else 'they hold'} a crash report is not known "
                  f"({'it is' if one else 'they are'} read again once edited).", ""]
    lines += [
             "They are ranked by how fixable each **looks** from the report and the repository alone "
             f"(score out of {MAX_SCORE}). None of them has been run yet and no patch has been made. To ask for "
             f"a fix, comment "
             f"`{fix_command}` on the issue, or add the trigger label to it.", ""]
    if not groups:
        lines.append(f"No open issue{' it read' if left else ''} holds a crash report crashfix can parse.")
    size, shown = 0, 0
    for rank, g in enumerate(groups[:SHOWN], 1):
        entry = _entry(rank, g)
        size += sum(len(line) + 1 for line in entry)
        if size > MAX_LISTED_CHARS:
            break
        lines += entry
        shown = rank
    if len(groups) > shown:
        rest = groups[shown:]
        lines += ["", f"{len(rest)} more crashes ranked lower: "
                  + ", ".join(f"#{g.lead.issue}" for g in rest[:200]) + (" …" if len(rest) > 200 else "")]
    lines += ["", "This issue is kept up to date by crashfix (edited in place on each scan); "
              "a maintainer can rescan with `/crashfix scan` in any issue."]
    return "\n".join(lines) + "\n"


def _numbers(issues) -> str:
    return ", ".join(f"#{i}" for i in sorted(issues)[:50]) + (" …" if len(issues) > 50 else "")


def _entry(rank: int, g: Group) -> list[str]:
    t = g.lead
    lines = [f"{rank}. #{t.issue}: {quote_untrusted(t.title, 120)} ({t.kind}, score {t.score} of {MAX_SCORE})"]
    if t.reasons:
        lines.append(f"   - looks fixable because {_join(t.reasons)}")
    if t.missing:
        lines.append(f"   - missing: {_join(t.missing)}")
    if g.duplicates:
        lines.append("   - the same crash is reported in " + ", ".join(f"#{n}" for n in g.duplicates[:20])
                     + (f" and {len(g.duplicates) - 20} more" if len(g.duplicates) > 20 else ""))
    return lines


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
