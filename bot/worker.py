"""Run one job: triage, fix, explain, test, revise, cancel, help, cleanup.

`Worker.run(job_id)` claims the job row (queued -> running), does the work through an
InstallationAPI, and records the outcome (state, timings, cost, result, error). Only here, at
the job's edge, are exceptions caught broadly: a failure marks the job failed with its reason and
comments once on the issue. GitHub's modules (`bot.github`, `bot.repo_config`, `bot.publish`) are
imported lazily; tests inject fakes. `publish` is called as
`publish(api, repo, issue, run_dir, run, checkout, config=, remote_url=, dry_run_log=)`, the
signature bot.publish.publish_result landed with (the checkout is a clone of the default branch).
"""
from __future__ import annotations

import fnmatch
import hashlib
import json
import logging
import shutil
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from bot.db import Database, loads
from bot.gitpush import clone
from bot.jobs import (MAX_ATTEMPTS, Job, cancel_issue_jobs, claim, finish, get_job, heartbeat, holds, log_context,
                      prs_in_last_hour, reclaim_expired, requeue, sweep)
from agent.redact import install_logging, redact, redact_obj, redacting, register, register_settings
from bot.settings import Settings

log = logging.getLogger(__name__)
WRITE = ("admin", "maintain", "write")
MAX_COMMENT = 60000
SANDBOX_RETRY_SECONDS = 5.0        # a run whose sandbox died goes again after this many seconds × attempts


class JobCancelled(Exception):
    """A `/crashfix cancel` stopped this job."""


class LeaseLost(Exception):
    """This worker's lease on the job ran out and the job was given to another worker: stop, write nothing."""


class Deferred(Exception):
    """The job must wait (a limit); it stays queued and is tried again after `delay` seconds."""

    def __init__(self, delay: float, why: str, keep_attempt: bool = False):
        super().__init__(why)
        self.delay, self.keep_attempt = delay, keep_attempt


class Stop(Exception):
    """The job ends early without being a failure: (state, result, error)."""

    def __init__(self, state: str, error: str | None = None, result: Any = None):
        super().__init__(error or state)
        self.state, self.error, self.result = state, error, result


def _default_api_factory(settings: Settings) -> Callable[[int], Any]:
    def factory(installation_id: int):
        from bot.github import installation_api
        return installation_api(settings, installation_id)
    return factory


def _default_publish(*args, **kwargs):
    from bot.publish import publish_result
    return publish_result(*args, **kwargs)


def _default_load_config(api, repo: str):
    from bot.repo_config import load_repo_config
    return load_repo_config(api, repo)


def _default_pipeline(config, progress):
    from agent.pipeline import run_pipeline
    return run_pipeline(config, progress=progress)


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if obj is None:
        return default
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


