"""GitHub failing while a job publishes: 5xx, secondary rate limits (403 and 429 with
Retry-After), a PR that cannot be opened at all. The job retries with backoff, then ends in a
clear final state, and nothing is left half-written on GitHub: no branch without a PR, no
duplicate comments. Real PyGithub (GithubRetry, real sleeps) over HTTP to the fake GitHub, real
git pushes to a token-checked git server; the pipeline is the stand-in (tests/faults/standin.py)."""
from __future__ import annotations

import time

from github_fakes import assert_valid_github_requests

FAST = {"backoff_factor": 0.05, "total": 4}                 # real retries, short sleeps
LIMIT = {"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
         "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}


def progress_comments(fake):
    return [c for c in fake.comments.values() if "crashfix:status" in c["body"]]


def failure_comments(fake):
    """Status comments whose current run says it failed."""
    return [c for c in progress_comments(fake) if "What happened" in c["body"].split("<!-- crashfix:earlier")[0]]


def run_fix(world, retry=FAST, issue=1):
    job_id = world.label(issue)
    world.worker(retry=retry).run(job_id)
    return world.job(job_id)


def test_5xx_on_the_token_the_comment_and_the_pr_are_retried_to_one_pr(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("POST", r"/access_tokens$", 502)
    fake.fail_next("POST", r"/issues/1/comments$", 503)
    fake.fail_next("POST", r"/pulls$", 502, times=2)
    fake.fail_next("PATCH", r"/issues/comments/\d+$", 500)
    job = run_fix(world)
    assert job["state"] == "done", job["error"]
    assert len(fake.pulls) == 1 and world.branches() == ["crashfix/issue-1", "main"]
    assert len(fake.calls("POST", r"/pulls$")) == 3                # two 502s, then the PR
    assert len(progress_comments(fake)) == 1 and not failure_comments(fake)
    assert all(f["times"] == 0 for f in fake.failures), "every injected failure was met"
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_secondary_rate_limits_wait_for_retry_after_then_go_on(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("POST", r"/issues/1/comments$", 403, headers={"Retry-After": "1"}, body=LIMIT)
    fake.fail_next("POST", r"/pulls$", 429, headers={"Retry-After": "1"}, body=LIMIT)
    started = time.monotonic()
    job = run_fix(world)
    waited = time.monotonic() - started
    assert job["state"] == "done", job["error"]
    assert waited >= 2.0, f"both Retry-After waits were honoured ({waited:.1f} s)"
    assert len(fake.pulls) == 1 and len(progress_comments(fake)) == 1
    assert len(fake.calls("POST", r"/issues/1/comments$")) == 2    # the limited one, then the one comment
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_pr_that_cannot_be_opened_leaves_no_branch_and_says_so_on_the_status_comment(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("POST", r"/pulls$", 502, times=100)
    job = run_fix(world)
    assert job["state"] == "failed" and "502" in job["error"], job["error"]
    assert len(fake.calls("POST", r"/pulls$")) == FAST["total"] + 1        # retried, then given up
    assert not fake.pulls
    assert fake.deleted_refs == [("Codertocat/Hello-World", "crashfix/issue-1")]
    assert world.branches() == ["main"], "the pushed branch was deleted: no branch without a PR"
    assert len(failure_comments(fake)) == 1 and "/crashfix retry" in failure_comments(fake)[0]["body"]
    assert "GitHub did not answer" in failure_comments(fake)[0]["body"] and "502" not in progress_comments(fake)[0]["body"]
    assert "- [ ] Open a pull request ❌" in failure_comments(fake)[0]["body"]
    assert len(progress_comments(fake)) == 1

    fake.failures.clear()                                 # GitHub is back: a retry makes the one PR
    job = run_fix(world)
    assert job["state"] == "done", job["error"]
    assert len(fake.pulls) == 1 and world.branches() == ["crashfix/issue-1", "main"]
    assert not failure_comments(fake) and len(progress_comments(fake)) == 1
    assert "<summary>Earlier runs (1)</summary>" in progress_comments(fake)[0]["body"]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_rate_limit_longer_than_the_wait_cap_fails_clearly(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("GET", r"/collaborators/", 403, headers={"Retry-After": "3600"}, body=LIMIT, times=10)
    job = run_fix(world, retry={**FAST, "max_rate_limit_wait": 5})
    assert job["state"] == "failed", job
    assert "rate limit" in job["error"].lower() or "403" in job["error"], job["error"]
    assert not fake.pulls and world.branches() == ["main"]
    assert len(fake.calls("GET", r"/collaborators/")) == 1, "no hour-long wait, no hammering"
