"""Every parser of untrusted issue text, run one after another on one input (for the bounded fuzz
test, which runs this in a child under a deadline)."""
from __future__ import annotations

from agent.python.ladder.snippets import extract
from agent.reports import parse
from agent.reports.cdb import parse_cdb
from agent.reports.check import find_message, split_csa
from agent.reports.demangle import _legacy, demangle
from agent.reports.gdb import parse_gdb
from agent.reports.kernel import parse_kernel
from agent.reports.markdown import split_issue, syzbot_facts
from agent.reports.python import parse_python
from agent.reports.sanitizer import parse_sanitizer
from agent.triage import triage
from bot.commands import parse_command


def every_parser(text: str) -> str:
    rep = parse(text)
    if rep is not None:
        triage(rep, ["src/pkg/mod.py"], "https://github.com/o/r/blob/main")
    for fn in (parse_python, parse_sanitizer, parse_kernel, parse_gdb, parse_cdb, split_issue, syzbot_facts,
               extract, parse_command, split_csa):
        fn(text)
    find_message(text, text.split("\n"))
    for word in text[:200000].split()[:50]:
        demangle(word[:4096])
        _legacy(word)
    return "ok"


def every_parser_on_each(texts: list[str]) -> str:
    for text in texts:
        every_parser(text)
    return "ok"
