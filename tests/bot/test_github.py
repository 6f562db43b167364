"""bot/github/api.py against a recorded imitation of GitHub: App auth, every call, retries, dry run.

Every request is recorded and checked against GitHub's OpenAPI description with
shared/github/check_requests.py --github-app."""
from __future__ import annotations

import logging
import time
from types import SimpleNamespace

import pytest
import responses

from bot.github.dryrun import DryRunAPI
from bot.github.api import GitHubAPI, TokenCache, default_retry, installation_api
from github_fakes import (GITHUB_SHARED, FakeGitHub, FakeGitHubServer, assert_valid_github_requests,
                          rsa_private_key, sign, webhook_headers)

REPO = "octo-org/hello-world"
APP_ID = 4242
INSTALLATION = 77


@pytest.fixture(scope="module")
def key() -> str:
    return rsa_private_key()


@pytest.fixture
def fake(key) -> FakeGitHub:
    fake = FakeGitHub(app_id=APP_ID, private_key=key)
    fake.add_repo(REPO, default_branch="trunk")
    return fake


@pytest.fixture
def rs(fake):
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:
        fake.install(rs)
        yield rs


def make_api(key, **kw) -> GitHubAPI:
    kw.setdefault("token_cache", TokenCache())
    return GitHubAPI(APP_ID, key, INSTALLATION, seconds_between_requests=0, seconds_between_writes=0, **kw)


