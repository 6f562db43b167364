"""Each issue's grouping keys (its crash signature and message key, agent/reports/sameness.py), stored
once per (repo, issue, text digest): a new issue event compares against stored keys instead of parsing
up to 300 other bodies again. A row stored under another version of the rule (`rule`: NULL for rows
written before the message key existed) is parsed again, never compared with keys of this one."""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field

from agent.reports.guarded import FAILED, GuardedParser, ParserFailed
from agent.reports.model import CrashReport
from agent.reports.sameness import RULE, Keys, keys
from bot.db import Database, now
from bot.github.data import issue_text

log = logging.getLogger(__name__)

_TABLE = """CREATE TABLE IF NOT EXISTS issue_signatures (
    repo TEXT NOT NULL,
    issue INTEGER NOT NULL,
    digest TEXT NOT NULL,
    signature TEXT NOT NULL,
    too_slow INTEGER NOT NULL,
    parsed_at TEXT NOT NULL,
    keys TEXT,
    rule TEXT,
    PRIMARY KEY (repo, issue)
)"""
_ADDED = {"keys": "TEXT", "rule": "TEXT"}     # columns a table made before them lacks


def digest(issue: dict) -> str:
    return hashlib.sha256(issue_text(issue).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Signature:
    signature: str        # "" when the issue holds no crash report (or it was too slow to parse)
    too_slow: bool = False
    keys: Keys = field(default_factory=Keys)    # what the grouping rule groups it on (none: nothing)


class SignatureStore:
    def __init__(self, db: Database):
        self.db = db
        with db.tx() as tx:
            tx.execute(_TABLE)
            db._add_columns(tx, "issue_signatures", _ADDED)
        self.parsed = 0      # bodies parsed by this store's `of` (the rest came from the table)

    def get(self, repo: str, issue: dict) -> Signature | None:
        row = self.db.one("SELECT digest, signature, too_slow, keys, rule FROM issue_signatures "
                          "WHERE repo = ? AND issue = ?", repo, int(issue["number"]))
        if row is None or row["digest"] != digest(issue) or row["rule"] != RULE:
            return None
        return Signature(row["signature"], bool(row["too_slow"]), Keys.from_json(json.loads(row["keys"] or "null")))

    def save(self, repo: str, issue: dict, sig: Signature) -> None:
        self.db.execute("INSERT INTO issue_signatures (repo, issue, digest, signature, too_slow, parsed_at, keys, "
                        "rule) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (repo, issue) DO UPDATE SET "
                        "digest = excluded.digest, signature = excluded.signature, too_slow = excluded.too_slow, "
                        "parsed_at = excluded.parsed_at, keys = excluded.keys, rule = excluded.rule",
                        repo, int(issue["number"]), digest(issue), sig.signature, int(sig.too_slow), now(),
                        json.dumps(sig.keys.to_json()), RULE)

    def of(self, repo: str, issue: dict, parser: GuardedParser) -> Signature:
        """The stored signature of the issue's current text, else parsed (under the deadline) and stored; no
        key (and nothing stored: it is parsed again next time) when the parser fails on the text."""
        known = self.get(repo, issue)
        if known is not None:
            return known
        try:
            out = parser.parse(issue_text(issue), repo)
        except ParserFailed:       # one text a parser fails on ends no comparison: no key, nothing stored
            log.exception("the signature of %s#%s: %s", repo, issue["number"], FAILED)
            return Signature("")
        self.parsed += 1
        rep = out.report
        sig = of_report(rep, repo, out.too_slow)
        self.save(repo, issue, sig)
        return sig


def of_report(report: CrashReport | None, repo: str, too_slow: bool = False) -> Signature:
    """What the grouping rule keeps of a parsed report (no report: no key, it groups with nothing)."""
    if report is None:
        return Signature("", too_slow)
    return Signature(report.signature, too_slow, keys(report, repo))
