"""What the pages show, read from the job table and each job's run folder, limited to what the
viewer may see. Every text that came from a run (logs, transcripts, tool output, progress, dry-run
bodies) goes through the project's redaction layer (agent/redact.py; the dashboard registers the
settings' secrets at start) before a template sees it."""
from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from agent.compose.outcomes import STATUSES
from agent.redact import redact, redact_obj
from bot.dashboard.auth import Viewer
from bot.db import Database, loads
from bot.jobs.store import KINDS, STATES

RUN_OUTCOMES = STATUSES                  # agent/compose/outcomes.py

PAGE_SIZE = 25
MAX_FILE = 200_000                      # characters of one log or transcript shown


# -- scope ----------------------------------------------------------------------------------

def scope(viewer: Viewer, column: str = "installation_id") -> tuple[str, list]:
    """A SQL condition limiting rows to the viewer's installations (always true for an admin)."""
    if viewer.admin:
        return "1 = 1", []
    if not viewer.installations:
        return "1 = 0", []
    return f"{column} IN ({', '.join('?' for _ in viewer.installations)})", list(viewer.installations)


# -- jobs -----------------------------------------------------------------------------------

@dataclass
class JobPage:
    rows: list[dict]
    page: int
    pages: int
    total: int
    repos: list[str]


def list_jobs(db: Database, viewer: Viewer, repo: str = "", state: str = "", kind: str = "",
              page: int = 1) -> JobPage:
    where, params = scope(viewer)
    conds, args = [where], list(params)
    for column, value, allowed in (("repo", repo, None), ("state", state, STATES), ("kind", kind, KINDS)):
        if value and (allowed is None or value in allowed):
            conds.append(f"{column} = ?")
            args.append(value)
    cond = " AND ".join(conds)
    total = db.one(f"SELECT COUNT(*) AS n FROM jobs WHERE {cond}", *args)["n"]
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, page), pages)
    rows = db.all(f"SELECT id, kind, state, repo, issue, sender, attempts, created_at, started_at, finished_at, "
                  f"cost, error, result FROM jobs WHERE {cond} ORDER BY id DESC LIMIT ? OFFSET ?",
                  *args, PAGE_SIZE, (page - 1) * PAGE_SIZE)
    for row in rows:
        result = loads(row.pop("result")) or {}
        result = result if isinstance(result, dict) else {}
        row["status"] = result.get("status")
        row["shown"] = shown_state(row["state"], row["status"], row["kind"])
        tokens = result.get("tokens") if isinstance(result.get("tokens"), dict) else {}
        row["model_ran"] = bool(row["cost"]) or any(_int(v) for v in tokens.values())
        row["pr"] = _int(result.get("pr"))
        row["pr_url"] = result.get("url") if isinstance(result.get("url"), str) else None
        row["seconds"] = seconds_between(row["started_at"], row["finished_at"])
    repos = [r["repo"] for r in db.all(f"SELECT DISTINCT repo FROM jobs WHERE {where} AND repo IS NOT NULL "
                                       "ORDER BY repo", *params)]
    return JobPage(rows, page, pages, total, repos)


def shown_state(state: str, status: str | None, kind: str | None = None) -> str:
    """What a job is shown as: a finished run by its outcome (fixed, not_fixed, not_reproduced,
    env_broken, error), so a run that fixed nothing is never a green "done"; else its state. An
    `explain` fixes nothing: its run is "diagnosed" (never a green "fixed")."""
    if kind == "explain" and state == "done" and status not in ("env_broken", "error"):
        return "diagnosed"
    if state == "done" and status in RUN_OUTCOMES:
        return status
    if state == "done" and status:
        return "error"                      # an outcome this dashboard does not know is no success
    return state


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def get_job(db: Database, viewer: Viewer, job_id: int) -> dict | None:
    row = db.one("SELECT * FROM jobs WHERE id = ?", job_id)
    if row is None or not viewer.sees(row["installation_id"]):
        return None
    row["params"] = loads(row["params"]) or {}
    row["result"] = loads(row["result"]) or {}
    if not isinstance(row["result"], dict):
        row["result"] = {}
    row["shown"] = shown_state(row["state"], row["result"].get("status"), row["kind"])
    row["seconds"] = seconds_between(row["started_at"], row["finished_at"])
    return row


def seconds_between(start: str | None, end: str | None) -> float | None:
    if not start or not end:
        return None
    return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()


def progress(db: Database, job_id: int, after: int = 0) -> list[dict]:
    return [{"id": e["id"], "at": e["at"], "message": redact(e["body"])}
            for e in db.job_events(job_id, "progress", after)]


