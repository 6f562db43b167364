"""`crashfix eval SUITE`: run every case of a benchmark suite and tabulate the outcomes.

A case is a folder with `repo/`, `report.txt` and `case.json` ({"test_cmd": ..., "expect": ...}); a
case.json "repo" names another folder (relative to the case) when cases share one repository, and
the case's `overlay.diff` (or the patch case.json "overlay" names) is applied to a temporary copy of
it (a case that differs from a shared repo by a few lines, e.g. an added test).
With `--strategy llm|auto` the research agent runs too, against `--model`/`--base-url`, or with
`--model scripted` against each case's own `scripted-model.json` (a replay: agent/research/scripted.py);
each case reports its model calls and the tokens the endpoint counted.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from agent.compose.outcomes import STATUSES
from agent.limits import EVAL_VALIDATION_SECONDS
from agent.pipeline import execute
from agent.run import RunConfig
from agent.run import Result
from sandbox import hostgit


@dataclass
class CaseResult:
    case: str
    expect: str
    status: str
    seconds: float
    candidates: int
    fix: str | None
    error: str | None
    rung: int | None = None          # the ladder rung that reproduced the crash (None: not reproduced)
    how: str | None = None           # what that rung ran
    llm_calls: int = 0               # model calls of the run (all trajectories)
    prompt_tokens: int = 0           # as the endpoint's `usage` reported them (0 when it reports none)
    completion_tokens: int = 0
    replay: bool = False             # the model was a scripted replay: its tokens are the script's, not a real cost

    @property
    def as_expected(self) -> bool:
        return self.status == self.expect


@dataclass(frozen=True)
class EvalModel:
    """The model the cases' research agent uses; `scripted`: each case's scripted-model.json, replayed."""
    strategy: str = "templates"
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None
    trajectories: int = 3

    @property
    def scripted(self) -> bool:
        return self.model == SCRIPTED


SCRIPTED = "scripted"
CASE_SCRIPT = "scripted-model.json"


def find_cases(suite: Path, only: list[str] | None = None) -> list[Path]:
    cases = sorted(p.parent for p in suite.glob("*/case.json"))
    return [c for c in cases if not only or c.name in only]


def run_case(case: Path, sandbox: str, out: Path, llm: EvalModel = EvalModel()) -> CaseResult:
    meta = json.loads((case / "case.json").read_text())
    start = time.monotonic()
    repo = case_repo(case, meta, out / "case-repo")
    config = RunConfig(repo=str(repo), report_text=(case / "report.txt").read_text(),
                       out=out, test_cmd=meta.get("test_cmd"), strategy=llm.strategy, sandbox=sandbox,
                       max_seconds=meta.get("max_seconds", EVAL_VALIDATION_SECONDS), model=llm.model,
                       base_url=llm.base_url, api_key=llm.api_key, trajectories=llm.trajectories)
    if llm.scripted and llm.strategy != "templates":
        result = _replayed(case, config)
    else:
        result = execute(config)
    rep, cost = result.reproduction, result.cost
    return CaseResult(case.name, meta.get("expect", "fixed"), result.status, round(time.monotonic() - start, 1),
                      len(result.verdicts), result.best.candidate.description if result.best else None, result.error,
                      rep.rung if rep and rep.reproduced else None, rep.how if rep and rep.reproduced else None,
                      cost.get("llm_calls", 0), cost.get("prompt_tokens", 0), cost.get("completion_tokens", 0),
                      bool(cost.get("replay")))


def _replayed(case: Path, config: RunConfig) -> Result:
    """The case run against its own scripted model, served on 127.0.0.1 for the run (a replay)."""
    from agent.research.scripted import ScriptedServer
    script = case / CASE_SCRIPT
    if not script.is_file():
        raise EvalError(f"{case.name}: --model {SCRIPTED} needs {CASE_SCRIPT} in the case folder")
    with ScriptedServer(script) as server:
        return execute(replace(config, model=server.model.script.get("model", SCRIPTED), base_url=server.base_url,
                               api_key="scripted-replay", replay=str(script)))


class EvalError(Exception):
    """The suite cannot be run as asked (a scripted case without its script, an unusable endpoint)."""


def case_repo(case: Path, meta: dict, dest: Path) -> Path:
    """The repository a case runs against: its `repo` (cases may share one, eval/issues/vendor) as it
    is, or copied to ``dest`` with the case's overlay patch applied and dated by its `commit_date`."""
    repo = (case / meta.get("repo", "repo")).resolve()
    overlay = (case / meta.get("overlay", OVERLAY)).resolve()
    if "overlay" in meta and not overlay.is_file():
        raise EvalError(f"{case.name}: case.json overlay {meta['overlay']!r} is not a patch file of the case")
    if not overlay.is_file() and not meta.get("commit_date"):
        return repo
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(repo, dest)
    if overlay.is_file():
        try:
            hostgit.run("apply", str(overlay), cwd=dest)
        except hostgit.HostGitError as exc:
            raise EvalError(f"{case.name}: {overlay.name} does not apply to {repo.name}: {exc}") from None
    return dated_repo(dest, meta["commit_date"], dest) if meta.get("commit_date") else dest


