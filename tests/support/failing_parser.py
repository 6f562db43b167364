"""A parser with a bug that one text meets (tests/bot/test_backlog_bad_input.py): the real parser in the
guarded parser's real child process, raising where a text holds `BUG_TRIGGER`, as a parser's unforeseen
exception would, and running a minute where it holds `SLOW_TRIGGER`. Importable by the spawned child."""
from __future__ import annotations

import time

from agent.reports import parse_issue
from agent.reports.guarded import GuardedParser, Parsed

BUG_TRIGGER = "\u2063parser-bug\u2063"
SLOW_TRIGGER = "\u2063parser-slow\u2063"         # a text that takes the parser a minute


def parse_or_fail(arg: tuple[str, str | None]):
    text, repo = arg
    if BUG_TRIGGER in text:
        raise IndexError("list index out of range")       # what a parser's bug looks like from outside
    if SLOW_TRIGGER in text:
        time.sleep(60)
    return parse_issue(text, repo)


class FailingParser(GuardedParser):
    """The guarded parser whose child runs `parse_or_fail` in place of `parse_issue`."""

    def parse(self, text: str, repo: str | None = None) -> Parsed:
        done, report = self.call((text, repo), fn=parse_or_fail)
        return Parsed(report=report, too_slow=not done)