def now(db: Database, job_id: int) -> dict | None:
    """The run's current phase (bot/kinds/progress.py "now" events, one per phase change): its words,
    what it waits for, when it began and the seconds since, in the words of bot/conversation/progress_words.py."""
    from bot.conversation.progress_words import doing, seconds
    events = db.job_events(job_id, "now")
    if not events:
        return None
    try:
        body = json.loads(events[-1]["body"])
        since = datetime.fromisoformat(body["since"])
    except (ValueError, KeyError, TypeError):
        return None
    elapsed = max(0.0, (datetime.now(timezone.utc) - since).total_seconds())
    return {"words": body.get("words") or body.get("phase"), "doing": redact(doing(str(body.get("doing") or ""))),
            "since": body["since"], "elapsed": seconds(elapsed), "elapsed_s": int(elapsed)}


def failures(db: Database, job_id: int) -> list[dict]:
    """The job's "failure" events: the exception text of a run that failed (bot/conversation/board.py
    job_failed), which GitHub never sees; redacted again on the way out."""
    return [{"id": e["id"], "at": e["at"], "text": redact(e["body"])} for e in db.job_events(job_id, "failure")]


def _json_events(db: Database, job_id: int, kind: str) -> list[dict]:
    """The job's events of `kind` whose body is a JSON object, with their time, redacted."""
    out = []
    for event in db.job_events(job_id, kind):
        try:
            body = json.loads(event["body"])
        except ValueError:
            continue
        if isinstance(body, dict):
            out.append(redact_obj({"at": event["at"], **body}))
    return out


def dry_run_writes(db: Database, job_id: int) -> list[dict]:
    """The writes a dry run would have sent, latest first; a comment and its edits are one entry (its
    latest text, with how many times it was edited), placed at its latest write."""
    out: list[dict] = []
    by_comment: dict = {}
    for w in _json_events(db, job_id, "dry_run"):
        cid = w.get("comment_id") if w.get("action") in ("comment", "edit_comment") else None
        entry = by_comment.get(cid) if cid is not None else None
        if entry is not None:
            out.remove(entry)
            entry.update(body=w.get("body"), at=w.get("at"), edits=entry.get("edits", 0) + 1)
        else:
            entry = dict(w, edits=0)
            if cid is not None:
                by_comment[cid] = entry
        out.append(entry)
    return out[::-1]


def posted(db: Database, job_id: int) -> list[dict]:
    """The GitHub writes the job sent (bot/github/tracked.py), in order, failed ones included (a dry run's
    writes, sent nowhere, are `dry_run_writes`)."""
    return [w for w in _json_events(db, job_id, "write") if w.get("sent")]


def pr_of(db: Database, job: dict) -> dict | None:
    """The job's pull request: the one it published, else its issue's (one PR per issue, updated by
    re-runs; a command on a crashfix PR names the PR itself)."""
    if not job.get("repo") or job.get("issue") is None:
        return None
    number = _int((job.get("result") or {}).get("pr"))
    if number is not None:
        return db.pr_by_number(job["repo"], number) or {"number": number, "url": job["result"].get("url"),
                                                         "state": "open", "merged": 0}
    if (job.get("params") or {}).get("on_pr"):
        return db.pr_by_number(job["repo"], job["issue"])
    return db.pr_for_issue(job["repo"], job["issue"])


# -- the run folder ---------------------------------------------------------------------------

def run_dir(runs_root: Path, job: dict) -> Path | None:
    """The job's run folder, only when it lies under the configured runs folder."""
    root = Path(runs_root).resolve()
    named = (job.get("result") or {}).get("run_dir")
    for candidate in (named, root / str(job["id"])):
        if not candidate:
            continue
        path = Path(candidate).resolve()
        if path.is_dir() and path.is_relative_to(root):
            return path
    return None


def _read(path: Path) -> str | None:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return None
    return text if len(text) <= MAX_FILE else text[:MAX_FILE] + "\n… (cut)\n"


def load_run(folder: Path | None) -> dict:
    """result.json, report.md, patch.diff, logs/*.log and trajectories/*.json of one run."""
    if folder is None:
        return {}
    run: dict[str, Any] = {}
    raw = _read(folder / "result.json")
    if raw:
        try:
            run["result"] = redact_obj(json.loads(raw))
        except ValueError:
            run["result_error"] = f"{folder / 'result.json'} is not valid JSON; the logs below are still shown"
    for name, key in (("report.md", "report_md"), ("patch.diff", "patch")):
        text = _read(folder / name)
        if text is not None:
            run[key] = redact(text)
    run["logs"] = [{"name": p.name, "text": redact(_read(p) or "")}
                   for p in sorted((folder / "logs").glob("*.log"))]
    run["trajectories"] = [t for t in (_trajectory(p) for p in sorted((folder / "trajectories").glob("*.json")))
                           if t]
    return run


