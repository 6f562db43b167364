"""The environment's last rung: when crashfix's own set-up and its ladder (environment/rungs.py) end without a
sane baseline, a model sets the repository up, if an endpoint is configured and the set-up was not
given explicitly.

The set-up phase is one trajectory of the agent loop (`trajectories/setup-1.json`) in a sandbox of
its own that keeps the set-up network while the model works (agent/research/tools/setup.py: `shell`,
`run_tests`, `snapshot`/`rollback`, `done`, and the read-only `view`/`listdir`/`search_code`), bounded
by agent/limits.py (SETUP_AGENT_*: model calls, tokens, recipes checked, seconds per command). The
model proposes a recipe; crashfix alone decides: a fresh sandbox is set up from the recipe's
commands (run as an explicit `environment.install` is: nothing added, sealed after set-up) and its
baseline is judged by the same rule as every set-up (environment/sanity.py). A recipe that passes becomes the
run's set-up, is kept in the environment cache (learned.py; the next run of the repository starts
from it) and is offered to the maintainer as an `environment:` block (`run.artifacts["environment"]`).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from agent.limits import SETUP_AGENT_ROUNDS, SETUP_AGENT_STEPS, SETUP_AGENT_TOKENS, SETUP_COMMAND_TIMEOUT
from agent.memory import Memory
from agent.python.environment import learned
from agent.python.environment.apply import cache_name, choose_image, test_command
from agent.python.environment.sanity import broken
from agent.research import strategy as research_agent
from agent.research.client import LLM, Budget, Ledger
from agent.research.context_window import ContextConfigError, context_window
from agent.research.loop import ResearchAgent, Trajectory, prompt, quote_untrusted
from agent.research.tools import Toolbox, cut
from agent.research.tools.research import ListDir, SearchCode, View
from agent.research.tools.setup import SETUP, SETUP_TOOLS, Recipe, SetupState
from sandbox import InstallStep, SetupFailed, open_sandbox
from sandbox.install import PIP_INSTALL, find_installer, quoted_env, write_constraints

log = logging.getLogger(__name__)
ISSUE_CHARS = 3000


@dataclass
class SetupOutcome:
    recipe: Recipe | None
    status: str                       # set_up, not_set_up, error, limits, ...
    reason: str
    tried: list[dict]                 # every command the model ran
    checks: list[dict]                # every recipe crashfix checked
    trajectory: str                   # its file, relative to the run folder

    def words(self, model: str) -> str:
        """What the model tried, for an env_broken run."""
        ran = [f"`{c['cmd']}` (exit {c['exit']})" for c in self.tried if not c.get("tests")][:8]
        said = f"a model ({model}) tried as the last rung: {self.status} ({self.reason})"
        if ran:
            said += f"; it ran {', '.join(ran)}" + (f" and {len(self.tried) - len(ran)} more" if len(self.tried) > len(ran) else "")
        for c in self.checks:
            said += f"; its recipe {'; '.join(f'`{x}`' for x in c['recipe']['install']) or '(no install)'} " \
                    f"then `{c['recipe']['test_cmd']}`: {c['words']}"
        if not self.checks:
            said += "; it handed over no recipe"
        return said + f" ({self.trajectory})"


def toolbox() -> Toolbox:
    return Toolbox([View(), ListDir(), SearchCode()] + [t() for t in SETUP_TOOLS])


class SetupTrajectory(Trajectory):
    """The set-up phase as a trajectory of the agent loop: its prompt, tools and allowance."""
    file_prefix, spent_status = "setup", "not_set_up"

    def __init__(self, agent: ResearchAgent, st: SetupState, brief: str):
        super().__init__(agent, 1, (agent.cfg.temperatures or (0.0,))[0], agent.cfg.seed)
        self.st, self.brief = st, brief

    def phase_limit(self) -> int:
        return SETUP_AGENT_STEPS

    def no_tool_hint(self) -> str:
        return "Set the project up with `shell`, check it with `run_tests`, then call `done` with the recipe."

    def toolbox(self):
        return toolbox()

    def task_message(self) -> str:
        a = self.agent
        return (f"Repository: {a.repo or a.source.name}\n\n{self.brief}\n\n"
                f"The issue crashfix is working on, for what it may say about the environment:\n"
                f"{quote_untrusted(cut(a.issue_text, ISSUE_CHARS))}\n\n"
                f"You have {self.phase_limit()} steps and {self.st.rounds} recipe check(s).")

    def start_analysis(self) -> None:
        self.ctx.state[SETUP] = self.st
        self.phase, self.phase_steps = "setup", 0
        self.messages = [{"role": "system", "content": prompt("setup_system")},
                         {"role": "user", "content": self.task_message()}]

    def _load(self) -> dict | None:
        return None                     # a resumed run sets up afresh

    def _do_calls(self, sb, calls, step: dict) -> None:
        super()._do_calls(sb, calls, step)
        if self.status != "running":
            return
        if self.st.found is not None:
            self.status, self.reason = "set_up", "crashfix accepted its recipe"
        elif len(self.st.checks) >= self.st.rounds:
            self.status, self.reason = "not_set_up", f"crashfix refused its {len(self.st.checks)} recipe(s)"


# -- what the run gives the phase --------------------------------------------------------------
def may_run(path) -> bool:
    """An endpoint is configured (and the strategy lets a model run), and the set-up was not given
    explicitly (a recipe a model found before, kept in the cache, is not explicit)."""
    env = path.resolved
    return env is not None and path.run.may_research and \
        (not env.explicit_install or bool(getattr(path, "learned", None)))


def _opener(path):
    """A fresh sandbox with the clean tree, nothing installed, the set-up network on (docker)."""
    cfg = path.cfg

    def open_box():
        if cfg.sandbox != "docker":
            return open_sandbox(cfg.sandbox, path.source, install=False, limits=cfg.limits)
        from sandbox.docker.images import ensure_image
        from sandbox.docker.sandbox import DockerSandbox
        box = DockerSandbox(path.run.image or ensure_image("python"), limits=cfg.limits, network_for_setup=True)
        try:
            box.put_tree(path.source)
            box.snapshot()
        except BaseException:
            box.close()
            raise
        return box
    return open_box


def _wrapper(opts: dict):
    """A command as the set-up runs it: `pip install` by the sandbox's installer (uv), with the
    commit's cut-off and the issue's pins; the environment's variables set."""
    as_of, pins, env = opts.get("as_of"), opts.get("pins") or {}, opts.get("env") or {}

    def wrap(box, cmd: str) -> str:
        if PIP_INSTALL.search(cmd):
            known = getattr(box, "_setup_installer", None)
            if known is None:
                known = box._setup_installer = (find_installer(box), write_constraints(box, pins))
            cmd = known[0].command(cmd, as_of, known[1])
        return quoted_env(env) + cmd
    return wrap


