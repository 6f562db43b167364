"""The set-up's last fallback: when crashfix's own set-up and its fallbacks (fallbacks.py) end without a
sane baseline, a model sets the repository up, if an endpoint is configured and the set-up was not
given explicitly.

The set-up phase is one trajectory of the agent loop (`trajectories/setup-1.json`) in a sandbox of
its own that keeps the set-up network while the model works (agent/research/tools/setup.py: `shell`,
`run_tests`, `snapshot`/`rollback`, `done`, and the read-only `view`/`listdir`/`search_code`), bounded
by agent/limits.py (SETUP_AGENT_*: model calls, tokens, recipes checked, seconds per command). The
model proposes a recipe; crashfix alone decides: a fresh sandbox is set up from the recipe's
commands (run as an explicit `environment.install` is: nothing added, sealed after set-up) and its
baseline is judged by the same rule as every set-up (environment/sanity.py). A recipe that passes becomes the
set-up of THIS run only and is offered to the maintainer as an `environment:` block
(`run.artifacts["environment"]`): a proposal, used by later runs only once a maintainer commits it to
`.github/crashfix.yml`. The model sees the parsed crash (type, message, frames), never the issue's
prose, and a recipe holds package installs and files of the tree only (environment/recipe_policy.py).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from agent.limits import SETUP_AGENT_ROUNDS, SETUP_AGENT_STEPS, SETUP_AGENT_TOKENS, SETUP_COMMAND_TIMEOUT
from agent.memory import Memory
from agent.python.environment.apply import test_command
from agent.python.environment.recipe_policy import check, check_test, in_tree
from agent.python.environment.sanity import broken
from agent.research import strategy as research_agent
from agent.research.client import LLM, Budget, Ledger
from agent.research.context_window import ContextConfigError, context_window
from agent.research.loop import ResearchAgent, Trajectory, prompt, quote_untrusted
from agent.research.inputs import Harness, Investigation
from agent.research.tools import Toolbox, cut
from agent.research.tools.research import ListDir, SearchCode, View
from agent.research.tools.setup import SETUP, SETUP_TOOLS, Recipe, SetupState
from agent.records import SetupCause
from sandbox import InstallStep, SetupFailed, open_sandbox
from sandbox.install import PIP_INSTALL, find_installer, quoted_env, write_constraints

log = logging.getLogger(__name__)
FRAMES_SHOWN = 30


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
        said = f"a model ({model}) tried as the last fallback: {self.status} ({self.reason})"
        if ran:
            said += f"; it ran {', '.join(ran)}" + (f" and {len(self.tried) - len(ran)} more" if len(self.tried) > len(ran) else "")
        for c in self.checks:
            said += f"; its recipe {'; '.join(f'`{x}`' for x in c['recipe']['install']) or '(no install)'} " \
                    f"then `{c['recipe']['test_cmd']}`: {c['words']}"
        if not self.checks:
            said += "; it handed over no recipe"
        return said + f" ({self.trajectory})"


def parsed_crash(report) -> str:
    """The crash as crashfix parsed it: its kind, type, message and frames; no prose of the issue."""
    if report is None:
        return "(no crash report was parsed)"
    lines = [f"kind: {report.kind}", f"type: {report.type}"]
    if report.message:
        lines.append("message: " + " ".join(report.message.split())[:300])
    frames = report.frames[:FRAMES_SHOWN]
    for f in frames:
        where = f"{f.file}:{f.line}" if f.file and f.line else (f.file or f.module or "?")
        lines.append(f"  frame: {f.function[:120]} at {where[:200]}")
    if len(report.frames) > len(frames):
        lines.append(f"  ... and {len(report.frames) - len(frames)} more frame(s)")
    return "\n".join(lines)


def recipe_policy(source):
    """crashfix's check of a recipe's commands against the tree at ``source``: (the recipe as it will
    run, None) or (None, why it is refused)."""
    is_file, is_dir = in_tree(source)

    def allowed(recipe: Recipe) -> tuple[Recipe | None, str | None]:
        install = []
        for cmd in recipe.install:
            ok, why = check(cmd, is_file, is_dir)
            if ok is None:
                return None, f"the install command `{cmd[:200]}` is refused: {why}"
            install.append(ok)
        test, why = check_test(recipe.test_cmd, is_file)
        if test is None:
            return None, f"the test command `{recipe.test_cmd[:200]}` is refused: {why}"
        return Recipe(tuple(install), test), None
    return allowed


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
                f"The crash crashfix is working on, as parsed from the report (the issue's prose is not shown):\n"
                f"{quote_untrusted(parsed_crash(a.report), 'PARSED CRASH REPORT')}\n\n"
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
    explicitly."""
    env = path.resolved
    return env is not None and path.run.may_research and not env.explicit_install


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
            return False, f"the baseline is not sane: {cause.words}"
        if old[0] is not None:
            old[0].close()
        path.env_opts, path.validator = opts, None
        path.resolved.install, path.resolved.explicit_install = list(recipe.install), True
        accepted["notes"] = notes
        return True, run.tests_before.summary(run.files)
    return verify


