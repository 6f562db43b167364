"""What fix, revise, explain and test share: admission, the issue and its config, then one pipeline
run on a fresh clone of the default branch, retried when its sandbox was lost."""
from __future__ import annotations

import logging
import shutil
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from agent.research.client import Ledger
from agent.research.endpoint import run_endpoint_problem
from agent.redact import register
from agent.run import Result, RunConfig
from bot.github.data import issue_text, pinned_digest
from bot.github.push import clone
from bot.jobs.store import MAX_ATTEMPTS
from bot.kinds import gates
from bot.kinds.context import Context, Deferred, Stop
from bot.conversation.board import RunBoard
from bot.conversation.failures import SANDBOX_DIED, EndpointUnusable
from bot.kinds.progress import progress
from bot.commands import REPRO_COMMANDS
from bot.repo_config import RepoConfig, is_protected

log = logging.getLogger(__name__)
SANDBOX_RETRY_SECONDS = 5.0        # a run whose sandbox died goes again after this many seconds × attempts


@dataclass
class Target:
    """The issue a run is about, its text, the repo's config and the LLM ledgers it is charged to."""
    issue: int
    config: RepoConfig
    text: str
    ledgers: list[Ledger] = field(default_factory=list)


def admit(ctx: Context) -> RepoConfig | None:
    """A label counts only when it is the repo's trigger label; the sender needs write access.
    Returns the config when reading the label made it load."""
    job, config = ctx.job, None
    if job.params.get("trigger") == "label":
        try:
            config = gates.repo_config(ctx, quiet=True)
            trigger = config.trigger_label
        except Stop:
            trigger = "crashfix"                # a broken config is reported later, to a maintainer
        if job.params.get("label") != trigger:
            raise Stop("cancelled", f"label {job.params.get('label')!r} is not the trigger label")
    gates.authorize(ctx)
    return config


def target(ctx: Context, config: RepoConfig | None = None, *, opens_pr: bool = False, charged: bool = True,
           feedback: str = "") -> Target:
    """The issue, its config and text; a PR-making run waits for the hourly PR limit, a charged
    one needs what is left of the installation's daily LLM budget."""
    issue = gates.target_issue(ctx)
    config = config or gates.repo_config(ctx)
    endpoint_ready(config)
    if opens_pr:
        gates.check_pr_limit(ctx, issue)
    text = issue_text(asked_issue(ctx, issue) or ctx.api.get_issue(ctx.job.repo, issue))
    if feedback:
        text += "\n\n## Maintainer feedback on the previous patch\n\n" + feedback
    return Target(issue, config, text, gates.installation_budget(ctx) if charged else [])


def asked_issue(ctx: Context, issue: int) -> dict | None:
    """The issue's title and body as they stood when the maintainer asked (the label or command
    event's payload, bot/web/handlers.py `_asked`; for a command on crashfix's pull request, as pinned
    when the run it continues was asked for), or None when the job holds none for this issue."""
    asked = (ctx.job.params or {}).get("asked")
    if not (isinstance(asked, dict) and asked.get("issue") == issue and isinstance(asked.get("title"), str)):
        return None
    digest = asked.get("sha256")
    if digest is not None and digest != pinned_digest(asked["title"], str(asked.get("body") or "")):
        raise Stop("failed", "the issue text pinned in the job does not match its hash")
    return asked


def strategy_of(config: RepoConfig) -> str:
    return config.strategies[0] if len(config.strategies) == 1 else "auto"


def endpoint_ready(config: RepoConfig) -> None:
    """A run whose config would use the model probes its endpoint first (one request, a few seconds):
    an unusable one ends the job now, in plain words (bot/conversation/failures.py), not after the client's retries."""
    problem = run_endpoint_problem(RunConfig(repo="", report_text="", out=Path("."), strategy=strategy_of(config)))
    if problem:
        log.warning("the run's model endpoint is not usable: %s", problem)
        raise EndpointUnusable(problem)


def run_dir(ctx: Context) -> Path:
    path = ctx.settings.runs_dir / str(ctx.job.id)
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def checkout(ctx: Context, *, ref: str | None = None) -> Iterator[tuple[Path, str]]:
    """A fresh clone of the repo's default branch (with `ref`: its tags, and the branch `ref`) in the
    run folder, removed afterwards: (path, URL)."""
    url = ctx.api.git_url(ctx.job.repo)
    token = ctx.api.token()
    register(token)
    path = run_dir(ctx) / "checkout"
    try:
        if path.exists():
            shutil.rmtree(path)
        clone(url, path, token, ref=ref)
        yield path, url
    finally:
        shutil.rmtree(path, ignore_errors=True)


