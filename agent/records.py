"""The records every crash family fills and the run, the bot and the renderings read: how a crash was
reproduced (`Attempt`, `Reproduction`, `confirm`), the regression test a reproducer became
(`RegressionTest`, `furnish`), what the debugger saw (`Probe`, `talk`: pdb and gdb alike), what
the overfitting guard found (`Standing`, `Overfit`) and why a set-up is not sane (`SetupCause`). A
crash site is agent/repair_context.py's `Site`.

This module imports no family (tests/test_import_graph.py): the families import it.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Callable, Protocol

from agent.judge.expectations import Expectation
from agent.judge.testrun import SCRATCH, ensure_scratch
from agent.markdown_safe import quote_untrusted
from agent.reports.model import CrashReport
from sandbox import ExecResult, Sandbox


# -- reproduction ------------------------------------------------------------------------------
@dataclass
class Attempt:
    how: str                  # what was tried: "issue code block", "named test tests/x.py::t", "call site: ..."
    command: str
    reproduced: bool
    exit_code: int
    output_tail: str
    rung: int = 0             # 1 the issue's own code, 2 the named test / the tests, 3 call sites, 4 search; 0 other
    why: str = ""             # what the run showed against the reported signature


@dataclass(frozen=True)
class RegressionTest:
    path: str          # where it lands in the repository (one folder below the root)
    text: str
    crash_test: str = ""       # the test function that fails on the crash ("" : the file is one test)
    expect_test: str = ""      # the test function that asserts what the issue expects ("" : none)
    expectation: Expectation | None = None

    def node(self, local: str, which: str) -> str:
        """`local::<the named test function>`, or `local` when the file holds one test."""
        name = self.expect_test if which == "expect" else self.crash_test
        return f"{local}::{name}" if name else local

    @property
    def patch(self) -> str:
        """The test as a diff that adds the file (git style, a/ b/ prefixes)."""
        lines = self.text.splitlines()
        body = "".join(f"+{ln}\n" for ln in lines)
        return (f"diff --git a/{self.path} b/{self.path}\nnew file mode 100644\n--- /dev/null\n"
                f"+++ b/{self.path}\n@@ -0,0 +1,{len(lines)} @@\n{body}")

    def to_dict(self) -> dict:
        return {"path": self.path, "text": self.text, "expect_test": self.expect_test or None,
                "expectation": self.expectation.to_dict() if self.expectation else None}


@dataclass
class Reproduction:
    command: str | None = None
    how: str | None = None
    tries: int = 0
    crashed: int = 0
    attempts: list[Attempt] = field(default_factory=list)
    observed: CrashReport | None = None     # the crash as the sandbox printed it
    seconds: float = 0.0                    # the slowest run of the reproduction command
    rung: int | None = None                 # the ladder rung that reproduced (see Attempt.rung)
    regression_test: RegressionTest | None = None   # the new test file the reproducer became
    patch: str = ""                         # the files crashfix wrote for it, as a diff ("" when none)
    # when the reproduction is not a regression test that asserts the expectation (the repository's own
    # failing test reproduced it): a check of the expectation on the issue's own call, run on each validated
    # candidate (agent/python/reproduce.py `expect_check`); not part of the PR
    expect_check: RegressionTest | None = None
    expect_command: str | None = None

    @property
    def reproduced(self) -> bool:
        return self.crashed > 0

    @property
    def flaky(self) -> bool:
        return 0 < self.crashed < self.tries

    def to_dict(self) -> dict:
        return {"command": self.command, "how": self.how, "tries": self.tries, "seconds": round(self.seconds, 3),
                "crashed": self.crashed, "reproduced": self.reproduced, "flaky": self.flaky,
                "rung": self.rung, "patch": self.patch, "expect_command": self.expect_command,
                "regression_test": self.regression_test.to_dict() if self.regression_test else None,
                "attempts": [asdict(a) for a in self.attempts]}


def confirm(rep: Reproduction, sb: Sandbox, how: str, cmd: str, got: CrashReport | None, first: ExecResult,
            matches: Callable[[ExecResult], bool], *, tries: int, timeout: float) -> None:
    """Record the command that crashed and run it `tries - 1` more times to count how often it does."""
    rep.command, rep.how, rep.observed = cmd, how, got
    rep.tries, rep.crashed, rep.seconds = 1, 1, first.duration
    for _ in range(tries - 1):
        again = sb.run(cmd, timeout=timeout)
        rep.tries += 1
        rep.crashed += matches(again)
        rep.seconds = max(rep.seconds, again.duration)


def furnish(sb: Sandbox, test: RegressionTest, command: str | None) -> None:
    """Give a sandbox the regression test where `command` runs it: at its path in the repository
    (then snapshot, so that diffs and resets keep it), or in the scratch folder (rungs 1–4)."""
    if not command:
        return
    if test.path in command:
        sb.write(test.path, test.text)
        sb.snapshot()
        return
    local = f"{SCRATCH}/{test.path.rsplit('/', 1)[-1]}"
    if local in command:
        ensure_scratch(sb)
        sb.write(local, test.text)


def furnish_check(sb: Sandbox, rep: Reproduction) -> None:
    """Give a sandbox the expectation check (in the scratch folder, where its command runs it)."""
    if rep.expect_check is not None and rep.expect_command:
        ensure_scratch(sb)
        sb.write(f"{SCRATCH}/{rep.expect_check.path.rsplit('/', 1)[-1]}", rep.expect_check.text)


# -- the debugger ------------------------------------------------------------------------------
@dataclass
class Probe:
    command: str = ""
    frame: str = ""                                   # "path:line in func" where it stopped
    locals: str = ""                                  # repr of the frame's locals, cut
    values: dict[str, str] = field(default_factory=dict)   # expression on the line -> repr or error
    unbound: list[str] = field(default_factory=list)        # names on the line not bound yet at the crash
    specials: list = field(default_factory=list)      # special methods the interpreter called (agent/python/probe_facts.py Special)
    definitions: list = field(default_factory=list)   # what a failing assertion calls, with its code (probe_facts Definition)
    origins: list = field(default_factory=list)       # where the line's plain names came from (agent/python/origin.py)
    caller: str = ""                                  # the frame that called the crashing function: "g at path:line: code"
    transcript: list[tuple[str, str]] = field(default_factory=list)
    error: str | None = None


def talk(session, cmd: str, result: Probe, timeout: float) -> str:
    """One debugger command sent, its answer returned and kept in the probe's transcript."""
    out = session.send(cmd, timeout=timeout)
    result.transcript.append((cmd, out))
    return out