def test_app_jwt_gets_an_installation_token_cached_until_five_minutes_before_expiry(fake, rs, key, tmp_path):
    now = [time.time()]
    api = make_api(key, clock=lambda: now[0])
    fake.add_issue(REPO, 1, "KeyError in load", "Traceback ...")

    assert api.get_issue(REPO, 1)["title"] == "KeyError in load"
    token_calls = fake.calls("POST", r"^/app/installations/77/access_tokens$")
    assert len(token_calls) == 1
    # the token request carried a JWT signed with the App's key (the fake verified it)
    assert fake.jwt_claims[0]["iss"] == str(APP_ID)
    assert fake.jwt_claims[0]["exp"] - fake.jwt_claims[0]["iat"] <= 600
    assert fake.auth[0].startswith("Bearer ")
    # the API call used the installation token
    assert fake.auth[1] == f"token {fake.tokens[0]}"

    api.get_issue(REPO, 1)
    assert api.token() == fake.tokens[0]
    assert len(fake.calls("POST", "access_tokens")) == 1, "a cached token makes no request"

    # another GitHubAPI for the same installation shares the cache (the worker makes one per job)
    other = make_api(key, token_cache=api._cache, clock=lambda: now[0])
    assert other.token() == fake.tokens[0]
    assert len(fake.calls("POST", "access_tokens")) == 1

    now[0] += 3600 - 299          # within 5 minutes of expiry: renewed
    api.get_issue(REPO, 1)
    assert len(fake.calls("POST", "access_tokens")) == 2
    assert fake.auth[-1] == f"token {fake.tokens[1]}"
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_every_call_is_a_valid_github_app_request(fake, rs, key, tmp_path):
    api = make_api(key)
    fake.add_issue(REPO, 7, "AttributeError in fulfil", "Traceback (most recent call last): ...",
                   labels=("bug",))
    for n in range(100, 260):                     # 160 issues and 1 PR: two pages
        fake.add_issue(REPO, n, f"issue {n}", pull_request=(n == 100))
    fake.roles[(REPO, "alice")] = ("write", "maintain")
    fake.roles[(REPO, "bob")] = ("read", "security-reviewer")     # a custom role: the base permission
    fake.files[(REPO, ".github/crashfix.yml")] = "test_cmd: pytest -q\n"

    assert api.permission(REPO, "alice") == "maintain"
    assert api.permission(REPO, "bob") == "read"
    assert api.permission(REPO, "mallory") == "none"               # 404
    issue = api.get_issue(REPO, 7)
    assert issue == {"number": 7, "title": "AttributeError in fulfil",
                     "body": "Traceback (most recent call last): ...", "state": "open", "locked": False,
                     "labels": ["bug"], "pull_request": False, "author": "reporter",
                     "html_url": f"https://github.com/{REPO}/issues/7"}
    open_issues = api.list_open_issues(REPO)
    assert len(open_issues) == 160 and 100 not in {i["number"] for i in open_issues}
    assert len(fake.calls("GET", r"/issues$")) == 2                # followed the Link header

    api.add_labels(REPO, 7, ["crashfix", "crash:python"])
    n_before = len(fake.recorded)
    api.add_labels(REPO, 7, [])                                    # nothing to send
    assert len(fake.recorded) == n_before
    cid = api.comment(REPO, 7, "parsing the crash…")
    api.edit_comment(REPO, cid, "reproducing…")
    assert fake.comments[cid]["body"] == "reproducing…"
    api.react(REPO, cid, "eyes")
    with pytest.raises(ValueError):
        api.react(REPO, cid, "thumbsup")
    api.delete_branch(REPO, "crashfix/issue-7")
    assert fake.deleted_refs == [(REPO, "crashfix/issue-7")]
    assert api.read_file(REPO, ".github/crashfix.yml") == "test_cmd: pytest -q\n"
    assert api.read_file(REPO, ".github/missing.yml") is None
    assert api.read_file(REPO, ".github/crashfix.yml", ref="v1.2") == "test_cmd: pytest -q\n"
    assert api.default_branch(REPO) == "trunk"
    api.default_branch(REPO)
    assert len(fake.calls("GET", rf"^/repos/{REPO}$")) == 1         # cached
    assert api.find_open_pr(REPO, "crashfix/issue-7") is None
    pr = api.open_pr(REPO, "crashfix/issue-7", "trunk", "Fix AttributeError", "Fixes #7", draft=True)
    assert pr["number"] == 260 and pr["html_url"].endswith("/pull/260") and pr["url"]
    assert fake.pulls[(REPO, 260)]["draft"] is True
    assert api.find_open_pr(REPO, "crashfix/issue-7")["number"] == 260
    api.update_pr(REPO, 260, "Fix AttributeError (again)", "Fixes #7\n\nupdated")
    assert fake.pulls[(REPO, 260)]["body"].endswith("updated")
    api.create_check_run(REPO, "a" * 40, "crashfix", "success", "Crash fixed", "3/3 clean", "log\n" * 5)
    assert fake.check_runs[0]["status"] == "completed" and fake.check_runs[0]["conclusion"] == "success"
    assert api.bot_identity() == ("crashfix[bot]", "987654+crashfix[bot]@users.noreply.github.com")
    assert api.git_url(REPO) == f"https://github.com/{REPO}.git"
    assert len(api.list_open_prs(REPO)) == 1

    out = assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")
    assert "FAIL" not in out
    for op in ("apps/create-installation-access-token", "repos/get-collaborator-permission-level",
               "issues/get", "issues/list-for-repo", "issues/add-labels", "issues/create-comment",
               "issues/update-comment", "reactions/create-for-issue-comment", "git/delete-ref",
               "repos/get-content", "repos/get", "pulls/list", "pulls/create", "pulls/update",
               "checks/create", "users/get-by-username"):
        assert op in out, op


