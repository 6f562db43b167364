"""`crashfix backlog --issues DIR`: the backlog scan of a folder of issue files, no GitHub needed.

Each file is one issue: ``.md``/``.txt`` (the title is its first heading or line, the body the
whole file, the number from the file name's digits, else the next free one) or ``.json`` (GitHub's
issue object, or a list of them as `GET /repos/{owner}/{repo}/issues` answers; pull requests and
closed issues are left out as the App leaves them out). The issues are put in a simulated GitHub
(bot/github/dryrun.py) and the App's own scan runs over them (bot/backlog/scan.py: the same parsers,
triage, grouping and ranking, against ``--repo``'s files when given); its labels and summary issue
are recorded, never sent. The output is the installed backlog's: the ranked lines and the summary
issue's text.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from bot.cli.simulate import issue_title

SUFFIXES = (".md", ".txt", ".json")
NAME = "local/issues"


class IssuesError(Exception):
    """The folder cannot be read as issues; one line."""


def load_issues(folder: Path) -> list[dict]:
    """The folder's issues as GitHub's issue objects (number, title, body, state, labels, user)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise IssuesError(f"no such folder: {folder}")
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)
    if not files:
        raise IssuesError(f"{folder} holds no issue file (*.md, *.txt or *.json)")
    found: list[dict] = []
    pending: list[tuple[Path, str]] = []                 # text files without a number in their name
    for path in files:
        try:
            text = path.read_text(errors="replace")
        except OSError as exc:
            raise IssuesError(f"cannot read {path}: {exc.strerror or exc}") from None
        if path.suffix.lower() == ".json":
            found += _from_json(path, text)
        else:
            digits = re.search(r"(\d+)", path.stem)
            if digits:
                found.append(_from_text(int(digits.group(1)), text))
            else:
                pending.append((path, text))
    taken = {i["number"] for i in found}
    if len(taken) != len(found):
        twice = sorted({i["number"] for i in found if sum(j["number"] == i["number"] for j in found) > 1})
        raise IssuesError(f"issue numbers given twice in {folder}: {', '.join(f'#{n}' for n in twice)}")
    n = max(taken, default=0)
    for _, text in pending:
        n += 1
        found.append(_from_text(n, text))
    return sorted(found, key=lambda i: i["number"])


def _from_text(number: int, text: str) -> dict:
    return {"number": number, "title": issue_title(text), "body": text, "state": "open", "labels": [],
            "user": {"login": "reporter", "type": "User"}}


def _from_json(path: Path, text: str) -> list[dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IssuesError(f"{path} is not JSON: {exc}") from None
    items = data if isinstance(data, list) else [data]
    out = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("number"), int):
            raise IssuesError(f"{path}: an issue needs at least a number (GitHub's issue object)")
        out.append(item)
    return out


def scan_folder(folder: Path, data_dir: Path, repo: Path | None = None, name: str = NAME):
    """Run the App's backlog scan over the folder's issues; (ScanResult, summary issue body or None)."""
    from bot.backlog.scan import scan
    from bot.db import Database
    from bot.github.api import RateLimits
    from bot.github.data import issue_dict
    from bot.github.dry_state import issue_key, state_of
    from bot.github.dryrun import for_data_dir
    from bot.github.pacing import Pacer
    from bot.settings import load_settings
    issues = load_issues(folder)
    if repo is not None:
        from bot.cli.simulate import SimulateError, git_source
        try:
            repo = git_source(Path(repo), Path(data_dir))      # a plain folder: a one-commit snapshot of it
        except SimulateError as exc:
            raise IssuesError(str(exc)) from None
    settings = load_settings(env={}, DATA_DIR=data_dir)
    db = Database(settings.database_url)
    state = state_of(data_dir)
    with state.open() as s:
        for issue in issues:
            s["issues"][issue_key(name, issue["number"])] = issue_dict(issue)
    api = for_data_dir(data_dir, repo)
    # nothing is sent: no rate limit to wait for
    pacer = Pacer(0, sleep=lambda seconds: None, limits=RateLimits())
    result = scan(api, db, name, pacer=pacer, parse_timeout=settings.PARSE_TIMEOUT)
    body = None
    if result.summary_issue is not None:
        body = api.get_issue(name, result.summary_issue)["body"]
    return result, body
