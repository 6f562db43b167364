"""The overfitting guard: validated candidates run on inputs generated around the failing call; those that
still crash there, or answer differently from the others, are ranked down, and survivors that still
disagree are reported, not silently picked from."""
from __future__ import annotations

import builtins
import json
import logging
import time

from agent.judge.match import repo_frame
from agent.python.ladder.overfit_script import EVALUATE, GENERATE
from agent.python.ladder.regression import PRELUDE
from agent.python.ladder.search import SEED, issue_literals, targets, user_text
from agent.python.ladder.search_script import TRACER
from agent.records import Overfit, Standing
from agent.reports.model import CrashReport
from agent.judge.testrun import SCRATCH, is_pytest
from agent.judge.validate import Verdict, rank_key
from sandbox import PatchFailed, Sandbox

log = logging.getLogger(__name__)

GUARD_SECONDS = 60.0     # the whole guard: tracing, generating, and one run per candidate
MAX_INPUTS = 200
CALL_SECONDS = 2.0       # one call of the function on one input

def guard(sb: Sandbox, report: CrashReport, repro_cmd: str | None, repo_paths: dict[str, str], files: list[str],
          issue_text: str, survivors: list[Verdict], *, seconds: float = GUARD_SECONDS,
          timeout: float = 120.0) -> tuple[list[Verdict], Overfit]:
    """Rank `survivors` (two or more validated verdicts, best first) by how they behave around the crash."""
    start = time.monotonic()
    verdict = Overfit()
    try:
        shown = _inputs(sb, report, repro_cmd, repo_paths, files, issue_text, verdict, timeout)
        if shown:
            outcomes = _outcomes(sb, report, repo_paths, survivors, verdict, start + seconds, timeout)
            if outcomes:
                survivors = _rank(survivors, outcomes, shown, verdict)
    finally:
        sb.reset()
        verdict.seconds = time.monotonic() - start
    log.info("overfitting guard: %s", verdict.skipped or verdict.sentence())
    return survivors, verdict

def _inputs(sb: Sandbox, report: CrashReport, repro_cmd: str | None, repo_paths: dict[str, str], files: list[str],
            issue_text: str, verdict: Overfit, timeout: float) -> list[str]:
    """Trace the reproduction, then generate inputs around the last call of the first traceback function
    it reached; what each input looks like (for the report), or [] with `verdict.skipped` set."""
    wanted = targets(report, repo_paths, files)
    if not repro_cmd or not is_pytest(repro_cmd):
        verdict.skipped = "the reproduction is not a pytest command: nothing to trace"
        return []
    if not wanted:
        verdict.skipped = "no function of the traceback is in the repository"
        return []
    sb.reset()
    sb.write(f"{SCRATCH}/crashfix_trace.py", f"TARGETS = {[[t[2], t[1]] for t in wanted]!r}\nLIMIT = 1\n"
                                              f"KEEP = 'last'\nSEEDS_FILE = 'overfit_seeds.pkl'\n" + TRACER)
    sb.run(f"PYTHONPATH={SCRATCH}${{PYTHONPATH:+:$PYTHONPATH}} {repro_cmd} -p crashfix_trace", timeout=timeout)
    head = (f"TARGETS = {[t[:3] for t in wanted]!r}\nLITERALS = {issue_literals(user_text(report, repo_paths, issue_text))!r}\n"
            f"SEED = {SEED}\nMAX_INPUTS = {MAX_INPUTS}\n")
    sb.write(f"{SCRATCH}/crashfix_overfit_inputs.py", PRELUDE + head + GENERATE)
    sb.run(f"python {SCRATCH}/crashfix_overfit_inputs.py", timeout=timeout)
    data = _json(sb, f"{SCRATCH}/overfit_inputs.json")
    shown = data.get("shown") if isinstance(data, dict) else None
    if not isinstance(shown, list) or not shown or not isinstance(data.get("function"), str):
        verdict.skipped = "the reproduction reached no module-level function of the traceback with arguments it could record"
        return []
    verdict.function, verdict.inputs = data["function"], len(shown)
    return [f"{data['function']}({s})" if isinstance(s, str) else "?" for s in shown]

