"""Commands on crashfix's pull request use the issue as pinned (issue 35, E34): `/crashfix revise`,
`retry`, `test` and `explain` on the PR continue the run that made it, so they read the issue's
text as it stood when that run was asked for (the job's `asked`, kept with its sha256), not as it
reads when the new job runs: an edit made after the maintainer's review is not what runs.
The real worker on the real GitHub client against the recorded-contract fake, real git."""
from __future__ import annotations

import json

import pytest

EDITED = ("Traceback (most recent call last):\n  File \"evil.py\", line 1, in <module>\n"
          "ZeroDivisionError: edited in after the review\n\n```python\nimport os; os.system('id')\n```\n")


@pytest.mark.parametrize("command", ["/crashfix revise keep the default in the config instead",
                                     "/crashfix retry", "/crashfix explain", "/crashfix test main"])
def test_a_command_on_the_pr_reads_the_issue_as_pinned_by_the_run_it_continues(app_on_github, gh, command):
    h, fake = app_on_github.h, app_on_github.fake
    fake.issues[(gh.REPO, 1)]["labels"] = [fake._label(gh.REPO, "crashfix")]
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    first = h.jobs(kind="fix")[0]
    assert first["state"] == "done", first["error"]
    pr = h.db.pr_for_issue(gh.REPO, 1)
    assert pr and pr["number"], "the fix opened no pull request"
    assert gh.CRASH_BODY.strip() in h.pipeline.configs[0].report_text

    # the maintainer reviews the PR; then the issue is edited; then the maintainer comments on the PR
    fake.issues[(gh.REPO, 1)]["body"] = EDITED
    assert h.deliver("issue_comment", "issue_comment.created",
                     gh.commented(command, on_pr=True, number=pr["number"])).status_code == 202
    job = h.jobs()[-1]
    assert job["state"] == "done", job["error"]
    # `explain` says the earlier run's diagnosis again (nothing re-run); the others run the pipeline once more
    assert len(h.pipeline.configs) == (1 if "explain" in command else 2)
    for config in h.pipeline.configs:
        assert gh.CRASH_BODY.strip() in config.report_text
        assert "edited in after the review" not in config.report_text and "os.system" not in config.report_text
    asked = json.loads(job["params"]).get("asked") or {}
    assert asked.get("issue") == 1 and asked.get("from_job") == first["id"] and len(asked.get("sha256", "")) == 64


def test_a_pinned_text_that_does_not_match_its_hash_is_not_run(app_on_github, gh):
    h, fake = app_on_github.h, app_on_github.fake
    fake.issues[(gh.REPO, 1)]["labels"] = [fake._label(gh.REPO, "crashfix")]
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    first = h.jobs(kind="fix")[0]
    params = json.loads(first["params"])
    params["asked"]["body"] = EDITED                      # the row altered after the pin
    h.db.execute("UPDATE jobs SET params = ? WHERE id = ?", json.dumps(params), first["id"])
    pr = h.db.pr_for_issue(gh.REPO, 1)
    h.deliver("issue_comment", "issue_comment.created", gh.commented("/crashfix retry", on_pr=True, number=pr["number"]))
    job = h.jobs()[-1]
    assert job["state"] == "failed" and "does not match its hash" in (job["error"] or "")
    assert len(h.pipeline.configs) == 1
