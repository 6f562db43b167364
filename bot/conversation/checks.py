"""A run's marks on GitHub besides its comment: the check run and the trigger label.

The check run is created `in_progress` when the pipeline starts on the open crashfix PR's head (a
run of an issue with no PR puts none anywhere: a failed run must not turn the default branch red; it
reports on the issue only, and a PR it opens gets its own check run, bot/conversation/publish.py) and
completed with the run's true conclusion when the job ends, whatever the outcome; its id is kept as a job event, so
an attempt that runs again moves the same check run. The trigger label is removed when a run it
asked for ends. Both are courtesies: a failure is logged and the job goes on.
`job_url()` is the job's dashboard page (with `CRASHFIX_PUBLIC_URL`), the link every mark carries.
"""
from __future__ import annotations

import contextvars
import json
import logging
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from agent.compose.outcomes import OUTCOMES
from bot.db import Database
from bot.jobs.store import Job
from bot.settings import Settings

log = logging.getLogger(__name__)

CHECK_NAME = "crashfix"
CHECKED_KINDS = ("fix", "revise")              # the runs that can end in a pull request
# a run's status (agent/compose/outcomes.py) or a job's ending -> (check conclusion, title)
CONCLUSIONS = {**{s: (o.check, f"{s}: {o.check_title}") for s, o in OUTCOMES.items()},
               "cancelled": ("cancelled", "cancelled")}


def job_url(settings: Settings, job_id: int | None) -> str | None:
    """The job's dashboard page, or None when no public URL is configured (CRASHFIX_PUBLIC_URL)."""
    if not settings.PUBLIC_URL or job_id is None:
        return None
    return f"{settings.PUBLIC_URL.rstrip('/')}/dashboard/jobs/{int(job_id)}"


_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("crashfix_job_url", default=None)


@contextmanager
def job_scope(settings: Settings, job_id: int) -> Iterator[None]:
    """Within the block (the worker running one job), `current_job_url()` is that job's page."""
    token = _current.set(job_url(settings, job_id))
    try:
        yield
    finally:
        _current.reset(token)


def current_job_url() -> str | None:
    """The dashboard page of the job this thread is running, for links in what it writes (None
    outside a job or without CRASHFIX_PUBLIC_URL)."""
    return _current.get()


def on_commit(api, repo: str, sha: str, conclusion: str, title: str, summary: str, text: str) -> int | None:
    """A completed check run on a commit crashfix pushed (its PR's head), linked to the job's page."""
    return api.create_check_run(repo, sha, CHECK_NAME, conclusion, title, summary, text,
                                details_url=current_job_url())


@dataclass(frozen=True)
class Ending:
    """How a job ended: its state, the run's status (when a run finished) and the error."""
    state: str                          # done | failed | cancelled
    status: str | None = None
    error: str | None = None
    result: Any = None

    @property
    def outcome(self) -> str:
        """fixed, speculative, not_fixed, not_reproduced, env_broken, error or cancelled."""
        if self.state == "cancelled":
            return "cancelled"
        if self.state == "failed":
            return "error"
        return self.status if self.status in CONCLUSIONS else "error"


# -- the check run -------------------------------------------------------------------------------

def head_sha(api, repo: str, issue: int | None, clone: Path | str) -> str | None:
    """The commit the run's check run belongs on: the open crashfix PR's head, else None (never the
    default branch the run cloned: `clone` is not read)."""
    if issue is None:
        return None
    try:
        pr = api.find_open_pr(repo, f"crashfix/issue-{issue}")
    except Exception as exc:  # noqa: BLE001 - no check run then: the issue still has the status comment
        log.warning("check run: open PR of %s#%s not read: %s", repo, issue, exc)
        return None
    return pr["head_sha"] if pr and pr.get("head_sha") else None


def _recorded(db: Database, job_id: int) -> dict | None:
    events = db.job_events(job_id, "check")
    return json.loads(events[-1]["body"]) if events else None


