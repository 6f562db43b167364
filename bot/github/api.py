"""Everything the bot says to GitHub's REST API goes through one small interface.

`InstallationAPI` is what the rest of the bot codes against: a handful of reads and writes on
one installation's repositories, with plain dicts and ints in and out. Two implementations:

* `GitHubAPI`: PyGithub with GitHub App authentication. The App's JWT asks for an installation
  token (``POST /app/installations/{id}/access_tokens``); the token is cached per (API URL, App,
  installation) for the whole process and renewed five minutes before it expires. Requests are
  retried by PyGithub's `GithubRetry` (5xx, primary and secondary rate limits). The base URL is
  configurable (GitHub Enterprise Server: ``https://HOST/api/v3``).
* `bot.github.dryrun.DryRunAPI`: nothing sent; reads from a simulated GitHub (or a wrapped API), every
  write recorded as an op. `installation_api()` returns one when the settings hold no App credentials.

Errors: GitHub's answers other than the ones each method documents raise PyGithub's
`github.GithubException` (the worker catches broadly). `repo` is always ``"owner/name"``.
"""
from __future__ import annotations

import base64
import json
import logging
import re
import threading
import time
import uuid
from datetime import timezone
from pathlib import Path
from typing import Any, Callable, Protocol
from urllib.parse import quote

import requests
from github import Auth, Github, GithubException, GithubIntegration, GithubRetry

from bot.github.data import DEFAULT_BOT_NAME, MAX_TEXT, check_run_body, clip, issue_dict

log = logging.getLogger(__name__)

DEFAULT_API_URL = "https://api.github.com"
TOKEN_REFRESH_MARGIN = 300.0          # seconds before expiry at which a cached token is renewed
ROLES = ("admin", "maintain", "write", "triage", "read", "none")
REACTIONS = ("+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes")


class InstallationAPI(Protocol):
    def permission(self, repo: str, user: str) -> str: ...
    def get_issue(self, repo: str, number: int) -> dict: ...
    def list_open_issues(self, repo: str) -> list[dict]: ...
    def add_labels(self, repo: str, number: int, labels: list[str]) -> None: ...
    def create_issue(self, repo: str, title: str, body: str) -> int: ...
    def edit_issue(self, repo: str, number: int, title: str, body: str) -> None: ...
    def comment(self, repo: str, number: int, body: str) -> int: ...
    def list_comments(self, repo: str, number: int) -> list[dict]: ...
    def edit_comment(self, repo: str, comment_id: int, body: str) -> None: ...
    def react(self, repo: str, comment_id: int, content: str) -> None: ...
    def delete_branch(self, repo: str, branch: str) -> None: ...
    def read_file(self, repo: str, path: str, ref: str | None = None) -> str | None: ...
    def list_files(self, repo: str, ref: str) -> list[str]: ...
    def default_branch(self, repo: str) -> str: ...
    def find_open_pr(self, repo: str, head_branch: str) -> dict | None: ...
    def open_pr(self, repo: str, head: str, base: str, title: str, body: str, draft: bool) -> dict: ...
    def update_pr(self, repo: str, number: int, title: str, body: str) -> None: ...
    def remove_label(self, repo: str, number: int, label: str) -> None: ...
    def create_check_run(self, repo: str, head_sha: str, name: str, conclusion: str | None, title: str,
                         summary: str, text: str, *, status: str = "completed", details_url: str | None = None,
                         external_id: str | None = None) -> int | None: ...
    def update_check_run(self, repo: str, check_run_id: int, *, status: str, conclusion: str | None = None,
                         title: str = "", summary: str = "", details_url: str | None = None) -> None: ...
    def token(self) -> str | None: ...


def _split(repo: str) -> tuple[str, str]:
    owner, sep, name = repo.partition("/")
    if not sep or not owner or not name or "/" in name:
        raise ValueError(f"repo must be 'owner/name', got {repo!r}")
    return owner, name


def _r(repo: str) -> str:
    owner, name = _split(repo)
    return f"/repos/{quote(owner, safe='')}/{quote(name, safe='')}"


