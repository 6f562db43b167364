"""What a `ResearchAgent` (agent/research/loop.py) is given besides its `AgentConfig`: the case it investigates
and the harness it acts through. Two typed values in place of the eighteen keywords its constructor took."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from agent.judge.testrun import TestOutcome
from agent.memory import Memory
from agent.reports.model import CrashReport
from agent.research.model import Model
from sandbox import Sandbox


def _nothing_protected(path: str) -> bool:
    return False


def _silent(text: str) -> None:
    return None


@dataclass(frozen=True)
class Investigation:
    """The crash, the project and what the run already knows about it, and where the agent writes."""
    report: CrashReport | None
    issue_text: str                     # the issue as the reporter wrote it ("" when the prose is not the agent's business)
    source: Path                        # the host-side clone the tools read
    out: Path                           # the run's folder (trajectories/ goes there)
    memory: Memory                      # the facts the run noted before the agent
    repro_cmd: str | None = None        # the command that reproduces the crash, when the ladder found one
    test_cmd: str | None = None
    build_cmd: str | None = None        # native: rebuilds the program after edits (the gdb tool runs it)
    baseline: TestOutcome | None = None  # the tests on the unedited tree (the validator's), if measured
    repo: str = ""                      # the repository's name or URL, as the run was given it
    has_history: bool = True            # told a git repo (the agent checks it has more than one commit)
    timeout: float = 120.0              # one command's time limit in the sandbox
    protected: Callable[[str], bool] = _nothing_protected   # paths the agent may not edit (the tests)


@dataclass(frozen=True)
class Harness:
    """How the agent acts: a fresh sandbox per trajectory, a validator in one, its progress said, and the
    model (None: one built from the `AgentConfig`)."""
    sandbox_factory: Callable[[], Sandbox]
    validator_factory: Callable[[Sandbox], object]
    progress: Callable[[str], None] = _silent
    llm: Model | None = None
