"""A stand-in GitHub that enforces GitHub's REST rate limits, on a clock tests can move.

`LimitedGitHub` is `FakeGitHub` plus:

* the primary limit: every answer carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch
  seconds), ``-Used`` and ``-Resource: core`` as GitHub sends them; a request with nothing left
  before the reset gets GitHub's 403 "API rate limit exceeded for installation ID ..." and is a
  BREACH;
* the secondary limits GitHub documents: at most 80 content-creating requests (POST, PATCH, PUT,
  DELETE) a minute and 500 an hour, and 900 points a minute (1 per GET, 5 per write); going past
  one gets 403 "You have exceeded a secondary rate limit" with ``Retry-After: 60`` and is a BREACH;
* ``throttle_every``: every n-th write is answered 403 secondary with ``Retry-After`` although
  no limit was reached (GitHub does so when it sees fit); any request before that Retry-After has
  passed is a BREACH;
* ``POST /repos/{o}/{r}/issues`` (open an issue, authored by the App) and
  ``PATCH /repos/{o}/{r}/issues/{n}`` (edit its title and body).

`breaches` lists every breach; `assert_within_limits()` fails the test on any. Time is `Clock`:
real time plus whatever `Clock.sleep` skipped, so a client that waits an hour waits no real time.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from datetime import datetime, timezone

from tests.support.github_fakes import FakeGitHub

DOCS = "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api"
WRITES = ("POST", "PATCH", "PUT", "DELETE")


class Clock:
    """Epoch seconds; `sleep` moves it forward at once (a client's waits cost no real time)."""

    def __init__(self) -> None:
        self.skipped = 0.0
        self._lock = threading.Lock()

    def now(self) -> float:
        return time.time() + self.skipped

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.skipped += max(float(seconds), 0.0)


class LimitedGitHub(FakeGitHub):
    def __init__(self, *args, clock: Clock | None = None, primary: int = 5000, writes_per_minute: int = 80,
                 writes_per_hour: int = 500, points_per_minute: int = 900, throttle_every: int = 0,
                 throttle_seconds: int = 30, installation_id: int = 4242, **kw):
        super().__init__(*args, **kw)
        self.clock = clock or Clock()
        self.primary, self.installation_id = primary, installation_id
        self.writes_per_minute, self.writes_per_hour = writes_per_minute, writes_per_hour
        self.points_per_minute = points_per_minute
        self.throttle_every, self.throttle_seconds = throttle_every, throttle_seconds
        self.breaches: list[dict] = []
        self.issue_edits: dict[int, int] = {}
        self.throttled = 0
        self.counted = 0
        self._window_start = self.clock.now()
        self._used = 0
        self._writes: deque[float] = deque()
        self._points: deque[tuple[float, int]] = deque()
        self._held_until = 0.0
        self._write_count = 0
        self._limit_lock = threading.Lock()

    # -- limits ---------------------------------------------------------------------------------
    def assert_within_limits(self) -> None:
        assert not self.breaches, f"{len(self.breaches)} rate-limit breach(es), first: {self.breaches[0]}"

    def _reset_at(self) -> int:
        return int(self._window_start + 3600)

    def _headers(self) -> dict:
        return {"X-RateLimit-Limit": str(self.primary), "X-RateLimit-Remaining": str(self.primary - self._used),
                "X-RateLimit-Reset": str(self._reset_at()), "X-RateLimit-Used": str(self._used),
                "X-RateLimit-Resource": "core"}

    def _secondary(self, why: str, method: str, path: str, now: float, retry_after: int) -> tuple[int, dict, str]:
        self.breaches.append({"limit": why, "method": method, "path": path, "at": now})
        return self._secondary_answer(retry_after)

    def _secondary_answer(self, retry_after: int) -> tuple[int, dict, str]:
        body = ('{"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you '
                f'try again.", "documentation_url": "{DOCS}#about-secondary-rate-limits"}}')
        return 403, {"Content-Type": "application/json; charset=utf-8", "Retry-After": str(retry_after),
                     **self._headers()}, body

    def _admit(self, method: str, path: str) -> tuple[int, dict, str] | None:
        """Count the request against the limits; an answer when it must be refused (None: go on)."""
        now = self.clock.now()
        if now >= self._reset_at():
            self._window_start, self._used = now, 0
        if now < self._held_until:
            return self._secondary(f"request {self._held_until - now:.1f} s before Retry-After ended",
                                   method, path, now, int(self._held_until - now) + 1)
        if self._used >= self.primary:
            self.breaches.append({"limit": "primary", "method": method, "path": path, "at": now})
            when = datetime.fromtimestamp(self._reset_at(), timezone.utc).isoformat()
            return 403, {"Content-Type": "application/json; charset=utf-8", **self._headers()}, (
                f'{{"message": "API rate limit exceeded for installation ID {self.installation_id}. '
                f'(resets at {when})", "documentation_url": "{DOCS}#about-the-primary-rate-limit"}}')
        write = method in WRITES
        while self._writes and self._writes[0] <= now - 3600:
            self._writes.popleft()
        while self._points and self._points[0][0] <= now - 60:
            self._points.popleft()
        if write and sum(1 for t in self._writes if t > now - 60) >= self.writes_per_minute:
            return self._secondary(f"more than {self.writes_per_minute} writes a minute", method, path, now, 60)
        if write and len(self._writes) >= self.writes_per_hour:
            return self._secondary(f"more than {self.writes_per_hour} writes an hour", method, path, now, 60)
        cost = 5 if write else 1
        if sum(p for _, p in self._points) + cost > self.points_per_minute:
            return self._secondary(f"more than {self.points_per_minute} points a minute", method, path, now, 60)
        self._used += 1
        self.counted += 1
        self._points.append((now, cost))
        if write:
            self._writes.append(now)
            self._write_count += 1
            if self.throttle_every and self._write_count % self.throttle_every == 0:
                self.throttled += 1
                self._held_until = now + self.throttle_seconds
                return self._secondary_answer(self.throttle_seconds)
        return None

    def handle(self, method: str, path: str, query: str, body, headers: dict) -> tuple[int, dict, str]:
        if path.startswith("/app/"):              # the App's JWT endpoints are not the installation's quota
            return super().handle(method, path, query, body, headers)
        with self._limit_lock:
            refused = self._admit(method, path)
            limits = self._headers()
        if refused is not None:
            return refused
        status, reply_headers, text = super().handle(method, path, query, body, headers)
        return status, {**reply_headers, **limits}, text

    # -- issues the App opens and edits -----------------------------------------------------------
    def _route(self, method: str, path: str, q: dict, data, headers):
        parts = path.split("/")
        if len(parts) == 5 and parts[1] == "repos" and parts[4] == "issues" and method == "POST":
            repo = f"{parts[2]}/{parts[3]}"
            self.repos[repo]
            number = max([n for (rp, n) in list(self.issues) + list(self.pulls) if rp == repo] or [0]) + 1
            issue = self.add_issue(repo, number, data["title"], data.get("body") or "")
            issue["user"] = self._user("crashfix[bot]", "Bot")
            return 201, issue, {}
        if len(parts) == 6 and parts[1] == "repos" and parts[4] == "issues" and parts[5].isdigit() \
                and method == "PATCH":
            issue = self.issues[(f"{parts[2]}/{parts[3]}", int(parts[5]))]
            issue.update({k: v for k, v in data.items() if k in ("title", "body", "state")})
            self.issue_edits[issue["number"]] = self.issue_edits.get(issue["number"], 0) + 1
            return 200, issue, {}
        return super()._route(method, path, q, data, headers)