def pr_dict(data: dict) -> dict:
    head = data.get("head") or {}
    return {"number": data["number"], "url": data.get("url"), "html_url": data.get("html_url"),
            "head_sha": head.get("sha"), "head_ref": head.get("ref"), "draft": data.get("draft"),
            "author": (data.get("user") or {}).get("login"), "body": data.get("body") or "",
            "title": data.get("title") or ""}


def web_url(api_url: str) -> str:
    """https://github.com for api.github.com; https://HOST for GitHub Enterprise (HOST/api/v3)."""
    api_url = api_url.rstrip("/")
    if api_url == DEFAULT_API_URL:
        return "https://github.com"
    return api_url.removesuffix("/api/v3")


# -- installation tokens -------------------------------------------------------------------

class TokenCache:
    """Installation tokens per (API URL, App id, installation id), shared by a whole process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[tuple, tuple[str, float]] = {}

    def get(self, key: tuple, fetch: Callable[[], tuple[str, float]], *, now: float,
            margin: float = TOKEN_REFRESH_MARGIN) -> str:
        with self._lock:
            hit = self._tokens.get(key)
            if hit and hit[1] - margin > now:
                return hit[0]
            token, expires_at = fetch()
            self._tokens[key] = (token, expires_at)
            return token

    def clear(self) -> None:
        with self._lock:
            self._tokens.clear()


TOKENS = TokenCache()


class RateLimits:
    """The last X-RateLimit-* headers GitHub answered with, per (installation, resource), for /metrics
    and for pacing (`wait`); how long GitHub asked an installation to hold off (`hold`); the
    installation's recent writes (`wrote`, `writes`: GitHub's secondary limits count them)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: dict[tuple[int, str], dict] = {}
        self._held: dict[int, float] = {}
        self._writes: dict[int, list[float]] = {}

    def note(self, installation_id: int, headers: dict | None) -> None:
        h = {str(k).lower(): v for k, v in (headers or {}).items()}
        if "x-ratelimit-remaining" not in h:
            return
        try:
            entry = {"remaining": int(h["x-ratelimit-remaining"]),
                     "limit": int(h["x-ratelimit-limit"]) if "x-ratelimit-limit" in h else None,
                     "reset_at": int(h["x-ratelimit-reset"]) if "x-ratelimit-reset" in h else None}
        except (TypeError, ValueError):
            return
        with self._lock:
            self._seen[(int(installation_id), str(h.get("x-ratelimit-resource") or "core"))] = entry

    def snapshot(self, installation_id: int | None = None) -> dict[tuple[int, str], dict]:
        with self._lock:
            return {k: dict(v) for k, v in self._seen.items() if installation_id is None or k[0] == installation_id}

    def hold(self, installation_id: int, until: float) -> None:
        """GitHub asked this installation to wait (a secondary limit's Retry-After): no request before ``until``."""
        with self._lock:
            self._held[int(installation_id)] = max(until, self._held.get(int(installation_id), 0.0))

    def wrote(self, installation_id: int, at: float) -> list[float]:
        """Note a content-creating request; returns the installation's writes of the last hour, oldest first."""
        with self._lock:
            kept = [t for t in self._writes.get(int(installation_id), []) if t > at - 3600] + [at]
            self._writes[int(installation_id)] = kept
            return list(kept)

    def writes(self, installation_id: int, since: float) -> list[float]:
        with self._lock:
            return [t for t in self._writes.get(int(installation_id), []) if t > since]

    def wait(self, installation_id: int, now: float, reserve: int, resource: str = "core") -> float:
        """Seconds to wait before the next request: until a hold ends, or until the primary limit
        resets when no more than ``reserve`` requests are left of it (for the installation's other jobs)."""
        with self._lock:
            wait = self._held.get(int(installation_id), 0.0) - now
            seen = self._seen.get((int(installation_id), resource))
        if seen and seen["reset_at"] and seen["remaining"] <= reserve:
            wait = max(wait, seen["reset_at"] + 1 - now)
        return max(wait, 0.0)


RATE_LIMITS = RateLimits()


class _InstallationTokenAuth(Auth.Auth):
    """PyGithub auth that asks `GitHubAPI` for the (cached) installation token on each request."""

    def __init__(self, api: "GitHubAPI"):
        self._api = api

    @property
    def token_type(self) -> str:
        return "token"

    @property
    def token(self) -> str:
        return self._api.token()

    @property
    def _masked_token(self) -> str:
        return "token (installation token removed)"


