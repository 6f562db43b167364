"""The whole App path in one test: a real signed webhook payload → Flask → the queue → a worker →
the real pipeline in the Docker sandbox → the real GitHub client (PyGithub, App auth) against a
recorded fake GitHub → a branch pushed over HTTP to a git server that demands the installation
token → a draft PR and a check run. Every recorded GitHub request passes check_requests.py."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import responses

from agent.pipeline import execute
from bot.github.api import GitHubAPI, TokenCache
from github_fakes import FakeGitHub, GitHTTPServer, assert_valid_github_requests, rsa_private_key
from gitrepo import git, make_repo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
CONFIG = "test_cmd: python -m pytest -q\nprotected_paths: ['.github/**', 'tests/**']\n"


@pytest.mark.docker
def test_a_labelled_issue_becomes_a_draft_pr_with_a_validated_patch(make_harness, gh, sandbox_image, tmp_path):
    key = rsa_private_key()
    fake = FakeGitHub(private_key=key)
    fake.add_repo(gh.REPO)
    fake.add_issue(gh.REPO, 1, "stockroom fulfil crashes", (EXAMPLE / "report.txt").read_text(), labels=("crashfix",))
    fake.files[(gh.REPO, ".github/crashfix.yml")] = CONFIG
    fake.roles[(gh.REPO, "Codertocat")] = ("write", "write")
    upstream = tmp_path / "stockroom-upstream"
    shutil.copytree(EXAMPLE / "repo", upstream)
    make_repo(upstream, {".gitignore": "__pycache__/\n"}, "stockroom 1.2.0")

    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs, \
            GitHTTPServer(tmp_path / "git", lambda: fake.tokens) as server:
        fake.install(rs)
        rs.add_passthru(server.base)
        rs.add_passthru("http+docker://")            # the Docker SDK talks HTTP over its socket
        server.bare(gh.REPO, source=upstream)
        h = make_harness(SANDBOX="docker", APP_ID=4242, PRIVATE_KEY=key)
        h.served_issues = fake.issues            # what the events carry
        assert not h.settings.dry_run
        cache = TokenCache()
        h.worker.api_factory = lambda inst: GitHubAPI(4242, key, inst, git_url=server.base, token_cache=cache,
                                                      seconds_between_requests=0, seconds_between_writes=0)
        h.worker.pipeline = execute

        r = h.deliver("issues", "issues.labeled", gh.labeled())
        assert r.status_code == 202
        job = h.jobs(kind="fix")[0]
        assert job["state"] == "done", job["error"]

    pulls = list(fake.pulls.values())
    assert len(pulls) == 1
    pr = pulls[0]
    assert pr["draft"] and pr["head"]["ref"] == "crashfix/issue-1" and "Fixes #1" in pr["body"]
    assert "item is None" in git(server.root / f"{gh.REPO}.git", "show", "crashfix/issue-1", "--", "src")
    assert fake.check_runs and fake.check_runs[-1]["conclusion"] == "success"
    assert not [c for c in fake.recorded if c["url"].endswith("/merge")]         # never merged
    progress = [c for c in fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(progress) == 1 and "pull request" in progress[0]["body"].lower()
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")
