"""The issue's own program and crash, as a maintainer handles them: a program that lacks the library's
`#include`s gets the tree's headers that declare what it calls; a run is matched against a crash the
issue describes in words (agent/native/described.py) or against the pasted report (agent/judge/signature.py)."""
from __future__ import annotations

import re

from agent.judge.signature import same_crash
from agent.judge.testrun import SCRATCH
from agent.native.described import accepts
from agent.native.fragment import declaring_headers, missing_includes, program_calls, with_includes
from agent.reports import parse
from agent.reports.model import CrashReport
from agent.reports.paths import map_to_repo
from sandbox import Sandbox

UNDECLARED = re.compile(r"implicit declaration of function|unknown type name|undeclared \(first use|"
                        r"storage size of .* isn.t known|invalid use of undefined type")


def add_tree_headers(sb: Sandbox, prepare: str, written: dict[str, str], files: list[str], output: str) -> bool:
    """The issue's program did not compile for want of a declaration: the tree's headers that declare
    the functions it calls and that it does not include are put before it (the reporter left out their
    `#include`s). True when the source was rewritten."""
    src = re.search(rf"{re.escape(SCRATCH)}/repro_\d+\.(?:cpp|c)\b", prepare)
    if src is None or src.group(0) not in written or not UNDECLARED.search(output):
        return False
    source = written[src.group(0)]
    missing = missing_includes(source, declaring_headers(sb, "", files, program_calls(source)))
    if not missing:
        return False
    written[src.group(0)] = text = with_includes(source, missing, sb.workdir)
    sb.write(src.group(0), text)
    return True



def matcher(report: CrashReport, files: list[str]):
    """Is a run's output the reported crash: (hit, the crash it shows). A crash described in words is
    matched by what the words say (described.accepts); a pasted report by agent/judge/signature.py."""
    if not report.extra.get("described"):
        return lambda res: same_crash(report, res)
    tree = set(files)

    def in_tree(frame) -> bool:
        return bool(frame.file) and not frame.file.startswith(SCRATCH) and map_to_repo(frame.file, files) in tree

    def hit(res):
        got = parse(res.output) if not res.ok else None
        return accepts(report, got, in_tree), got
    return hit
