"""What the backlog scan remembers per repository: each issue it triaged (with its digest, rank and
reasons), the fix runs it queued, and the number of its one summary issue."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from agent.reports.sameness import RULE, Keys
from bot.db import Database, now

_TABLES = (
    """CREATE TABLE IF NOT EXISTS backlog_issues (
        repo TEXT NOT NULL,
        issue INTEGER NOT NULL,
        digest TEXT NOT NULL,
        crash INTEGER NOT NULL,
        kind TEXT,
        title TEXT,
        signature TEXT,
        score INTEGER,
        reasons TEXT,
        missing TEXT,
        labels TEXT,
        fix_job INTEGER,
        triaged_at TEXT NOT NULL,
        keys TEXT,
        rule TEXT,
        evidence INTEGER,
        too_slow INTEGER,
        PRIMARY KEY (repo, issue)
    )""",
    """CREATE TABLE IF NOT EXISTS backlog_summaries (
        repo TEXT PRIMARY KEY,
        issue INTEGER NOT NULL,
        digest TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )""",
)
_ADDED = {"keys": "TEXT", "rule": "TEXT", "evidence": "INTEGER", "too_slow": "INTEGER"}     # columns a table made before them lacks


@dataclass
class Triaged:
    """One open issue as the scan saw it (crash False: no crash report in it)."""
    issue: int
    digest: str
    crash: bool
    kind: str = ""
    title: str = ""
    signature: str = ""
    score: int = 0
    reasons: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    fix_job: int | None = None
    keys: Keys = field(default_factory=Keys)    # what the grouping rule groups it on (agent/reports/sameness.py)
    rule: str = RULE             # the grouping rule the keys were made by ("": a row from before the rule)
    evidence: int = 0            # what orders crashes of one score (bot/backlog/rank.py Fixability.evidence)
    too_slow: bool = False       # its text ran past the parse deadline: whether it holds a crash is not known

    def __post_init__(self) -> None:
        if self.signature and self.signature not in self.keys.anchors:    # a signature is always an anchor
            self.keys = Keys((self.signature, *self.keys.anchors), self.keys.reaches, self.keys.joins)


class BacklogStore:
    def __init__(self, db: Database):
        self.db = db
        with db.tx() as tx:
            for stmt in _TABLES:
                tx.execute(stmt)
            db._add_columns(tx, "backlog_issues", _ADDED)

    def triaged(self, repo: str) -> dict[int, Triaged]:
        rows = self.db.all("SELECT * FROM backlog_issues WHERE repo = ?", repo)
        return {int(r["issue"]): _from_row(r) for r in rows}

    def save(self, repo: str, t: Triaged) -> None:
        """Recorded as soon as the issue is triaged, so a scan cut short (rate limits) resumes after it."""
        with self.db.tx() as tx:
            tx.execute("INSERT INTO backlog_issues (repo, issue, digest, crash, kind, title, signature, score, "
                       "reasons, missing, labels, fix_job, triaged_at, keys, rule, evidence, too_slow) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                       "ON CONFLICT (repo, issue) DO UPDATE SET digest = excluded.digest, crash = excluded.crash, "
                       "kind = excluded.kind, title = excluded.title, signature = excluded.signature, "
                       "score = excluded.score, reasons = excluded.reasons, missing = excluded.missing, "
                       "labels = excluded.labels, triaged_at = excluded.triaged_at, keys = excluded.keys, "
                       "rule = excluded.rule, evidence = excluded.evidence, too_slow = excluded.too_slow",
                       repo, t.issue, t.digest, int(t.crash), t.kind, t.title, t.signature, t.score,
                       json.dumps(t.reasons), json.dumps(t.missing), json.dumps(t.labels), t.fix_job, now(),
                       json.dumps(t.keys.to_json()), t.rule, t.evidence, int(t.too_slow))

    def set_fix_job(self, repo: str, issue: int, job_id: int) -> None:
        self.db.execute("UPDATE backlog_issues SET fix_job = ? WHERE repo = ? AND issue = ?", job_id, repo, issue)

    def summary(self, repo: str) -> dict | None:
        return self.db.one("SELECT issue, digest FROM backlog_summaries WHERE repo = ?", repo)

    def save_summary(self, repo: str, issue: int, digest: str) -> None:
        self.db.execute("INSERT INTO backlog_summaries (repo, issue, digest, updated_at) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (repo) DO UPDATE SET issue = excluded.issue, digest = excluded.digest, "
                        "updated_at = excluded.updated_at", repo, issue, digest, now())


def _from_row(r: dict) -> Triaged:
    return Triaged(issue=int(r["issue"]), digest=r["digest"], crash=bool(r["crash"]), kind=r["kind"] or "",
                   title=r["title"] or "", signature=r["signature"] or "", score=int(r["score"] or 0),
                   reasons=json.loads(r["reasons"] or "[]"), missing=json.loads(r["missing"] or "[]"),
                   labels=json.loads(r["labels"] or "[]"), fix_job=r["fix_job"],
                   keys=Keys.from_json(json.loads(r.get("keys") or "null")), rule=r.get("rule") or "",
                   evidence=int(r.get("evidence") or 0), too_slow=bool(r.get("too_slow")))
