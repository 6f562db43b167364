"""The run's types: what a run is asked (RunConfig), what it learns (Run), what it hands the bot (Result).

`Result` is the one value that crosses from the agent to the bot; `result.json` and `report.md`
(agent/render.py) are renderings of it, never read back. `Progress` is one `(phase, text)` event
of a running run, for the issue's status comment and the job's log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from agent.compose.outcomes import PATCHED, STATUSES  # noqa: F401 - read here by the paths
from agent.limits import (COMMAND_TIMEOUT, LLM_SECONDS, MAX_CANDIDATES, MAX_DIFF_LINES, REPRODUCE_TRIES,
                          SIDE_QUESTION_SECONDS, VALIDATION_SECONDS)
from agent.markdown_safe import quote_untrusted
from agent.memory import Fact, Memory
from agent.reports.model import CrashReport
from agent.records import FamilyState, Overfit, Probe, Reproduction
from agent.records import SetupCause
from agent.repair_context import Site
from agent.judge.testrun import TestOutcome
from agent.judge.validate import Verdict
from sandbox import Limits

# How a run ended. ("env_broken" joins when the environment check lands.)
# "fixed": a validated patch judged high (agent/judge/confidence.py); "speculative": a validated patch
# that may hide the crash rather than fix it (never headlined "fixed"; docs/confidence.md)
# STATUSES, PATCHED: the one table of outcomes, agent/compose/outcomes.py
# Why a run ended in "error":
ERROR_KINDS = (
    "bad_input",      # the report, repo, ref or configuration cannot be used (RunError)
    "build",          # the repository does not build (native code)
    "sandbox",        # the sandbox could not be opened or used (SandboxError)
    "sandbox_lost",   # the sandbox died under the run (SandboxDead): not the crash's fault, retry
    "llm",            # the research agent's model endpoint failed
    "internal",       # a bug of crashfix: an unexpected exception
)
# The phases of every crash path, in order (agent/path.py); progress events name one of them.
PHASES = ("parse", "prepare", "reproduce", "analyse", "candidates", "validate", "research", "finish")


class RunError(Exception):
    """A run cannot go on (bad input or configuration); the message says why, `kind` is one of ERROR_KINDS."""

    def __init__(self, message: str, kind: str = "bad_input"):
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Progress:
    """One step of a running run: `phase` is one of PHASES, `text` says what happens."""
    phase: str
    text: str


@dataclass(frozen=True)
class RunConfig:
    """What a run is asked, as given: never rewritten during the run (what the set-up resolves is on `Run`)."""
    repo: str
    report_text: str
    out: Path
    ref: str | None = None
    test_cmd: str | None = None
    strategy: str = "auto"              # templates | llm | auto
    sandbox: str = "docker"             # docker | local
    image: str | None = None
    setup_cmd: str | None = None
    build_cmd: str | None = None        # C/C++: how to build (default: detected make/CMake/Meson/autotools)
    repro_cmd: str | None = None        # C/C++: the command that shows the crash (tried before the issue's own)
    tries: int = REPRODUCE_TRIES            # reproductions before and after a patch
    max_candidates: int = MAX_CANDIDATES
    max_seconds: float = VALIDATION_SECONDS
    want_valid: int = 3                 # stop after this many validated candidates…
    patience: int = 3                   # …or this many more candidates after the first validated one
    timeout: float = COMMAND_TIMEOUT        # per command
    limits: Limits | None = None        # the sandbox's memory/pids/output limits (docker); None: Limits()
    max_diff_lines: int = MAX_DIFF_LINES   # a larger candidate is refused before it runs
    protected: Callable[[str], bool] = lambda path: False   # the repo's own protected paths (agent/judge/protect.py adds tests and CI)
    # the research agent (strategy llm/auto); unset fields come from $CRASHFIX_LLM_MODEL/_BASE_URL/_API_KEY
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    trajectories: int = 3
    max_llm_calls: int | None = 60      # per run, all trajectories together
    max_tokens: int | None = 2_000_000
    max_usd: float | None = 5.0
    max_llm_seconds: float | None = LLM_SECONDS
    side_question_seconds: float = SIDE_QUESTION_SECONDS   # what the issue expects, the review: skipped after
    context_tokens: int | None = None   # the model's window (else $CRASHFIX_LLM_CONTEXT_TOKENS, agent/research/context_window.py)
    llm_ledgers: list = field(default_factory=list)   # per-repo / per-installation totals (agent.research.client.Ledger)
    replay: str | None = None           # set when the model is a scripted replay
    resume: bool = False                # continue saved trajectories in out/trajectories/
    kernel_config: str | None = None    # kernel: a .config or fragment file (default: tinyconfig + KASAN harness)
    kernel_cmdline: str | None = None   # kernel: extra boot arguments
    issue_url: str | None = None        # the issue's URL (a kernel mail's Closes: tag)
    python: str | None = None           # the sandbox's Python (--python); else resolved from the repo (agent/python/environment)
    environment: dict | None = None     # crashfix.yml `environment:` as the bot read it (None: the tree's own file)
    # who the repository is, as crashfix was asked (the bot: its installation and owner/name); keys the
    # environment cache and kernel build folders; None: `repo` as given (never the clone's `git remote`)
    repo_id: str | None = None
    kernel_allowed: bool = False        # kernel reports run only when an operator allows it (agent/kernel/path.py)
    # the issue's input files (agent/inputs.py InputFile: the App's downloads of its attachments, `--input`),
    # written into each sandbox where the issue's command runs; one that could not be had says why
    inputs: tuple = ()


@dataclass
class Run:
    """Everything a run learns while it goes; the crash paths fill it, `Result.of` reads it once."""
    config: RunConfig
    # what the set-up resolved from the config and the repository: the image the sandboxes come from, the
    # test command and the per-command timeout the run uses (None here: the config's, as given)
    image: str | None = None
    test_cmd: str | None = None
    timeout: float | None = None
    # an LLM endpoint is configured (the config's, else the environment's: agent/research/strategy.py
    # configured), decided once when the run starts (agent/pipeline.py run_job); see `may_research`
    model_configured: bool = False
    status: str = "error"
    error: str | None = None
    error_kind: str | None = None
    cause: SetupCause | None = None     # env_broken: why the set-up is not sane (its kind, the failing line)
    report: CrashReport | None = None
    files: list[str] = field(default_factory=list)           # the repo's files, relative paths
    repo_paths: dict[str, str] = field(default_factory=dict)  # report frame file -> repo path
    sites: list[Site] = field(default_factory=list)
    memory: Memory = field(default_factory=Memory)
    reproduction: Reproduction | None = None
    tests_before: TestOutcome | None = None
    probe: Probe | None = None
    debugger: str = "pdb"                                     # the probe's debugger: pdb | gdb
    language: str = "python"                                  # the code's language: python | c
    verdicts: list[Verdict] = field(default_factory=list)
    best: Verdict | None = None
    overfit: Overfit | None = None                            # the overfitting guard (agent/python/ladder/overfit.py)
    timings: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    cost: dict = field(default_factory=dict)                  # LLM usage (result.json "cost")
    artifacts: dict = field(default_factory=dict)             # extra outputs (kernel: build dir, mail file)
    native: FamilyState | None = None                        # C/C++: build plan and first build (NativeState)
    progress: list[Progress] = field(default_factory=list)
    result: "Result | None" = None                            # set when the run ends

    def __post_init__(self) -> None:
        cfg = self.config
        self.image = self.image if self.image is not None else cfg.image
        self.test_cmd = self.test_cmd if self.test_cmd is not None else cfg.test_cmd
        self.timeout = self.timeout if self.timeout is not None else cfg.timeout

    def fail(self, status: str, error: str, kind: str | None = None, *, cause: SetupCause | None = None) -> None:
        """End the run without a fix: `status` one of STATUSES, `kind` one of ERROR_KINDS for "error",
        `cause` (env_broken) why the set-up is not sane."""
        self.status, self.error, self.error_kind, self.cause = status, error, kind, cause

    @property
    def may_research(self) -> bool:
        """Whether the research agent (rung 5, the expectation's reading, the second opinion, the research
        phase under `auto`) may run: a model is configured and the strategy is not `templates`."""
        return self.config.strategy != "templates" and self.model_configured

    @property
    def ended(self) -> bool:
        """A phase ended the run (`fail`): the driver runs no further phase."""
        return self.error is not None


NO_COST = {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "usd": 0.0}


@dataclass
class Result:
    """A finished run, as the bot reads it."""
    status: str                                  # one of STATUSES
    error: str | None
    error_kind: str | None                       # one of ERROR_KINDS when status is "error"
    repo: str
    ref: str | None
    strategy: str
    sandbox: str
    test_cmd: str | None                         # the test command the run used (given, or resolved from the repo)
    report: CrashReport | None
    reproduction: Reproduction | None
    patch: str | None                            # the validated diff
    root_cause: str                              # one paragraph of Markdown ("" without a report)
    regression_test: str | None = None           # the path of a new test that fails before the patch and passes after
    regression_patch: str = ""                   # that test as a diff adding the file ("" when none was written)
    regression_text: str = ""                    # that test's text (it holds code from the issue: shown, pushed only on opt-in)
    evidence: list[Fact] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    best: Verdict | None = None
    overfit: Overfit | None = None               # how the validated candidates behaved around the crash
    tests_before: TestOutcome | None = None
    probe: Probe | None = None
    debugger: str = "pdb"
    language: str = "python"
    build: dict | None = None                    # native code: the build plan and first build
    build_log: str | None = None
    artifacts: dict = field(default_factory=dict)
    cost: dict = field(default_factory=lambda: dict(NO_COST))
    timings: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    progress: list[Progress] = field(default_factory=list)
    test_cmd_given: str | None = None            # the test command as given (None: crashfix resolved it)
    image: str | None = None                     # the image the run's sandboxes came from (None: none, or the local backend's)
    timeout: float | None = None                 # the per-command timeout the run used (derived from the baseline's time)
    cause: SetupCause | None = None              # env_broken: why the set-up is not sane (None: another outcome)
    inputs: tuple = ()                           # the run's input files as given (RunConfig.inputs)

    @property
    def fixed(self) -> bool:
        return self.status == "fixed"

    @property
    def patched(self) -> bool:
        """A validated patch was found (fixed, or speculative)."""
        return self.status in PATCHED

    @property
    def reproduced(self) -> bool:
        return bool(self.reproduction and self.reproduction.reproduced)

    @property
    def sandbox_lost(self) -> bool:
        return self.status == "error" and self.error_kind == "sandbox_lost"

    @property
    def tests_after(self) -> dict | None:
        return self.best.tests if self.best else None

    @property
    def tried(self) -> list[Verdict]:
        """The candidates that were not chosen."""
        return [v for v in self.verdicts if v is not self.best]

    @property
    def seconds(self) -> float:
        return sum(v for v in self.timings.values() if isinstance(v, (int, float)))

    def facts(self, *kinds: str) -> list[Fact]:
        return [f for f in self.evidence if f.kind in kinds]

    @classmethod
    def of(cls, run: Run) -> "Result":
        cfg, best = run.config, run.best
        return cls(status=run.status, error=run.error, error_kind=run.error_kind if run.status == "error" else None,
                   repo=cfg.repo, ref=cfg.ref, strategy=cfg.strategy, sandbox=cfg.sandbox, test_cmd=run.test_cmd,
                   report=run.report, reproduction=run.reproduction, patch=best.candidate.diff if best else None,
                   root_cause=root_cause(run) if run.report else "", evidence=list(run.memory.facts),
                   verdicts=list(run.verdicts), best=best, overfit=run.overfit, tests_before=run.tests_before, probe=run.probe,
                   debugger=run.debugger, language=run.language,
                   build=run.native.to_dict() if run.native else None,
                   build_log=run.native.build_log if run.native else None,
                   artifacts=run.artifacts, cost=run.cost or dict(NO_COST), timings=run.timings,
                   notes=run.notes + _command_changed(best), progress=list(run.progress), test_cmd_given=cfg.test_cmd,
                   image=run.image, timeout=run.timeout, cause=run.cause if run.status == "env_broken" else None,
                   inputs=cfg.inputs,
                   **_regression(run))


def _command_changed(best: Verdict | None) -> list[str]:
    """The note naming the files a command changed while the patch was made or validated (issue 35)."""
    if best is None or not best.command_changed:
        return []
    return [f"not in the patch: {', '.join(best.command_changed[:10])} changed while the issue's code, the tests or "
            "a command ran (put back, not counted as part of the fix)"]


def _regression(run: Run) -> dict:
    """The reproduction's new test file (agent/python/ladder/regression.py), when one was written."""
    test = run.reproduction.regression_test if run.reproduction else None
    return {"regression_test": test.path, "regression_patch": run.reproduction.patch,
            "regression_text": test.text} if test else {}


def root_cause(run: Run) -> str:
    """The crash, where it happened, what the debugger saw there, who last changed the line, the fix."""
    r = run.report
    where = f" in {quote_untrusted(r.guilty.function)}" if r.guilty else ""
    site = run.sites[0] if run.sites else None
    text = quote_untrusted(f"{r.type}: {r.message}" if r.message else r.type) + where
    text += f" at {quote_untrusted(f'{site.path}:{site.line}')}." if site else "."
    if run.probe and run.probe.values and not run.probe.error:      # the debugger's values: the program's data
        shown = ", ".join(f"{quote_untrusted(k, 80)} = {quote_untrusted(v, 200)}"       # pdb's `*** Error`: no value
                          for k, v in list(run.probe.values.items())[:4] if not str(v).startswith("***"))
        text += f" Under {run.debugger}, at that line: {shown}." if shown else ""
    blame = [f for f in run.memory.of("history") if "last changed by" in f.text]
    if blame:
        what, who = blame[0].text.split(" last changed by ", 1)
        text += f" The line {quote_untrusted(what.removeprefix('line '), 200)} was last changed by {quote_untrusted(who, 200)}."
    if run.best:
        text += f" Fix: {quote_untrusted(run.best.candidate.description)}."
    return text
