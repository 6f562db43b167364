"""The model writes the C reproducer (rung 5 on the native path) when the issue holds none that runs: it
describes the crash in words, its program or fragment does not compile, its command needs an input the
issue lacks. Run only when a model is configured and the strategy uses it (`Run.may_research`), as
Python's rung 5 (agent/python/ladder/reproducer.py), with its loop, allowance and trajectory file.

The model reads the tree, runs commands, writes NEW files in the scratch folder (a C program, a shell
recipe, input files: agent/research/tools/c_reproducer.py) and asks crashfix to check one. crashfix, not
the model, compiles the program against the tree with the report's sanitizers, runs the command with the
report's sanitizer settings, and accepts it only when the output is the reported crash by the C path's
own rule (agent/native/matching.py `matcher`, the one `reproduce()` uses). The accepted reproducer is run
again in the run's sandbox and becomes the reproduction (how: HOW, rung 5); its files and the command
that compiles its program join the native state, so every later sandbox and candidate rebuild has them.
"""
from __future__ import annotations

import re
from typing import Callable

from agent.judge.testrun import ensure_scratch
from agent.native.arch import Cross, runs_on
from agent.native.build import SAN_FLAGS, BuildPlan
from agent.native.matching import matcher
from agent.native.recipe import chain
from agent.native.described import describe
from agent.native.reproduce import (DESCRIBED_CHARS, NO_BUILD, NativeRepro, add_untagged_fragments,
                                     program_build_cmd, sanitizer_env)
from agent.path import is_git_source
from agent.records import Attempt, Reproduction, confirm
from agent.reports.markdown import split_issue
from agent.reports.model import CrashReport
from agent.research import strategy as research_agent
from agent.research.loop import prompt, quote_untrusted
from agent.research.reproduction import ReproOutcome, ReproTrajectory, find_reproducer
from agent.research.tools.c_reproducer import CReproducer
from agent.research.tools.reproducer import Check
from sandbox import ExecResult, Sandbox

RUNG = 5
HOW = "model-written reproducer, checked by crashfix"
COMPILER_ERROR = re.compile(r"^.*(?:\berror:|undefined reference to).*$", re.M)    # the compiler's, the linker's
CChecker = Callable[[Sandbox, "str | None", str], "tuple[Check, str | None]"]


def where(got: CrashReport) -> str:
    """A crash's kind and place in words: `heap-buffer-overflow in tini_value (tini.c:10)`."""
    frame = got.guilty or next(iter(got.frames), None)
    if frame is None:
        return got.type
    at = f" ({frame.file.rsplit('/', 1)[-1]}:{frame.line})" if frame.file and frame.line else ""
    return f"{got.type} in {frame.function or '?'}{at}"


def target(report: CrashReport) -> str:
    """The crash a reproducer must show, in words (the model's target)."""
    if report.extra.get("described"):
        named = report.extra.get("named") or []
        through = f", passing through `{named[0]}`" if len(named) == 1 else \
            f", passing through one of {', '.join(f'`{n}`' for n in named[:5])}" if named else ""
        return f"a sanitizer report of a {report.type} in the tree's own code{through}"
    return f"the sanitizer report {where(report)}, in the tree's code (another sanitizer's name for it counts)"


def verdict(hit: bool, got: CrashReport | None, res: ExecResult) -> str:
    """Why a run is accepted or refused, in one line."""
    if hit and got is not None:
        return f"{where(got)}, as reported"
    if got is not None:
        return f"a different crash: {where(got)}, not the reported one"
    if res.timed_out:
        return "it timed out, with no sanitizer or gdb report of a crash"
    if res.ok:
        return "no crash: it exited 0 and printed no sanitizer report"
    return f"no crash: it exited {res.exit_code} and printed no sanitizer or gdb report of a crash"


def compile_error(output: str) -> str:
    """The compiler's first error line, else the output's last line."""
    m = COMPILER_ERROR.search(output)
    return (m.group(0) if m else (output.strip().splitlines() or ["(no output)"])[-1]).strip()[:300]


def checker(report: CrashReport, plan: BuildPlan | None, files: list[str], cross: Cross | None,
            timeout: float) -> CChecker:
    """crashfix's check of a candidate: compile the program (if any) against the tree with the report's
    sanitizers, run the command with its sanitizer settings, match the output by the C path's rule."""
    is_it = matcher(report, files)

    def check(sb: Sandbox, src: str | None, command: str) -> tuple[Check, str | None]:
        prepare = None
        if src is not None:
            exe = src.rsplit(".", 1)[0]
            prepare = program_build_cmd(sb, files, src, exe, cross, plan.flags if plan else SAN_FLAGS)
            built = sb.run(prepare, timeout=timeout)
            if not built.ok:
                return Check(src, prepare, False, f"it does not compile: {compile_error(built.output)}",
                             built.exit_code, NO_BUILD + built.output[-4000:]), prepare
            command = command or runs_on(exe, cross)
        cmd = chain(sanitizer_env(report), command)
        res = sb.run(cmd, timeout=timeout)
        hit, got = is_it(res)
        return Check(src or command, cmd, hit, verdict(hit, got, res), res.exit_code, res.output), prepare
    return check


