"""A run's marks on GitHub through the real client (PyGithub) against the recorded-contract fake:
the check run goes in_progress -> completed with the true conclusion, linked to the job's page;
the trigger label is removed whatever the outcome; every write is kept for the dashboard; a
failed reaction never fails the job. Every recorded request passes check_requests.py."""
from __future__ import annotations

import json

import pytest

from github_fakes import assert_valid_github_requests

PUBLIC = "https://crashfix.example.org"


@pytest.fixture
def github(app_on_github, gh):
    """tests/bot/conftest.py's App on the fake GitHub, its issue #1 carrying the trigger label."""
    fake = app_on_github.fake
    fake.issues[(gh.REPO, 1)]["labels"] = [fake._label(gh.REPO, "crashfix")]
    return app_on_github


def _writes(h, job_id: int) -> list[dict]:
    return [json.loads(e["body"]) for e in h.db.job_events(job_id, "write")]


def test_a_fix_check_run_goes_in_progress_then_success_and_the_label_comes_off(github, gh, tmp_path):
    h, fake = github.h, github.fake
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    page = f"{PUBLIC}/dashboard/jobs/{job['id']}"

    # the issue had no PR: nothing on the default branch; the pushed commit (the PR's head) has its check
    (pr_check,) = fake.check_runs
    assert all(c["json"]["head_sha"] != github.head for c in fake.calls("POST", r"/check-runs$"))
    assert pr_check["head_sha"] != github.head and pr_check["details_url"] == page
    assert pr_check["status"] == "completed" and pr_check["conclusion"] == "success"

    assert [lab["name"] for lab in fake.issues[(gh.REPO, 1)]["labels"]] == []
    assert [c["url"] for c in fake.calls("DELETE", r"/labels/")] == [
        f"https://api.github.com/repos/{gh.REPO}/issues/1/labels/crashfix"]
    ops = [w["op"] for w in _writes(h, job["id"])]
    # the status comment says "running" first (bot/conversation), then the check run starts with the pipeline
    assert ops[0] == "comment.create" and ops[-1] == "label.remove" and "check.update" not in ops
    assert ops.index("pr.create") < ops.index("check.create")
    assert all(w["sent"] and w["ok"] for w in _writes(h, job["id"]))
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


@pytest.mark.parametrize("status, conclusion", [("not_fixed", "neutral"), ("not_reproduced", "neutral"),
                                                ("env_broken", "failure"), ("error", "failure")])
def test_a_run_that_fixed_nothing_concludes_as_it_ended(github, gh, tmp_path, status, conclusion):
    h, fake = github.h, github.fake
    h.worker.pipeline = gh.fake_pipeline(status)
    h.deliver("issues", "issues.labeled", gh.labeled())
    assert h.jobs(kind="fix")[0]["state"] in ("done", "failed")
    assert fake.check_runs == []                        # an issue with no PR: reported on the issue only
    assert fake.pulls == {} and fake.issues[(gh.REPO, 1)]["labels"] == []
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_job_that_fails_still_completes_its_check_and_removes_the_label(github, gh, tmp_path):
    h, fake = github.h, github.fake

    def broken(config, listener):
        raise RuntimeError("the pipeline broke")
    h.worker.pipeline = broken
    h.deliver("issues", "issues.labeled", gh.labeled())
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "failed"
    assert fake.check_runs == []                                        # no PR: no check run, main stays green
    assert fake.issues[(gh.REPO, 1)]["labels"] == []
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_another_label_is_neither_a_run_nor_removed(github, gh):
    h, fake = github.h, github.fake
    fake.issues[(gh.REPO, 1)]["labels"] = [fake._label(gh.REPO, "bug")]
    h.deliver("issues", "issues.labeled", gh.labeled("bug"))
    assert h.jobs(kind="fix")[0]["state"] == "cancelled"
    assert fake.check_runs == [] and fake.calls("DELETE", r"/labels/") == []
    assert [lab["name"] for lab in fake.issues[(gh.REPO, 1)]["labels"]] == ["bug"]


def test_a_failed_eyes_reaction_is_logged_and_the_job_goes_on(github, gh, tmp_path, caplog):
    h, fake = github.h, github.fake
    fake.fail_next("POST", r"/reactions$", 403, body={"message": "Resource not accessible by integration"})
    h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix", number=1))
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    assert len(fake.pulls) == 1 and fake.reactions == []
    failed = [w for w in _writes(h, job["id"]) if not w["ok"]]
    assert [(w["op"], w["content"]) for w in failed] == [("reaction.add", "eyes")]
    assert "403" in failed[0]["error"] and "the eyes reaction failed (the job goes on)" in caplog.text
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_without_a_public_url_nothing_links_anywhere(make_harness, gh):
    from bot.conversation.checks import job_url
    h = make_harness()
    assert job_url(h.settings, 7) is None
    assert job_url(make_harness(PUBLIC_URL=PUBLIC + "/").settings, 7) == f"{PUBLIC}/dashboard/jobs/7"
    h.deliver("issues", "issues.labeled", gh.labeled())
    assert len(h.api.check_runs) == 1 and all(c["details_url"] is None for c in h.api.check_runs.values())


@pytest.mark.parametrize("status, conclusion", [("completed", None), ("in_progress", "success"), ("done", None)])
def test_a_check_run_github_would_refuse_is_never_sent(status, conclusion):
    from bot.github.api import check_run_body
    from bot.github.dryrun import DryRunAPI
    with pytest.raises(ValueError):
        check_run_body(status, conclusion, "t", "s", "", None)
    dry = DryRunAPI()
    with pytest.raises(ValueError):
        dry.update_check_run("o/r", 1, status=status, conclusion=conclusion, title="t")
    assert dry.actions == []


def test_a_label_already_gone_is_not_an_error(github, gh, tmp_path):
    from bot.github.api import GitHubAPI
    github.fake.issues[(gh.REPO, 1)]["labels"] = []
    api = github.h.worker.api_factory(4242)
    assert isinstance(api, GitHubAPI)
    api.remove_label(gh.REPO, 1, "crashfix")                        # 404 from GitHub: nothing to do
    assert [r["url"] for r in github.fake.calls("DELETE", r"/labels/")] == [
        f"https://api.github.com/repos/{gh.REPO}/issues/1/labels/crashfix"]
    assert_valid_github_requests(github.fake.recorded, tmp_path, "--github-app")


@pytest.mark.parametrize("status, conclusion", [("error", "failure"), ("not_reproduced", "neutral")])
def test_a_later_run_reports_on_the_prs_commit_never_on_the_default_branch(github, gh, tmp_path, status, conclusion):
    h, fake = github.h, github.fake
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202      # fixed: a PR
    (pr,) = fake.pulls.values()
    head = pr["head"]["sha"]
    h.worker.pipeline = gh.fake_pipeline(status)
    h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix retry", number=1))
    job = h.jobs(kind="fix")[-1]
    created = fake.calls("POST", r"/check-runs$")
    assert all(c["json"]["head_sha"] != github.head for c in created)
    run_check = fake.check_runs[-1]
    assert created[-1]["json"]["head_sha"] == head and created[-1]["json"]["external_id"] == str(job["id"])
    assert (run_check["status"], run_check["conclusion"]) == ("completed", conclusion), job["error"]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")