# -- the overfitting guard (agent/python/ladder/overfit.py) -------------------------------------
@dataclass
class Standing:
    """One validated candidate on the generated inputs."""
    description: str
    crashes: int = 0          # inputs on which it raises the reported crash, or raises where it should not
    changed: int = 0          # inputs the unpatched code returned on, where it answers differently
    disagreements: int = 0    # (input, other candidate) pairs where the two answer differently
    differs_from_clean: int = 0   # of those, the pairs whose other candidate crashes on no input
    example: str = ""         # an input where it crashed, else one where it answered differently


@dataclass
class Overfit:
    """What the guard saw; `skipped` says why it did not run (then nothing was re-ranked)."""
    function: str | None = None
    inputs: int = 0
    seconds: float = 0.0
    standings: list[Standing] = field(default_factory=list)
    disagree: bool = False    # two validated candidates answer some generated input differently
    example: str = ""         # such an input, with what each answered
    skipped: str = ""

    def to_dict(self) -> dict:
        return {"function": self.function, "inputs": self.inputs, "seconds": round(self.seconds, 3),
                "disagree": self.disagree, "example": self.example, "skipped": self.skipped,
                "candidates": [asdict(s) for s in self.standings]}

    def sentence(self) -> str:
        """One sentence for the report ("" when the guard did not run)."""
        if self.skipped or not self.standings:
            return ""
        crashed = [s for s in self.standings if s.crashes]
        text = ""
        if crashed:
            text += (f"{len(crashed)} of {len(self.standings)} validated candidates crash on inputs generated "
                     f"around the failing call (e.g. {quote_untrusted(crashed[0].example)}: the reported crash, or an "
                     f"exception on the failing input itself or where the unpatched code returned) and were ranked down. ")
        if self.disagree:
            worst = max(s.disagreements for s in self.standings)
            text += (f"The validated candidates disagree on inputs generated around the failing call (up to "
                     f"{worst} (input, other candidate) pairs of {self.inputs} inputs for one of them), e.g. "
                     f"{quote_untrusted(self.example)}. The patch shown is ranked first, not proven right: check "
                     f"which behaviour is wanted.")
        elif len(self.standings) - len(crashed) > 1:
            text += (f"The validated candidates that do not crash there agree on all {self.inputs} inputs "
                     f"generated around the failing call of `{self.function}`.")
        return text.strip()


