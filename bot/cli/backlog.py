"""`crashfix backlog OWNER/REPO`: run the backlog scan of one repository now, as the worker would."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}$")


def add_parser(sub) -> None:
    p = sub.add_parser("backlog", help="triage and rank every open crash issue of a repository (the App's backlog "
                       "scan), then queue fix runs or update the summary issue as its .github/crashfix.yml says")
    p.add_argument("repo", type=_repo, nargs="?", help="OWNER/REPO, a repository the App is installed on "
                   "(not with --issues)")
    p.add_argument("--issues", type=Path, metavar="DIR", help="scan a folder of issue files instead, no GitHub "
                   "needed: *.md/*.txt (title: the first heading or line; number: the file name's digits) or "
                   "*.json (GitHub's issue objects); prints the same ranking and the summary issue's text")
    p.add_argument("--checkout", type=Path, metavar="PATH", help="with --issues: a git checkout of the repository "
                   "(its files locate the reports' frames and tests; default: none, ranked on the reports alone)")
    p.add_argument("--installation", type=int, help="the App's installation id (default: the one the database "
                   "recorded for the repo from GitHub's installation events)")
    p.add_argument("--json", action="store_true", help="print the job's result as one JSON object")


def _repo(text: str) -> str:
    if not REPO.match(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not OWNER/REPO")
    return text


def run(args) -> int:
    if args.issues is not None:
        return run_folder(args)
    if args.repo is None or args.checkout is not None:
        print("crashfix: backlog needs OWNER/REPO, or --issues DIR (with --checkout PATH at most)", file=sys.stderr)
        return 2
    from bot.db import Database
    from bot.jobs.store import create_job
    from bot.settings import SettingsError, load_settings
    from bot.worker import Worker
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"crashfix: {exc}", file=sys.stderr)
        return 2
    db = Database(settings.database_url)
    installation = args.installation
    if installation is None:
        row = db.one("SELECT installation_id FROM repos WHERE full_name = ? AND active = 1", args.repo)
        if row is None:
            print(f"crashfix: {args.repo} is not a repository of any installation this database knows; "
                  "pass --installation ID", file=sys.stderr)
            return 2
        installation = int(row["installation_id"])
    if settings.dry_run:
        print("crashfix: no GitHub App credentials: dry run, nothing is read from GitHub or sent", file=sys.stderr)
    with db.tx() as tx:
        job_id = create_job(tx, "backlog", installation_id=installation, repo=args.repo, issue=None,
                            params={"trigger": "cli"})
    job = Worker(settings, db, None).run(job_id)
    if args.json:
        print(json.dumps({"job": job.id, "state": job.state, "error": job.error, "result": job.result}))
    else:
        print(describe(args.repo, job))
    return 0 if job.state == "done" else 2


def run_folder(args) -> int:
    """`crashfix backlog --issues DIR`: the App's scan over a folder of issue files (bot/cli/backlog_local.py)."""
    import tempfile
    from bot.cli.backlog_local import NAME, IssuesError, scan_folder
    if args.repo is not None or args.installation is not None:
        print("crashfix: --issues scans a folder: no OWNER/REPO or --installation with it", file=sys.stderr)
        return 2
    if not args.verbose:
        import logging
        logging.getLogger().setLevel(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="crashfix-backlog-") as tmp:
        try:
            result, body = scan_folder(args.issues, Path(tmp), args.checkout)
        except IssuesError as exc:
            print(f"crashfix: {exc}", file=sys.stderr)
            return 2
    r = result.to_dict()
    if args.json:
        print(json.dumps({"result": r, "summary": body}))
        return 0
    shown = {**r, "summary_issue": None}           # no issue was opened: its text follows
    print("\n".join(result_lines(str(args.issues), shown, f"{NAME}: a folder, nothing sent")))
    if body:
        print("\nthe summary issue the App would open:\n")
        print(body.rstrip())
    return 0


def describe(repo: str, job) -> str:
    """The job's outcome in a few readable lines."""
    r = job.result or {}
    if job.state == "queued":
        return (f"{repo}: the backlog scan waits for GitHub's rate limits (job {job.id}); a running "
                "`crashfix worker` resumes it where it stopped")
    if job.state != "done":
        return f"{repo}: backlog scan {job.state} (job {job.id}): {job.error or 'no reason recorded'}"
    return "\n".join(result_lines(repo, r, f"job {job.id}"))


def result_lines(repo: str, r: dict, where: str) -> list[str]:
    """A scan's result (ScanResult.to_dict()) as lines: the counts, then the ranked crashes."""
    lines = [f"{repo}: {r.get('crashes', 0)} of {r.get('open_issues', 0)} open issues hold a crash report, "
             f"{r.get('distinct', 0)} distinct; {r.get('triaged', 0)} parsed now, {r.get('unchanged', 0)} "
             f"unchanged since the last scan ({where})"]
    if r.get("failed"):
        lines.append("the parser failed on (read again on the next scan): " + ", ".join(f"#{n}" for n in r["failed"]))
    if r.get("unparsed"):
        lines.append("too slow to parse (not known to hold a crash): " + ", ".join(f"#{n}" for n in r["unparsed"]))
    for rank, item in enumerate(r.get("ranked") or [], 1):
        lines.append(f"{rank:3}. #{item['issue']}  score {item['score']}"
                     + (f"  looks fixable because {'; '.join(item['reasons'])}" if item["reasons"] else ""))
        if item.get("duplicates"):
            lines.append("      same crash: " + ", ".join(f"#{n}" for n in item["duplicates"]))
    if r.get("queued"):
        lines.append("fix runs queued: " + ", ".join(f"#{i} (job {j})" for i, j in r["queued"].items()))
    if r.get("summary_issue"):
        lines.append(f"summary issue: #{r['summary_issue']} ({r.get('summary')})")
    if r.get("note"):
        lines.append(r["note"])
    return lines
