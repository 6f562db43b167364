"""What reaches the repository from an issue's code, through the real worker, the real GitHub client
against the recorded fake GitHub and a git server that demands the installation token:

- the regression test (it runs the issue author's code) is shown in the PR body, not pushed, unless the
  repository opted in (`regression_test: push`), and then the PR says whose code it runs;
- every commit crashfix pushes carries `[skip ci]`, so no workflow runs on it before review; a
  maintainer's `/crashfix ci` re-commits the same files without it; nobody else's does.
"""
from __future__ import annotations

import subprocess
import time
from datetime import datetime, timezone

import pytest
import yaml
from github_fakes import assert_valid_github_requests

from agent.python.ladder import plan, regression
from agent.reports.model import CrashReport

PAYLOAD = 'import pathlib; pathlib.Path("PWNED").write_text("ran in CI")'
SNIPPET = f'```python\nimport app\nprint("```` and \\"\\"\\"")  # {PAYLOAD}\n```\n'


def _git(h, fake_repo, *args) -> str:
    return subprocess.run(["git", *args], cwd=fake_repo, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def shipped(app_on_github, gh, tmp_path):
    """The App on the fake GitHub; the pipeline (the harness's stand-in) reproduces with a regression
    test that crashfix's own builder made from the issue's code block."""
    env = app_on_github
    issue = env.fake.issues[(gh.REPO, 1)]
    issue["body"] += "\n" + SNIPPET
    fake_run = gh.fake_pipeline()

    def pipeline(config, progress):
        result = fake_run(config, progress)
        trial = plan.rung1(config.report_text, ["app.py"], lambda p: None)[0]
        test = regression.build(CrashReport(kind="python", type="AttributeError", title="x"), "fulfil",
                                trial.script, trial.how, ["app.py"])
        result.regression_test, result.regression_patch, result.regression_text = test.path, test.patch, test.text
        return result

    env.h.worker.pipeline = pipeline
    env.bare = tmp_path / "ghgit" / f"{gh.REPO}.git"
    return env


def _now(edit):
    def now(p):
        edit(p)
        p["comment"]["created_at"] = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return now


def _config(env, gh, **extra):
    env.fake.files[(gh.REPO, ".github/crashfix.yml")] = yaml.safe_dump({**gh.CONFIG, **extra})


def _fix(env, gh) -> dict:
    assert env.h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = env.h.jobs(kind="fix")[-1]
    assert job["state"] == "done", job["error"]
    (pr,) = env.fake.pulls.values()
    return pr


def test_by_default_the_regression_test_is_shown_not_pushed(shipped, gh, tmp_path):
    pr = _fix(shipped, gh)
    tree = _git(shipped.h, shipped.bare, "ls-tree", "-r", "--name-only", "crashfix/issue-1")
    assert "test_crashfix" not in tree                                    # not on the branch
    body = pr["body"]
    assert "Regression test (not on the branch)" in body and "written by `reporter` (#1)" in body
    assert PAYLOAD in body                                                # shown for review
    section = body.split("<summary>Regression test (not on the branch)", 1)[1]
    fence = next(line for line in section.split("\n") if line.startswith("```"))
    assert fence.startswith("`````") and fence.endswith("python")        # longer than the issue's ````
    assert "[skip ci]" in _git(shipped.h, shipped.bare, "log", "-1", "--format=%B", "crashfix/issue-1")
    assert "`/crashfix ci` to run it" in body and "CI has not run: crashfix's commits carry `[skip ci]`" in body
    assert_valid_github_requests(shipped.fake.recorded, tmp_path, "--github-app")


def test_opted_in_the_file_is_pushed_and_the_pr_names_whose_code_it_runs(shipped, gh):
    _config(shipped, gh, regression_test="push")
    pr = _fix(shipped, gh)
    tree = _git(shipped.h, shipped.bare, "ls-tree", "-r", "--name-only", "crashfix/issue-1")
    assert "test_crashfix_attributeerror_in_fulfil.py" in tree
    assert "is on this branch, and it runs code from the issue, written by `reporter` (#1)" in pr["body"]


def test_a_bad_regression_test_setting_is_refused_like_the_others(shipped, gh):
    _config(shipped, gh, regression_test="always")
    assert shipped.h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert not shipped.fake.pulls
    said = "\n".join(c["body"] for c in shipped.fake.comments.values())
    assert "regression_test" in said and "the configuration is not valid" in said


def test_ci_starts_only_on_a_maintainers_request_with_the_same_files(shipped, gh, tmp_path):
    pr = _fix(shipped, gh)
    shipped.fake.add_issue(gh.REPO, pr["number"], pr["title"], pr["body"], pull_request=True)   # a PR is an issue too
    before = _git(shipped.h, shipped.bare, "rev-parse", "crashfix/issue-1").strip()
    time.sleep(1.1)                          # the request comes in a later second than the commit
    # someone without write access asks: refused, nothing pushed
    shipped.fake.roles[(gh.REPO, "mallory")] = ("read", "read")
    shipped.h.deliver("issue_comment", "issue_comment.created",
                      gh.commented("/crashfix ci", login="mallory", on_pr=True, number=pr["number"]))
    assert _git(shipped.h, shipped.bare, "rev-parse", "crashfix/issue-1").strip() == before
    # a request written before the head commit was pushed (the payload's date, 2019) reviewed another commit
    shipped.h.deliver("issue_comment", "issue_comment.created",
                      gh.commented("/crashfix ci", on_pr=True, number=pr["number"]))
    assert _git(shipped.h, shipped.bare, "rev-parse", "crashfix/issue-1").strip() == before
    assert any("was pushed after your request" in c["body"] for c in shipped.fake.comments.values())
    # the maintainer asks after review
    shipped.h.deliver("issue_comment", "issue_comment.created",
                      _now(gh.commented("/crashfix ci again", on_pr=True, number=pr["number"])))
    job = shipped.h.jobs(kind="ci")[-1]
    assert job["state"] == "done", job["error"]
    after = _git(shipped.h, shipped.bare, "rev-parse", "crashfix/issue-1").strip()
    assert after != before
    message = _git(shipped.h, shipped.bare, "log", "-1", "--format=%B", after)
    assert "[skip ci]" not in message and "CI requested after review by Codertocat" in message
    assert _git(shipped.h, shipped.bare, "rev-parse", f"{after}^{{tree}}") == \
        _git(shipped.h, shipped.bare, "rev-parse", f"{before}^{{tree}}")
    assert _git(shipped.h, shipped.bare, "rev-parse", f"{after}^") == _git(shipped.h, shipped.bare, "rev-parse", f"{before}^")
    said = [c["body"] for c in shipped.fake.comments.values() if "CI started on" in c["body"]]
    assert said and before[:12] in said[0]
    assert_valid_github_requests(shipped.fake.recorded, tmp_path, "--github-app")