def _trajectory(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(errors="replace"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    steps = []
    for step in data.get("steps") or []:
        observations = step.get("observations") or []
        calls = []
        for i, call in enumerate(step.get("tool_calls") or []):
            obs = observations[i] if i < len(observations) else {}
            calls.append({"name": call.get("name"), "arguments": call.get("arguments"),
                          "ok": obs.get("ok", True), "output": (obs.get("text") or "")[:MAX_FILE // 10]})
        steps.append({"step": step.get("step"), "phase": step.get("phase"), "content": step.get("content"),
                      "calls": calls})
    return redact_obj({"name": path.stem, "model": data.get("model"), "status": data.get("status"),
                        "reason": data.get("reason"), "temperature": data.get("temperature"),
                        "replay": data.get("replay"), "steps": steps})


# -- installations and the summary --------------------------------------------------------------

def installations(db: Database, viewer: Viewer) -> list[dict]:
    where, params = scope(viewer, "id")
    rows = db.all(f"SELECT * FROM installations WHERE {where} ORDER BY account", *params)
    for inst in rows:
        inst["repos"] = db.all(
            "SELECT r.full_name, r.active, COUNT(j.id) AS jobs, SUM(CASE WHEN j.state = 'running' THEN 1 ELSE 0 END) "
            "AS running FROM repos r LEFT JOIN jobs j ON j.repo = r.full_name WHERE r.installation_id = ? "
            "GROUP BY r.full_name, r.active ORDER BY r.full_name", inst["id"])
    return rows


def summary(db: Database, viewer: Viewer) -> dict:
    """Per repo: fix runs, fixed, fix rate, PRs (open / merged / closed unmerged), median minutes
    from the job's creation to its PR, LLM spend."""
    where, params = scope(viewer)
    repos: dict[str, dict] = {}

    def repo(name: str) -> dict:
        return repos.setdefault(name, {"repo": name, "runs": 0, "fixed": 0, "usd": 0.0, "open": 0, "merged": 0,
                                       "closed": 0, "to_pr": []})

    for row in db.all(f"SELECT repo, kind, state, cost, result FROM jobs WHERE {where} AND repo IS NOT NULL", *params):
        r = repo(row["repo"])
        r["usd"] += float(row["cost"] or 0)
        if row["kind"] in ("fix", "revise") and row["state"] in ("done", "failed"):
            r["runs"] += 1
            result = loads(row["result"]) or {}
            r["fixed"] += int(isinstance(result, dict) and result.get("status") == "fixed")
    pr_where, pr_params = scope(viewer, "j.installation_id")
    # time to PR: from the first request for the issue (a retry after the PR came counts from there)
    for row in db.all(f"SELECT p.repo, p.state, p.merged, p.created_at, (SELECT MIN(f.created_at) FROM jobs f "
                      f"WHERE f.repo = p.repo AND f.issue = p.issue AND f.kind IN ('fix', 'revise')) AS asked_at "
                      f"FROM prs p JOIN jobs j ON j.id = p.job_id WHERE {pr_where}", *pr_params):
        r = repo(row["repo"])
        r["merged" if row["merged"] else ("open" if row["state"] == "open" else "closed")] += 1
        waited = seconds_between(row["asked_at"], row["created_at"])
        if waited is not None and waited >= 0:
            r["to_pr"].append(waited / 60)
    rows = sorted(repos.values(), key=lambda r: r["repo"])
    for r in rows:
        r["rate"] = r["fixed"] / r["runs"] if r["runs"] else None
        r["median_to_pr"] = statistics.median(r["to_pr"]) if r["to_pr"] else None
    runs, fixed = sum(r["runs"] for r in rows), sum(r["fixed"] for r in rows)
    waits = [w for r in rows for w in r["to_pr"]]
    return {"repos": rows, "runs": runs, "fixed": fixed, "rate": fixed / runs if runs else None,
            "merged": sum(r["merged"] for r in rows), "closed": sum(r["closed"] for r in rows),
            "open": sum(r["open"] for r in rows), "median_to_pr": statistics.median(waits) if waits else None,
            "usd": sum(r["usd"] for r in rows)}
