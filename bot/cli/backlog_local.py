"""`crashfix backlog --issues DIR`: the backlog scan of a folder of issue files, no GitHub needed.

Each file is one issue: ``.md``/``.txt`` (the title is its first heading or line, the body the
whole file, the number from the file name's digits, else the next free one) or ``.json`` (GitHub's
issue object, or a list of them as `GET /repos/{owner}/{repo}/issues` answers; pull requests and
closed issues are left out as the App leaves them out). The folder is read as untrusted input: only
its own regular files (a link is followed only to a file inside DIR), at most MAX_FILES of them, each
at most MAX_FILE_BYTES, at most MAX_ISSUES issues in all; a file that cannot be read or is not a
valid issue (bad JSON, JSON nested too deep, a title that is not text) ends the command with one
line naming it (exit 2), never a traceback. The issues are put in a simulated GitHub
(bot/github/dryrun.py) and the App's own scan runs over them (bot/backlog/scan.py: the same parsers,
triage, grouping and ranking, against ``--repo``'s files when given); its labels and summary issue
are recorded, never sent. The output is the installed backlog's: the ranked lines and the summary
issue's text.
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from bot.cli.simulate import issue_title

SUFFIXES = (".md", ".txt", ".json")
NAME = "local/issues"
MAX_FILES = 5_000
MAX_FILE_BYTES = 8 << 20               # as a report given to `crashfix run`
MAX_ISSUES = 20_000
MAX_NUMBER = 10**9


class IssuesError(Exception):
    """The folder cannot be read as issues; one line."""


def load_issues(folder: Path) -> list[dict]:
    """The folder's issues as GitHub's issue objects (number, title, body, state, labels, user)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise IssuesError(f"no such folder: {folder}")
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES)
    except OSError as exc:
        raise IssuesError(f"cannot list {folder}: {exc.strerror or exc}") from None
    if len(files) > MAX_FILES:
        raise IssuesError(f"{folder} holds {len(files)} issue files; at most {MAX_FILES} are read")
    found: list[dict] = []
    pending: list[tuple[Path, str]] = []                 # text files without a number in their name
    for path in files:
        text = _read(folder, path)
        if text is None:
            continue                                     # a folder named like an issue file
        if path.suffix.lower() == ".json":
            found += _from_json(path, text)
        else:
            digits = re.search(r"(\d+)", path.stem)
            if digits:
                found.append(_from_text(int(digits.group(1)), text))
            else:
                pending.append((path, text))
        if len(found) + len(pending) > MAX_ISSUES:
            raise IssuesError(f"{folder} holds more than {MAX_ISSUES} issues; at most {MAX_ISSUES} are read")
    if not found and not pending:
        raise IssuesError(f"{folder} holds no issue file (*.md, *.txt or *.json)")
    taken = {i["number"] for i in found}
    if len(taken) != len(found):
        twice = sorted({i["number"] for i in found if sum(j["number"] == i["number"] for j in found) > 1})
        raise IssuesError(f"issue numbers given twice in {folder}: {', '.join(f'#{n}' for n in twice)}")
    n = max(taken, default=0)
    for _, text in pending:
        n += 1
        found.append(_from_text(n, text))
    return sorted(found, key=lambda i: i["number"])


def _read(folder: Path, path: Path) -> str | None:
    """A file of the folder as text (None for a folder); one line for a link out of it, a file too
    large, or one that cannot be read. Opened without following a link, never blocking on a FIFO."""
    target = path
    if path.is_symlink():
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise IssuesError(f"{path} is a link that leads nowhere: not read") from None
        if folder.resolve() not in target.parents:
            raise IssuesError(f"{path} is a link out of {folder}: not read") from None
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        raise IssuesError(f"cannot read {path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        mode = os.fstat(fh.fileno()).st_mode
        if stat.S_ISDIR(mode):
            return None
        if not stat.S_ISREG(mode):
            raise IssuesError(f"{path} is not a regular file: not read")
        data = fh.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise IssuesError(f"{path} is over {MAX_FILE_BYTES >> 20} MiB: not read")
    return data.decode("utf-8", errors="replace")


def _from_text(number: int, text: str) -> dict:
    return {"number": number, "title": issue_title(text), "body": text, "state": "open", "labels": [],
            "user": {"login": "reporter", "type": "User"}}


def _from_json(path: Path, text: str) -> list[dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IssuesError(f"{path} is not JSON: {exc}") from None
    except RecursionError:
        raise IssuesError(f"{path} is JSON nested too deep to read") from None
    items = data if isinstance(data, list) else [data]
    if len(items) > MAX_ISSUES:
        raise IssuesError(f"{path} holds {len(items)} issues; at most {MAX_ISSUES} are read")
    out = []
    for item in items:
        number = item.get("number") if isinstance(item, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) or not 0 < number <= MAX_NUMBER:
            raise IssuesError(f"{path}: an issue needs at least a number from 1 to {MAX_NUMBER} (GitHub's issue object)")
        for field in ("title", "body", "state", "html_url"):
            if item.get(field) is not None and not isinstance(item[field], str):
                raise IssuesError(f"{path}: issue #{number}: `{field}` is not text")
        labels = item.get("labels")
        if labels is not None and (not isinstance(labels, list)
                                   or not all(isinstance(x, str) or isinstance(x, dict) and isinstance(x.get("name"), str)
                                              for x in labels)):
            raise IssuesError(f"{path}: issue #{number}: `labels` is not a list of names")
        if item.get("user") is not None and not (isinstance(item["user"], dict)
                                                 and isinstance(item["user"].get("login", ""), str)):
            raise IssuesError(f"{path}: issue #{number}: `user` is not GitHub's user object")
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