def repro_cmd_of(ctx: Context) -> str | None:
    """The reproducer command a `/crashfix fix --repro-cmd <command>` comment gave (bot/commands.py)."""
    params = ctx.job.params or {}
    arg = params.get("arg")
    return arg if params.get("command") in REPRO_COMMANDS and isinstance(arg, str) and arg else None


def run_config(ctx: Context, t: Target, repo: Path, *, ref: str | None = None, repair: bool = True) -> RunConfig:
    """The pipeline's settings from the repo's config; `repair=False` reproduces and reports only."""
    config, budgets = t.config, t.config.budgets
    strategy = strategy_of(config)
    return RunConfig(repo=str(repo), report_text=t.text, out=run_dir(ctx), ref=ref,
                     repo_id=f"github.com/{ctx.job.repo} (installation {ctx.job.installation_id})",
                     test_cmd=config.test_cmd, setup_cmd=config.setup_cmd, build_cmd=config.build_cmd,
                     repro_cmd=repro_cmd_of(ctx),
                     max_diff_lines=config.max_diff_lines, image=config.image, strategy=strategy,
                     environment=config.environment_settings(),
                     sandbox=ctx.settings.SANDBOX, kernel_allowed=ctx.settings.KERNEL_JOBS == "enabled",
                     protected=lambda path: is_protected(config, path),
                     max_seconds=budgets.seconds, max_llm_calls=budgets.steps, max_tokens=budgets.tokens,
                     max_usd=budgets.usd, max_llm_seconds=budgets.seconds,
                     **({} if repair else {"max_candidates": 0}), llm_ledgers=t.ledgers,
                     inputs=attachment_inputs(ctx, t.text))


def attachment_inputs(ctx: Context, text: str) -> tuple:
    """The issue's attachments, downloaded here on the host for the run's sandboxes (bot/github/attachments.py)."""
    s = ctx.settings
    if s.ATTACHMENTS != "enabled":
        return ()
    from bot.github.attachments import MIB, AttachmentLimits, fetch_inputs
    limits = AttachmentLimits(max_links=s.ATTACHMENT_LINKS, max_file=int(s.ATTACHMENT_MAX_MIB * MIB),
                              max_total=int(s.ATTACHMENT_TOTAL_MIB * MIB), timeout=s.ATTACHMENT_TIMEOUT)
    return fetch_inputs(text, run_dir(ctx) / "inputs", limits=limits)


def execute(ctx: Context, config: RunConfig, board: RunBoard | None = None) -> Result:
    """One pipeline run; a cancel stops it, a lost sandbox sends the job back to the queue."""
    result = ctx.pipeline(config, progress(ctx, board))
    ctx.check_cancel()
    retry_if_sandbox_lost(ctx, result, board)
    return result


def retry_if_sandbox_lost(ctx: Context, result: Result, board: RunBoard | None) -> None:
    """The sandbox died under the run (container killed, engine restarted): not the crash's fault.
    The job goes back to the queue (the attempt counts) and runs again from the start, up to
    MAX_ATTEMPTS; the last attempt's failure is published like any other."""
    job, error = ctx.job, str(result.error)
    if not result.sandbox_lost or job.attempts >= MAX_ATTEMPTS:
        return
    delay = SANDBOX_RETRY_SECONDS * job.attempts
    log.warning("job %s: the sandbox was lost (%s); trying again in %.0f s (attempt %s of %s)",
                job.id, error, delay, job.attempts + 1, MAX_ATTEMPTS)
    if board is not None:
        try:
            board.stop(SANDBOX_DIED, f"crashfix tries again in a new sandbox (attempt {job.attempts + 1} of "
                                     f"{MAX_ATTEMPTS}).")
        except Exception as exc:  # noqa: BLE001 - the retry matters more than the courtesy
            log.warning("job %s: status comment not updated: %s", job.id, exc)
    raise Deferred(delay, f"sandbox lost: {error}", keep_attempt=True)


def summary(result: Result, out: Path) -> dict:
    """What the jobs table keeps of a run (the dashboard shows it)."""
    usage, best = result.cost, result.best
    return {"status": result.status, "error": result.error, "error_kind": result.error_kind, "run_dir": str(out),
            "cost": float(usage.get("usd") or 0.0),
            "fix": best.candidate.description if best else None, "timings": result.timings,
            "tokens": {"prompt": usage.get("prompt_tokens") or 0, "completion": usage.get("completion_tokens") or 0},
            "validation": {"validated": sum(1 for v in result.verdicts if v.validated),
                           "rejected": sum(1 for v in result.verdicts if not v.validated)}}
