"""`triage:` in `.github/crashfix.yml`, per repo and per org (the org's `.github` repository):
off, an opened issue gets no label and no comment; a fix asked for still runs."""
from __future__ import annotations

import pytest
import responses
import yaml

from bot.github.api import GitHubAPI, TokenCache
from bot.repo_config import ConfigError, validate
from github_fakes import FakeGitHub, assert_valid_github_requests, rsa_private_key

ORG_FILE = ("Codertocat/.github", ".github/crashfix.yml")


@pytest.fixture
def github(harness, gh):
    key = rsa_private_key()
    fake = FakeGitHub(app_id=4242, private_key=key)
    fake.add_repo(gh.REPO)
    fake.add_repo("Codertocat/.github")
    fake.add_issue(gh.REPO, 1, "fulfil crashes", gh.CRASH_BODY)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:
        fake.install(rs)
        harness.worker.api_factory = lambda inst: GitHubAPI(4242, key, inst, token_cache=TokenCache(),
                                                            seconds_between_requests=0, seconds_between_writes=0)
        yield fake


def _triage(harness, fake, gh) -> dict:
    assert harness.deliver("issues", "issues.opened").status_code == 202
    return harness.jobs(kind="triage")[-1]


@pytest.mark.parametrize("org, repo, on", [
    (None, None, True),                                    # the default
    (None, "triage: false", False),                        # the repo says off
    ("triage: false", None, False),                        # the org says off for every repo
    ("triage: false", "triage: true", True),               # the repo wins over the org
    ("triage: false", "_extends: .github\ntest_cmd: make test", False),
])
def test_triage_follows_the_repo_then_the_org(harness, github, gh, tmp_path, org, repo, on):
    if org is not None:
        github.files[ORG_FILE] = org
    if repo is not None:
        github.files[(gh.REPO, ".github/crashfix.yml")] = repo
    job = _triage(harness, github, gh)
    assert job["state"] == "done", job["error"]
    labels = [lab["name"] for lab in github.issues[(gh.REPO, 1)]["labels"]]
    if on:
        assert labels == ["crash:python"] and len(github.comments) == 1
    else:
        assert labels == [] and github.comments == {} and github.writes() == [
            w for w in github.writes() if w["url"].endswith("/access_tokens")]
        assert "triage is off" in job["result"]
    assert_valid_github_requests(github.recorded, tmp_path, "--github-app")


def test_a_broken_config_writes_nothing_on_triage(harness, github, gh):
    github.files[(gh.REPO, ".github/crashfix.yml")] = "triage: sometimes\n"
    job = _triage(harness, github, gh)
    assert job["state"] == "done" and github.comments == {} and github.issues[(gh.REPO, 1)]["labels"] == []


def test_triage_off_still_lets_a_maintainer_ask_for_a_fix(harness, gh):
    harness.config(triage=False)
    harness.deliver("issues", "issues.opened")
    assert harness.api.named("comment") == [] and harness.api.named("add_labels") == []
    harness.deliver("issues", "issues.labeled", gh.labeled())
    assert harness.jobs(kind="fix")[0]["state"] == "done" and len(harness.api.published()) == 1


@pytest.mark.parametrize("value", ["sometimes", 2, [True]])
def test_triage_takes_a_boolean_only(value):
    with pytest.raises(ConfigError) as err:
        validate({"triage": value})
    assert err.value.field == "triage"
    assert validate({"triage": False}).triage is False and validate(yaml.safe_load("triage: off")).triage is False
