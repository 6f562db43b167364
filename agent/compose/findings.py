"""What a run found, as typed sections of Markdown composed once (agent/compose/compose.py), and the
two ways they are shown: the summary (one screen: what crashed, why, the change, what the code does
now, how it was checked, how sure) and the details (folded: frames, candidates, commands, the diff).
report.md, the PR body, the status comment and the check run all print these same words (docs/voice.md)."""
from __future__ import annotations

from dataclasses import dataclass, field

MAX_SUMMARY_LINES = 20          # non-blank lines of a PR body before its first <details> (docs/voice.md)


@dataclass(frozen=True)
class Section:
    """A folded part of the details: its summary line and its Markdown body."""
    title: str
    body: str


@dataclass(frozen=True)
class Findings:
    """The run's words. `why_label` names how far `why` is established ("Root cause" only for a fix
    judged high over a crash the sandbox showed); every value from the run is already quoted inert."""
    status: str
    crash: str = ""                          # the crash, named by its guilty frame
    why_label: str = ""
    why: str = ""                            # one sentence
    change: str = ""                         # what the patch changes
    now: str = ""                            # what the patched code returns or raises on the input
    checked: tuple[str, ...] = ()            # how it was checked, one line each
    confidence: str = ""                     # the word and why, one sentence
    missing: str = ""                        # no reproduction: what nothing above is
    details: tuple[Section, ...] = field(default_factory=tuple)

    def summary_lines(self) -> list[str]:
        """The one-screen part, in order; each part only when the run has it."""
        lines = [f"**Crash:** {self.crash}"] if self.crash else []
        if self.why:
            lines += ["", f"**{self.why_label}:** {self.why}"]
        if self.missing:
            lines += ["", f"**Not confirmed:** {self.missing}"]
        if self.change:
            lines += ["", f"**The change:** {self.change}"]
        if self.now:
            lines += ["", f"**What the code does now:** {self.now}"]
        if self.checked:
            lines += ["", "**How it was checked:**", ""] + [f"- {c}" for c in self.checked]
        if self.confidence:
            lines += ["", f"**Confidence:** {self.confidence}"]
        return lines

    def summary(self) -> str:
        return "\n".join(self.summary_lines())

    def details_lines(self, *, skip: tuple[str, ...] = ()) -> list[str]:
        """Each section folded in a `<details>` (GitHub shows its title; a click opens it)."""
        lines: list[str] = []
        for s in self.details:
            if s.title not in skip:
                lines += ["", f"<details><summary>{s.title}</summary>", "", s.body.strip("\n"), "", "</details>"]
        return lines

    def section(self, title: str) -> Section | None:
        return next((s for s in self.details if s.title == title), None)

    def markdown(self, *, skip: tuple[str, ...] = ()) -> str:
        """Summary then details: what the status comment and report.md print."""
        return "\n".join(self.summary_lines() + self.details_lines(skip=skip)).strip("\n")