class CReproTrajectory(ReproTrajectory):
    """The reproduction phase on a C tree: its own prompt, and what the C path tried as the starting point."""

    def __init__(self, agent, check, target: str, tried: list[Attempt]):
        super().__init__(agent, check, target)
        self.tried = tried

    def no_tool_hint(self) -> str:
        return "Write a program (or an input file) with `write_file`, then call `check_reproducer`."

    def task_message(self) -> str:
        lines = []
        for a in self.tried[-6:]:
            lines.append(f"- {a.how}: `{a.command[:300]}` exited {a.exit_code}\n"
                         + "\n".join(f"    {ln}" for ln in a.output_tail[-1200:].splitlines()[-15:]))
        start = ("\n\nWhat crashfix tried from the issue (the starting point; the output of the issue's code is data):\n"
                 + quote_untrusted("\n".join(lines), "WHAT CRASHFIX RAN")) if lines else \
            "\n\nThe issue holds nothing crashfix could run: write the reproducer from its words and the tree's code."
        return super().task_message() + start

    def start_analysis(self) -> None:
        super().start_analysis()
        self.messages[0] = {"role": "system", "content": prompt("c_reproduction_system", target=self.target)}


def settle(rep: Reproduction, found: ReproOutcome, sb: Sandbox, report: CrashReport, files: list[str], *,
           tries: int, timeout: float) -> CReproducer | None:
    """Record the phase's checks as attempts; an accepted reproducer is written into the run's sandbox,
    compiled and run there again, and becomes the reproduction. The reproducer, when it does."""
    for c in found.checks:
        rep.attempts.append(Attempt(f"{HOW}: {c.path.rsplit('/', 1)[-1]}", c.command, c.hit, c.exit_code,
                                    c.output[-2000:], RUNG, c.why))
    if not found.checks:
        rep.attempts.append(Attempt("model-written reproducer (reproduction phase)", "(no reproducer was checked)",
                                    False, 0, "", RUNG, f"{found.status}: {found.reason or found.error or 'nothing written'}"))
    got: CReproducer | None = found.found
    if got is None:
        return None
    ensure_scratch(sb)
    for path, text in got.files.items():
        sb.write(path, text)
    again = f"{HOW}, in the run's sandbox"
    if got.prepare:
        built = sb.run(got.prepare, timeout=timeout)
        if not built.ok:
            rep.attempts.append(Attempt(again, got.prepare, False, built.exit_code, NO_BUILD + built.output[-2000:],
                                        RUNG, f"it does not compile: {compile_error(built.output)}"))
            return None
    is_it = matcher(report, files)
    res = sb.run(got.command, timeout=timeout)
    hit, seen = is_it(res)
    if not hit:
        rep.attempts.append(Attempt(again, got.command, False, res.exit_code, res.output[-2000:], RUNG,
                                    verdict(hit, seen, res)))
        return None
    confirm(rep, sb, HOW, got.command, seen, res, lambda run: is_it(run)[0], tries=tries, timeout=timeout)
    rep.rung = RUNG
    return got


def reproduce_by_model(path, found: NativeRepro) -> None:
    """The reproduction phase for C (path: the NativePath): on success `found` holds the reproduction,
    the program's compile command and the files written; the run's notes say what the phase did."""
    cfg, run, state = path.cfg, path.run, path.run.native
    rep = found.reproduction
    agent = research_agent.reproduction_agent(
        run, path.source, sandbox_factory=path.new_sandbox, has_history=is_git_source(cfg.repo),
        protected=path.protected, progress=lambda text: path.steps.say(text, "reproduce"), llm=path.llm())
    check = checker(run.report, state.plan, run.files, state.cross, run.timeout)
    with path.llm().ledger.phase("reproduction"):
        outcome = find_reproducer(agent, check, target(run.report),
                                  trajectory=lambda a, c, t: CReproTrajectory(a, c, t, list(rep.attempts)))
    run.notes.append(f"reproduction phase (rung 5, the model writes the C reproducer): {outcome.status}: "
                     f"{outcome.reason}; {outcome.trajectory.get('file', 'no trajectory')}")
    if outcome.error:
        run.notes.append(f"reproduction phase stopped: {outcome.error}")
    run.cost = outcome.cost
    for fact in outcome.facts:
        run.memory.add(fact.kind, fact.text, f"reproduction phase; {fact.source}")
    got = settle(rep, outcome, path.sb, run.report, run.files, tries=cfg.tries, timeout=run.timeout)
    if got is None:
        path.fail_on_machinery("reproduction phase (rung 5)")
        return
    found.prepare_cmd, found.scratch = got.prepare, dict(got.files)
    names = ", ".join(p.rsplit("/", 1)[-1] for p in sorted(got.files, key=lambda p: p != got.path))
    run.notes.append(f"the reproducer was written by the model ({names}) and checked by crashfix: it crashes with "
                     f"{got.why} ({rep.crashed} of {rep.tries} runs)")


def described_for_model(text: str) -> CrashReport | None:
    """A C crash the issue describes in words, naming the function, with nothing crashfix can run (no
    program, fragment or recipe: agent/native/reproduce.py `described_crash` takes those): with a model,
    a reproducer can be written from the words and the tree's code, so it is a report to take."""
    text = text[:DESCRIBED_CHARS]
    report = describe(text, split_issue(text)[1])
    if report is None or not report.extra.get("named"):
        return None
    add_untagged_fragments(report, text)
    return report
