"""The `llm` strategy: the research agent (agent/research/loop.py) wired to a run.

`--strategy llm` runs only the agent; `auto` runs it when an endpoint is configured (a base URL, or a
model name with an API key for api.openai.com) and no template candidate validated, or none of those that
did is rated `high` (agent/pipeline.py drive: its patches then compete with the templates').
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from agent.research.loop import AgentConfig, AgentOutcome, ResearchAgent
from agent.research.inputs import Harness, Investigation
from agent.limits import AGENT_COMMAND_TIMEOUT
from agent.research.client import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL, LLM, Budget, Ledger
from agent.research.model import Model
from agent.run import Run, RunConfig


def endpoint(cfg: RunConfig) -> tuple[str | None, str | None, str | None]:
    """(model, base_url, api_key): the RunConfig's, else the environment's."""
    return (cfg.model or os.environ.get(ENV_MODEL), cfg.base_url or os.environ.get(ENV_BASE_URL),
            cfg.api_key or os.environ.get(ENV_API_KEY))


def configured(cfg: RunConfig) -> bool:
    model, base_url, key = endpoint(cfg)
    return bool(model) and bool(base_url or key)


def agent_config(cfg: RunConfig, parents: list[Ledger] | None = None) -> AgentConfig:
    model, base_url, key = endpoint(cfg)
    return AgentConfig(model=model or "", base_url=base_url, api_key=key, trajectories=cfg.trajectories,
                       budget=Budget(steps=cfg.max_llm_calls, tokens=cfg.max_tokens, usd=cfg.max_usd,
                                     seconds=cfg.max_llm_seconds),
                       parents=list(parents or cfg.llm_ledgers), replay=cfg.replay, resume=cfg.resume,
                       context_tokens=cfg.context_tokens)


def new_model(cfg: RunConfig) -> Model:
    """The run's one model client: the reproduction phase and the research agent share its ledger, so
    the run's budget (calls, tokens, dollars, seconds) and its cost count both."""
    ac = agent_config(cfg)
    return LLM(ac.model, ac.base_url, ac.api_key, ledger=Ledger(ac.budget, name="run", parents=ac.parents),
               prices=ac.prices, retry=ac.retry)


def reproduction_agent(run: Run, source: Path, *, sandbox_factory: Callable, has_history: bool,
                       protected: Callable[[str], bool], llm: Model | None = None,
                       progress: Callable[[str], None] = lambda m: None) -> ResearchAgent:
    """The research agent for rung 5, the reproduction phase: the Python family runs it
    (agent/python/ladder/reproducer.py find_reproducer) when its ladder found no reproducer."""
    cfg = run.config
    case = Investigation(report=run.report, issue_text=cfg.report_text, source=source, out=cfg.out,
                         memory=run.memory, test_cmd=run.test_cmd, baseline=run.tests_before, repo=cfg.repo,
                         has_history=has_history, timeout=min(run.timeout, AGENT_COMMAND_TIMEOUT), protected=protected)
    return ResearchAgent(agent_config(cfg), case, Harness(sandbox_factory, lambda sb: None, progress, llm))


def not_ready(run: Run) -> str | None:
    """Why the research agent cannot run (no model configured), else None; a replay is said in the notes."""
    if not run.model_configured:
        return ("the llm strategy needs a model endpoint: --model and --base-url "
                "(or CRASHFIX_LLM_MODEL, CRASHFIX_LLM_BASE_URL / CRASHFIX_LLM_API_KEY)")
    if run.config.replay:
        run.notes.append(f"REPLAY: the research agent ran against a scripted model ({run.config.replay}), "
                         "not a real LLM")
    return None


def run_agent(run: Run, source: Path, *, sandbox_factory: Callable, validator_factory: Callable,
              has_history: bool, protected: Callable[[str], bool],
              progress: Callable[[str], None] = lambda m: None, build_cmd: str | None = None,
              llm: Model | None = None) -> AgentOutcome:
    """`build_cmd`: what rebuilds the code after an edit (native code), None when nothing needs building."""
    cfg = run.config
    case = Investigation(report=run.report, issue_text=cfg.report_text, source=source, out=cfg.out,
                         memory=run.memory, repro_cmd=run.reproduction.command if run.reproduction else None,
                         test_cmd=run.test_cmd, build_cmd=build_cmd, baseline=run.tests_before, repo=cfg.repo,
                         has_history=has_history, timeout=min(run.timeout, AGENT_COMMAND_TIMEOUT), protected=protected)
    agent = ResearchAgent(agent_config(cfg), case, Harness(sandbox_factory, validator_factory, progress, llm))
    return absorb(run, agent.run())


def absorb(run: Run, outcome: AgentOutcome) -> AgentOutcome:
    """What an agent run leaves in the run, for every crash path alike: its verdicts, cost, facts and
    a note per trajectory and for a budget that stopped it."""
    run.verdicts.extend(outcome.verdicts)
    run.cost = outcome.cost
    for fact in outcome.memory:
        run.memory.add(fact.kind, fact.text, fact.source)
    for t in outcome.trajectories:
        run.notes.append(f"agent trajectory {t['n']}: {t['status']} ({t['reason']}), {t['steps']} steps, "
                         f"{t['submits']} submit(s); {t['file']}")
    if outcome.limits:
        run.notes.append(f"agent stopped by its budget: {outcome.limits}")
    return outcome