def test_long_texts_are_clipped_to_what_github_accepts(fake, rs, key, tmp_path):
    api = make_api(key)
    fake.add_issue(REPO, 3)
    cid = api.comment(REPO, 3, "x" * 70_000)
    assert len(fake.comments[cid]["body"]) == 65_535 and fake.comments[cid]["body"].endswith("(truncated)\n")
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_repo_without_drafts_gets_a_ready_pr(fake, rs, key, tmp_path):
    fake.allow_drafts = False
    api = make_api(key)
    pr = api.open_pr(REPO, "crashfix/issue-3", "trunk", "Fix", "Fixes #3", draft=True)
    assert fake.pulls[(REPO, pr["number"])]["draft"] is False
    assert len(fake.calls("POST", r"/pulls$")) == 2
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_502_is_retried(fake, rs, key, tmp_path):
    api = make_api(key)
    fake.add_issue(REPO, 5, "crash")
    fake.fail_next("GET", r"/issues/5$", 502, body={"message": "Server Error"})
    assert api.get_issue(REPO, 5)["number"] == 5
    assert len(fake.calls("GET", r"/issues/5$")) == 2
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_retries_over_real_http_wait_as_github_asks(fake, key, tmp_path, monkeypatch):
    """`responses` skips urllib3's sleeps, so this one goes through a real socket (GHES-style URL)."""
    slept: list[float] = []
    monkeypatch.setattr("urllib3.util.retry.time.sleep", lambda s: slept.append(s))
    with FakeGitHubServer(fake) as server:
        api = make_api(key, base_url=server.url, retry=default_retry(backoff_factor=0))
        fake.add_issue(REPO, 9, "crash")
        fake.fail_next("GET", r"/issues/9$", 502)
        fake.fail_next("GET", r"/issues/9$", 403, headers={"Retry-After": "7"},
                       body={"message": "You have exceeded a secondary rate limit. Please wait a few minutes."})
        assert api.get_issue(REPO, 9)["number"] == 9
        assert len(fake.calls("GET", r"/issues/9$")) == 3
        assert 7 in slept, slept                                   # waited what Retry-After said

        # a secondary rate limit announced only in the body: GithubRetry's own wait (60 s)
        slept.clear()
        fake.fail_next("POST", r"/issues/9/comments$", 403,
                       body={"message": "You have exceeded a secondary rate limit and have been temporarily "
                                        "blocked from content creation."})
        api.comment(REPO, 9, "hello")
        assert len(fake.calls("POST", r"/issues/9/comments$")) == 2
        assert 60 in slept, slept
        assert api.git_url(REPO) == f"http://127.0.0.1:{server.port}/{REPO}.git"
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_tokens_never_reach_the_logs(fake, rs, key, caplog):
    caplog.set_level(logging.DEBUG)
    api = make_api(key, retry=default_retry(backoff_factor=0))
    fake.add_issue(REPO, 1)
    fake.fail_next("POST", r"/issues/1/comments$", 502, body={"message": "Server Error"})
    api.comment(REPO, 1, "hi")
    assert fake.tokens and len(fake.calls("POST", r"/issues/1/comments$")) == 2
    # the control: the logs written while the token was in hand (its fetch, a failed call made with it)
    # were captured, so a token in them would be seen
    assert f"new installation token for installation {INSTALLATION}" in caplog.text
    assert f"comment on {REPO}#1 failed (Server Error: 502" in caplog.text
    assert fake.tokens[0] not in caplog.text


def test_dry_run_reads_through_a_wrapped_api(fake, rs, key, tmp_path):
    fake.add_issue(REPO, 2, "real title")
    api = DryRunAPI(make_api(key), tmp_path / "log.jsonl")
    assert api.get_issue(REPO, 2)["title"] == "real title"
    api.comment(REPO, 2, "not sent")
    assert not fake.writes()[1:] and fake.comments == {}           # only the token POST was sent
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_installation_api_from_settings(key, tmp_path):
    pem = tmp_path / "app.pem"
    pem.write_text(key)
    lower = SimpleNamespace(app_id=APP_ID, private_key=None, private_key_path=pem,
                            github_api_url="https://ghe.example.com/api/v3", data_dir=tmp_path)
    api = installation_api(lower, 5)
    assert isinstance(api, GitHubAPI)
    assert api.base_url == "https://ghe.example.com/api/v3" and api.installation_id == 5
    assert api.git_url("a/b") == "https://ghe.example.com/a/b.git"
    upper = SimpleNamespace(APP_ID=APP_ID, PRIVATE_KEY=key, GITHUB_API_URL="https://api.github.com",
                            DATA_DIR=tmp_path)
    assert isinstance(installation_api(upper, 6), GitHubAPI)


def test_webhook_signing_helper_matches_githubs_recipe():
    import hashlib
    import hmac
    body = (GITHUB_SHARED / "webhooks" / "issues.labeled.json").read_bytes()
    headers = webhook_headers("issues", body, "s3cret")
    assert headers["X-Hub-Signature-256"] == "sha256=" + hmac.new(b"s3cret", body, hashlib.sha256).hexdigest()
    assert sign("s3cret", body) == headers["X-Hub-Signature-256"] and headers["X-GitHub-Event"] == "issues"
    assert "X-Hub-Signature-256" not in webhook_headers("issues", body, None)