class Worker:
    def __init__(self, settings: Settings, db: Database, queue=None, *,
                 api_factory: Callable[[int], Any] | None = None,
                 publish: Callable[..., dict] | None = None,
                 load_config: Callable[[Any, str], Any] | None = None,
                 clone_url: Callable[[Any, str], str] | None = None,
                 pipeline: Callable[..., Any] | None = None):
        self.settings, self.db, self.queue = settings, db, queue
        self.api_factory = api_factory or _default_api_factory(settings)
        self.publish = publish or _default_publish
        self.load_config = load_config or _default_load_config
        self.clone_url = clone_url or self._clone_url
        self.pipeline = pipeline or _default_pipeline
        register_settings(settings)          # no secret of ours in logs, the job table or GitHub writes
        install_logging()

    def _clone_url(self, api, repo: str) -> str:
        git_url = getattr(api, "git_url", None)
        return git_url(repo) if callable(git_url) else f"{self.settings.web_url}/{repo}.git"

    # -- the edge --------------------------------------------------------------------------
    def startup(self) -> list[int]:
        """Re-queue jobs a dead worker left running, and enqueue every queued job."""
        ids = sweep(self.db, self.lease)
        if self.queue is not None:
            for job_id in ids:
                self.queue.enqueue(job_id)
        log.info("start-up sweep: %d queued job(s) enqueued", len(ids))
        return ids

    def lost_jobs(self, older_than: timedelta = timedelta(minutes=10)) -> list[int]:
        """Jobs whose lease ran out, and queued jobs older than `older_than` (the periodic sweep
        enqueues them again)."""
        expired = reclaim_expired(self.db, self.lease)
        cutoff = (datetime.now(timezone.utc) - older_than).isoformat()
        return expired + [r["id"] for r in self.db.all("SELECT id FROM jobs WHERE state = 'queued' AND created_at < ?",
                                                      cutoff) if r["id"] not in expired]

    @property
    def lease(self) -> timedelta:
        return timedelta(seconds=self.settings.JOB_LEASE_SECONDS)

    def keep_leases(self) -> threading.Event:
        """A thread that, every third of the lease, renews this process's running jobs and re-queues
        (and enqueues) jobs whose lease ran out elsewhere. Set the returned event to stop it."""
        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(self.settings.JOB_LEASE_SECONDS / 3):
                try:
                    heartbeat(self.db)
                    for job_id in reclaim_expired(self.db, self.lease):
                        self._later(job_id, 0)
                except Exception:  # noqa: BLE001 - a database hiccup: try again at the next beat
                    log.exception("lease keeper: heartbeat failed")

        threading.Thread(target=loop, name="crashfix-lease", daemon=True).start()
        return stop

    def run(self, job_id: int) -> Job | None:
        job, why = claim(self.db, job_id, self.settings.MAX_JOBS_PER_INSTALLATION)
        if job is None:
            if why == "limit":
                log.info("job %s waits: installation at its limit of %s running jobs", job_id,
                         self.settings.MAX_JOBS_PER_INSTALLATION)
                self._later(job_id, self.settings.LIMIT_RETRY_SECONDS)
            elif why != "not queued":
                log.warning("job %s: %s", job_id, why)
            return get_job(self.db, job_id)
        with log_context(job=job.id, repo=job.repo, delivery=job.delivery_id):
            log.info("%s job for %s#%s (attempt %s)", job.kind, job.repo, job.issue, job.attempts)
            api, mark = None, 0
            try:
                inst = self.db.installation(job.installation_id) if job.installation_id else None
                if inst and (inst["suspended"] or inst["deleted"]):
                    raise Stop("cancelled", "the installation is suspended or deleted")
                api = redacting(self.api_factory(job.installation_id))
                mark = len(getattr(api, "actions", None) or ())
                result = getattr(self, f"_do_{job.kind}")(job, api)
                finish(self.db, job.id, "done", result=redact_obj(result), cost=_get(result, "cost"))
            except Stop as stop:
                finish(self.db, job.id, stop.state, result=redact_obj(stop.result), error=redact(stop.error))
                log.info("job %s: %s (%s)", job.id, stop.state, stop.error)
            except Deferred as wait:
                requeue(self.db, job.id, keep_attempt=wait.keep_attempt)
                log.info("job %s deferred %.0f s: %s", job.id, wait.delay, wait)
                self._later(job.id, wait.delay)
            except LeaseLost:
                log.warning("job %s: lease lost (the job was given to another worker); its outcome is theirs", job.id)
                return get_job(self.db, job.id)
            except JobCancelled:
                finish(self.db, job.id, "cancelled", error="cancelled by a command while running")
                log.info("job %s cancelled while running", job.id)
            except Exception as exc:   # the job's edge: anything else fails the job, once
                reason = redact(f"{type(exc).__name__}: {exc}")
                log.exception("job %s failed: %s", job.id, reason)
                finish(self.db, job.id, "failed", error=reason[:2000])
                self._report_failure(api, job, reason)
            self._keep_github_activity(job, api, mark)
            return get_job(self.db, job.id)

    def _keep_github_activity(self, job: Job, api, mark: int) -> None:
        """For the dashboard and /metrics: the writes a DryRunAPI recorded during this job, and
        the rate limits GitHub last reported for its installation."""
        try:
            for action in (getattr(api, "actions", None) or [])[mark:]:
                self.db.add_job_event(job.id, "dry_run", json.dumps(action, default=str))
            if job.installation_id is not None:
                from bot.github import RATE_LIMITS
                for (inst, resource), seen in RATE_LIMITS.snapshot(job.installation_id).items():
                    self.db.record_rate_limit(inst, resource, seen["remaining"], seen["limit"], seen["reset_at"])
        except Exception:  # noqa: BLE001 - bookkeeping for the dashboard never fails a finished job
            log.exception("job %s: could not record its GitHub activity", job.id)

    def _later(self, job_id: int, delay: float) -> None:
        if self.queue is not None:
            self.queue.enqueue(job_id, delay=delay)

    def _report_failure(self, api, job: Job, reason: str) -> None:
        if api is None or job.kind in ("triage", "cleanup") or job.issue is None:
            return
        try:
            api.comment(job.repo, job.issue, f"crashfix could not finish this {job.kind} (job {job.id}): "
                        f"{reason[:500]}\n\nA maintainer can try again with `/crashfix retry`.")
        except Exception:  # noqa: BLE001 - the failure is already recorded; the comment is a courtesy
            log.exception("job %s: could not comment the failure", job.id)

    # -- gates -----------------------------------------------------------------------------
    def _authorize(self, job: Job, api) -> None:
        """Commands and labels count only from users with write access. A refused user gets one
        short reply per issue; an accepted command gets an `eyes` reaction."""
        if not job.sender:
            return
        if self.settings.is_self(job.sender):
            raise Stop("cancelled", "ignored: the App itself")
        level = api.permission(job.repo, job.sender)
        comment_id = job.params.get("comment_id")
        if level in WRITE:
            if comment_id:
                api.react(job.repo, comment_id, "eyes")
            return
        earlier = self.db.one("SELECT id FROM jobs WHERE repo = ? AND issue = ? AND sender = ? AND id <> ? "
                              "AND error LIKE 'refused:%' LIMIT 1", job.repo, job.issue, job.sender, job.id)
        if earlier is None:
            what = "commands" if job.params.get("trigger") == "command" else "the label"
            api.comment(job.repo, job.issue,
                        f"@{job.sender} thanks! crashfix acts on {what} only from people with write access "
                        f"to this repository; a maintainer can ask for a fix with `/crashfix fix`.")
        raise Stop("cancelled", f"refused: {job.sender} has {level} access",
                   {"refused": True, "permission": level, "replied": earlier is None})

    def _config(self, api, repo: str, issue: int | None, job: Job, quiet: bool = False):
        """The repo's .github/crashfix.yml; a broken one fails the job with one comment naming the field."""
        try:
            return self.load_config(api, repo)
        except Exception as exc:
            if type(exc).__name__ != "ConfigError":
                raise
            field = getattr(exc, "field", None)
            message = getattr(exc, "message", None) or (exc.args[0] if exc.args else str(exc))
            if not quiet and issue is not None:
                try:
                    from bot.repo_config import config_error_comment
                    body = config_error_comment(exc)
                except Exception:  # noqa: BLE001 - a plain message will do
                    body = f"crashfix cannot use `.github/crashfix.yml`: {message}"
                self._reply_once(api, job, body)
            raise Stop("failed", "invalid .github/crashfix.yml" + (f" ({field})" if field else "")
                       + f": {message}") from None

    def _check_pr_limit(self, repo: str, issue: int) -> None:
        existing = self.db.pr_for_issue(repo, issue)
        if existing and existing["state"] == "open":
            return                              # updating our open PR opens nothing new
        recent = prs_in_last_hour(self.db, repo)
        limit = self.settings.MAX_PRS_PER_REPO_PER_HOUR
        if len(recent) >= limit:
            oldest = datetime.fromisoformat(recent[0]["created_at"])
            delay = max((oldest + timedelta(hours=1) - datetime.now(timezone.utc)).total_seconds(), 1.0) + 5
            raise Deferred(delay, f"{len(recent)} PRs opened in {repo} in the last hour (limit {limit})")

    def _target_issue(self, job: Job, api) -> int:
        """The issue a command is about: itself, or for a comment on a crashfix PR, its issue."""
        if not job.params.get("on_pr"):
            return job.issue
        row = self.db.pr_by_number(job.repo, job.issue)
        if row is None:
            self._reply_once(api, job, f"`/crashfix {job.params.get('command')}` works on issues and on pull "
                             "requests crashfix opened; this pull request is not one of them.")
            raise Stop("cancelled", "not a crashfix pull request")
        return int(row["issue"])

    def _reply_once(self, api, job: Job, body: str) -> str:
        """Comment `body` unless the same text was already replied on this issue; returns its digest."""
        digest = hashlib.sha256(body.encode()).hexdigest()[:16]
        earlier = self.db.one("SELECT id FROM jobs WHERE repo = ? AND issue = ? AND id <> ? AND result LIKE ?",
                              job.repo, job.issue, job.id, f'%"reply": "{digest}"%')
        if earlier is None:
            api.comment(job.repo, job.issue, body)
        self.db.execute("UPDATE jobs SET result = ? WHERE id = ?", f'{{"reply": "{digest}"}}', job.id)
        return digest

    # -- kinds -----------------------------------------------------------------------------
    def _do_cleanup(self, job: Job, api) -> dict:
        branch = job.params["branch"]
        try:
            api.delete_branch(job.repo, branch)
            deleted = True
        except Exception as exc:  # noqa: BLE001 - GitHub may already have deleted it
            log.info("branch %s not deleted: %s", branch, exc)
            deleted = False
        return {"branch": branch, "deleted": deleted, "merged": job.params.get("merged")}

    def _do_help(self, job: Job, api) -> dict:
        self._authorize(job, api)
        return {"reply": self._reply_once(api, job, job.params.get("error") or "unknown command")}

    def _do_cancel(self, job: Job, api) -> dict:
        self._authorize(job, api)
        issue = self._target_issue(job, api)
        touched = cancel_issue_jobs(self.db, job.repo, issue, except_id=job.id)
        n = len(touched["cancelled"]) + len(touched["stopping"])
        api.comment(job.repo, job.issue, f"Cancelled {len(touched['cancelled'])} queued job(s)"
                    + (f"; stopping {len(touched['stopping'])} running job(s)." if touched["stopping"] else ".")
                    if n else "Nothing to cancel: no crashfix job is queued or running for this issue.")
        return touched

    def _do_triage(self, job: Job, api) -> dict:
        from agent.reports import parse
        from agent.triage import triage
        issue = api.get_issue(job.repo, job.issue)
        if issue.get("pull_request") or issue.get("state") != "open":
            return {"found": False, "skipped": "not an open issue"}
        report = parse(_issue_text(issue))
        if report is None:
            return {"found": False}
        files, blob_url = self._repo_files(job, api, issue)
        t = triage(report, files, blob_url)
        duplicates = []
        for other in api.list_open_issues(job.repo)[:300]:
            if other.get("number") == job.issue or other.get("pull_request"):
                continue
            theirs = parse(_issue_text(other))
            if theirs is not None and (theirs.signature or theirs.title) == t.signature:
                duplicates.append(other["number"])
        body = t.comment
        if duplicates:
            body += "\n\nThe same crash (same signature) is reported in " + ", ".join(
                f"#{n}" for n in sorted(duplicates)[:10]) + "."
        have = set(issue.get("labels") or [])
        labels = [label for label in t.labels if label not in have]
        if labels:
            api.add_labels(job.repo, job.issue, labels)
        earlier = self.db.one("SELECT result FROM jobs WHERE repo = ? AND issue = ? AND kind = 'triage' "
                              "AND state = 'done' AND id <> ? AND result LIKE '%comment_id%' ORDER BY id DESC",
                              job.repo, job.issue, job.id)
        before = loads(earlier["result"]) if earlier else None
        digest = hashlib.sha256(body.encode()).hexdigest()[:16]
        if before and before.get("comment_id"):
            comment_id = before["comment_id"]
            if before.get("digest") != digest:
                api.edit_comment(job.repo, comment_id, body)
        else:
            comment_id = api.comment(job.repo, job.issue, body)
        return {"found": True, "signature": t.signature, "labels": t.labels, "duplicates": duplicates,
                "comment_id": comment_id, "digest": digest}

    def _repo_files(self, job: Job, api, issue: dict) -> tuple[list[str] | None, str | None]:
        """The repository's files (one tree request) and the web address they are shown under, for
        triage to point into the repo; (None, None) when GitHub will not say: triage goes on without."""
        try:
            ref = job.params.get("ref") or api.default_branch(job.repo)
            files = api.list_files(job.repo, ref)
        except Exception as exc:  # noqa: BLE001 - locations are a nicety; the triage comment still goes out
            log.warning("triage: no file list for %s: %s", job.repo, exc)
            return None, None
        page = issue.get("html_url") or ""
        blob_url = f"{page.rsplit('/issues/', 1)[0]}/blob/{ref}" if "/issues/" in page else None
        return files or None, blob_url

    def _do_fix(self, job: Job, api) -> dict:
        return self._pipeline_job(job, api, "fix")

    def _do_revise(self, job: Job, api) -> dict:
        return self._pipeline_job(job, api, "revise")

    def _do_explain(self, job: Job, api) -> dict:
        return self._pipeline_job(job, api, "explain")

    def _do_test(self, job: Job, api) -> dict:
        return self._pipeline_job(job, api, "test")

    def _pipeline_job(self, job: Job, api, kind: str) -> dict:
        repo = job.repo
        config = None
        if job.params.get("trigger") == "label":
            try:
                config = self._config(api, repo, job.issue, job, quiet=True)
                trigger = _get(config, "trigger_label", "crashfix")
            except Stop:
                trigger = "crashfix"                # a broken config is reported below, to a maintainer
            if job.params.get("label") != trigger:
                raise Stop("cancelled", f"label {job.params.get('label')!r} is not the trigger label")
        self._authorize(job, api)
        if kind == "revise" and not job.params.get("on_pr"):
            self._reply_once(api, job, "`/crashfix revise <feedback>` works on a pull request crashfix opened.")
            raise Stop("cancelled", "revise outside a crashfix pull request")
        issue_no = self._target_issue(job, api)
        config = config or self._config(api, repo, issue_no, job)
        if kind in ("fix", "revise"):
            self._check_pr_limit(repo, issue_no)
        issue = api.get_issue(repo, issue_no)
        text = _issue_text(issue)
        if kind == "revise":
            text += ("\n\n## Maintainer feedback on the previous patch\n\n" + job.params.get("arg", ""))
        ledgers = self._installation_budget(api, job, issue_no) if kind != "test" else []
        run_dir = self.settings.runs_dir / str(job.id)
        run_dir.mkdir(parents=True, exist_ok=True)
        url = self.clone_url(api, repo)
        get_token = getattr(api, "token", None)
        token = get_token() if callable(get_token) else None
        register(token)
        checkout = run_dir / "checkout"
        board = self._progress_comment(api, repo, issue_no, job) if kind in ("fix", "revise") else None
        try:
            if checkout.exists():
                shutil.rmtree(checkout)
            clone(url, checkout, token)
            run_config = self._run_config(config, checkout, text, run_dir, job, kind)
            run_config.llm_ledgers = ledgers
            run = self.pipeline(run_config, self._progress(job, board))
            self._check_cancel(job)
            self._retry_if_sandbox_lost(job, run, board)
            summary = _run_summary(run, run_dir)
            if kind in ("fix", "revise"):
                # the checkout is still the default branch: the pipeline worked on its own copy
                published = self.publish(api, repo, issue_no, run_dir, run, checkout, config=config,
                                         remote_url=url, dry_run_log=self._dry_run_log(),
                                         **({"progress": board} if board is not None else {})) or {}
                summary.update({k: published.get(k) for k in ("pr", "url", "reason", "comment", "updated")
                                if k in published})
                if published.get("pr"):
                    with self.db.tx() as tx:
                        self.db.upsert_pr(tx, repo, issue_no, published["pr"], published.get("url"),
                                          f"crashfix/issue-{issue_no}", job.id)
        finally:
            shutil.rmtree(checkout, ignore_errors=True)
        if kind == "explain":
            report = (run_dir / "report.md").read_text() if (run_dir / "report.md").exists() else str(run.error)
            api.comment(repo, issue_no, report[:MAX_COMMENT])
        elif kind == "test":
            api.comment(repo, issue_no, _test_comment(run, job.params.get("arg")))
        return summary

    def _retry_if_sandbox_lost(self, job: Job, run, board) -> None:
        """The sandbox died under the run (container killed, engine restarted): not the crash's fault.
        The job goes back to the queue (the attempt counts) and runs again from the start, up to
        MAX_ATTEMPTS; the last attempt's failure is published like any other."""
        error = str(getattr(run, "error", None) or "")
        if getattr(run, "status", None) != "error" or not error.startswith("SandboxDead") \
                or job.attempts >= MAX_ATTEMPTS:
            return
        delay = SANDBOX_RETRY_SECONDS * job.attempts
        log.warning("job %s: the sandbox was lost (%s); trying again in %.0f s (attempt %s of %s)",
                    job.id, error, delay, job.attempts + 1, MAX_ATTEMPTS)
        if board is not None:
            try:
                board.update("error", f"the sandbox was lost ({error[:200]}); crashfix tries again "
                                      f"(attempt {job.attempts + 1} of {MAX_ATTEMPTS})")
            except Exception as exc:  # noqa: BLE001 - progress is a courtesy
                log.warning("job %s: progress comment not updated: %s", job.id, exc)
        raise Deferred(delay, f"sandbox lost: {error}", keep_attempt=True)

    def _dry_run_log(self) -> Path | None:
        return self.settings.DATA_DIR / "dry-run.jsonl" if self.settings.dry_run else None

    def _run_config(self, config, checkout: Path, text: str, run_dir: Path, job: Job, kind: str):
        from agent.pipeline import RunConfig
        patterns = list(_get(config, "protected_paths", []) or [])
        try:
            from bot.repo_config import RepoConfig, is_protected
            repo_protected = (lambda path: is_protected(config, path)) if isinstance(config, RepoConfig) else None
        except ImportError:
            repo_protected = None
        budgets = _get(config, "budgets")
        strategies = list(_get(config, "strategies", []) or [])
        strategy = strategies[0] if len(strategies) == 1 and strategies[0] in ("templates", "llm") else "auto"
        extra = {}
        for name, field in (("seconds", "max_seconds"), ("max_seconds", "max_seconds"),
                            ("max_candidates", "max_candidates"), ("steps", "max_llm_calls"),
                            ("tokens", "max_tokens"), ("usd", "max_usd"), ("seconds", "max_llm_seconds")):
            value = _get(budgets, name)
            if value is not None:
                extra[field] = value
        if kind == "test":
            extra["max_candidates"] = 0           # reproduce and report; no repair
        return RunConfig(repo=str(checkout), report_text=text, out=run_dir,
                         ref=job.params.get("arg") if kind == "test" else None,
                         test_cmd=_get(config, "test_cmd"), setup_cmd=_get(config, "setup_cmd"),
                         build_cmd=_get(config, "build_cmd"), max_diff_lines=_get(config, "max_diff_lines", 200),
                         image=_get(config, "image"), strategy=strategy, sandbox=self.settings.SANDBOX,
                         kernel_allowed=self.settings.KERNEL_JOBS == "enabled",
                         protected=repo_protected or (lambda path: any(fnmatch.fnmatch(path, p) for p in patterns)),
                         **extra)

    def _installation_budget(self, api, job: Job, issue: int) -> list:
        """The installation's LLM spend over the last day against its cap: refuse the job when it
        is used up, else a ledger of what remains, charged by the run's model calls."""
        cap = self.settings.MAX_USD_PER_INSTALLATION_PER_DAY
        since = (datetime.now(timezone.utc) - timedelta(days=1)).isoformat()
        row = self.db.one("SELECT COALESCE(SUM(cost), 0) AS usd FROM jobs WHERE installation_id = ? "
                          "AND id != ? AND finished_at >= ?", job.installation_id, job.id, since)
        spent = float(row["usd"] if row else 0.0)
        if spent >= cap:
            self._reply_once(api, job, f"crashfix has used this installation's LLM budget for the day "
                                       f"(${spent:.2f} of ${cap:.2f}); try again later.")
            raise Stop("cancelled", f"installation budget used: ${spent:.2f} of ${cap:.2f} in the last day")
        try:
            from agent.llm_client import Budget, Ledger
        except ImportError:
            return []
        return [Ledger(Budget(usd=cap - spent), name=f"installation {job.installation_id}")]

    def _progress_comment(self, api, repo: str, issue: int, job: Job):
        """The run's progress comment; a job retried after its worker died edits the one it posted."""
        try:
            from bot.publish import ProgressComment
        except ImportError:
            return None
        earlier = job.result.get("progress_comment") if isinstance(job.result, dict) else None
        return ProgressComment(api, repo, issue, comment_id=earlier if isinstance(earlier, int) else None)

    def _progress(self, job: Job, board=None) -> Callable[[str], None]:
        """Log each pipeline step; move the issue's progress comment when the stage changes."""
        seen: set[str] = set()

        def progress(message: str) -> None:
            log.info("job %s: %s", job.id, message)
            try:
                self.db.add_job_event(job.id, "progress", message[:2000])
            except Exception as exc:            # the dashboard's live view is a courtesy too
                log.warning("job %s: progress not recorded: %s", job.id, exc)
            stage = _stage_of(message)
            if board is not None and stage and stage not in seen:
                seen.add(stage)
                try:
                    known = getattr(board, "comment_id", None)
                    board.update(stage, message if stage == "parsed" else "")
                    if getattr(board, "comment_id", None) != known:     # kept for a retry of this job
                        self.db.execute("UPDATE jobs SET result = ? WHERE id = ?",
                                        json.dumps({"progress_comment": board.comment_id}), job.id)
                except Exception as exc:        # progress is a courtesy: never fail the run on it
                    log.warning("job %s: progress comment not updated: %s", job.id, exc)
            self._check_cancel(job)
        return progress

    def _check_cancel(self, job: Job) -> None:
        """Run any `/crashfix cancel` queued for this issue now (it checks its sender), then stop
        if this job was asked to."""
        for row in self.db.all("SELECT id FROM jobs WHERE repo = ? AND state = 'queued' AND kind = 'cancel' "
                               "AND (issue = ? OR issue IN (SELECT number FROM prs WHERE repo = ? AND issue = ?))",
                               job.repo, job.issue, job.repo, job.issue):
            self.run(row["id"])
        flag = self.db.one("SELECT cancel_requested FROM jobs WHERE id = ?", job.id)
        if flag and flag["cancel_requested"]:
            raise JobCancelled()
        if not holds(self.db, job.id):
            raise LeaseLost()


