"""The main job: a repo and a crash report in, a validated patch (or an honest account) out.

The driver: parse the report, pick its crash path (agent/families), run the path's phases in order —
prepare → reproduce → analyse → candidates → validate, the research agent when no template
candidate validated (or, with a model under `auto`, none that did is rated high: `compete`), finish —
timing each step, announcing each as a Progress event, and ending with one Result (agent/run.py),
rendered to the run folder (agent/render.py).
"""
from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Callable

from agent.judge.behaviour import Suite, behaviour
from agent.judge.confidence import HIGH, Evidence, faulting_names, judge
from agent.judge.conventions import follows, raised_own
from agent.families import family_of, path_for, refusal
from agent.path import CrashPath, Steps
from agent.render import write_outputs
from agent.reports import parse
from agent.native.model_repro import described_for_model
from agent.native.reproduce import described_crash
from agent.reports.visible import visible
from agent.run import Progress, Result, Run, RunConfig, RunError
from agent.candidates import Candidate
from agent.research.second_opinion import Review
from agent.research.strategy import configured
from agent.judge.validate import Verdict, rank
from agent.records import setup_failed
from sandbox import RefMissing, SandboxDead, SandboxError, SetupFailed
from sandbox.contain import read_text

log = logging.getLogger(__name__)

__all__ = ["execute", "run_job"]


def execute(config: RunConfig, on_progress: Callable[[Progress], None] = lambda event: None) -> Result:
    """Run the whole job: its Result, and the run folder (config.out) written from it. Only an
    unexpected exception (a bug, or `on_progress` raising to stop the run) escapes, after the
    folder is written with error kind "internal"."""
    return run_job(config, on_progress).result


def run_job(config: RunConfig, on_progress: Callable[[Progress], None] = lambda event: None) -> Run:
    """`execute`, returning the whole Run (its Result in `run.result`)."""
    config = replace(config, report_text=visible(config.report_text))     # only what GitHub shows is parsed or run
    run = Run(config, model_configured=configured(config))     # may the research agent run: decided once
    steps = Steps(run, on_progress)
    config.out.mkdir(parents=True, exist_ok=True)
    path: CrashPath | None = None
    try:
        report = steps.step("parse", lambda: parse(config.report_text) or described_crash(config.report_text)
                            or (described_for_model(config.report_text) if run.may_research else None))
        if report is None:
            run.fail("error", "no crash report found in the given text", "bad_input")
        else:
            run.report = report
            # no frame named yet: the guilty frame may move onto the project's files (at_repo_frame); the
            # crash's one name is said once it is known (agent/compose crash_name)
            steps.say(f"described in words, no crash report pasted: a {report.type} to reproduce from the issue's own code"
                      if report.extra.get("described") else f"parsed: a {report.kind} crash, {report.type}")
            path = path_for(report, run, steps)
            if path is None:            # parsed, not fixed (a Go, Rust or JVM crash): said in one line
                run.fail("error", refusal(family_of(report), report.type), "bad_input")
            else:
                drive(path, run, steps)
    except SetupFailed as exc:
        run.fail("env_broken", f"{type(exc).__name__}: {exc}", cause=setup_failed(str(exc)))
        log.error("run failed: %s", run.error)
    except (SandboxError, RunError) as exc:
        kind = exc.kind if isinstance(exc, RunError) else "sandbox_lost" if isinstance(exc, SandboxDead) \
            else "bad_input" if isinstance(exc, RefMissing) else "sandbox"
        run.fail("error", f"{type(exc).__name__}: {exc}", kind)
        log.error("run failed: %s", run.error)
    except BaseException as exc:       # a bug, or the caller stopping the run (its progress listener raised)
        run.fail("error", f"the run was interrupted: {type(exc).__name__}: {exc}", "internal")
        raise
    finally:
        try:
            if path is not None:
                path.close()
        finally:
            run.result = Result.of(run)
            write_outputs(run.result, config.out)
    return run


