"""The backlog scan: triage every open issue of a repo that holds a crash report, once, and rank them.

`scan()` lists the open issues (pull requests left out), parses each one not seen before (or edited
since: a digest of title and body), labels it as triage does, remembers it (`BacklogStore`), groups
the crashes by the grouping rule (`agent.reports.sameness`) and ranks the groups by how fixable they
look (`bot.backlog.rank`). Then,
when the repo's config says ``backlog: {fix: N}``, fix runs are queued for the top N (once each);
otherwise one summary issue lists them for a maintainer to pick (created once, then edited in
place; a hidden marker finds it). Every GitHub call goes through a `Pacer` (rate limits).
"""
from __future__ import annotations

import hashlib
import time
from contextlib import nullcontext
import logging
from dataclasses import dataclass, field
from typing import Callable

from agent.reports.guarded import FAILED, TOO_SLOW, GuardedParser, ParserFailed, ParserUnavailable
from agent.reports.sameness import RULE, keys
from agent.triage import bounded_triage
from bot.backlog.rank import FileIndex, find_test_suite, rank
from bot.backlog.store import BacklogStore, Triaged
from bot.backlog.summary import MARKER, TITLE, Group, group, render
from bot.db import Database
from bot.github.api import InstallationAPI
from bot.github.data import issue_text
from bot.github.pacing import Pacer
from bot.backlog.signatures import Signature, SignatureStore

log = logging.getLogger(__name__)


@dataclass
class ScanResult:
    open_issues: int = 0
    crashes: int = 0
    triaged: int = 0                    # parsed in this scan (new or edited issues)
    too_slow: list[int] = field(default_factory=list)   # issues whose text ran past the parse deadline
    failed: list[int] = field(default_factory=list)     # issues whose text a parser failed on (read again next scan)
    unparsed: list[int] = field(default_factory=list)   # too slow to parse, in this scan or an earlier one
    unchanged: int = 0                  # seen by an earlier scan, not parsed again
    labelled: int = 0
    groups: list[Group] = field(default_factory=list)
    queued: dict[int, int] = field(default_factory=dict)     # issue -> fix job id, queued by this scan
    summary_issue: int | None = None
    summary: str = ""                   # "created" | "edited" | "unchanged" | "closed" | "" (none written)
    waited: float = 0.0
    retried: int = 0

    def to_dict(self) -> dict:
        return {"open_issues": self.open_issues, "crashes": self.crashes, "distinct": len(self.groups),
                "triaged": self.triaged, "too_slow": self.too_slow, "failed": self.failed, "unparsed": self.unparsed,
                "unchanged": self.unchanged, "labelled": self.labelled,
                "ranked": [{"issue": g.lead.issue, "score": g.lead.score, "duplicates": g.duplicates,
                            "reasons": g.lead.reasons, "missing": g.lead.missing} for g in self.groups[:50]],
                "queued": {str(k): v for k, v in self.queued.items()}, "summary_issue": self.summary_issue,
                "summary": self.summary, "waited_s": round(self.waited, 1), "retried": self.retried}


def digest(issue: dict) -> str:
    return hashlib.sha256(issue_text(issue).encode()).hexdigest()[:16]


class _RepoFiles:
    """The default branch's files, fetched once and only when an issue needs parsing."""

    def __init__(self, api: InstallationAPI, repo: str, pacer: Pacer):
        self.api, self.repo, self.pacer = api, repo, pacer
        self._loaded = False
        self.files: list[str] | None = None
        self.blob_url: str | None = None
        self.index, self.tests_at = FileIndex(None), None

    def load(self, page_url: str | None) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            ref = self.pacer.read(self.api.default_branch, self.repo)
            self.files = self.pacer.read(self.api.list_files, self.repo, ref) or None
        except Exception as exc:  # noqa: BLE001 - locations are a nicety: the issues are still ranked
            log.warning("backlog: no file list for %s: %s", self.repo, exc)
            return
        if page_url and "/issues/" in page_url:
            self.blob_url = f"{page_url.rsplit('/issues/', 1)[0]}/blob/{ref}"
        self.index, self.tests_at = FileIndex(self.files), find_test_suite(self.files)


def scan(api: InstallationAPI, db: Database, repo: str, *, pacer: Pacer, fix: int = 0,
         queue_fix: Callable[[int], int | None] | None = None, parse_timeout: float = 10.0,
         parser: GuardedParser | None = None) -> ScanResult:
    """One pass over the repo's open issues. With ``fix`` > 0, ``queue_fix(issue) -> job id`` queues
    a fix run (None: one is already active) for the top ``fix``; else the summary issue is written.
    ``parser``: the guarded parser to read the issues with, left open (None: one of ``parse_timeout`` s)."""
    store = BacklogStore(db)
    out = ScanResult()
    issues = [i for i in pacer.read(api.list_open_issues, repo) if not i.get("pull_request")]
    known = store.summary(repo)
    summary_no = known["issue"] if known else next(
        (i["number"] for i in issues if MARKER in (i.get("body") or "") and _by_a_bot(i)), None)
    listed = any(i["number"] == summary_no for i in issues)
    issues = [i for i in issues if i["number"] != summary_no]
    out.open_issues = len(issues)
    before = store.triaged(repo)
    files = _RepoFiles(api, repo, pacer)
    current: list[Triaged] = []
    with nullcontext(parser) if parser is not None else GuardedParser(timeout=parse_timeout) as reader:
        _triage_new(api, db, store, repo, issues, before, files, pacer, reader, current, out)
    out.crashes = sum(1 for t in current if t.crash)
    out.unparsed = sorted(t.issue for t in current if t.too_slow)
    out.groups = group(current)
    out.waited, out.retried = pacer.waited, pacer.retried
    if fix > 0 and queue_fix is not None:
        _queue_top(store, db, repo, out, fix, queue_fix)
    elif out.groups or summary_no is not None:
        _write_summary(api, store, repo, summary_no, known, listed, out, pacer)
    out.waited, out.retried = pacer.waited, pacer.retried
    log.info("backlog of %s: %d open issues, %d crash reports (%d distinct), %d parsed now, %d unchanged",
             repo, out.open_issues, out.crashes, len(out.groups), out.triaged, out.unchanged)
    return out


