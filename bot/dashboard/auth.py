"""Who may see the dashboard: an operator with the admin token (everything), or a GitHub user
signed in through the App's OAuth web flow (the repos of the installations GitHub says they can
reach, from ``GET /user/installations``).

The session is Flask's signed cookie (secret: SESSION_SECRET, else one kept in
DATA_DIR/session-secret). It holds the login and installation ids, never a token: the user's
token is used once, at sign-in, and dropped. Forms carry a CSRF token; the OAuth round trip a
one-time ``state``.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import os
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import requests
from flask import abort, current_app, g, redirect, request, session, url_for

from bot.db import now

log = logging.getLogger(__name__)
SESSION_HOURS = 12
SIGNIN_FAILURES, SIGNIN_WINDOW = 5, 300     # wrong admin tokens per client address per 5 minutes
HTTP_TIMEOUT = 15


class OAuthError(Exception):
    """GitHub refused the sign-in (bad code, network, unexpected answer): one line for the page."""


@dataclass(frozen=True)
class Viewer:
    login: str
    admin: bool
    installations: tuple[int, ...] = ()

    def sees(self, installation_id: int | None) -> bool:
        return self.admin or (installation_id is not None and int(installation_id) in self.installations)


def settings():
    return current_app.extensions["crashfix"].settings


def session_secret(s) -> str:
    """SESSION_SECRET, or a random one made once and kept (0600) in DATA_DIR, shared by the web workers."""
    if s.SESSION_SECRET:
        return s.SESSION_SECRET
    path = Path(s.DATA_DIR) / "session-secret"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_urlsafe(48))
    except FileExistsError:
        pass
    return path.read_text().strip()


def configure(app, s) -> None:
    app.secret_key = session_secret(s)
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                      SESSION_COOKIE_NAME="crashfix_session",
                      SESSION_COOKIE_SECURE=bool(s.PUBLIC_URL and s.PUBLIC_URL.startswith("https://")),
                      PERMANENT_SESSION_LIFETIME=timedelta(hours=SESSION_HOURS))


def _db():
    return current_app.extensions["crashfix"].db


def admin_generation() -> str:
    """A short hash of the current admin token: an admin session made under another token is void."""
    return hashlib.sha256(f"crashfix-admin:{settings().ADMIN_TOKEN or ''}".encode()).hexdigest()[:16]


def viewer() -> Viewer | None:
    """The signed-in viewer: a signed cookie naming a live server-side session (logout deletes it),
    and for an admin, made under the admin token configured now (rotating the token signs every
    admin out). Looked up once per request."""
    if "crashfix_viewer" not in g:
        g.crashfix_viewer = _viewer()
    return g.crashfix_viewer


def _viewer() -> Viewer | None:
    data = session.get("viewer")
    if not isinstance(data, dict) or not data.get("login") or not isinstance(data.get("sid"), str):
        return None
    if data.get("admin") and not hmac.compare_digest(str(data.get("gen", "")), admin_generation()):
        return None
    cutoff = (datetime.now(timezone.utc) - timedelta(hours=SESSION_HOURS)).isoformat()
    if _db().one("SELECT 1 AS ok FROM dashboard_sessions WHERE id = ? AND created_at > ?", data["sid"], cutoff) is None:
        return None
    return Viewer(data["login"], bool(data.get("admin")), tuple(int(i) for i in data.get("installations") or ()))


def sign_in(v: Viewer) -> None:
    session.clear()
    session.permanent = True
    sid = secrets.token_urlsafe(24)
    cutoff = (datetime.now(timezone.utc) - timedelta(hours=SESSION_HOURS)).isoformat()
    with _db().tx() as tx:
        tx.execute("DELETE FROM dashboard_sessions WHERE created_at <= ?", cutoff)
        tx.execute("INSERT INTO dashboard_sessions (id, login, created_at) VALUES (?, ?, ?)", sid, v.login, now())
    session["viewer"] = {"login": v.login, "admin": v.admin, "installations": list(v.installations), "sid": sid,
                         **({"gen": admin_generation()} if v.admin else {})}
    session["csrf"] = secrets.token_urlsafe(24)


def sign_out() -> None:
    """End the session on the server too: a copy of the cookie is worth nothing afterwards."""
    data = session.get("viewer")
    if isinstance(data, dict) and isinstance(data.get("sid"), str):
        _db().execute("DELETE FROM dashboard_sessions WHERE id = ?", data["sid"])
    session.clear()


# -- admin sign-in attempts: SIGNIN_FAILURES wrong tokens per address per SIGNIN_WINDOW, then 429

def signin_blocked(addr: str) -> int:
    """Seconds until `addr` may try the admin token again (0: now)."""
    since = (datetime.now(timezone.utc) - timedelta(seconds=SIGNIN_WINDOW)).isoformat()
    rows = _db().all("SELECT at FROM signin_failures WHERE addr = ? AND at > ? ORDER BY at", addr, since)
    if len(rows) < SIGNIN_FAILURES:
        return 0
    oldest = datetime.fromisoformat(rows[-SIGNIN_FAILURES]["at"])
    return max(1, int(SIGNIN_WINDOW - (datetime.now(timezone.utc) - oldest).total_seconds()) + 1)


def signin_failed(addr: str) -> None:
    old = (datetime.now(timezone.utc) - timedelta(seconds=SIGNIN_WINDOW)).isoformat()
    with _db().tx() as tx:
        tx.execute("DELETE FROM signin_failures WHERE at <= ?", old)
        tx.execute("INSERT INTO signin_failures (addr, at) VALUES (?, ?)", addr, now())


def required(view):
    """Pages: the signed-in viewer, else a redirect to the sign-in page."""
    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        if viewer() is None:
            return redirect(url_for("dashboard.login", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)
    return wrapper


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    sent = request.form.get("csrf", "")
    if not sent or not hmac.compare_digest(sent.encode(), str(session.get("csrf", "")).encode()):
        abort(400, "the form is stale or was not sent by this site: reload the page and try again")


def admin_token_ok(given: str) -> bool:
    """Constant time; False when no ADMIN_TOKEN is configured."""
    expected = settings().ADMIN_TOKEN
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


_SAFE_PATH = re.compile(r"/dashboard(?:/[A-Za-z0-9._~/%-]*)?(?:\?[A-Za-z0-9._~/%=&+-]*)?")


def safe_next(target: str | None) -> str:
    """Only a dashboard path on this site, in plain characters (browsers drop tabs and newlines and
    read a backslash as `/`, so `/%09/evil.example/` would leave the site), else the jobs page."""
    if target and _SAFE_PATH.fullmatch(target) and "//" not in target:
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc:
            return target
    return url_for("dashboard.jobs")


# -- GitHub OAuth (the App's web flow) ------------------------------------------------------

def oauth_enabled() -> bool:
    s = settings()
    return bool(s.OAUTH_CLIENT_ID and s.OAUTH_CLIENT_SECRET)


def redirect_uri() -> str:
    s = settings()
    if s.PUBLIC_URL:
        return s.PUBLIC_URL.rstrip("/") + url_for("dashboard.oauth_callback")
    return url_for("dashboard.oauth_callback", _external=True)


def authorize_url(state: str) -> str:
    s = settings()
    query = urlencode({"client_id": s.OAUTH_CLIENT_ID, "redirect_uri": redirect_uri(), "state": state})
    return f"{s.web_url}/login/oauth/authorize?{query}"


def exchange_code(code: str) -> str:
    """``POST {web}/login/oauth/access_token`` → the user-to-server token (``ghu_…``)."""
    s = settings()
    try:
        r = requests.post(f"{s.web_url}/login/oauth/access_token", timeout=HTTP_TIMEOUT,
                          headers={"Accept": "application/json"},
                          data={"client_id": s.OAUTH_CLIENT_ID, "client_secret": s.OAUTH_CLIENT_SECRET,
                                "code": code, "redirect_uri": redirect_uri()})
        data = r.json()
    except (requests.RequestException, ValueError) as exc:
        raise OAuthError(f"GitHub did not answer the token exchange: {type(exc).__name__}") from None
    if not isinstance(data, dict) or not data.get("access_token"):
        reason = (data or {}).get("error_description") or (data or {}).get("error") or f"HTTP {r.status_code}"
        raise OAuthError(f"GitHub refused the sign-in: {reason}")
    return str(data["access_token"])


def _api_get(path: str, token: str, params: dict | None = None) -> dict:
    s = settings()
    try:
        r = requests.get(f"{s.GITHUB_API_URL}{path}", params=params, timeout=HTTP_TIMEOUT,
                         headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json",
                                  "X-GitHub-Api-Version": "2022-11-28"})
    except requests.RequestException as exc:
        raise OAuthError(f"GitHub did not answer GET {path}: {type(exc).__name__}") from None
    if r.status_code != 200:
        raise OAuthError(f"GitHub answered GET {path} with HTTP {r.status_code}")
    try:
        return r.json()
    except ValueError:
        raise OAuthError(f"GitHub answered GET {path} with something that is not JSON") from None


def github_viewer(token: str, max_pages: int = 10) -> Viewer:
    """The user behind ``token`` and the App installations they can reach (all pages)."""
    login = _api_get("/user", token).get("login")
    if not login:
        raise OAuthError("GitHub's /user answer has no login")
    ids: list[int] = []
    for page in range(1, max_pages + 1):
        data = _api_get("/user/installations", token, {"per_page": 100, "page": page})
        batch = data.get("installations") or []
        ids += [int(i["id"]) for i in batch if isinstance(i, dict) and isinstance(i.get("id"), int)]
        if len(batch) < 100 or len(ids) >= int(data.get("total_count") or 0):
            break
    return Viewer(str(login), False, tuple(sorted(set(ids))))
