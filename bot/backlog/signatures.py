"""Each issue's crash signature, stored once per (repo, issue, text digest): a new issue event
compares against stored signatures instead of parsing up to 300 other bodies again."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from agent.reports.guarded import GuardedParser
from bot.db import Database, now
from bot.github.data import issue_text

_TABLE = """CREATE TABLE IF NOT EXISTS issue_signatures (
    repo TEXT NOT NULL,
    issue INTEGER NOT NULL,
    digest TEXT NOT NULL,
    signature TEXT NOT NULL,
    too_slow INTEGER NOT NULL,
    parsed_at TEXT NOT NULL,
    PRIMARY KEY (repo, issue)
)"""


def digest(issue: dict) -> str:
    return hashlib.sha256(issue_text(issue).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Signature:
    signature: str        # "" when the issue holds no crash report (or it was too slow to parse)
    too_slow: bool = False


class SignatureStore:
    def __init__(self, db: Database):
        self.db = db
        with db.tx() as tx:
            tx.execute(_TABLE)
        self.parsed = 0      # bodies parsed by this store's `of` (the rest came from the table)

    def get(self, repo: str, issue: dict) -> Signature | None:
        row = self.db.one("SELECT digest, signature, too_slow FROM issue_signatures WHERE repo = ? AND issue = ?",
                          repo, int(issue["number"]))
        if row is None or row["digest"] != digest(issue):
            return None
        return Signature(row["signature"], bool(row["too_slow"]))

    def save(self, repo: str, issue: dict, sig: Signature) -> None:
        self.db.execute("INSERT INTO issue_signatures (repo, issue, digest, signature, too_slow, parsed_at) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (repo, issue) DO UPDATE SET digest = excluded.digest, "
                        "signature = excluded.signature, too_slow = excluded.too_slow, parsed_at = excluded.parsed_at",
                        repo, int(issue["number"]), digest(issue), sig.signature, int(sig.too_slow), now())

    def of(self, repo: str, issue: dict, parser: GuardedParser) -> Signature:
        """The stored signature of the issue's current text, else parsed (under the deadline) and stored."""
        known = self.get(repo, issue)
        if known is not None:
            return known
        out = parser.parse(issue_text(issue), repo)
        self.parsed += 1
        rep = out.report
        sig = Signature((rep.signature or rep.title) if rep is not None else "", out.too_slow)
        self.save(repo, issue, sig)
        return sig