def default_retry(**kw: Any) -> GithubRetry:
    """5xx and rate limits (primary: until the reset; secondary: Retry-After or 60 s), 5 tries.
    PATCH (comment and PR edits, idempotent) is retried too, and 429 with or without Retry-After
    (PyGithub's own defaults leave both out)."""
    from urllib3.util.retry import Retry
    kw.setdefault("allowed_methods", Retry.DEFAULT_ALLOWED_METHODS | {"GET", "POST", "PATCH"})
    kw.setdefault("status_forcelist", list(range(500, 600)) + [429])
    kw.setdefault("total", 5)
    kw.setdefault("backoff_factor", 1.0)
    kw.setdefault("max_rate_limit_wait", 15 * 60)
    return CappedRetry(**kw)


class CappedRetry(GithubRetry):
    """GithubRetry, but a Retry-After longer than `max_rate_limit_wait` fails at once (GithubException
    with the status) instead of holding the worker for as long as GitHub asks."""

    def sleep_for_retry(self, response=None) -> bool:
        wait = self.get_retry_after(response) if response is not None else None
        if wait is not None and self.max_rate_limit_wait is not None and wait > self.max_rate_limit_wait:
            raise GithubException(response.status, {"message": f"rate limited: GitHub asks to wait {wait:.0f} s, "
                                                    f"more than the {self.max_rate_limit_wait:.0f} s allowed"},
                                  dict(response.headers))
        return super().sleep_for_retry(response)


