"""Two settings of a repository's .github/crashfix.yml acted on, not only parsed: `draft: false`
opens the pull request ready for review, and `image:` is the image the run's sandbox runs.

Through the App as it runs: a signed webhook → Flask → the worker → the real GitHub client
(PyGithub, App auth) against the recorded-contract fake GitHub (every request checked by
check_requests.py); for `image:`, once more with the real pipeline in Docker on a tagged copy of
the sandbox image, the engine's own events saying which image the run's containers came from."""
from __future__ import annotations

import json
from dataclasses import replace
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest
import responses
import yaml

from github_fakes import FakeGitHub, GitHTTPServer, assert_valid_github_requests, rsa_private_key

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"


def _configure(app_on_github, gh, **fields) -> None:
    app_on_github.fake.files[(gh.REPO, ".github/crashfix.yml")] = yaml.safe_dump({**gh.CONFIG, **fields})


@pytest.mark.parametrize("fields,draft", [({}, True), ({"draft": True}, True), ({"draft": False}, False)])
def test_draft_false_opens_the_pr_ready_for_review(app_on_github, gh, tmp_path, fields, draft):
    h, fake = app_on_github.h, app_on_github.fake
    _configure(app_on_github, gh, **fields)
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    (pr,) = fake.pulls.values()
    assert pr["draft"] is draft and pr["head"]["ref"] == "crashfix/issue-1" and "Fixes #1" in pr["body"]
    sent = fake.calls("POST", r"/pulls$")
    assert [c["json"]["draft"] for c in sent] == [draft]                  # asked of GitHub, not defaulted by it
    assert ("It is a draft: review it before merging" in pr["body"]) is draft    # the body says what it is
    assert "review it before merging; crashfix never merges anything" in pr["body"]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_the_repos_image_is_the_runs_image(app_on_github, gh, tmp_path):
    """The run the worker starts opens its Docker sandbox on the repo's image (agent.python.environment
    `prepare` is what the pipeline calls before `open_sandbox(image=...)` with the image it chose)."""
    from agent.python.environment.apply import prepare
    h, image = app_on_github.h, "registry.example/octo/sandbox:3.11-ci"
    _configure(app_on_github, gh, image=image)
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert h.jobs(kind="fix")[0]["state"] == "done"
    (config,) = h.pipeline.configs
    config = replace(config, sandbox="docker")   # as a docker worker runs it (no container is started here)
    env, _, chosen, _ = prepare(config, tmp_path, [])
    assert chosen == image and f"image `{image}` as configured" in env.steps, (chosen, env.steps)
    _configure(app_on_github, gh)                          # without the key: crashfix chooses the image
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert h.pipeline.configs[-1].image is None and not h.pipeline.configs[-1].environment.get("image")


def _created_from(image: str, since: float, until: float) -> list[dict]:
    """The engine's container-create events from `image` in [since, until] (docker events replays them)."""
    out = subprocess.run(["docker", "events", "--since", f"{since:.3f}", "--until", f"{until:.3f}",
                          "--filter", "type=container", "--filter", "event=create", "--filter", f"image={image}",
                          "--format", "{{json .}}"], capture_output=True, text=True, timeout=60, check=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


@pytest.mark.docker
def test_the_repos_image_runs_the_sandbox_and_draft_false_reaches_github(make_harness, gh, sandbox_image, tmp_path):
    """The real pipeline in Docker on the bundled example: the repo names a tagged copy of the sandbox
    image (a name no other run uses), its containers are created from that name, and the fix lands
    as a ready-for-review PR."""
    from agent.pipeline import execute
    from bot.github.api import GitHubAPI, TokenCache
    from gitrepo import make_repo
    own = f"crashfix-test/repo-image:{uuid.uuid4().hex[:12]}"
    subprocess.run(["docker", "tag", sandbox_image, own], check=True, capture_output=True, timeout=60)
    key = rsa_private_key()
    fake = FakeGitHub(private_key=key)
    fake.add_repo(gh.REPO)
    fake.add_issue(gh.REPO, 1, "stockroom fulfil crashes", (EXAMPLE / "report.txt").read_text(), labels=("crashfix",))
    fake.files[(gh.REPO, ".github/crashfix.yml")] = yaml.safe_dump(
        {"test_cmd": "python -m pytest -q", "protected_paths": [".github/**", "tests/**"], "image": own,
         "draft": False})
    fake.roles[(gh.REPO, "Codertocat")] = ("write", "write")
    upstream = tmp_path / "stockroom-upstream"
    shutil.copytree(EXAMPLE / "repo", upstream)
    make_repo(upstream, {".gitignore": "__pycache__/\n"}, "stockroom 1.2.0")
    try:
        with responses.RequestsMock(assert_all_requests_are_fired=False) as rs, \
                GitHTTPServer(tmp_path / "git", lambda: fake.tokens) as server:
            fake.install(rs)
            rs.add_passthru(server.base)
            rs.add_passthru("http+docker://")            # the Docker SDK talks HTTP over its socket
            server.bare(gh.REPO, source=upstream)
            h = make_harness(SANDBOX="docker", APP_ID=4242, PRIVATE_KEY=key)
            h.served_issues = fake.issues
            cache = TokenCache()
            h.worker.api_factory = lambda inst: GitHubAPI(4242, key, inst, git_url=server.base, token_cache=cache,
                                                          seconds_between_requests=0, seconds_between_writes=0)
            h.worker.pipeline = execute
            started = time.time() - 1
            assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
            ended = time.time() + 1
            job = h.jobs(kind="fix")[0]
            assert job["state"] == "done", job["error"]
            result = json.loads(job["result"])
        created = _created_from(own, started, ended)
    finally:
        subprocess.run(["docker", "rmi", "--no-prune", own], capture_output=True, timeout=60)
    assert result["status"] == "fixed", result
    assert created, f"no container of the run was created from {own}"
    assert all(e["Actor"]["Attributes"]["image"] == own for e in created)
    (pr,) = fake.pulls.values()
    assert pr["draft"] is False and pr["head"]["ref"] == "crashfix/issue-1"
    assert [c["json"]["draft"] for c in fake.calls("POST", r"/pulls$")] == [False]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")