def _outcomes(sb: Sandbox, report: CrashReport, repo_paths: dict[str, str], survivors: list[Verdict],
              verdict: Overfit, deadline: float, timeout: float) -> list[list] | None:
    """[unpatched answers, then each survivor's], each a list of (answer, crashed) per input."""
    frame = repo_frame(report, repo_paths)
    crash_at = [repo_paths.get(frame.file or "", ""), frame.function, report.type.rsplit(".", 1)[-1]] if frame else ["", "", ""]
    sb.write(f"{SCRATCH}/crashfix_overfit_run.py",
             PRELUDE + f"CRASH_AT = {crash_at!r}\nCALL_SECONDS = {CALL_SECONDS!r}\n" + EVALUATE)
    runs = []
    for diff in [None] + [v.candidate.diff for v in survivors]:
        if time.monotonic() > deadline:
            verdict.skipped = f"out of time after {len(runs) - 1} of {len(survivors)} candidates"
            return None
        sb.reset()
        try:
            if diff is not None:
                sb.apply_patch(diff)
        except PatchFailed as exc:
            verdict.skipped = f"a validated patch no longer applies: {exc}"
            return None
        sb.write(f"{SCRATCH}/overfit_out.json", "null")
        sb.run(f"python {SCRATCH}/crashfix_overfit_run.py", timeout=min(timeout, CALL_SECONDS * verdict.inputs + 30))
        got = _json(sb, f"{SCRATCH}/overfit_out.json")
        runs.append(_answers(got, verdict.inputs))
    return runs

def _json(sb: Sandbox, path: str) -> object:
    """A JSON file the sandbox wrote (untrusted: only its shape is used), or None."""
    try:
        return json.loads(sb.read(path))
    except Exception:            # missing, unreadable or not JSON: the run said nothing
        return None

def _answers(got: object, n: int) -> list[tuple[str, bool]]:
    """Sandbox output, checked: one (answer, crashed) per input; a run that wrote nothing answers "no answer"."""
    rows = got if isinstance(got, list) and len(got) == n else [["no answer", False]] * n
    return [(str(r[0])[:200], r[1] is True) if isinstance(r, list) and len(r) == 2 else ("no answer", False)
            for r in rows]

def _builtin(answer: str) -> bool:
    """`raised X` names a builtin exception class (not one the project defines)."""
    name = answer.removeprefix("raised ").split(":", 1)[0].strip()
    return isinstance(getattr(builtins, name, None), type)


def _rank(survivors: list[Verdict], runs: list[list], shown: list[str], verdict: Overfit) -> list[Verdict]:
    before, answers = runs[0], runs[1:]
    standings = [Standing(v.candidate.description) for v in survivors]
    for i, (mine, st) in enumerate(zip(answers, standings)):
        crash_at, odd_at = None, None
        for k, (answer, crashed) in enumerate(mine):
            differs = sum(other[k][0] != answer for j, other in enumerate(answers) if j != i)
            changed = not before[k][0].startswith(("raised", "timed out", "no answer")) and before[k][0] != answer
            # the reported crash; or a builtin exception on the failing input itself, or any where the unpatched
            # code returned (on the failing input, the project's own error class is the answer, not a crash)
            broke = crashed or (answer.startswith("raised") and (
                (k == 0 and _builtin(answer)) or before[k][0].startswith("returned")))
            st.crashes += broke
            st.changed += changed
            st.disagreements += differs
            crash_at = k if crash_at is None and broke else crash_at
            odd_at = k if odd_at is None and (differs or changed) else odd_at
        at = crash_at if crash_at is not None else odd_at
        st.example = shown[at] if at is not None else ""
    order = sorted(range(len(survivors)), key=lambda i: (standings[i].crashes, standings[i].changed,
                                                         standings[i].disagreements, rank_key(survivors[i])))
    verdict.standings = [standings[i] for i in order]
    # the survivors disagree when any two of them answer an input differently: those that crash there
    # included (a candidate that raises where another returns is a disagreement too, not a reason to
    # look away: with one clean candidate left, the others' answers were never compared at all)
    clean = [i for i in order if not standings[i].crashes]
    for i, st in enumerate(standings):
        st.differs_from_clean = sum(answers[j][k][0] != answers[i][k][0] for j in clean if j != i
                                    for k in range(len(shown)))
    verdict.disagree = any(st.disagreements for st in standings)
    for pool in (clean, order):
        k = next((k for k in range(len(shown)) if len({answers[i][k][0] for i in pool}) > 1), None)
        if k is not None:
            verdict.example = f"{shown[k]}: " + "; ".join(
                f"{survivors[i].candidate.description!r} {answers[i][k][0]}" for i in pool[:3])
            break
    return [survivors[i] for i in order]
