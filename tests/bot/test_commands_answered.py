"""Every command is answered: accepted (👀), refused with the reason, or, when the run it asks
for is already queued or running, "already running (job N)" without a second run."""
from __future__ import annotations

import json

import pytest

from bot.jobs.queue import JobQueue


def _held(make_harness, **settings):
    """A harness whose webhook only queues (the test runs each job with `h.worker.run`)."""
    h = make_harness(**settings)
    h.app.extensions["crashfix"].queue = JobQueue(h.settings)
    return h


def _comment(h, gh, body: str, login: str = "Codertocat"):
    assert h.deliver("issue_comment", "issue_comment.created.with-installation",
                     gh.commented(body, login, number=1)).status_code == 202
    return h.jobs()[-1]


def test_a_second_fix_while_one_is_queued_gets_already_running_and_runs_nothing(make_harness, gh):
    h = _held(make_harness, PUBLIC_URL="https://crashfix.example.org")
    first = _comment(h, gh, "/crashfix fix")
    second = _comment(h, gh, "/crashfix fix")
    assert json.loads(second["params"])["busy"] == first["id"]
    h.worker.run(second["id"])
    (reply,) = h.api.named("comment")
    assert reply[3] == (f"@Codertocat already running (job [{first['id']}]"
                        f"(https://crashfix.example.org/dashboard/jobs/{first['id']})); `/crashfix cancel` stops it.")
    assert h.api.named("react") == [] and h.pipeline.configs == []
    row = h.jobs(id=second["id"])[0]
    assert (row["state"], row["error"]) == ("cancelled", f"already running (job {first['id']})")
    # the first one runs as asked, once
    assert h.worker.run(first["id"]).state == "done"
    assert len(h.pipeline.configs) == 1 and len(h.api.published()) == 1


def test_the_same_answer_is_not_posted_twice_the_repeat_is_acknowledged(make_harness, gh):
    h = _held(make_harness)
    first = _comment(h, gh, "/crashfix fix")
    for _ in range(2):
        h.worker.run(_comment(h, gh, "/crashfix fix")["id"])
    assert [c[3] for c in h.api.named("comment")] == [
        f"@Codertocat already running (job {first['id']}); `/crashfix cancel` stops it."]
    assert [c[3] for c in h.api.named("react")] == ["eyes"]


def test_a_label_during_a_run_is_answered_too(make_harness, gh):
    h = _held(make_harness)
    first = _comment(h, gh, "/crashfix fix")
    h.deliver("issues", "issues.labeled", gh.labeled())
    busy = h.jobs()[-1]
    h.worker.run(busy["id"])
    assert f"already running (job {first['id']})" in h.api.named("comment")[0][3]
    assert h.api.named("remove_label") == [("remove_label", gh.REPO, 1, "crashfix")]    # its run ended


def test_another_label_during_a_run_gets_no_answer(make_harness, gh):
    h = _held(make_harness)
    _comment(h, gh, "/crashfix fix")
    h.deliver("issues", "issues.labeled", gh.labeled("bug"))
    h.worker.run(h.jobs()[-1]["id"])
    assert h.api.named("comment") == [] and h.api.named("remove_label") == []


def test_a_reader_asking_during_a_run_is_refused_not_told_it_runs(make_harness, gh):
    h = _held(make_harness)
    _comment(h, gh, "/crashfix fix")
    h.api.permissions["mallory"] = "read"
    h.worker.run(_comment(h, gh, "/crashfix fix", login="mallory")["id"])
    (reply,) = h.api.named("comment")
    assert "write access" in reply[3] and "already running" not in reply[3]


def test_a_command_for_a_run_that_ended_meanwhile_says_so(make_harness, gh):
    h = _held(make_harness)
    first = _comment(h, gh, "/crashfix fix")
    second = _comment(h, gh, "/crashfix fix")
    h.worker.run(first["id"])
    h.worker.run(second["id"])
    assert h.jobs(id=second["id"])[0]["state"] == "cancelled" and len(h.pipeline.configs) == 1
    assert h.api.named("comment")[-1][3] == (f"@Codertocat job {first['id']}, already running when you asked, "
                                             "has ended since; `/crashfix retry` runs it again.")


def test_an_answer_waits_for_no_slot_of_the_installation(make_harness, gh):
    """The installation may run one pipeline at a time: the answer is not held behind the run."""
    h = _held(make_harness, MAX_JOBS_PER_INSTALLATION=1)
    first = _comment(h, gh, "/crashfix fix")
    h.db.execute("UPDATE jobs SET state = 'running', worker = 'elsewhere:1' WHERE id = ?", first["id"])
    second = _comment(h, gh, "/crashfix fix")
    h.worker.run(second["id"])
    assert h.jobs(id=second["id"])[0]["error"] == f"already running (job {first['id']})"


def test_retry_is_never_already_running(make_harness, gh):
    h = _held(make_harness)
    _comment(h, gh, "/crashfix fix")
    assert "busy" not in json.loads(_comment(h, gh, "/crashfix retry")["params"])


@pytest.mark.parametrize("body", ["/crashfix explain", "/crashfix fix"])
def test_an_accepted_command_gets_eyes_and_nothing_else_to_read(make_harness, gh, body):
    h = make_harness()
    _comment(h, gh, body)
    assert [c[3] for c in h.api.named("react")] == ["eyes"]
    assert all("already running" not in c[3] for c in h.api.named("comment"))


def test_a_failing_reaction_does_not_fail_the_job(make_harness, gh):
    h = make_harness()

    def refuse(repo, comment_id, content):
        raise RuntimeError("403 Resource not accessible by integration")
    h.api.react = refuse
    job = _comment(h, gh, "/crashfix fix")
    row = h.jobs(id=job["id"])[0]
    assert row["state"] == "done", row["error"]
    assert len(h.api.published()) == 1
    (write,) = [json.loads(e["body"]) for e in h.db.job_events(job["id"], "write") if '"reaction.add"' in e["body"]]
    assert write["ok"] is False and "403" in write["error"]


def test_an_unknown_command_is_refused_with_the_usage_then_a_confused_reaction(make_harness, gh):
    h = make_harness()
    for _ in range(2):
        _comment(h, gh, "/crashfix frobnicate")
    (reply,) = h.api.named("comment")
    assert "unknown command `frobnicate`" in reply[3] and "/crashfix fix" in reply[3]
    assert [c[3] for c in h.api.named("react")] == ["confused"]            # never 👀: nothing was accepted


def test_a_command_on_a_pr_crashfix_did_not_open_is_refused(make_harness, gh):
    h = make_harness()
    for _ in range(2):
        h.deliver("issue_comment", "issue_comment.created.with-installation",
                  gh.commented("/crashfix explain", on_pr=True, number=55))
    (reply,) = h.api.named("comment")
    assert "this pull request is not one of them" in reply[3] and h.pipeline.configs == []
    assert [c[3] for c in h.api.named("react")] == ["confused"]             # refused, so never 👀
