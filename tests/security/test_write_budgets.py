"""GitHub writes are declared and bounded (issue 22, medium). Each job kind has a `max` per write
(bot/github/tracked.py BUDGETS, like the safe-outputs of GitHub's agentic workflows): a write past it is
not sent, and is recorded as refused. A repository holds at most `max_open_prs` open crashfix pull
requests (.github/crashfix.yml, default 3): a fix beyond it opens none and its status comment says
why. The real worker on the real GitHub client against the recorded-contract fake, real git."""
from __future__ import annotations

import json

import pytest
import yaml

from bot.conversation.failures import WRITES, for_exception
from bot.jobs.store import create_job
from bot.github.tracked import BUDGETS, Tracked, WriteRefused
from github_fakes import assert_valid_github_requests


def _writes(h, job_id: int) -> list[dict]:
    return [json.loads(e["body"]) for e in h.db.job_events(job_id, "write")]


def _open_crashfix_prs(fake, repo: str, numbers) -> None:
    for n in numbers:
        fake.pulls[(repo, n)] = fake._pull(repo, n, f"crashfix/issue-{n}", "main", f"Fix crash (#{n})", "", True)


@pytest.fixture
def github(app_on_github, gh):
    fake = app_on_github.fake
    fake.issues[(gh.REPO, 1)]["labels"] = [fake._label(gh.REPO, "crashfix")]
    return app_on_github


def _status(fake) -> str:
    return next(c["body"] for c in fake.comments.values() if c["body"].startswith("<!-- crashfix:status -->"))


@pytest.mark.parametrize("limit, open_prs", [(None, (11, 12, 13)), (1, (11,))])
def test_a_fix_beyond_the_open_pr_limit_opens_none_and_says_so(github, gh, tmp_path, limit, open_prs):
    h, fake = github.h, github.fake
    if limit is not None:
        fake.files[(gh.REPO, ".github/crashfix.yml")] = yaml.safe_dump({**gh.CONFIG, "max_open_prs": limit})
    _open_crashfix_prs(fake, gh.REPO, open_prs)
    fake.pulls[(gh.REPO, 14)] = fake._pull(gh.REPO, 14, "crashfix/issue-14", "main", "a stranger's", "", False,
                                           author="mallory")      # a look-alike branch of someone else: not counted
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    assert not fake.calls("POST", r"/pulls$"), "a pull request was opened past the limit"
    status = _status(fake)
    shown = limit if limit is not None else 3
    assert f"already has {len(open_prs)} open crashfix pull request(s)" in status
    assert f"`max_open_prs: {shown}` in .github/crashfix.yml" in status and "no pull request" in status
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_under_the_limit_the_fix_opens_its_pr(github, gh, tmp_path):
    h, fake = github.h, github.fake
    _open_crashfix_prs(fake, gh.REPO, (11, 12))
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done" and json.loads(job["result"])["pr"], job["result"]
    ops = [w["op"] for w in _writes(h, job["id"])]
    for op in set(ops):                                        # a whole fix run fits its declared budget
        assert ops.count(op) <= BUDGETS["fix"].get(op, 0), (op, ops.count(op))


def test_a_write_past_its_budget_is_refused_recorded_and_not_sent(github, gh, tmp_path):
    h, fake = github.h, github.fake
    with h.db.tx() as tx:
        job_id = create_job(tx, "fix", installation_id=gh.INSTALLATION["id"], repo=gh.REPO, issue=1)
    api = Tracked(h.worker.api_factory(gh.INSTALLATION["id"]), h.db, job_id, BUDGETS["fix"])
    before = len(fake.comments)
    for i in range(BUDGETS["fix"]["comment.create"]):
        api.comment(gh.REPO, 1, f"comment {i}")
    with pytest.raises(WriteRefused, match="over this job's budget of 3 comment.create"):
        api.comment(gh.REPO, 1, "one too many")
    with pytest.raises(WriteRefused):
        api.add_labels(gh.REPO, 1, ["anything"])                 # a fix declares no label.add at all
    assert len(fake.comments) == before + 3
    assert "one too many" not in json.dumps(list(fake.comments.values()))
    refused = [w for w in _writes(h, job_id) if w.get("refused")]
    assert [(w["op"], w["sent"], w["ok"]) for w in refused] == [("comment.create", False, False),
                                                                 ("label.add", False, False)]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_refused_write_fails_the_job_and_is_never_sent(github, gh, tmp_path, monkeypatch):
    """A run whose writes go past their budget (here: a fix may edit its comment only twice) fails
    with WriteRefused (bot/conversation/failures.py has plain words for it); no refused write reaches GitHub."""
    h, fake = github.h, github.fake
    monkeypatch.setitem(BUDGETS, "fix", {**BUDGETS["fix"], "comment.edit": 2})
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "failed" and "WriteRefused" in job["error"], job["error"]
    refused = [w for w in _writes(h, job["id"]) if w.get("refused")]
    assert refused and {w["op"] for w in refused} == {"comment.edit"} and not any(w["sent"] for w in refused)
    edits = [w for w in _writes(h, job["id"]) if w["op"] == "comment.edit" and w["sent"]]
    assert len(edits) <= 2 and len(fake.calls("PATCH", r"/issues/comments/\d+$")) == len(edits)
    assert for_exception(WriteRefused("x")) is WRITES