def _verifier(path, accepted: dict):
    """crashfix's check of a recipe: a fresh sandbox set up from it alone (as an explicit install),
    its baseline judged by sanity.py. A sane one becomes the run's sandbox."""
    cfg, run = path.cfg, path.run

    def verify(recipe: Recipe) -> tuple[bool, str]:
        opts = {**path.env_opts, "steps": [InstallStep(c, True) for c in recipe.install]}
        notes: list[str] = []
        keep = path.copies_prepared and cfg.sandbox == "docker" and cfg.strategy != "templates"
        try:
            box = open_sandbox(cfg.sandbox, path.source, image=run.image, limits=cfg.limits, **opts, notes=notes,
                               keep_prepared=keep)
        except SetupFailed as exc:
            lines = [ln for ln in str(exc).strip().splitlines() if ln.strip()]
            return False, f"the install failed: {lines[0][:300]}" + (f" … {lines[-1][:300]}" if len(lines) > 1 else "")
        old = (path.sb, run.test_cmd, path.resolved.test_cmd)
        path.sb, path.resolved.test_cmd = box, recipe.test_cmd
        run.test_cmd = test_command(path.resolved, None)
        try:
            accepted["watched"], cause = path.baseline()
        except BaseException:
            box.close()
            path.sb, run.test_cmd, path.resolved.test_cmd = old
            raise
        if cause:
            box.close()
            path.sb, run.test_cmd, path.resolved.test_cmd = old
            return False, f"the baseline is not sane: {cause}"
        if old[0] is not None:
            old[0].close()
        path.env_opts, path.validator = opts, None
        path.resolved.install, path.resolved.explicit_install = list(recipe.install), True
        accepted["notes"] = notes
        return True, run.tests_before.summary(run.files)
    return verify


def _brief(path, cause: str) -> str:
    env = path.resolved
    plan = "; ".join(f"`{s.cmd}`" for s in (path.env_opts.get("steps") or [])) or "(nothing to install)"
    climbed = "; ".join(getattr(path, "climbed", []) or []) or "none"
    return (f"crashfix's set-up: Python {env.python_used or 'the image default'}; install {plan}; "
            f"test command `{env.test_cmd or path.run.test_cmd or '(none found)'}`.\n"
            f"Why it is not a sane baseline: {cut(cause, 1500)}\n"
            f"The ladder's rungs tried: {climbed}.\n"
            "How it was resolved:\n" + "\n".join(f"- {s}" for s in env.steps[-25:]))