class GitHubAPI:
    """`InstallationAPI` over PyGithub, authenticated as one installation of a GitHub App."""

    def __init__(self, app_id: int | str, private_key: str, installation_id: int, *,
                 base_url: str = DEFAULT_API_URL, git_url: str | None = None,
                 bot_login: str | None = None, bot_email: str | None = None,
                 retry: GithubRetry | int | None = None, timeout: int = 30,
                 seconds_between_requests: float = 0.25, seconds_between_writes: float = 1.0,
                 refresh_margin: float = TOKEN_REFRESH_MARGIN, clock: Callable[[], float] = time.time,
                 token_cache: TokenCache | None = None):
        self.app_id, self.installation_id = str(app_id), int(installation_id)
        self.base_url = base_url.rstrip("/")
        self.git_base = (git_url or web_url(self.base_url)).rstrip("/")
        self.bot_login = bot_login or DEFAULT_BOT_NAME
        self._bot_email = bot_email
        self._margin, self._clock = refresh_margin, clock
        self._cache = token_cache or TOKENS
        retry = default_retry() if retry is None else retry
        common = dict(base_url=self.base_url, timeout=timeout, retry=retry,
                      seconds_between_requests=seconds_between_requests,
                      seconds_between_writes=seconds_between_writes)
        self._integration = GithubIntegration(auth=Auth.AppAuth(self.app_id, private_key), **common)
        self._gh = Github(auth=_InstallationTokenAuth(self), lazy=True, **common)
        # for creates that must not be sent twice: rate limits (nothing was created) are waited for
        # and retried, 5xx and lost answers are not (the create may have happened: see comment())
        self._retry = retry if isinstance(retry, GithubRetry) else None
        once = retry.new(status_forcelist=[429], read=0) if self._retry else 0
        self._gh_once = Github(auth=_InstallationTokenAuth(self), lazy=True, **{**common, "retry": once})
        self._default_branches: dict[str, str] = {}

    # -- auth ------------------------------------------------------------------------------
    def token(self) -> str:
        """The installation token, fetched with the App's JWT and cached until 5 min before expiry."""
        key = (self.base_url, self.app_id, self.installation_id)
        return self._cache.get(key, self._fetch_token, now=self._clock(), margin=self._margin)

    def _fetch_token(self) -> tuple[str, float]:
        auth = self._integration.get_access_token(self.installation_id)
        expires = auth.expires_at
        if expires.tzinfo is None:
            expires = expires.replace(tzinfo=timezone.utc)
        log.info("new installation token for installation %s (expires %s)", self.installation_id,
                 expires.isoformat())
        return auth.token, expires.timestamp()

    # -- plumbing --------------------------------------------------------------------------
    def _call(self, verb: str, url: str, *, params: dict | None = None, body: Any = None,
              headers: dict | None = None, once: bool = False) -> tuple[dict, Any]:
        gh = self._gh_once if once else self._gh
        answer = gh.requester.requestJsonAndCheck(verb, url, parameters=params, input=body, headers=headers)
        RATE_LIMITS.note(self.installation_id, answer[0])
        return answer

    def _pages(self, url: str, params: dict, limit: int = 1000) -> list[dict]:
        items: list[dict] = []
        next_url: str | None = url
        while next_url and len(items) < limit:
            headers, data = self._call("GET", next_url, params=params)
            items.extend(data or [])
            params = None  # the next link carries the query
            match = re.search(r'<([^>]+)>;\s*rel="next"', headers.get("link", "") or "")
            next_url = match.group(1) if match else None
        return items[:limit]

    # -- reads -----------------------------------------------------------------------------
    def permission(self, repo: str, user: str) -> str:
        """The user's role: ``role_name`` when it is a built-in role, else the base ``permission``;
        ``"none"`` when GitHub does not know the user."""
        try:
            _, data = self._call("GET", f"{_r(repo)}/collaborators/{quote(user, safe='')}/permission")
        except GithubException as exc:
            if exc.status == 404:
                return "none"
            raise
        role = data.get("role_name")
        if role in ROLES:
            return role
        perm = data.get("permission")
        return perm if perm in ROLES else "none"

    def get_issue(self, repo: str, number: int) -> dict:
        _, data = self._call("GET", f"{_r(repo)}/issues/{int(number)}")
        return issue_dict(data)

    def list_open_issues(self, repo: str) -> list[dict]:
        """Open issues (pull requests left out), newest first, at most 1000."""
        items = self._pages(f"{_r(repo)}/issues", {"state": "open", "per_page": 100})
        return [issue_dict(i) for i in items if not i.get("pull_request")]

    def read_file(self, repo: str, path: str, ref: str | None = None) -> str | None:
        """The text of a file (default branch unless ``ref``); None when absent or a folder."""
        params = {"ref": ref} if ref else None
        try:
            _, data = self._call("GET", f"{_r(repo)}/contents/{quote(path.lstrip('/'))}", params=params)
        except GithubException as exc:
            if exc.status == 404:
                return None
            raise
        if not isinstance(data, dict) or data.get("type") != "file":
            return None
        content = data.get("content") or ""
        if not content and data.get("size") and data.get("sha"):   # 1-100 MB: content is empty
            _, blob = self._call("GET", f"{_r(repo)}/git/blobs/{data['sha']}")
            content = blob.get("content") or ""
        return base64.b64decode(content).decode("utf-8", errors="replace")

    def list_files(self, repo: str, ref: str) -> list[str]:
        """The paths of the files at ``ref`` (a branch, tag or SHA), from one recursive tree request.
        GitHub stops at 100,000 entries (``truncated``): the list is then partial."""
        _, data = self._call("GET", f"{_r(repo)}/git/trees/{quote(ref, safe='')}", params={"recursive": "1"})
        if data.get("truncated"):
            log.info("tree of %s at %s is truncated; file list partial", repo, ref)
        return [e["path"] for e in data.get("tree") or [] if e.get("type") == "blob" and e.get("path")]

    def default_branch(self, repo: str) -> str:
        if repo not in self._default_branches:
            _, data = self._call("GET", _r(repo))
            self._default_branches[repo] = data.get("default_branch") or "main"
        return self._default_branches[repo]

    def list_comments(self, repo: str, number: int) -> list[dict]:
        """The issue's comments, oldest first (at most 3000): ``{"id", "body", "author", "author_type"}``."""
        items = self._pages(f"{_r(repo)}/issues/{int(number)}/comments", {"per_page": 100}, limit=3000)
        return [{"id": c["id"], "body": c.get("body") or "", "author": (c.get("user") or {}).get("login"),
                 "author_type": (c.get("user") or {}).get("type")} for c in items]

    def find_open_pr(self, repo: str, head_branch: str) -> dict | None:
        owner, _ = _split(repo)
        _, data = self._call("GET", f"{_r(repo)}/pulls",
                             params={"state": "open", "head": f"{owner}:{head_branch}", "per_page": 10})
        return pr_dict(data[0]) if data else None

    def list_open_prs(self, repo: str, limit: int = 300) -> list[dict]:
        """Open pull requests, most recently updated first (for finding others' fixes of an issue)."""
        items = self._pages(f"{_r(repo)}/pulls",
                            {"state": "open", "sort": "updated", "direction": "desc", "per_page": 100}, limit)
        return [pr_dict(p) for p in items]

    # -- writes ----------------------------------------------------------------------------
    def add_labels(self, repo: str, number: int, labels: list[str]) -> None:
        if labels:      # GitHub's schema wants at least one label
            self._call("POST", f"{_r(repo)}/issues/{int(number)}/labels", body={"labels": list(labels)})

    def comment(self, repo: str, number: int, body: str) -> int:
        """Post a comment exactly once. The body carries a hidden marker unique to this call; when
        GitHub answers 5xx or the answer is lost (the comment may have been created all the same),
        the issue's comments are searched for the marker before the create is sent again."""
        marker = f"<!-- crashfix:comment={uuid.uuid4().hex} -->"
        text = marker + "\n" + clip(body, MAX_TEXT - len(marker) - 1)
        url = f"{_r(repo)}/issues/{int(number)}/comments"
        tries = max(int(getattr(self._retry, "total", 0) or 0), 0) + 1
        for attempt in range(1, tries + 1):
            try:
                _, data = self._call("POST", url, body={"body": text}, once=True)
                return int(data["id"])
            except (GithubException, requests.RequestException) as exc:
                if isinstance(exc, GithubException) and exc.status < 500:
                    raise
                found = next((c for c in self._pages(url, {"per_page": 100}, limit=3000)
                              if marker in (c.get("body") or "")), None)
                if found is not None:
                    log.info("comment on %s#%s was created despite %s: not posted again", repo, number, exc)
                    return int(found["id"])
                if attempt == tries:
                    raise
                wait = min((getattr(self._retry, "backoff_factor", 0) or 0) * 2 ** attempt, 30.0)
                log.warning("comment on %s#%s failed (%s); try %d of %d in %.1f s", repo, number, exc,
                            attempt + 1, tries, wait)
                time.sleep(wait)
        raise RuntimeError("unreachable: the last try returns or raises")

    def edit_comment(self, repo: str, comment_id: int, body: str) -> None:
        self._call("PATCH", f"{_r(repo)}/issues/comments/{int(comment_id)}", body={"body": clip(body)})

    def react(self, repo: str, comment_id: int, content: str) -> None:
        if content not in REACTIONS:
            raise ValueError(f"reaction must be one of {', '.join(REACTIONS)}, got {content!r}")
        self._call("POST", f"{_r(repo)}/issues/comments/{int(comment_id)}/reactions", body={"content": content})

    def delete_branch(self, repo: str, branch: str) -> None:
        """Delete ``refs/heads/<branch>``; a branch already gone is not an error."""
        try:
            self._call("DELETE", f"{_r(repo)}/git/refs/heads/{quote(branch)}")
        except GithubException as exc:
            if exc.status not in (404, 422):
                raise

    def open_pr(self, repo: str, head: str, base: str, title: str, body: str, draft: bool) -> dict:
        """Open a pull request; where drafts are not available (some plans) it is opened ready."""
        payload = {"title": title, "head": head, "base": base, "body": clip(body), "draft": bool(draft)}
        try:
            _, data = self._call("POST", f"{_r(repo)}/pulls", body=payload)
        except GithubException as exc:
            if not (draft and exc.status == 422 and "draft" in json.dumps(exc.data).lower()):
                raise
            log.warning("%s does not allow draft pull requests; opening it ready for review", repo)
            _, data = self._call("POST", f"{_r(repo)}/pulls", body={**payload, "draft": False})
        return pr_dict(data)

    def update_pr(self, repo: str, number: int, title: str, body: str) -> None:
        self._call("PATCH", f"{_r(repo)}/pulls/{int(number)}", body={"title": title, "body": clip(body)})

    def create_issue(self, repo: str, title: str, body: str) -> int:
        """Open an issue (sent once: a lost answer is not retried); returns its number."""
        _, data = self._call("POST", f"{_r(repo)}/issues", body={"title": clip(title, 256), "body": clip(body)},
                             once=True)
        return int(data["number"])

    def edit_issue(self, repo: str, number: int, title: str, body: str) -> None:
        self._call("PATCH", f"{_r(repo)}/issues/{int(number)}", body={"title": clip(title, 256), "body": clip(body)})

    def remove_label(self, repo: str, number: int, label: str) -> None:
        """Take a label off an issue; a label it no longer has (404) is not an error."""
        try:
            self._call("DELETE", f"{_r(repo)}/issues/{int(number)}/labels/{quote(label, safe='')}")
        except GithubException as exc:
            if exc.status != 404:
                raise

    def create_check_run(self, repo: str, head_sha: str, name: str, conclusion: str | None, title: str,
                         summary: str, text: str, *, status: str = "completed", details_url: str | None = None,
                         external_id: str | None = None) -> int | None:
        """A check run on ``head_sha``: ``completed`` with ``conclusion``, or ``in_progress`` (no
        conclusion; `update_check_run` completes it). Returns its id."""
        body = check_run_body(status, conclusion, title, summary, text, details_url)
        body.update({"name": name, "head_sha": head_sha})
        if external_id:
            body["external_id"] = external_id
        _, data = self._call("POST", f"{_r(repo)}/check-runs", body=body)
        return int(data["id"]) if isinstance(data, dict) and "id" in data else None

    def update_check_run(self, repo: str, check_run_id: int, *, status: str, conclusion: str | None = None,
                         title: str = "", summary: str = "", details_url: str | None = None) -> None:
        self._call("PATCH", f"{_r(repo)}/check-runs/{int(check_run_id)}",
                   body=check_run_body(status, conclusion, title, summary, "", details_url))

    # -- git -------------------------------------------------------------------------------
    def git_url(self, repo: str) -> str:
        """The HTTPS clone URL (no credentials in it): ``https://github.com/owner/name.git``."""
        _split(repo)
        return f"{self.git_base}/{repo}.git"

    def bot_identity(self) -> tuple[str, str]:
        """(name, email) for commits: ``crashfix[bot]`` and ``ID+crashfix[bot]@users.noreply.HOST``."""
        if self._bot_email is None:
            host = web_url(self.base_url).split("://", 1)[-1].split("/", 1)[0]
            try:
                _, data = self._call("GET", f"/users/{quote(self.bot_login, safe='')}")
                self._bot_email = f"{data['id']}+{self.bot_login}@users.noreply.{host}"
            except (GithubException, KeyError) as exc:
                log.warning("cannot look up %s (%s); committing without its user id", self.bot_login, exc)
                self._bot_email = f"{self.bot_login}@users.noreply.{host}"
        return self.bot_login, self._bot_email


