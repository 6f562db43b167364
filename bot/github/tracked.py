"""Every GitHub write of a job kept as a job event (the dashboard shows what was posted), each
kind of write bounded per job, and cosmetic calls (reactions) that never fail a job.

The bounds (BUDGETS) are declared per job kind, as GitHub's agentic workflows declare their
safe-outputs with a `max` each: a write past its kind's `max` is not sent; it is recorded
(`refused`) and raises WriteRefused, so a runaway loop, or a model steered by an issue, cannot
post a hundred comments or open a second pull request in one run (issue 22)."""
from __future__ import annotations

import inspect
import json
import logging
from typing import Any, Callable

from bot.db import Database

log = logging.getLogger(__name__)

# InstallationAPI write method -> the write's name (the names `crashfix simulate` prints)
WRITES = {"comment": "comment.create", "edit_comment": "comment.edit", "add_labels": "label.add",
          "remove_label": "label.remove", "react": "reaction.add", "delete_branch": "branch.delete",
          "open_pr": "pr.create", "update_pr": "pr.update", "create_check_run": "check.create",
          "update_check_run": "check.update", "create_issue": "issue.create", "edit_issue": "issue.edit"}
KEPT = ("number", "comment_id", "check_run_id", "labels", "label", "content", "branch", "head", "base", "title",
        "draft", "body", "status", "conclusion", "summary", "details_url", "head_sha")
EVENT = "write"
# the writes one job may make, by kind of job: op -> max (an op not named: 0, never)
_RUN = {"comment.create": 3, "comment.edit": 80, "reaction.add": 2, "label.remove": 1, "pr.create": 1,
        "pr.update": 2, "branch.delete": 1, "check.create": 2, "check.update": 2}
BUDGETS: dict[str, dict[str, int]] = {
    "fix": _RUN, "revise": _RUN,
    "explain": {**_RUN, "pr.create": 0, "pr.update": 0, "branch.delete": 0, "check.create": 0, "check.update": 0},
    "test": {"comment.create": 3, "comment.edit": 80, "reaction.add": 2},
    "triage": {"comment.create": 1, "comment.edit": 2, "label.add": 1},
    "backlog": {"label.add": 1000, "issue.create": 1, "issue.edit": 1, "comment.create": 2, "reaction.add": 2},
    "cancel": {"comment.create": 2, "reaction.add": 2},
    "cleanup": {"branch.delete": 1},
    "help": {"comment.create": 1, "reaction.add": 2},
}


class WriteRefused(RuntimeError):
    """A job asked for a GitHub write past its budget (BUDGETS); it was not sent."""


class Tracked:
    """A proxy of an InstallationAPI: each write is recorded as a `write` job event
    (`{"op", "sent", "ok", ...the arguments, "error" or "answer"}`), whether it succeeded or not.
    `sent` is False behind a dry run (an API that keeps `actions`). Reads pass through. With a
    `budget` (op -> max; BUDGETS[kind]), a write past its max is refused: recorded, not sent."""

    def __init__(self, target: Any, db: Database, job_id: int, budget: dict[str, int] | None = None):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_db", db)
        object.__setattr__(self, "_job_id", job_id)
        object.__setattr__(self, "_budget", budget)
        object.__setattr__(self, "_used", {})

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        op = WRITES.get(name)
        if op is None or not callable(value):
            return value

        def call(*args, **kwargs):
            fields = _arguments(value, args, kwargs)
            if self._budget is not None:
                most, used = self._budget.get(op, 0), self._used.get(op, 0)
                if used >= most:
                    why = f"over this job's budget of {most} {op} write(s)"
                    self._note(op, fields, refused=why, error=why)
                    log.warning("job %s: %s refused: %s", self._job_id, op, why)
                    raise WriteRefused(f"{op} refused: {why}")
                self._used[op] = used + 1
            try:
                answer = value(*args, **kwargs)
            except Exception as exc:
                self._note(op, fields, error=f"{type(exc).__name__}: {exc}"[:500])
                raise
            self._note(op, fields, answer=_answer(answer))
            return answer
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._target, name, value)

    def _note(self, op: str, fields: dict, **outcome: Any) -> None:
        entry = {"op": op, "sent": not hasattr(self._target, "actions") and "refused" not in outcome,
                 "ok": "error" not in outcome,
                 **fields, **{k: v for k, v in outcome.items() if v is not None}}
        try:
            self._db.add_job_event(self._job_id, EVENT, json.dumps(entry, default=str))
        except Exception:  # noqa: BLE001 - bookkeeping for the dashboard never fails a write
            log.exception("job %s: write %s not recorded", self._job_id, op)


def _arguments(method: Callable, args: tuple, kwargs: dict) -> dict:
    try:
        bound = inspect.signature(method).bind(*args, **kwargs)
    except (TypeError, ValueError):
        return {"args": [str(a)[:200] for a in args[1:]]}
    return {k: v for k, v in bound.arguments.items() if k in KEPT and v is not None}


def _answer(answer: Any) -> Any:
    if isinstance(answer, dict):
        return {k: answer[k] for k in ("number", "html_url") if k in answer}
    return answer if isinstance(answer, (int, str)) else None


def cosmetic(what: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
    """Make a call whose failure must not fail the job (a reaction): False, logged, when it fails."""
    try:
        call(*args, **kwargs)
        return True
    except Exception as exc:  # noqa: BLE001 - cosmetic
        log.warning("%s failed (the job goes on): %s: %s", what, type(exc).__name__, exc)
        return False