# -- a family's own state ---------------------------------------------------------------------
class FamilyState(Protocol):
    """What a family keeps between its phases and reports in the result (agent/native/state.py NativeState)."""

    @property
    def build_log(self) -> str | None: ...

    def to_dict(self) -> dict: ...


# -- set-up ------------------------------------------------------------------------------------
# Why a set-up is not sane, as a value: the kind of breakage, the line of output that shows it, and the
# words for people. Decisions (the set-up fallbacks, the bot) read `kind` and `line`; only people read
# `words`. Written to result.json as `cause`; a record without it is an older one (`from_dict`: None).
class CauseKind(StrEnum):
    """What broke. The first two come from the set-up itself; the rest are the baseline's (sanity.py)."""
    SETUP_FAILED = "setup_failed"            # an install command failed
    IMPORT_CHECK = "import_check"            # the import check after set-up names missing third-party modules
    RUNNER_CRASHED = "runner_crashed"        # pytest's own crash (INTERNALERROR, exit 3)
    COLLECTED_NOTHING = "collected_nothing"  # a part of the test command could not start collecting
    KILLED = "killed"                        # a limit crashfix sets killed the baseline before any result
    NETWORK = "network"                      # the test command reached for the network
    CANNOT_RUN = "cannot_run"                # the test command (or its runner) is not there
    OPTIONS_REFUSED = "options_refused"      # the runner refuses its options (exit 4)
    NO_MODULE_IMPORTS = "no_module_imports"  # no test module could be imported
    COLLECTION_ERRORS = "collection_errors"  # no test ran: the run's only entries are collection errors
    NO_TESTS = "no_tests"                    # the test command collected no test
    RUNNER_STOPPED = "runner_stopped"        # the runner stopped before any test ran
    SETUP_ERRORS = "setup_errors"            # every test errored in its set-up with the same error
    REMOVED_API = "removed_api"              # every test errored with the same error of a removed pytest API
    BUILD_FAILED = "build_failed"            # native code: the repository does not build with today's compiler


@dataclass(frozen=True)
class SetupCause:
    kind: CauseKind
    line: str            # the line of the output that shows it, as the tool printed it ("" when none)
    words: str           # what people read: the verdict in a sentence, quoting the line
    output: str = ""     # a failed set-up's whole message (the fallbacks read the modules it names)

    @property
    def evidence(self) -> str:
        """The tool's own text to read names in (missing modules, a removed API, refused options)."""
        return self.output or self.line

    def __str__(self) -> str:
        return self.words

    def to_dict(self) -> dict:
        return {"kind": self.kind.value, "line": self.line, "words": self.words}

    @classmethod
    def from_dict(cls, data: object) -> SetupCause | None:
        """A record's `cause`; None for an older record (no field) or a kind this version does not know."""
        if not isinstance(data, dict) or data.get("kind") not in set(CauseKind):
            return None
        return cls(CauseKind(data["kind"]), str(data.get("line") or ""), str(data.get("words") or ""))


FAILED = re.compile(r"error|fail|not found|no such|cannot|could not", re.I)


def failing_line(output: str) -> str:
    """The line of a failed command's message that says what failed: after its first line (the command),
    the last line naming an error, else the last line; the first line when there is nothing else."""
    lines = [ln.strip() for ln in (output or "").splitlines() if ln.strip()]
    if not lines:
        return ""
    named = [ln for ln in lines[1:] if FAILED.search(ln)]
    return named[-1] if named else lines[-1]


def setup_failed(message: str) -> SetupCause:
    """The cause of an install that failed (`SetupFailed`'s message: the command, then its output)."""
    return SetupCause(CauseKind.SETUP_FAILED, failing_line(message), f"set-up: {message}", output=message)


def import_check(missing: list[str]) -> SetupCause:
    """The import check after set-up names third-party modules that are not installed."""
    return SetupCause(CauseKind.IMPORT_CHECK, "", "the import check names missing modules: " + ", ".join(missing))
