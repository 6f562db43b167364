"""Pacing a long run of GitHub calls (the backlog scan) under GitHub's primary and secondary rate limits.

Primary: the X-RateLimit-* headers GitHub last answered with (`bot.github.api.RATE_LIMITS`); when no
more than `reserve` requests are left, wait for the reset. Secondary (GitHub's documented limits
for content-creating requests): at most `WRITES_PER_MINUTE` and `WRITES_PER_HOUR`. A 403 or 429
that says "rate limit" is waited out (``Retry-After``, else the reset, else a backoff doubling from
`FIRST_BACKOFF`) and the call is tried again. A wait longer than `max_wait` raises `RateLimited`:
the job is deferred and resumes later (the scan remembers what it did).
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from github import GithubException

from bot.github.api import RATE_LIMITS, RateLimits

log = logging.getLogger(__name__)
T = TypeVar("T")

WRITES_PER_MINUTE = 80          # GitHub: "no more than 80 content-generating requests per minute"
WRITES_PER_HOUR = 500           # ... "and no more than 500 content-generating requests per hour"
FIRST_BACKOFF = 60.0            # GitHub: without Retry-After or a reset, wait at least a minute
MAX_TRIES = 4
SLACK = 1.0                     # seconds added to each window: GitHub's clock and ours differ a little


class RateLimited(Exception):
    """The next call would have to wait longer than the pacer may hold a worker."""

    def __init__(self, wait: float, why: str):
        super().__init__(f"{why}: resume in {wait:.0f} s")
        self.wait, self.why = wait, why


@dataclass
class Budget:
    """How the pacer spends an installation's limits (defaults: GitHub's documented numbers)."""
    writes_per_minute: int = WRITES_PER_MINUTE
    writes_per_hour: int = WRITES_PER_HOUR
    reserve: int = 100              # primary requests left for the installation's other jobs
    max_wait: float = 120.0         # longer waits defer the job instead of holding the worker


class Pacer:
    """Call `read(fn, ...)` / `write(fn, ...)` for each GitHub call; they wait as the limits ask."""

    def __init__(self, installation_id: int | None, budget: Budget | None = None, *,
                 clock: Callable[[], float] = time.time, sleep: Callable[[float], None] = time.sleep,
                 limits: RateLimits = RATE_LIMITS):
        self.installation_id = int(installation_id or 0)
        self.budget = budget or Budget()
        self.clock, self.sleep, self.limits = clock, sleep, limits
        self.waited = 0.0
        self.retried = 0

    def read(self, fn: Callable[..., T], *args: Any) -> T:
        return self._call(fn, args, write=False)

    def write(self, fn: Callable[..., T], *args: Any) -> T:
        return self._call(fn, args, write=True)

    def _call(self, fn: Callable[..., T], args: tuple, write: bool) -> T:
        backoff = FIRST_BACKOFF
        for attempt in range(1, MAX_TRIES + 1):
            self._pause(*self._wait(write))
            if write:
                self.limits.wrote(self.installation_id, self.clock())
            try:
                return fn(*args)
            except GithubException as exc:
                wait = self._limited(exc, backoff)
                if wait is None or attempt == MAX_TRIES:
                    raise
                self.retried += 1
                log.warning("GitHub rate limit (%s): waiting %.0f s, then try %d of %d", exc.status, wait,
                            attempt + 1, MAX_TRIES)
                self.limits.hold(self.installation_id, self.clock() + wait)
                backoff *= 2
        raise RuntimeError("unreachable: the last try returns or raises")

    def _wait(self, write: bool) -> tuple[float, str]:
        now, b = self.clock(), self.budget
        wait = self.limits.wait(self.installation_id, now, b.reserve)
        why = "GitHub's primary rate limit is nearly used"
        if write:
            hour_ago = self.limits.writes(self.installation_id, now - 3600 - SLACK)
            recent = [t for t in hour_ago if t > now - 60 - SLACK]
            if len(recent) >= b.writes_per_minute:
                minute = recent[-b.writes_per_minute] + 60 + SLACK - now
                if minute > wait:
                    wait, why = minute, f"{b.writes_per_minute} writes in the last minute"
            if len(hour_ago) >= b.writes_per_hour:
                hour = hour_ago[-b.writes_per_hour] + 3600 + SLACK - now
                if hour > wait:
                    wait, why = hour, f"{b.writes_per_hour} writes in the last hour"
        return wait, why

    def _pause(self, wait: float, why: str) -> None:
        if wait <= 0:
            return
        if wait > self.budget.max_wait:
            raise RateLimited(wait, why)
        log.info("pacing: %s; waiting %.1f s", why, wait)
        self.waited += wait
        self.sleep(wait)

    def _limited(self, exc: GithubException, backoff: float) -> float | None:
        """Seconds GitHub asks to wait when `exc` is a rate limit (primary or secondary), else None."""
        headers = {str(k).lower(): v for k, v in (exc.headers or {}).items()}
        message = str((exc.data or {}).get("message", "") if isinstance(exc.data, dict) else exc.data).lower()
        if exc.status not in (403, 429) or ("rate limit" not in message and "retry-after" not in headers
                                             and exc.status != 429):
            return None
        self.limits.note(self.installation_id, headers)
        if "retry-after" in headers:
            try:
                return max(float(headers["retry-after"]), 1.0)
            except ValueError:
                pass
        if headers.get("x-ratelimit-remaining") == "0" and "x-ratelimit-reset" in headers:
            try:
                return max(float(headers["x-ratelimit-reset"]) + 1 - self.clock(), 1.0)
            except ValueError:
                pass
        return backoff
