"""`triage` (an issue opened or edited): parse the crash, label it, point at its code and its duplicates in the
issue's status comment (an edited issue edits it)."""
from __future__ import annotations

import logging
import time

from agent.reports.guarded import FAILED, TOO_SLOW, GuardedParser, ParserFailed
from agent.triage import bounded_triage
from bot.conversation.status import StatusComment
from bot.kinds.context import Context
from bot.github.data import issue_text
from bot.kinds.gates import triage_config
from agent.reports.sameness import SAME_WORDS, groups
from bot.backlog.signatures import Signature, SignatureStore, of_report

log = logging.getLogger(__name__)


def run(ctx: Context) -> dict:
    job, api = ctx.job, ctx.api
    config = triage_config(ctx)
    if config is None:
        return {"found": False, "skipped": "triage is off in .github/crashfix.yml"}
    issue = api.get_issue(job.repo, job.issue)
    if issue.get("pull_request") or issue.get("state") != "open":
        return {"found": False, "skipped": "not an open issue"}
    store = SignatureStore(ctx.db)
    with GuardedParser(timeout=ctx.settings.PARSE_TIMEOUT) as parser:
        started = time.monotonic()
        try:
            parsed = parser.parse(issue_text(issue), job.repo)
        except ParserFailed:      # a parser's bug met by this text: no crash found here, said in the log
            log.exception("triage of %s#%s: %s", job.repo, job.issue, FAILED)
            return {"found": False, "failed": True, "outcome": FAILED}
        spent = time.monotonic() - started
        if parsed.too_slow:
            store.save(job.repo, issue, Signature("", too_slow=True))
            log.warning("triage of %s#%s: %s (over %ss)", job.repo, job.issue, TOO_SLOW, parser.timeout)
            return {"found": False, "too_slow": True, "outcome": TOO_SLOW}
        report = parsed.report
        if report is None:
            store.save(job.repo, issue, Signature(""))
            return {"found": False}
        files, blob_url = repo_files(ctx, issue)
        # the frame mapping runs in the parser's child, under what the parse left of the same deadline
        t, mapped = bounded_triage(parser, report, files, blob_url, config.trigger_label, parser.timeout - spent)
        if files is not None and not mapped:
            log.warning("triage of %s#%s: the frames were not mapped onto the repository's %d files within the "
                        "parse deadline (%ss); the comment names no file of it", job.repo, job.issue, len(files),
                        parser.timeout)
        mine = of_report(report, job.repo)
        store.save(job.repo, issue, mine)
        others = {}
        for other in api.list_open_issues(job.repo)[:300]:
            if other.get("number") == job.issue or other.get("pull_request"):
                continue
            others[other["number"]] = store.of(job.repo, other, parser).keys
        # the issues in this one's group by the grouping rule (agent/reports/sameness.py), as the backlog groups them
        mates = next(g for g in groups([(job.issue, mine.keys), *others.items()]) if job.issue in g)
        duplicates = [n for n in mates if n != job.issue]
    body = t.comment
    if duplicates:
        body += "\n\nThe same crash (" + SAME_WORDS + ") is reported in " + ", ".join(
            f"#{n}" for n in sorted(duplicates)[:10]) + "."
    have = set(issue.get("labels") or [])
    labels = [label for label in t.labels if label not in have]
    if labels:
        api.add_labels(job.repo, job.issue, labels)
    comment_id = StatusComment(api, ctx.db, job.repo, job.issue, ctx.settings.BOT_LOGIN).triage(body)
    return {"found": True, "signature": t.signature, "labels": t.labels, "duplicates": duplicates,
            "comment_id": comment_id, "parsed_others": store.parsed}


def repo_files(ctx: Context, issue: dict) -> tuple[list[str] | None, str | None]:
    """The repository's files (one tree request) and the web address they are shown under, for
    triage to point into the repo; (None, None) when GitHub will not say: triage goes on without."""
    job = ctx.job
    try:
        ref = job.params.get("ref") or ctx.api.default_branch(job.repo)
        files = ctx.api.list_files(job.repo, ref)
    except Exception as exc:  # noqa: BLE001 - locations are a nicety; the triage comment still goes out
        log.warning("triage: no file list for %s: %s", job.repo, exc)
        return None, None
    page = issue.get("html_url") or ""
    blob_url = f"{page.rsplit('/issues/', 1)[0]}/blob/{ref}" if "/issues/" in page else None
    return files or None, blob_url
