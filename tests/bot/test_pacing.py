"""The pacer: GitHub's primary limit (headers), secondary limits (writes) and Retry-After, on a fake clock."""
from __future__ import annotations

import pytest
from github import GithubException

from bot.github.api import RateLimits
from bot.github.pacing import Budget, Pacer, RateLimited


class Clock:
    def __init__(self):
        self.t, self.slept = 1_000_000.0, []

    def now(self):
        return self.t

    def sleep(self, s):
        self.slept.append(s)
        self.t += s


def pacer(**budget):
    clock, limits = Clock(), RateLimits()
    return Pacer(7, Budget(**budget), clock=clock.now, sleep=clock.sleep, limits=limits), clock, limits


def test_writes_are_spread_to_stay_under_the_per_minute_limit():
    p, clock, _ = pacer(writes_per_minute=3, max_wait=600)
    for _ in range(7):
        p.write(lambda: None)
        clock.t += 1
    assert len(clock.slept) == 2 and all(57 <= s <= 61 for s in clock.slept)


def test_the_primary_reserve_waits_for_the_reset():
    p, clock, limits = pacer(reserve=10, max_wait=3600)
    limits.note(7, {"X-RateLimit-Remaining": "10", "X-RateLimit-Limit": "5000",
                    "X-RateLimit-Reset": str(int(clock.t) + 900)})
    p.read(lambda: None)
    assert clock.slept and 899 <= clock.slept[0] <= 902


def test_retry_after_is_waited_out_then_the_call_is_tried_again():
    p, clock, _ = pacer(max_wait=600)
    answers = [GithubException(403, {"message": "You have exceeded a secondary rate limit."}, {"Retry-After": "45"}),
               "ok"]

    def call():
        a = answers.pop(0)
        if isinstance(a, Exception):
            raise a
        return a
    assert p.write(call) == "ok" and clock.slept == [45.0] and p.retried == 1


def test_a_wait_longer_than_the_worker_may_hold_defers():
    p, clock, limits = pacer(max_wait=60)
    limits.hold(7, clock.t + 600)
    with pytest.raises(RateLimited) as exc:
        p.read(lambda: None)
    assert 599 <= exc.value.wait <= 600 and clock.slept == []


def test_other_errors_are_not_retried():
    p, _, _ = pacer()

    def call():
        raise GithubException(404, {"message": "Not Found"}, {})
    with pytest.raises(GithubException):
        p.write(call)
    assert p.retried == 0


def test_a_rate_limit_without_retry_after_backs_off_from_a_minute_doubling():
    p, clock, _ = pacer(max_wait=600)
    limited = GithubException(403, {"message": "You have exceeded a secondary rate limit."}, {})
    answers = [limited, limited, "ok"]

    def call():
        a = answers.pop(0)
        if isinstance(a, Exception):
            raise a
        return a
    assert p.write(call) == "ok" and clock.slept == [60.0, 120.0]
