"""A build that fails because it ran the tests and they crashed: when the sanitizer report in its
output is the reported crash, the build command is the reproduction."""
from __future__ import annotations

from agent.native.build import BuildResult
from agent.judge.signature import same_crash
from agent.reports.model import CrashReport
from agent.records import Attempt, Reproduction
from sandbox import ExecResult


def crash_in_build(report: CrashReport, result: BuildResult) -> Reproduction | None:
    """The failed build step as the reproduction when its output holds the reported crash (same
    type and guilty function), else None (an ordinary build failure)."""
    if result.ok or not result.steps:
        return None
    last = result.steps[-1]
    output = result.log.rsplit(f"$ {last['command']}", 1)[-1]
    hit, got = same_crash(report, ExecResult(last["exit_code"] or 1, output, duration=last["seconds"]))
    if not hit:
        return None
    rep = Reproduction(command=last["command"], how="build (it runs the tests)", tries=1, crashed=1,
                       observed=got, seconds=last["seconds"])
    rep.attempts.append(Attempt(rep.how, last["command"], True, last["exit_code"], output[-2000:]))
    return rep