OVERLAY = "overlay.diff"


def dated_repo(tree: Path, date: str, dest: Path) -> Path:
    """A git repository of ``tree`` whose one commit is dated ``date`` (a case of an old tree: the
    run installs dependencies as of that date). ``dest`` may be ``tree`` itself (then it is not copied)."""
    if dest.resolve() != tree.resolve():
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(tree, dest)
    dates = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=eval", "-c", "user.email=eval@localhost",
                                                 "commit", "-qm", f"the tree as of {date}"]):
        hostgit.run(*args, cwd=dest, extra=dates)
    return dest


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = width * done // max(total, 1)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


def table(results: list[CaseResult]) -> str:
    rows = [f"{'case':42} {'expect':15} {'status':15} {'ok':3} {'time':>7} {'cands':>5} {'calls':>5} "
            f"{'tokens':>9} {'rung':>4}"]
    for r in results:
        rows.append(f"{r.case:42} {r.expect:15} {r.status:15} {'yes' if r.as_expected else 'NO':3} "
                    f"{r.seconds:7.1f} {r.candidates:5} {r.llm_calls:5} {r.prompt_tokens + r.completion_tokens:9} "
                    f"{r.rung if r.rung is not None else '-':>4}")
    counts = {s: sum(r.status == s for r in results) for s in STATUSES}
    rungs = {n: sum(r.rung == n for r in results) for n in sorted({r.rung for r in results if r.rung is not None})}
    rows.append("")
    rows.append("reproduced by rung: " + (", ".join(f"{n}: {k}/{len(results)}" for n, k in rungs.items()) or "none")
                + f"; not reproduced: {sum(r.rung is None for r in results)}/{len(results)}")
    rows.append(", ".join(f"{k}: {v}" for k, v in counts.items())
                + f"; as expected: {sum(r.as_expected for r in results)}/{len(results)}"
                + f"; total {sum(r.seconds for r in results):.0f} s")
    calls = sum(r.llm_calls for r in results)
    if calls:
        rows.append(f"model: {calls} calls, {sum(r.prompt_tokens for r in results)} prompt + "
                    f"{sum(r.completion_tokens for r in results)} completion tokens")
    return "\n".join(rows)


def main(args) -> int:
    cases = find_cases(args.suite, args.case)
    if not cases:
        print(f"crashfix eval: no cases (folders with case.json) under {args.suite}", file=sys.stderr)
        return 2
    llm = eval_model(args)
    problem = _unusable(llm, cases)
    if problem:
        print(f"crashfix eval: {problem}", file=sys.stderr)
        return 2
    if llm.scripted and llm.strategy != "templates":
        from agent.research.scripted import REPLAY_LABEL
        print(f"crashfix eval: {REPLAY_LABEL}: each case's model turns are replayed from its {CASE_SCRIPT}; "
              "the tokens are the script's, not a real model's cost", file=sys.stderr)
    base = args.out or Path(tempfile.mkdtemp(prefix="crashfix-eval-"))
    results = []
    for i, case in enumerate(cases):
        print(f"\r{_bar(i, len(cases))} {case.name:40}", end="", file=sys.stderr, flush=True)
        results.append(run_case(case, args.sandbox, base / case.name, llm))
    print(f"\r{_bar(len(cases), len(cases))} {'':40}", file=sys.stderr)
    if args.json:
        print(json.dumps([asdict(r) | {"as_expected": r.as_expected} for r in results], indent=2))
    else:
        print(table(results))
    return 0


def eval_model(args) -> EvalModel:
    """The command line's model choice; the key only from $CRASHFIX_LLM_API_KEY (agent/research/client.py)."""
    import os
    from agent.research.client import ENV_API_KEY
    strategy = getattr(args, "strategy", None) or "templates"
    return EvalModel(strategy, getattr(args, "model", None), getattr(args, "base_url", None),
                     os.environ.get(ENV_API_KEY), getattr(args, "trajectories", None) or 3)


def _unusable(llm: EvalModel, cases: list[Path]) -> str | None:
    """Why the suite cannot run with this model (a missing script, an endpoint that does not answer), or None."""
    if llm.strategy == "templates":
        return None
    if llm.scripted:
        missing = [c.name for c in cases if not (c / CASE_SCRIPT).is_file()]
        return f"--model {SCRIPTED}: no {CASE_SCRIPT} in {', '.join(missing)}" if missing else None
    from agent.research.endpoint import run_endpoint_problem
    from agent.research.strategy import configured
    config = RunConfig(repo="", report_text="", out=Path("."), strategy=llm.strategy, model=llm.model,
                       base_url=llm.base_url, api_key=llm.api_key)
    if not configured(config):
        return (f"--strategy {llm.strategy} needs a model: --model and --base-url (or $CRASHFIX_LLM_MODEL and "
                "$CRASHFIX_LLM_BASE_URL), or --model scripted")
    return run_endpoint_problem(config)