def run_phase(path, cause: str, accepted: dict) -> SetupOutcome:
    """Run the set-up phase; what it found and everything it tried."""
    cfg, run = path.cfg, path.run
    model, base_url, key = research_agent.endpoint(cfg)
    ac = research_agent.agent_config(cfg)
    parent = path.llm().ledger
    llm = LLM(model, base_url, key, ledger=Ledger(Budget(steps=SETUP_AGENT_STEPS, tokens=SETUP_AGENT_TOKENS),
                                                  name="setup", parents=[parent]), prices=ac.prices, retry=ac.retry)
    st = SetupState(test_cmd=run.test_cmd, wrap=_wrapper(path.env_opts),
                    judge=lambda out: broken(out, files=run.files, report_text=cfg.report_text),
                    reopen=_opener(path), verify=_verifier(path, accepted),
                    timeout=min(max(run.timeout, 60.0), SETUP_COMMAND_TIMEOUT), rounds=SETUP_AGENT_ROUNDS)
    agent = ResearchAgent(ac, report=run.report, issue_text=cfg.report_text, source=path.source, repro_cmd=None,
                          test_cmd=run.test_cmd, memory=Memory(), sandbox_factory=st.reopen,
                          validator_factory=lambda sb: None, out=cfg.out, repo=cfg.repo,
                          timeout=st.timeout, progress=lambda text: path.steps.say(text, "environment"), llm=llm)
    (agent.out / "trajectories").mkdir(parents=True, exist_ok=True)
    traj = SetupTrajectory(agent, st, _brief(path, cause))
    try:
        agent.window = context_window(ac.model, ac.context_tokens)
        traj.execute()
    except ContextConfigError as exc:
        traj.status, traj.reason = "error", str(exc)
    except Exception as exc:  # noqa: BLE001 -- the phase's failure ends the rung, not the run
        log.exception("set-up phase failed")
        traj.status, traj.reason = "error", f"{type(exc).__name__}: {exc}"
        traj.save()
    finally:
        if traj.ctx is not None:
            traj.ctx.sb.close()         # the sandbox a rollback opened last (execute closed the first)
    if traj.status == "running":
        traj.status = "not_set_up"
    reason = traj.reason or agent.outcome.error or agent.outcome.limits or ""
    run.cost = {**parent.to_dict(), "model": ac.model, "replay": bool(cfg.replay)}
    return SetupOutcome(st.found, traj.status, reason, list(st.tried), list(st.checks),
                        str(traj.path.relative_to(agent.out)))


def last_rung(path, cause: str, watched: bool = False) -> tuple[str | None, bool, str]:
    """The last rung for a baseline that is not sane (or a set-up that failed: ``cause`` starts
    with "set-up:"). Returns (the cause, None when the model's recipe gave a sane baseline; whether
    the watchdog is armed; the words of what the model tried, "" when the rung did not run)."""
    cfg, run = path.cfg, path.run
    name = cache_name(cfg.repo_id or cfg.repo)
    if getattr(path, "learned", None):
        learned.forget(name)
        path.note("the recipe a model found before (kept in the environment cache) no longer works at this "
                  "commit: dropped from the cache")
        path.learned, path.resolved.explicit_install = None, False
        run.artifacts.pop("environment", None)
    if not may_run(path):
        return cause, watched, ""
    model = research_agent.endpoint(cfg)[0]
    path.note(f"the ladder is spent; a model ({model}) sets the project up (the last rung)")
    accepted: dict = {}
    found = run_phase(path, cause, accepted)
    if found.recipe is None:
        words = found.words(model)
        path.note(words)
        return cause, watched, f"; {words}"
    recipe = {**found.recipe.to_dict(), "python": path.resolved.python_used, "model": model}
    run.notes.extend(n for n in accepted.get("notes", []) if n not in run.notes)
    path.note(f"set up by a model ({model}), the last rung: install "
              f"{'; '.join(f'`{c}`' for c in recipe['install']) or '(nothing)'}; test cmd `{recipe['test_cmd']}`; "
              f"crashfix's fresh set-up from it gave a sane baseline: {run.tests_before.summary(run.files)} "
              f"({found.trajectory})")
    kept = learned.remember(name, recipe)
    if kept:
        path.note(kept)
    run.artifacts["environment"] = {"source": "model", "reused": False, "trajectory": found.trajectory, **recipe}
    return None, bool(accepted.get("watched")), ""


def apply_learned(path, env, opts: dict, given_test_cmd: str | None = None) -> dict:
    """A recipe a model found before for this repository (learned.py), when the set-up is not
    explicit: the run sets up from it, said; the `open_sandbox` options that install it. A test
    command given explicitly (``given_test_cmd``: the flag or crashfix.yml's) stays."""
    cfg = path.cfg
    path.learned = None
    if env.explicit_install:
        return opts
    name = cache_name(cfg.repo_id or cfg.repo)
    recipe = learned.recall(name)
    if recipe is None:
        return opts
    path.learned = recipe
    if recipe.get("python") and not env.explicit_python and not env.image and recipe["python"] != env.python_used:
        env.python = recipe["python"]
        path.run.image = choose_image(env, cfg.sandbox, None, log=path.steps.say)
    env.install, env.test_cmd, env.explicit_install = list(recipe["install"]), given_test_cmd or recipe["test_cmd"], True
    path.run.test_cmd = test_command(env, None)
    env.steps.append(f"set-up from the recipe a model ({recipe.get('model')}) found on {recipe.get('kept')}, kept "
                     f"in the environment cache: install {'; '.join(f'`{c}`' for c in env.install) or '(nothing)'}; "
                     f"test cmd `{env.test_cmd}`")
    path.run.artifacts["environment"] = {"source": "model", "reused": True, "install": env.install,
                                         "test_cmd": env.test_cmd, "python": recipe.get("python"),
                                         "model": recipe.get("model")}
    return {**opts, "steps": [InstallStep(c, True) for c in env.install]}


__all__ = ["SetupOutcome", "SetupTrajectory", "apply_learned", "last_rung", "may_run", "run_phase"]
