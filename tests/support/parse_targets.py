"""Every parser of untrusted issue text, one entry point each (`ENTRY_POINTS`), and all of them run one
after another on one input (`every_parser`, for the bounded fuzz test, which runs it in a child under a
deadline). The entry points are the ones triage, the pipeline and the web hooks call on issue text."""
from __future__ import annotations

import time
from pathlib import Path

from agent.judge import expectations
from agent.kernel.mail import reported_by
from agent.markdown_safe import fence_untrusted, quote_untrusted
from agent.native.arch import report_arch
from agent.python.environment import detect, pins
from agent.python.ladder.snippets import extract
from agent.python.templates import reporter
from agent.python.templates.locate import Repo
from agent.repair_context import RepairContext, Site
from agent.reports import parse
from agent.reports.cdb import parse_cdb
from agent.reports.check import find_message, split_csa
from agent.reports.demangle import _legacy, demangle
from agent.reports.frameless import parse_frameless
from agent.reports.gdb import parse_gdb
from agent.reports import panics
from agent.reports.jvm import parse_jvm
from agent.reports.kernel import parse_kernel
from agent.reports.normalise import norm_message
from agent.reports.markdown import split_issue, syzbot_facts
from agent.reports.model import CrashReport
from agent.reports.python import parse_cut, parse_python
from bot.backlog.rank import named_inputs, runnable
from agent.reports.sanitizer import parse_sanitizer
from agent.reports.visible import visible
from agent.triage import triage
from bot.commands import parse_command

_NO_REPO = Path("/nonexistent/crashfix-parse-targets")
_KERNEL_REPORT = CrashReport(kind="kernel", type="KASAN", title="KASAN: use-after-free Read in f")


def _parse_and_triage(text: str) -> None:
    """What triage and the pipeline do with a body: parse it, then triage / read the report."""
    rep = parse(text)
    if rep is not None:
        triage(rep, ["src/pkg/mod.py"], "https://github.com/o/r/blob/main")
        reported_by(rep, text)
        expectations.parse(text, rep.type or "")


_MODULE = "def f(x):\n    y = x.a\n    return y\n"


def _reporter_fix(text: str) -> None:
    """The reporter's fix read from the issue (diff blocks, patched functions, "change X to Y") onto a small tree."""
    ctx = RepairContext("AttributeError", "", [Site("pkg/mod.py", 2, "f", 0)], read=lambda p: _MODULE,
                        files=["pkg/mod.py"], issue_text=text)
    reporter.candidates(ctx, Repo(ctx))


def _words(text: str) -> None:
    for word in text[:200000].split()[:50]:
        demangle(word[:4096])
        _legacy(word)


ENTRY_POINTS = [
    ("parse+triage", _parse_and_triage),
    ("parse_python", parse_python),
    ("parse_cut", lambda t: parse_cut(t, t)),
    ("parse_sanitizer", parse_sanitizer),
    ("parse_kernel", parse_kernel),
    ("parse_gdb", parse_gdb),
    ("parse_jvm", parse_jvm),
    ("parse_frameless", parse_frameless),
    ("rust_frames", lambda t: panics.rust_frames(t.split("\n"), 0)),
    ("norm_message", norm_message),
    ("parse_cdb", parse_cdb),
    ("find_message", lambda t: find_message(t, t.split("\n"))),
    ("split_csa", split_csa),
    ("demangle", _words),
    ("split_issue", split_issue),
    ("syzbot_facts", syzbot_facts),
    ("visible", visible),
    ("snippets.extract", extract),
    ("parse_command", parse_command),
    ("expectations.parse", expectations.parse),
    ("expectations.unread", expectations.unread),
    ("reporter_fix", _reporter_fix),
    ("kernel.reported_by", lambda t: reported_by(_KERNEL_REPORT, t)),
    ("pins", lambda t: (pins.issue_pins(t, set()), pins.issue_packages(t, {"pkg"}))),
    ("python_version", lambda t: detect.python_version(_NO_REPO, t)),
    ("report_arch", report_arch),
    ("markdown_safe", lambda t: (quote_untrusted(t, len(t)), fence_untrusted(t))),
    ("backlog rank: inputs, things to run", lambda t: (named_inputs(t), runnable(CrashReport("go", "panic", "t"), t))),
]


def run_entry(arg: tuple[str, str]) -> str:
    """`(name, text)`: the entry point `name` on `text` (a child's function: names pickle, lambdas do not)."""
    name, text = arg
    dict(ENTRY_POINTS)[name](text)
    return "ok"


def every_parser(text: str) -> str:
    for _, fn in ENTRY_POINTS:
        fn(text)
    return "ok"


def every_parser_on_each(texts: list[str]) -> str:
    for text in texts:
        every_parser(text)
    return "ok"


def timed_on_each(texts: list[str]) -> dict[str, tuple[float, int]]:
    """For each entry point: (its slowest time on one of `texts`, the index of that text)."""
    worst: dict[str, tuple[float, int]] = {}
    for k, text in enumerate(texts):
        for name, fn in ENTRY_POINTS:
            t = time.perf_counter()
            fn(text)
            dt = time.perf_counter() - t
            if dt > worst.get(name, (-1.0, 0))[0]:
                worst[name] = (dt, k)
    return worst
