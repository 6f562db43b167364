"""A run on the issue's status comment: started, moved step by step, finished from its Result, or
stopped by a failure; the job's trigger named as the maintainer gave it.

`RunBoard` is what the job kinds use; `job_failed` and `job_cancelled` are what the worker calls when
a run job ends in an exception (its text goes to the job's "failure" event, never to GitHub) or is
cancelled while running.
"""
from __future__ import annotations

import logging

from agent.markdown_safe import quote_untrusted
from agent.redact import redact
from agent.run import Result
from bot.conversation import checks
from bot.conversation import checklist
from bot.conversation.checklist import Trigger
from bot.conversation.status import StatusComment
from bot.conversation.failures import Failure, for_exception, for_result

log = logging.getLogger(__name__)

RUN_KINDS = ("fix", "revise", "explain", "test")
CANCELLED = Failure("A maintainer stopped this run (`/crashfix cancel`); nothing was published.")


def trigger_of(job, settings) -> Trigger:
    """How the job's run is named on the issue: the command or the label that asked for it."""
    params = job.params or {}
    if params.get("trigger") == "label":
        what = f"label {quote_untrusted(params.get('label') or 'crashfix', 50)}"
    elif params.get("command"):
        what = f"`/crashfix {params['command']}`"
    else:
        what = f"`{job.kind}`"
    return Trigger(what, job.id, checks.job_url(settings, job.id), opens_pr=job.kind in ("fix", "revise"),
                   revision=revision_of(params))


def revision_of(params: dict) -> str:
    """Which text of the issue the run reads: the one the label or command event carried (bot/kinds/
    runner.py asked_issue), said with its revision time; "" when the job holds none (a run on a PR
    crashfix opened before issue texts were pinned)."""
    asked = params.get("asked")
    if not isinstance(asked, dict) or not isinstance(asked.get("title"), str):
        return ""
    when = "the label was added" if params.get("trigger") == "label" else "the command was given"
    if asked.get("from_job"):
        when = f"the run this pull request continues was asked for (job {int(asked['from_job'])})"
    at = f" (revision of {quote_untrusted(asked['updated_at'], 40)})" if asked.get("updated_at") else ""
    return f"<sub>crashfix read the issue as it stood when {when}{at}; edits made after that are not used.</sub>"


class RunBoard:
    """One run's part of the status comment. `reach(step, detail)` moves it (a courtesy: it never
    fails the run); `finish()` and `stop()` write the end and raise when GitHub refuses."""

    def __init__(self, status: StatusComment, trigger: Trigger):
        self.status, self.trigger = status, trigger
        self.reached: str | None = None
        self.details: dict[str, str] = {}
        self.now = ""                              # the current line in words, written at phase changes

    @property
    def comment_id(self) -> int | None:
        return self.status.comment_id

    def reach(self, step: str, detail: str = "") -> None:
        """Move the checklist to ``step``, with the current line `now` under it when one was set for this
        write (bot/kinds/progress.py sets it at a phase change); it is used once: a later step has its own."""
        if step not in checklist.KEYS:
            raise ValueError(f"unknown step {step!r}; one of {', '.join(checklist.KEYS)}")
        if detail:
            self.details[step] = detail
        if self.reached is not None and checklist.KEYS.index(step) < checklist.KEYS.index(self.reached):
            return                                # the research agent comes after validation: no step back
        self.reached = step
        self._live()
        self.now = ""

    def current(self, line: str) -> None:
        """The run's current line under the checklist, rewritten now (at a phase change: not more often)."""
        self.now = line
        if self.reached is not None:
            self._live()

    def _live(self) -> None:
        try:
            self.status.run(self.trigger.job, checklist.live(self.trigger, self.reached, self.details, self.now))
        except Exception as exc:  # noqa: BLE001 - progress is a courtesy
            log.warning("job %s: status comment not updated: %s", self.trigger.job, exc)

    def finish(self, result: Result, published: dict | None = None, *, asked: str = "") -> int:
        text = checklist.final(self.trigger, result, for_result(result), published, asked=asked)
        return self.status.run(self.trigger.job, text, best=checklist.standing(self.trigger, result, published))

    def stop(self, failure: Failure, again: str = "", *, cancelled: bool = False) -> int:
        text = checklist.stopped(self.trigger, self.reached, self.details, failure, again=again, cancelled=cancelled)
        return self.status.run(self.trigger.job, text)


def board_for(ctx, issue: int) -> RunBoard:
    """The run board of a job on `issue` (the issue a command on a crashfix PR is about)."""
    status = StatusComment(ctx.api, ctx.db, ctx.job.repo, issue, ctx.settings.BOT_LOGIN)
    return RunBoard(status, trigger_of(ctx.job, ctx.settings))


def job_failed(api, db, settings, job, exc: BaseException) -> None:
    """A run job ended in an exception: its text to the job's page, plain words to the status comment."""
    db.add_job_event(job.id, "failure", redact(f"{type(exc).__name__}: {exc}")[:4000])
    board = _board_of(api, db, settings, job)
    if board is not None:
        board.stop(for_exception(exc))


def job_cancelled(api, db, settings, job) -> None:
    """A running run stopped by `/crashfix cancel`: the status comment says so."""
    board = _board_of(api, db, settings, job)
    if board is not None:
        board.stop(CANCELLED, cancelled=True)


def _board_of(api, db, settings, job) -> RunBoard | None:
    """The board of a run job that ended outside its kind's code, keeping the steps it had ticked."""
    if api is None or job.kind not in RUN_KINDS or job.issue is None:
        return None
    issue = job.issue
    if (job.params or {}).get("on_pr"):
        row = db.pr_by_number(job.repo, job.issue)
        if row is None:
            return None
        issue = int(row["issue"])
    board = RunBoard(StatusComment(api, db, job.repo, issue, settings.BOT_LOGIN), trigger_of(job, settings))
    same = board.status.sections()
    if same.run_job == job.id:
        board.reached = _reached(same.run)
    return board


def _reached(run: str) -> str | None:
    """The step a live run section shows as running (⏳), read back from the comment this job wrote."""
    for key, label in checklist.STEPS:
        if f"{label} ⏳" in run:
            return key
    return None
