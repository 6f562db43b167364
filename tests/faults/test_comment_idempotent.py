"""GitHub answering 5xx after it actually created a comment: the retry must not post it again.
`GitHubAPI.comment` marks each body with a hidden marker unique to the call and, before sending
a failed create again, looks for the marker among the issue's comments. Real PyGithub over HTTP
to the fake GitHub, whose fault "create, then answer 502" is what GitHub does when a backend
times out after the write; the pipeline is the stand-in (tests/faults/standin.py)."""
from __future__ import annotations

from standin import api_factory

from github_fakes import assert_valid_github_requests

FAST = {"backoff_factor": 0.05, "total": 4}
REPO = "Codertocat/Hello-World"


def test_a_comment_created_before_a_502_is_found_not_posted_again(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("POST", r"/issues/1/comments$", 502, after=True, times=2)
    api = api_factory(world.key, world.api.url, world.git.base, FAST)(4242)
    cid = api.comment(REPO, 1, "crashfix is on it")
    assert list(fake.comments) == [cid], "one comment, the one GitHub created"
    body = fake.comments[cid]["body"]
    assert body.startswith("<!-- crashfix:comment=") and body.endswith(" -->\ncrashfix is on it"), body
    assert len(fake.calls("POST", r"/issues/1/comments$")) == 1, "not sent again once it was found"
    assert len(fake.calls("GET", r"/issues/1/comments$")) == 1

    other = api.comment(REPO, 1, "crashfix is on it")         # the same text again is a new comment
    assert other != cid and len(fake.comments) == 2
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_502_that_created_nothing_is_retried_once_the_search_finds_nothing(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("POST", r"/issues/1/comments$", 502)                  # nothing created
    api = api_factory(world.key, world.api.url, world.git.base, FAST)(4242)
    cid = api.comment(REPO, 1, "hello")
    assert list(fake.comments) == [cid]
    assert len(fake.calls("POST", r"/issues/1/comments$")) == 2
    assert len(fake.calls("GET", r"/issues/1/comments$")) == 1
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_job_whose_comments_get_502_after_creation_leaves_one_comment_and_one_pr(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.comments[1] = {**dict.fromkeys(("node_id", "url", "html_url", "created_at", "updated_at"), "x"),
                        "id": 1, "body": "someone else's comment", "number": 1, "edits": 0,
                        "user": {"login": "Codertocat"}, "issue_url": f"{fake.api_base}/repos/{REPO}/issues/1"}
    fake.fail_next("POST", r"/issues/1/comments$", 502, after=True, times=10)
    job_id = world.label(1)
    world.worker(retry=FAST).run(job_id)
    job = world.job(job_id)
    assert job["state"] == "done", job["error"]
    mine = [c for c in fake.comments.values() if c["id"] != 1]
    assert len(mine) == 1 and "crashfix:status" in mine[0]["body"], [c["body"][:60] for c in mine]
    assert len(fake.pulls) == 1 and world.branches() == ["crashfix/issue-1", "main"]
    assert_valid_github_requests([r for r in fake.recorded], tmp_path, "--github-app")


def test_a_comment_whose_answer_is_lost_is_found_not_posted_again(world, tmp_path):
    world.add_repo()
    fake = world.fake
    fake.fail_next("POST", r"/issues/1/comments$", 201, after=True, delay=3)  # created; the answer comes too late
    api = api_factory(world.key, world.api.url, world.git.base, FAST, timeout=1)(4242)
    cid = api.comment(REPO, 1, "crashfix is on it")
    assert list(fake.comments) == [cid]
    assert len(fake.calls("POST", r"/issues/1/comments$")) == 1 and len(fake.calls("GET", r"/issues/1/comments$")) == 1
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")