def drive(path: CrashPath, run: Run, steps: Steps) -> None:
    """The phases in order; the templates' candidates, then the research agent when none validated (or,
    with a model under `auto`, none is rated high); the run's status from the verdicts. A phase that ends the run (`run.fail`) stops it there."""
    for phase in ("prepare", "reproduce", "analyse"):
        steps.phase = phase
        getattr(path, phase)()
        if run.ended:
            return
    cfg = run.config
    if cfg.strategy != "llm" or not path.research_agent:
        steps.phase = "candidates"
        candidates = steps.step("synthesis", path.candidates)
        if candidates:
            steps.phase = "validate"
            validate(path, run, steps, candidates)
    survivors = rank(run.verdicts)
    agent_error = None
    review, read = getattr(path, "second_opinion", None), reader(path)
    if survivors and cfg.strategy == "auto" and run.model_configured and path.research_agent:
        # with a model, a template patch ends the run only when it is rated high, the review included
        survivors, asked = assess(run, path.guard(survivors), read=read), False
        if any(v.confidence == HIGH for v in survivors):
            survivors, asked = reviewed(run, survivors, review, read), True
        if not any(v.confidence == HIGH for v in survivors):
            compete(path, run, steps, survivors)
            grown = rank(run.verdicts)
            if len(grown) > len(survivors):     # the agent's patches join the templates' on the same evidence
                survivors, asked = assess(run, path.guard(grown), read=read), False
        if not asked:
            survivors = reviewed(run, survivors, review, read)
    else:
        if not survivors and cfg.strategy != "templates" and path.research_agent:
            if cfg.strategy == "llm" or run.model_configured:
                steps.phase = "research"
                agent_error = steps.step("agent", path.research)
                survivors = rank(run.verdicts)
                if run.ended and not survivors:      # the path's own machinery failed (an error, not a verdict)
                    steps.phase = "finish"
                    path.finish()
                    return
            elif cfg.strategy == "auto":
                run.notes.append("no template candidate validated and no LLM endpoint is configured "
                                 "(CRASHFIX_LLM_MODEL + CRASHFIX_LLM_BASE_URL): the research agent did not run")
        survivors = path.guard(survivors)            # overfitting: agent/python/ladder/overfit.py
        survivors = assess(run, survivors, review, read)
    if survivors:
        settle(run, survivors)
        run.memory.add("validation", f"validated: {run.best.candidate.description}", "validation")
    elif agent_error:
        run.fail("error", agent_error, "llm")
    elif not run.verdicts:
        run.fail("not_fixed", "no strategy produced a candidate patch")
    else:
        run.fail("not_fixed", f"none of {len(run.verdicts)} candidate(s) passed validation")
    steps.phase = "finish"
    path.finish()


def compete(path: CrashPath, run: Run, steps: Steps, survivors: list[Verdict]) -> None:
    """Under `auto` with a model, when no template patch is rated high: the research agent runs, so its
    patches compete with the templates' (the same validator, confidence and ranking). The templates'
    patches stand when it finds none, or cannot run (said in a note)."""
    first = survivors[0]
    run.notes.append(f"the templates' validated patch {first.candidate.description!r} is rated {first.confidence} "
                     f"({first.confidence_why}); a model is configured, so the research agent runs and its "
                     f"patches compete with the templates' on the same evidence")
    steps.phase = "research"
    error = steps.step("agent", path.research)
    if run.ended:               # its own sandbox failed; the templates' patches were judged in the first one
        run.notes.append(f"the research agent did not finish ({run.error}); the templates' patches stand")
        run.error = run.error_kind = None
    if error:
        run.notes.append(f"the research agent stopped: {error}; the templates' patches stand")


def assess(run: Run, survivors: list[Verdict], second_opinion=None, read=None) -> list[Verdict]:
    """Each validated candidate's confidence (agent/judge/confidence.py), ranked (validate.rank: the high
    ones first, the order otherwise kept); with a model, the second opinion then (`reviewed`).
    `read`: a repository path to its unpatched text (the code's conventions), None when unreadable."""
    shared = run_evidence(run)
    for v in survivors:
        _rate(v, candidate_evidence(run, v, shared, read))
    survivors = rank(survivors, ordered=True)
    return reviewed(run, survivors, second_opinion, read) if second_opinion is not None else survivors


def reviewed(run: Run, survivors: list[Verdict], second_opinion: Callable[[list[Verdict]], Review] | None,
             read=None) -> list[Verdict]:
    """The second opinion on the first of the rated `survivors` counts: when it says the patch hides the
    symptom, its confidence drops (with the reason); the candidate it would choose goes first among those
    the evidence rates alike (a `high` one stays ahead of a `speculative` choice, said in a note). The
    chosen patch's reasons say what the reviewer said of it."""
    if not survivors or second_opinion is None:
        return survivors
    said: Review = second_opinion(survivors)
    if not said.verdict:
        return survivors
    first = survivors[0]
    if said.hides:
        _rate(first, replace(candidate_evidence(run, first, run_evidence(run), read), review=said.hides))
    pick = survivors[said.prefer] if said.prefer is not None and said.prefer < min(len(survivors), 5) else None
    order = [pick, *(v for v in survivors if v is not pick)] if pick is not None else survivors
    ranked = rank(order, ordered=True)
    best = ranked[0]
    if pick is not None and pick is not best:
        run.notes.append(f"the second opinion would choose {pick.candidate.description!r} ({said.why}); it is rated "
                         f"{pick.confidence} and {best.candidate.description!r} {best.confidence}, so the latter is kept")
    if best is pick and pick is not first:
        words = f"the second opinion chose it over {first.candidate.description!r}: {said.why}"
        run.notes.append(f"the second opinion's choice: {pick.candidate.description!r} ({said.why})")
    elif best is first and not said.hides:
        words = f"the second opinion says it fixes the cause: {said.why}"
    else:
        words = ""
    if words:
        best.confidence_why = f"{best.confidence_why.rstrip('.')}; {words}."
    return ranked