# -- factory -------------------------------------------------------------------------------

def _setting(settings: Any, name: str, default: Any = None) -> Any:
    """Settings objects spell keys either way (``app_id`` or ``APP_ID``); dicts work too."""
    for key in (name, name.upper()):
        if isinstance(settings, dict):
            if settings.get(key) is not None:
                return settings[key]
        elif getattr(settings, key, None) is not None:
            return getattr(settings, key)
    return default


def installation_api(settings: Any, installation_id: int) -> InstallationAPI:
    """The API for one installation; without credentials a `bot.github.dryrun.DryRunAPI` (ops logged to
    DATA_DIR/dry-run.jsonl; files and clones from the DRY_RUN_REPO setting when set)."""
    from bot.github.dryrun import for_data_dir
    data_dir = Path(str(_setting(settings, "data_dir", "."))).expanduser()
    app_id = _setting(settings, "app_id")
    key = _setting(settings, "private_key")
    key_path = _setting(settings, "private_key_path")
    if not key and key_path:
        key = Path(str(key_path)).expanduser().read_text()
    if not app_id or not key:
        return for_data_dir(data_dir, _setting(settings, "dry_run_repo"))
    api = GitHubAPI(app_id, key, int(installation_id),
                    base_url=_setting(settings, "github_api_url", DEFAULT_API_URL),
                    git_url=_setting(settings, "github_git_url"),
                    bot_login=_setting(settings, "bot_login"), bot_email=_setting(settings, "bot_email"))
    if _setting(settings, "force_dry_run", False):
        return for_data_dir(data_dir, read_api=api)
    return api
