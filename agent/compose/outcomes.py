"""How a run can end: the one table of statuses, their words, their exit codes and their check runs.

Every list of statuses and every outcome's words (the CLI's exit codes, the status comment's
headline, the check run's conclusion and title, the dashboard's outcomes, `crashfix eval`'s counts)
is read from `OUTCOMES`; nothing else lists them. Pure: imports nothing of crashfix.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """One way a run ends. `words`: the outcome in plain words (after the status, in the headline);
    `exit`: `crashfix run`'s exit status; `check`: the check run's conclusion; `check_title`: its title
    after the status; `patched`: a validated patch comes with it; `diagnosed`: the run reached a
    diagnosis (`/crashfix explain` says it again)."""
    status: str
    words: str
    exit: int
    check: str
    check_title: str
    patched: bool = False
    diagnosed: bool = False


OUTCOMES: dict[str, Outcome] = {o.status: o for o in (
    Outcome("fixed", "a patch passed validation", 0, "success", "a validated patch", patched=True, diagnosed=True),
    Outcome("speculative", "a patch passed validation, but it may hide the crash rather than fix it", 5, "neutral",
            "a validated patch that may hide the crash rather than fix it", patched=True, diagnosed=True),
    Outcome("not_fixed", "the crash reproduced, but no candidate patch passed validation", 1, "neutral",
            "no candidate patch passed validation", diagnosed=True),
    Outcome("not_reproduced", "the crash did not happen in the sandbox", 3, "neutral", "the crash did not reproduce",
            diagnosed=True),
    Outcome("env_broken", "the project could not be set up in the sandbox", 4, "failure",
            "the project could not be set up in the sandbox"),
    Outcome("error", "the run stopped", 2, "failure", "the run did not finish"),
)}

STATUSES = tuple(OUTCOMES)                                        # how a run ends, in the table's order
PATCHED = tuple(s for s, o in OUTCOMES.items() if o.patched)      # the statuses that carry a validated patch
DIAGNOSED = tuple(s for s, o in OUTCOMES.items() if o.diagnosed)  # the statuses that carry a diagnosis
EXIT_CODES = {s: o.exit for s, o in OUTCOMES.items()}


def words(status: str) -> str:
    """The outcome in plain words; an unknown status as it is."""
    o = OUTCOMES.get(status)
    return o.words if o else status