def settle(run: Run, survivors: list[Verdict]) -> None:
    """The run's patch and its word: `fixed` only for a high-confidence patch, `speculative` otherwise
    (a validated patch that may hide the crash is never headlined "fixed")."""
    run.best = survivors[0]
    run.status = "fixed" if run.best.confidence == HIGH else "speculative"


def run_evidence(run: Run) -> Evidence:
    """What the run knows for every candidate alike: the issue's expectation, the crash line's names,
    the overfitting guard's state, the project's suite."""
    rep, guard, before = run.reproduction, run.overfit, run.tests_before
    test = rep.regression_test if rep else None
    check = rep.expect_check if rep else None            # the call, when the repository's own test reproduced
    return Evidence(expectation=test.expectation if test and test.expect_test else
                    check.expectation if check is not None and rep.expect_command else None,
                    faulting=faulting_names(*(run.probe.values if run.probe else ()),
                                            (run.report.guilty.code or "") if run.report.guilty else ""),
                    guard_skipped=guard.skipped if guard else "",
                    # the suite's strength is judged where crashfix counts a suite's results (Python); the C
                    # paths validate by rebuild, sanitizers and boot, judged apart (docs/confidence.md)
                    suite=Suite(run.test_cmd, before.counted if before else 0, len(before.failed) if before else 0)
                    if run.language == "python" else None)


def candidate_evidence(run: Run, v: Verdict, shared: Evidence, read=None) -> Evidence:
    """One candidate's evidence: its diff, what it gave, the conventions it follows, the guard's view of it."""
    mine = next((s for s in (run.overfit.standings if run.overfit else []) if s.description == v.candidate.description), None)
    conventions, did = (), behaviour(v.script_after, v.repro_after)
    if read is not None:
        conventions = follows(v.candidate.diff, read, run.files)
        own = raised_own(did.exception, v.candidate.diff, read, run.files) if did and did.exception else None
        conventions += (own,) if own and own.name not in {c.name for c in conventions} else ()
    return replace(shared, diff=v.candidate.diff, meets=v.expected, said=v.expected_said,
                   behaviour=did, conventions=conventions,
                   repaired=tuple(v.repaired), discounted=tuple(v.discounted),
                   # a crash around the call counts where another validated candidate does not crash at
                   # all (when every one crashes there, the generated inputs, not this patch, are in question)
                   crashes_around=mine.example if mine and mine.crashes and any(
                       not s.crashes for s in run.overfit.standings) else "",
                   disagree=(run.overfit.example or mine.example) if mine and mine.differs_from_clean else "")


def reader(path: CrashPath):
    """The unpatched clone's files as text (through sandbox/contain.py), or None when the path has no clone."""
    source = getattr(path, "source", None)
    if source is None:
        return None
    return lambda name: read_text(source, name)


def _rate(v: Verdict, evidence: Evidence) -> None:
    c = judge(evidence)
    v.confidence, v.confidence_why, v.confidence_reasons = c.level, c.why, list(c.reasons)


def validate(path: CrashPath, run: Run, steps: Steps, candidates: list[Candidate]) -> None:
    """Candidates in order until the budget, `want_valid` validated ones, or `patience` more after the first."""
    cfg = run.config
    start = time.monotonic()
    for i, cand in enumerate(candidates[: cfg.max_candidates], 1):
        if time.monotonic() - start > cfg.max_seconds:
            run.notes.append(f"validation stopped at its budget of {cfg.max_seconds:.0f} s")
            break
        steps.say(f"validating {i}/{len(candidates)}: {cand.description}")
        run.verdicts.append(path.validate(cand, i))
        valid = [j for j, v in enumerate(run.verdicts) if v.validated]
        if len(valid) >= cfg.want_valid or (valid and len(run.verdicts) - 1 - valid[0] >= cfg.patience):
            break
    run.timings["validation"] = round(time.monotonic() - start, 3)