def _words(cause: SetupCause | None) -> str | None:
    """What the model reads of a verdict: its words (the model is a person here)."""
    return cause.words if cause is not None else None


def _brief(path, cause: SetupCause) -> str:
    env = path.resolved
    plan = "; ".join(f"`{s.cmd}`" for s in (path.env_opts.get("steps") or [])) or "(nothing to install)"
    fallbacks_tried = "; ".join(r.label for r in getattr(path, "fallbacks_tried", []) or []) or "none"
    return (f"crashfix's set-up: Python {env.python_used or 'the image default'}; install {plan}; "
            f"test command `{env.test_cmd or path.run.test_cmd or '(none found)'}`.\n"
            f"Why it is not a sane baseline: {cut(cause.words, 1500)}\n"
            f"The set-up fallbacks tried: {fallbacks_tried}.\n"
            "How it was resolved:\n" + "\n".join(f"- {s}" for s in env.steps[-25:]))


def run_phase(path, cause: SetupCause, accepted: dict) -> SetupOutcome:
    """Run the set-up phase; what it found and everything it tried."""
    cfg, run = path.cfg, path.run
    model, base_url, key = research_agent.endpoint(cfg)
    ac = research_agent.agent_config(cfg)
    parent = path.llm().ledger
    llm = LLM(model, base_url, key, ledger=Ledger(Budget(steps=SETUP_AGENT_STEPS, tokens=SETUP_AGENT_TOKENS),
                                                  name="setup", parents=[parent]), prices=ac.prices, retry=ac.retry)
    st = SetupState(test_cmd=run.test_cmd, wrap=_wrapper(path.env_opts),
                    judge=lambda out: _words(broken(out, files=run.files, report_text=cfg.report_text)),
                    reopen=_opener(path), verify=_verifier(path, accepted), allowed=recipe_policy(path.source),
                    timeout=min(max(run.timeout, 60.0), SETUP_COMMAND_TIMEOUT), rounds=SETUP_AGENT_ROUNDS)
    # the issue's prose is not the set-up's business: the model gets the parsed crash (task_message)
    agent = ResearchAgent(ac, Investigation(report=run.report, issue_text="", source=path.source, out=cfg.out,
                                            memory=Memory(), test_cmd=run.test_cmd, repo=cfg.repo, timeout=st.timeout),
                          Harness(st.reopen, lambda sb: None, lambda text: path.steps.say(text, "environment"), llm))
    (agent.out / "trajectories").mkdir(parents=True, exist_ok=True)
    traj = SetupTrajectory(agent, st, _brief(path, cause))
    try:
        agent.window = context_window(ac.model, ac.context_tokens)
        traj.execute()
    except ContextConfigError as exc:
        traj.status, traj.reason = "error", str(exc)
    except Exception as exc:  # noqa: BLE001 -- the phase's failure ends the fallback, not the run
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


def last_fallback(path, cause: SetupCause, watched: bool = False) -> tuple[SetupCause | None, bool, str]:
    """The last fallback for a baseline that is not sane (or a set-up that failed: kind `setup_failed`).
    Returns (the cause, None when the model's recipe gave a sane baseline; whether the watchdog is
    armed; the words of what the model tried, "" when the model did not run). A recipe
    that passes is this run's set-up only: kept nowhere, offered as an `environment:` block."""
    cfg, run = path.cfg, path.run
    if not may_run(path):
        return cause, watched, ""
    model = research_agent.endpoint(cfg)[0]
    path.note(f"the set-up fallbacks are spent; a model ({model}) sets the project up (the last fallback)")
    accepted: dict = {}
    found = run_phase(path, cause, accepted)
    if found.recipe is None:
        words = found.words(model)
        path.note(words)
        return cause, watched, f"; {words}"
    recipe = {**found.recipe.to_dict(), "python": path.resolved.python_used, "model": model}
    run.notes.extend(n for n in accepted.get("notes", []) if n not in run.notes)
    path.note(f"set up by a model ({model}), the last fallback: install "
              f"{'; '.join(f'`{c}`' for c in recipe['install']) or '(nothing)'}; test cmd `{recipe['test_cmd']}`; "
              f"crashfix's fresh set-up from it gave a sane baseline: {run.tests_before.summary(run.files)} "
              f"({found.trajectory}); used for this run only: a later run uses it once a maintainer commits it "
              "as the `environment:` block of .github/crashfix.yml")
    run.artifacts["environment"] = {"source": "model", "reused": False, "trajectory": found.trajectory, **recipe}
    return None, bool(accepted.get("watched")), ""


__all__ = ["SetupOutcome", "SetupTrajectory", "last_fallback", "may_run", "parsed_crash", "recipe_policy", "run_phase"]