_STAGES = (("parsed", "parsed"), ("reproduc", "reproducing"), ("pdb", "investigating"),
           ("history", "investigating"), ("synthesis", "investigating"), ("validating", "validating"))


def _stage_of(message: str) -> str | None:
    """The progress-comment stage a pipeline progress message belongs to."""
    return next((stage for prefix, stage in _STAGES if message.startswith(prefix)), None)


def _issue_text(issue: dict) -> str:
    return f"{issue.get('title') or ''}\n\n{issue.get('body') or ''}"


def _run_summary(run, run_dir: Path) -> dict:
    result = {}
    path = run_dir / "result.json"
    if path.exists():
        try:
            import json
            result = json.loads(path.read_text())
        except ValueError:
            result = {}
    usage = result.get("cost") or {}
    candidates = [c for c in result.get("candidates") or [] if isinstance(c, dict)]
    best = getattr(run, "best", None)
    return {"status": run.status, "error": run.error, "run_dir": str(run_dir), "cost": usage.get("usd"),
            "fix": best.candidate.description if best else None, "timings": getattr(run, "timings", {}),
            "tokens": {"prompt": usage.get("prompt_tokens") or 0, "completion": usage.get("completion_tokens") or 0},
            "validation": {"validated": sum(1 for c in candidates if c.get("validated")),
                           "rejected": sum(1 for c in candidates if not c.get("validated"))}}


def _test_comment(run, ref: str | None) -> str:
    rep = getattr(run, "reproduction", None)
    head = f"crashfix tested `{ref}`: "
    if rep is not None and rep.reproduced:
        return head + f"the crash **reproduces** ({rep.crashed}/{rep.tries} runs) with `{rep.command}`."
    if rep is not None:
        tried = "; ".join(f"`{a.command}` (exit {a.exit_code})" for a in rep.attempts) or "nothing to run"
        return head + f"the crash does **not** reproduce. Tried: {tried}."
    return head + f"could not run: {run.error or run.status}."