def start(db: Database, settings: Settings, api, job: Job, clone: Path | str) -> int | None:
    """Create the job's check run `in_progress` (a fix or revise; once per job: an attempt that
    runs again reuses it)."""
    if job.kind not in CHECKED_KINDS:
        return None
    known = _recorded(db, job.id)
    if known is not None:
        return known["id"]
    pr = db.pr_by_number(job.repo, job.issue) if job.params.get("on_pr") else None
    issue = int(pr["issue"]) if pr else job.issue
    try:
        sha = head_sha(api, job.repo, issue, clone)
        if sha is None:
            log.info("check run: %s#%s has no open crashfix PR; the run reports on the issue only", job.repo, issue)
            return None
        check_id = api.create_check_run(
            job.repo, sha, f"{CHECK_NAME}: issue #{issue}", None, f"running ({job.kind})",
            f"crashfix is running a {job.kind} of #{issue}.", "", status="in_progress",
            details_url=job_url(settings, job.id), external_id=str(job.id))
    except Exception as exc:  # noqa: BLE001 - the check run is a courtesy
        log.warning("job %s: check run not created: %s", job.id, exc)
        return None
    if check_id is not None:
        db.add_job_event(job.id, "check", json.dumps({"id": int(check_id), "head_sha": sha}))
    return check_id


def complete(db: Database, settings: Settings, api, job: Job, ending: Ending) -> bool:
    """Move the job's check run (if it has one) to `completed` with the run's true conclusion."""
    check = _recorded(db, job.id)
    if check is None:
        return False
    conclusion, title = CONCLUSIONS[ending.outcome]
    try:
        api.update_check_run(job.repo, check["id"], status="completed", conclusion=conclusion, title=title,
                             summary=summary(ending), details_url=job_url(settings, job.id))
    except Exception as exc:  # noqa: BLE001 - the check run is a courtesy
        log.warning("job %s: check run %s not completed: %s", job.id, check["id"], exc)
        return False
    return True


def summary(ending: Ending) -> str:
    """One or two plain sentences: what the run ended with; the error's text stays on the job page."""
    result = ending.result if isinstance(ending.result, dict) else {}
    outcome = ending.outcome
    maybe = " (it may hide the crash rather than fix it)" if outcome == "speculative" else ""
    if outcome in ("fixed", "speculative") and result.get("pr"):
        return f"A validated patch{maybe} is in pull request #{result['pr']}."
    if outcome in ("fixed", "speculative"):
        return f"crashfix found a validated patch{maybe}" + (f"; nothing was published: {result['reason']}."
                                                       if result.get("reason") else ".")
    if outcome == "cancelled":
        return "The run was stopped before it finished."
    if outcome == "error":
        return "The run did not finish; the job page says why."
    return CONCLUSIONS[outcome][1].split(": ", 1)[1].capitalize() + "; no pull request was opened."


# -- the trigger label ---------------------------------------------------------------------------

def note_trigger_label(db: Database, job: Job) -> None:
    """The job was asked for with the repo's trigger label: remove it when the job ends."""
    db.add_job_event(job.id, "trigger_label", str(job.params.get("label") or ""))


def remove_trigger_label(db: Database, api, job: Job) -> bool:
    events = db.job_events(job.id, "trigger_label")
    if not events or not events[-1]["body"] or job.issue is None:
        return False
    try:
        api.remove_label(job.repo, job.issue, events[-1]["body"])
    except Exception as exc:  # noqa: BLE001 - a label left on is a courtesy missed, not a failed job
        log.warning("job %s: trigger label %r not removed: %s", job.id, events[-1]["body"], exc)
        return False
    return True


def end(db: Database, settings: Settings, api, job: Job, ending: Ending) -> None:
    """The job is over (done, failed or cancelled): complete its check run, remove its trigger label."""
    complete(db, settings, api, job, ending)
    remove_trigger_label(db, api, job)
