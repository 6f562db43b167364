"""The reproduction phase (rung 5) as a trajectory of the agent loop, for every crash family: the
model writes a reproducer with the phase's tools (agent/research/tools/reproducer.py for Python,
c_reproducer.py for C/C++) and crashfix's checker, in `ctx.state[CHECK]`, decides. One trajectory
(`trajectories/repro-1.json`), its own sandbox, its own step allowance (`AgentConfig.reproduction_steps`).
The families' checkers and what an accepted reproducer becomes: agent/python/ladder/reproducer.py,
agent/native/model_repro.py.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

from agent.research.context_window import ContextConfigError, context_window
from agent.research.loop import ResearchAgent, Trajectory, prompt
from agent.research.tools import reproduction_toolbox
from agent.research.tools.c_reproducer import CReproducer
from agent.research.tools.reproducer import CHECK, CHECKS, FOUND, Check, Reproducer
from sandbox import Sandbox

log = logging.getLogger(__name__)

Checker = Callable[..., object]      # the family's check: Python's (sandbox, path) -> Check


@dataclass
class ReproOutcome:
    found: "Reproducer | CReproducer | None" = None     # the accepted reproducer (Python: a test file; C: files and a command)
    checks: list[Check] = field(default_factory=list)
    status: str = "not_run"           # the trajectory's: reproduced, not_reproduced, no_patch, stopped, error…
    reason: str = ""
    trajectory: dict = field(default_factory=dict)     # its summary (file, steps)
    cost: dict = field(default_factory=dict)
    error: str | None = None          # a fatal model error or the budget that stopped it
    facts: list = field(default_factory=list)          # what the phase established (the model's notes), handed on


class ReproTrajectory(Trajectory):
    """The reproduction phase as a trajectory of the agent loop: its prompt, tools and allowance."""
    file_prefix, spent_status = "repro", "not_reproduced"

    def __init__(self, agent: ResearchAgent, check: Checker, target: str):
        super().__init__(agent, 1, (agent.cfg.temperatures or (0.0,))[0], agent.cfg.seed)
        self.check, self.target = check, target

    def phase_limit(self) -> int:
        return self.agent.cfg.reproduction_steps

    def no_tool_hint(self) -> str:
        return "Write a new test with `write_test`, then call `check_reproducer` on it."

    def toolbox(self):
        return reproduction_toolbox(self.agent.report)

    def task_message(self) -> str:
        return super().task_message() + f"\n\nThe crash to reproduce, as crashfix checks it: {self.target}."

    def start_analysis(self) -> None:
        self.ctx.state[CHECK] = self.check
        self.phase, self.phase_steps = "reproduction", 0
        self.messages = [{"role": "system", "content": prompt("reproduction_system", target=self.target)},
                         {"role": "user", "content": self.task_message()}]

    def _load(self) -> dict | None:
        return None                     # a resumed run starts its reproduction phase afresh

    def _do_calls(self, sb: Sandbox, calls, step: dict) -> None:
        super()._do_calls(sb, calls, step)
        found = self.ctx.state.get(FOUND)
        if found is not None and self.status == "running":
            self.status, self.reason = "reproduced", f"`{found.command}` fails with {found.why}"


def find_reproducer(agent: ResearchAgent, check: Checker, target: str,
                    trajectory: Callable[..., "ReproTrajectory"] | None = None) -> ReproOutcome:
    """Run the reproduction phase: what it found (if anything) and every check crashfix made.
    `trajectory(agent, check, target)`: a family's own trajectory (agent/native/model_repro.py)."""
    (agent.out / "trajectories").mkdir(parents=True, exist_ok=True)
    try:
        agent.window = context_window(agent.cfg.model, agent.cfg.context_tokens)
    except ContextConfigError as exc:
        return ReproOutcome(status="error", reason=str(exc), error=str(exc))
    traj = (trajectory or ReproTrajectory)(agent, check, target)
    try:
        traj.execute()
    except Exception as exc:  # noqa: BLE001 -- the phase's failure ends rung 5, not the run
        log.exception("reproduction phase failed")
        traj.status, traj.reason = "error", f"{type(exc).__name__}: {exc}"
        traj.save()
    state = traj.ctx.state if traj.ctx is not None else {}
    seeded = set(agent.seed_memory.facts)
    return ReproOutcome(state.get(FOUND), list(state.get(CHECKS, [])), traj.status, traj.reason, traj.summary(),
                        {**agent.ledger.to_dict(), "model": agent.cfg.model, "replay": bool(agent.cfg.replay)},
                        agent.outcome.error or agent.outcome.limits,
                        [f for f in traj.memory.facts if f not in seeded])
