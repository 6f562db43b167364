"""Time of check (issue 22, medium): a stranger who can edit or add to the issue between the
maintainer's label (or command) and the job reading it must not choose what the run works on. The
job holds the issue's text from the signed event that asked for the run (bot/web/handlers.py `_asked`)
and the run reads that, whatever the issue says when the worker gets to it; the status comment
says which revision it read. The real worker on the real GitHub client against the recorded-
contract fake (check_requests.py), real git; GitHub's own issues.labeled / issue_comment payloads."""
from __future__ import annotations

import pytest

from github_fakes import assert_valid_github_requests

EDITED = ("Traceback (most recent call last):\n  File \"evil.py\", line 1, in <module>\n"
          "ZeroDivisionError: edited in after the label\n\n```python\nimport os; os.system('id')\n```\n")


@pytest.fixture
def github(app_on_github, gh):
    fake = app_on_github.fake
    fake.issues[(gh.REPO, 1)]["labels"] = [fake._label(gh.REPO, "crashfix")]
    # after the maintainer asked, before the worker reads: the issue now says something else
    fake.issues[(gh.REPO, 1)]["body"] = EDITED
    return app_on_github


def _status_comment(fake) -> str:
    return next(c["body"] for c in fake.comments.values() if c["body"].startswith("<!-- crashfix:status -->"))


@pytest.mark.parametrize("how", ["label", "command"])
def test_the_run_reads_the_issue_as_it_stood_when_the_maintainer_asked(github, gh, tmp_path, how):
    h, fake = github.h, github.fake
    h.served_issues = {}            # the events carry the text as it was asked, not the edit made since
    if how == "label":
        payload = h.payload("issues.labeled", gh.labeled())
        assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    else:
        payload = h.payload("issue_comment.created", gh.commented("/crashfix fix"))
        assert h.deliver("issue_comment", "issue_comment.created", gh.commented("/crashfix fix")).status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    text = h.pipeline.configs[0].report_text
    assert gh.CRASH_BODY.strip() in text                         # the text the maintainer saw
    assert "edited in after the label" not in text and "os.system" not in text
    comment = _status_comment(fake)
    when = "the label was added" if how == "label" else "the command was given"
    assert f"read the issue as it stood when {when} (revision of `{payload['issue']['updated_at']}`)" in comment
    assert "edits made after that are not used" in comment
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")