def _triage_new(api: InstallationAPI, db: Database, store: BacklogStore, repo: str, issues: list[dict],
                before: dict[int, Triaged], files: _RepoFiles, pacer: Pacer, parser: GuardedParser,
                current: list[Triaged], out: ScanResult) -> None:
    """Parse (under the parser's deadline) each issue not seen before or edited since, or whose keys were
    made by another version of the grouping rule (agent/reports/sameness.py RULE): its stored signature
    is not compared with keys of this one."""
    signatures = SignatureStore(db)
    for issue in issues:
        d = digest(issue)
        seen = before.get(issue["number"])
        if seen is not None and seen.digest == d and seen.rule == RULE:
            out.unchanged += 1
            current.append(seen)
            continue
        t = _triage_one(api, repo, issue, d, files, pacer, out, parser)
        if t is None:            # a parser failed on it: nothing stored, read again on the next scan
            continue
        signatures.save(repo, issue, Signature(t.signature, issue["number"] in out.too_slow, t.keys))
        if seen is not None:
            t.fix_job = seen.fix_job
        store.save(repo, t)
        out.triaged += 1
        current.append(t)


def _triage_one(api: InstallationAPI, repo: str, issue: dict, d: str, files: _RepoFiles, pacer: Pacer,
                out: ScanResult, parser: GuardedParser) -> Triaged | None:
    """The issue triaged and ranked, its new labels added; None when a parser (or the triage, ranking or
    keys made of what it parsed) failed on its text: said in the log and in `out.failed`, and the scan
    goes on (bad input ends no scan; GitHub's errors are not caught here)."""
    number = issue["number"]
    try:
        started = time.monotonic()
        parsed = parser.parse(issue_text(issue), repo)
        spent = time.monotonic() - started
    except ParserFailed:        # one text a parser cannot read is that issue's problem, not the scan's
        return _failed(repo, number, out)
    if parsed.too_slow:
        log.warning("backlog of %s: #%s: %s (over %ss)", repo, number, TOO_SLOW, parser.timeout)
        out.too_slow.append(number)
    report = parsed.report
    if report is None:
        return Triaged(number, d, crash=False, too_slow=parsed.too_slow)
    files.load(issue.get("html_url"))
    try:
        t, _ = bounded_triage(parser, report, files.files, files.blob_url, seconds=parser.timeout - spent)
        fx = rank(report, files.index, files.tests_at, issue_text(issue), repo)
        grouped = keys(report, repo)
    except ParserUnavailable:
        raise                   # no child to read with: the machine's problem, the scan stops and is retried
    except Exception:  # noqa: BLE001 - as above: the report's triage failed on this one text
        return _failed(repo, number, out)
    have = set(issue.get("labels") or [])
    new = [label for label in t.labels if label not in have]
    if new:
        pacer.write(api.add_labels, repo, number, new)
        out.labelled += 1
    return Triaged(number, d, crash=True, kind=report.kind, title=report.title, signature=t.signature,
                   score=fx.score, reasons=fx.reasons, missing=fx.missing, labels=t.labels, keys=grouped,
                   evidence=fx.evidence)


def _failed(repo: str, number: int, out: ScanResult) -> None:
    log.exception("backlog of %s: #%s: %s; the scan goes on without it", repo, number, FAILED)
    out.failed.append(number)
    return None


def _queue_top(store: BacklogStore, db: Database, repo: str, out: ScanResult, n: int,
               queue_fix: Callable[[int], int | None]) -> None:
    """The top n crashes get one fix run each, over all scans: one queued earlier is not queued again."""
    for g in out.groups[:n]:
        issue = g.lead.issue
        if g.lead.fix_job is not None or db.pr_for_issue(repo, issue) is not None:
            continue
        job_id = queue_fix(issue)
        if job_id is not None:
            store.set_fix_job(repo, issue, job_id)
            g.lead.fix_job = job_id
            out.queued[issue] = job_id


def _write_summary(api: InstallationAPI, store: BacklogStore, repo: str, number: int | None, known: dict | None,
                   listed: bool, out: ScanResult, pacer: Pacer) -> None:
    """Create the summary issue once; then edit it when its text changes; a closed one is not reopened."""
    body = render(out.groups, out.open_issues, unread=out.failed, too_slow=out.unparsed)
    d = hashlib.sha256(body.encode()).hexdigest()[:16]
    if known is not None and not listed:
        out.summary, out.summary_issue = "closed", number        # a maintainer closed it: left alone
        return
    if number is None:
        number = pacer.write(api.create_issue, repo, TITLE, body)
        out.summary = "created"
    elif known is None or known["digest"] != d:
        pacer.write(api.edit_issue, repo, number, TITLE, body)
        out.summary = "edited"
    else:
        out.summary = "unchanged"
    store.save_summary(repo, number, d)
    out.summary_issue = number


def _by_a_bot(issue: dict) -> bool:
    """Only an App's account ends in [bot]: a person who pastes the marker does not make a summary issue."""
    return str(issue.get("author") or "").endswith("[bot]")
