"""The bot's own comments on an issue, each found again by a hidden marker and edited in place:
the one status comment (sections: triage, the current run, earlier runs) and the reporter question.

The comment's id and last body are kept in the `issue_comments` table; when the table has no row
(a new database, a restart from scratch), the issue's comments are listed and the bot's own comment
holding the marker is taken up again. A status comment deleted on GitHub is posted anew.
"""
from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass, field

from github import GithubException

from agent.redact import redact
from agent.triage import ASK_FOR_FIX

log = logging.getLogger(__name__)

STATUS = "<!-- crashfix:status -->"
QUESTION = "<!-- crashfix:question -->"
MARKERS = {"status": STATUS, "question": QUESTION}
MAX_EARLIER = 20
BEST_PREFIX = "**Standing result:** "
MAX_RUN = 45_000                      # characters of the run part: GitHub takes 65,536 in all
_LOCKS: dict[tuple[str, int], threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()
_SECTION = re.compile(r"^<!-- crashfix:(best|triage|run|earlier)(?: job=(\d+))? -->$", re.M)
_FAKE = re.compile(r"^<!-- crashfix:", re.M)


class BotComment:
    """One comment of the bot on an issue, of a `kind` ("status" or "question"), by its marker."""

    def __init__(self, api, db, repo: str, issue: int, kind: str, bot_login: str | None = None):
        self.api, self.db, self.repo, self.issue, self.kind = api, db, repo, issue, kind
        self.marker = MARKERS[kind]
        self.bot_login = (bot_login or getattr(api, "bot_login", None) or "").lower() or None

    def load(self) -> tuple[int | None, str]:
        """(comment id, its last body): from the table, else from the issue's comments, else (None, "")."""
        row = self.db.issue_comment(self.repo, self.issue, self.kind)
        if row:
            return int(row["comment_id"]), row["body"]
        found = self._find()
        if found is not None:
            self.db.set_issue_comment(self.repo, self.issue, self.kind, found[0], found[1])
            log.info("%s#%s: took up the %s comment %s again", self.repo, self.issue, self.kind, found[0])
            return found
        return None, ""

    def _find(self) -> tuple[int, str] | None:
        lister = getattr(self.api, "list_comments", None)
        if not callable(lister):
            return None
        for c in lister(self.repo, self.issue):
            body = c.get("body") or ""
            if self.marker in body.splitlines()[:2] and self._mine(c):
                return int(c["id"]), body
        return None

    def _mine(self, c: dict) -> bool:
        """Only the App's own comment: anyone can paste the marker into a comment of theirs."""
        author = (c.get("author") or "").lower()
        if self.bot_login:
            return author == self.bot_login
        return c.get("author_type") == "Bot"

    def write(self, body: str) -> int:
        """Create the comment, or edit it when `body` differs from what it holds; its id. Redacted
        first (agent/redact.py): no secret reaches GitHub or the table."""
        body = redact(body)
        cid, last = self.load()
        if cid is not None and body == last:
            return cid
        if cid is not None:
            try:
                self.api.edit_comment(self.repo, cid, body)
            except GithubException as exc:
                if exc.status != 404:
                    raise
                log.info("%s#%s: the %s comment %s was deleted; posting it anew", self.repo, self.issue,
                         self.kind, cid)
                cid = None
        if cid is None:
            cid = self.api.comment(self.repo, self.issue, body)
        self.db.set_issue_comment(self.repo, self.issue, self.kind, cid, body)
        return cid


@dataclass
class Sections:
    """The status comment's parts: the issue's best standing result (a line, kept above a later run
    that did worse), the triage, the current run (and its job), earlier runs' headlines."""
    best: str = ""
    triage: str = ""
    run: str = ""
    run_job: int | None = None
    earlier: list[str] = field(default_factory=list)

    @classmethod
    def parse(cls, body: str) -> "Sections":
        out, marks = cls(), list(_SECTION.finditer(body))
        for i, m in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
            text = body[m.end():end].strip("\n")
            if m.group(1) == "best":
                out.best = text.removeprefix(BEST_PREFIX)
            elif m.group(1) == "triage":
                out.triage = text
            elif m.group(1) == "run":
                out.run, out.run_job = text, int(m.group(2)) if m.group(2) else None
            else:
                out.earlier = [line[2:] for line in text.splitlines() if line.startswith("- ")]
        return out

    def render(self) -> str:
        parts = [STATUS, "### crashfix", ""]
        if self.best:
            parts += ["<!-- crashfix:best -->", _inert(BEST_PREFIX + self.best), ""]
        if self.triage:
            triage = self.triage
            if self.best or self.run:            # a fix was asked for: the triage's invitation is stale
                triage = "\n".join(line for line in triage.splitlines() if not line.startswith(ASK_FOR_FIX)).rstrip()
            parts += ["<!-- crashfix:triage -->", _inert(triage), ""]
        if self.run:
            run = self.run if len(self.run) <= MAX_RUN else self.run[:MAX_RUN] + "\n\n… (cut: the job's page has it all)"
            parts += [f"<!-- crashfix:run job={self.run_job or 0} -->", _inert(run), ""]
        if self.earlier:
            parts += ["<!-- crashfix:earlier -->", f"<details><summary>Earlier runs ({len(self.earlier)})</summary>",
                      ""] + [f"- {line}" for line in self.earlier] + ["", "</details>", ""]
        return "\n".join(parts)


def _inert(text: str) -> str:
    """A section never holds a line that reads as a section marker (a quoted file could)."""
    return _FAKE.sub("<!-- (quoted) crashfix:", text.strip("\n"))


def headline(run: str) -> str:
    return run.splitlines()[0] if run else ""


class StatusComment:
    """The issue's one status comment: `triage()` sets its triage part, `run()` its current run
    (a new job's run moves the previous run's headline to "Earlier runs")."""

    def __init__(self, api, db, repo: str, issue: int, bot_login: str | None = None):
        self.comment = BotComment(api, db, repo, issue, "status", bot_login)
        self.comment_id: int | None = None

    def sections(self) -> Sections:
        return Sections.parse(self.comment.load()[1])

    def triage(self, text: str) -> int:
        with self._lock():
            s = self.sections()
            s.triage = text
            return self._write(s)

    def run(self, job_id: int, text: str, best: str | None = None) -> int:
        """The run part of `job_id`; `best` (a line) becomes the standing result at the top, which a
        later run without one leaves in place (its failure is reported under it)."""
        with self._lock():
            s = self.sections()
            if best:
                s.best = best
            if s.run and s.run_job != job_id:
                s.earlier = ([headline(s.run)] + s.earlier)[:MAX_EARLIER]
            s.run, s.run_job = text, job_id
            return self._write(s)

    def _lock(self) -> threading.Lock:
        """Read, change and write one part at a time within this process (two processes editing the
        same issue at once can still lose one part's update until its next write: docs/conversation.md)."""
        key = (self.comment.repo, self.comment.issue)
        with _LOCKS_LOCK:
            return _LOCKS.setdefault(key, threading.Lock())

    def _write(self, s: Sections) -> int:
        self.comment_id = self.comment.write(s.render())
        return self.comment_id
