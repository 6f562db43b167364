"""One issue's whole conversation (triage → fix → retry → retry → revise → explain), through the real
webhook, router, worker and GitHub client against the recorded-contract stand-in GitHub, with a
git server that demands the installation token. The pipeline is a scripted stand-in returning the
real `Result` of each outcome (no sandbox). Asserted: the exact writes, one status comment edited in
place, true words at each stage, one question to the reporter, no error text on GitHub."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from agent.render import write_outputs
from agent.reports import parse
from agent.records import Attempt, Reproduction
from agent.run import Progress, Result, Run
from agent.candidates import Candidate
from agent.judge.validate import Verdict
from github_fakes import assert_valid_github_requests

PATCH = "--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-print('hi')\n+print('hello')\n"
STEPS = {"not_reproduced": ("parse", "prepare", "reproduce"), "error": ("parse", "prepare", "reproduce", "analyse",
                                                                        "research"),
         "fixed": ("parse", "prepare", "reproduce", "analyse", "candidates", "validate")}


def scripted(*statuses: str):
    """A pipeline stand-in: the n-th run ends as the n-th status, with what such a run records."""
    left = list(statuses)

    def run(config, progress):
        status = left.pop(0)
        for phase in STEPS[status]:
            progress(Progress(phase, "parsed: python AttributeError: `@here` <b>x</b>" if phase == "parse"
                              else f"{phase}…"))
        done = Run(config, status=status, report=parse(config.report_text), timings={"reproduce": 2.0})
        if status == "not_reproduced":
            done.reproduction = Reproduction(tries=0, attempts=[
                Attempt("issue code block", "python snippet.py", False, 0, "", 1, "exit 0, no traceback"),
                Attempt("call site: fulfil", "python -c 'import stockroom'", False, 1,
                        "ModuleNotFoundError: No module named 'stockroom'", 3, "an ImportError, not the crash")])
            done.error = "the crash did not reproduce; tried issue code block: `python snippet.py` (exit 0)"
        else:
            done.reproduction = Reproduction(command="python -m stockroom", how="call site", tries=3, crashed=3)
        if status == "error":
            done.error, done.error_kind = "LLMUnavailable: connection refused by http://10.1.2.3:8000/v1", "llm"
        if status == "fixed":
            best = Verdict(Candidate(PATCH, "guard None", "none_guard", files=("app.py",)), validated=True,
                           reason="validated", applied=True, clean_runs=3, tries=3)
            done.verdicts, done.best = [best], best
        result = Result.of(done)
        write_outputs(result, config.out)                # what the real pipeline leaves in the run folder
        return result
    return run


@pytest.fixture
def world(app_on_github, gh, tmp_path):
    """tests/bot/conftest.py's App on the fake GitHub; every request it recorded passes the checker."""
    h, fake = app_on_github.h, app_on_github.fake
    h.fake, h.repo = fake, gh.REPO
    yield h
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def command(h, gh, text: str, number: int = 1, on_pr: bool = False):
    """A maintainer's comment on GitHub (so the 👀 reaction has a comment to go to), then its webhook."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    cid = h.fake._id()
    h.fake.comments[cid] = {"id": cid, "node_id": "IC_x", "body": text, "user": h.fake._user("Codertocat"),
                            "url": f"https://api.github.com/repos/{gh.REPO}/issues/comments/{cid}",
                            "html_url": f"https://github.com/{gh.REPO}/issues/{number}#issuecomment-{cid}",
                            "issue_url": f"https://api.github.com/repos/{gh.REPO}/issues/{number}",
                            "number": number, "created_at": now, "updated_at": now, "edits": 0}
    edit = gh.commented(text, on_pr=on_pr, number=number)

    def with_id(p):
        edit(p)
        p["comment"]["id"] = cid
    assert h.deliver("issue_comment", "issue_comment.created.with-installation", with_id).status_code == 202
    return h.jobs()[-1]


def bots(h) -> list[dict]:
    return [c for c in h.fake.comments.values() if c["user"]["login"] == "crashfix[bot]"]


def writes(h, since: int = 0) -> list[tuple[str, str]]:
    """GitHub's writes from the `since`-th recorded request on: (method, path), ids as N."""
    import re
    return [(r["method"], re.sub(r"/\d{4,}", "/N", r["url"].removeprefix("https://api.github.com/repos/" + h.repo)))
            for r in h.fake.recorded[since:] if r["method"] != "GET" and "access_tokens" not in r["url"]]


def run_section(body: str) -> str:
    return body.split("<!-- crashfix:run ")[1].split("<!-- crashfix:earlier -->")[0]


def test_an_issue_lives_in_one_status_comment_edited_in_place(world, gh):
    h, fake = world, world.fake
    h.worker.pipeline = scripted("not_reproduced", "error", "fixed", "fixed", "fixed")

    # triage: the status comment is created, with what was parsed
    assert h.deliver("issues", "issues.opened").status_code == 202
    (status,) = bots(h)
    sid = status["id"]
    assert status["body"].splitlines()[1] == "<!-- crashfix:status -->"
    assert "parsed a **python** crash" in status["body"]
    assert "To ask for a fix, add the label `crashfix` or comment `/crashfix fix`." in status["body"]
    assert [lab["name"] for lab in fake.issues[(gh.REPO, 1)]["labels"]] == ["crash:python"]

    assert writes(h) == [("POST", "/issues/1/labels"), ("POST", "/issues/1/comments")]

    # the label: a run that did not reproduce says so, and asks the reporter once
    mark = len(fake.recorded)
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    edit = ("PATCH", "/issues/comments/N")
    assert writes(h, mark) == [edit] * 3 + [                                    # running: parse, set-up, reproduce
        ("POST", "/issues/1/comments"), edit,                                    # the question, the outcome
        ("DELETE", "/issues/1/labels/crashfix")]               # no PR: no check run (bot/conversation/checks.py)
    assert h.jobs(kind="fix")[-1]["state"] == "done"
    status, question = bots(h)
    assert status["id"] == sid
    body = status["body"]
    assert "parsed a **python** crash" in body                                   # the triage part stays
    assert "To ask for a fix" not in body                                        # ...less its stale invitation
    run = run_section(body)
    assert "**label `crashfix`** · [job 2](https://crashfix.example.org/dashboard/jobs/2): `not_reproduced`" in run
    assert "- [x] Parse the crash report: a python crash, `AttributeError`" in run
    assert "- [ ] Reproduce the crash ❌: did not crash in 2 attempt(s)" in run
    assert "- [x] Reproduce" not in run and "Root cause" not in run and "done." not in run
    assert "**Crash:** `AttributeError" in run and "**Not confirmed:** crashfix could not make this crash happen" in run
    assert "crashfix asked the reporter" in run and "/crashfix retry" not in run
    q = question["body"]
    assert q.startswith("<!-- crashfix:comment=") and "<!-- crashfix:question -->" in q
    assert "@reporter thanks for the report" in q
    assert "`python snippet.py` exited 0" in q and "**The input**" in q and "**The dependencies**" in q
    assert "root cause" not in q.lower()

    # /crashfix retry: the model endpoint fails; plain words, no error text, the first run kept as a headline
    job = command(h, gh, "/crashfix retry")
    assert job["state"] == "done"
    status, question2 = bots(h)
    assert (status["id"], question2["id"], question2["body"]) == (sid, question["id"], q)   # asked once
    run = run_section(status["body"])
    assert "**`/crashfix retry`** · [job 3]" in run and "`error`: the run stopped" in run
    assert "**What happened:** The research agent's model endpoint failed." in run
    assert "- [ ] Investigate the cause (frames, debugger, history) ❌" in run
    assert "LLMUnavailable" not in status["body"] and "10.1.2.3" not in status["body"]
    assert "<summary>Earlier runs (1)</summary>" in status["body"]
    assert "- **label `crashfix`** · [job 2](https://crashfix.example.org/dashboard/jobs/2): `not_reproduced`" \
        in status["body"]

    # /crashfix retry again: fixed, a draft PR; the command block in the PR only
    mark = len(fake.recorded)
    assert command(h, gh, "/crashfix retry")["state"] == "done"
    assert writes(h, mark) == [("POST", "/issues/comments/N/reactions"), edit] \
        + [edit] * 5 + [("POST", "/pulls"), ("POST", "/check-runs"), edit]      # the check run on the PR's commit
    (pr,) = fake.pulls.values()
    assert pr["draft"] and "<summary>Commands</summary>" in pr["body"]
    status = bots(h)[0]
    run = run_section(status["body"])
    assert f"`fixed`: a patch passed validation; pull request #{pr['number']}" in run
    assert f"- [x] Open a pull request: opened #{pr['number']}" in run
    assert "- [x] Validate candidate patches: 1 of 1 candidate(s) passed" in run
    assert "Commands" not in status["body"]

    # /crashfix revise on the PR: the same PR updated, still the same status comment
    assert command(h, gh, "/crashfix revise keep the print", number=pr["number"], on_pr=True)["state"] == "done"
    assert len(fake.pulls) == 1 and len(fake.calls("PATCH", rf"/pulls/{pr['number']}$")) == 1
    run = run_section(bots(h)[0]["body"])
    assert "**`/crashfix revise`**" in run and f"- [x] Open a pull request: updated #{pr['number']}" in run

    # /crashfix explain: what the last run found, in a few lines, never "fixed", nothing re-run
    ran = len(h.jobs(kind="fix"))
    assert command(h, gh, "/crashfix explain")["state"] == "done"
    status = bots(h)[0]
    run = run_section(status["body"])
    assert "**`/crashfix explain`**" in run and "`fixed`" not in run and "## crashfix" not in run
    assert "what is known, from [job 4](https://crashfix.example.org/dashboard/jobs/4) (a patch passed validation)" \
        in run and "Open a pull request" not in run and "Nothing was re-run" in run
    assert "- **The crash:** `AttributeError" in run and "Root cause" not in run      # no cause it did not establish
    assert f"- **The patch:** `guard None` (validated, 3/3 clean runs); pull request #{pr['number']}" in run
    assert "```diff" not in run and len(run) < 1500 and len(h.jobs(kind="fix")) == ran
    assert "Reproduce the crash" not in run
    assert "<summary>Earlier runs (4)</summary>" in status["body"]

    # the exact writes on the issue: two comments made (status, question), the status one edited in place
    made = fake.calls("POST", r"/issues/1/comments$")
    assert len(made) == 2 and [c["id"] for c in bots(h)] == [sid, question["id"]]
    assert fake.comments[sid]["edits"] == len(fake.calls("PATCH", rf"/issues/comments/{sid}$")) >= 10
    assert not fake.calls("PATCH", rf"/issues/comments/{question['id']}$")
    assert len(fake.reactions) == 4 and {r["content"] for r in fake.reactions} == {"eyes"}
    assert all(json.loads(j["result"]).get("comment") == sid for j in h.jobs() if j["kind"] in ("fix", "revise",
                                                                                                "explain"))


def test_a_deleted_status_comment_is_posted_anew_and_a_crash_of_crashfix_is_said_plainly(world, gh):
    h, fake = world, world.fake

    def broken(config, progress):
        progress(Progress("parse", "parsed: python AttributeError"))
        progress(Progress("prepare", "prepare…"))
        raise RuntimeError("boom at /srv/crashfix/secret-path")
    h.worker.pipeline = broken
    assert h.deliver("issues", "issues.opened").status_code == 202
    (first,) = bots(h)
    del fake.comments[first["id"]]                                   # a maintainer deleted it
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    job = h.jobs(kind="fix")[-1]
    assert job["state"] == "failed" and job["error"] == "RuntimeError: boom at /srv/crashfix/secret-path"
    assert [e["body"] for e in h.db.job_events(job["id"], "failure")] == [job["error"]]
    (status,) = bots(h)
    body = status["body"]
    assert status["id"] != first["id"] and "parsed a **python** crash" in body      # the triage part kept
    assert "- [x] Parse the crash report" in body and "- [ ] Set up the project in a sandbox ❌" in body
    assert "**What happened:** crashfix hit a bug of its own." in body
    assert "RuntimeError" not in body and "boom" not in body and "/crashfix retry" not in body


def test_a_help_reply_github_refuses_is_not_answered_with_its_error(world, gh):
    h, fake = world, world.fake
    fake.fail_next("POST", r"/issues/1/comments$", 404, body={"message": "Not Found"})
    job = command(h, gh, "/crashfix frobnicate")
    assert job["kind"] == "help" and job["state"] == "failed"
    assert "404" in h.db.job_events(job["id"], "failure")[0]["body"]
    assert not bots(h)                                              # nothing posted, and no "retry" advice


def test_a_cancelled_run_says_it_was_cancelled_not_failed(world, gh):
    h = world

    def cancelled_midway(config, progress):
        progress(Progress("parse", "parsed: python AttributeError"))
        h.db.execute("UPDATE jobs SET cancel_requested = 1 WHERE kind = 'fix'")      # `/crashfix cancel`
        progress(Progress("prepare", "prepare…"))
        raise AssertionError("the cancel stops the run at its next step")
    h.worker.pipeline = cancelled_midway
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert h.jobs(kind="fix")[-1]["state"] == "cancelled"
    (status,) = bots(h)
    run = run_section(status["body"])
    assert "**label `crashfix`** · [job 1](https://crashfix.example.org/dashboard/jobs/1): cancelled" in run
    assert "- [x] Parse the crash report" in run and "- [ ] Set up the project in a sandbox\n" in run
    assert "❌" not in run and "`error`" not in run and "nothing was published" in run


def test_the_reporter_is_asked_once_however_many_runs_do_not_reproduce(world, gh):
    h, fake = world, world.fake
    h.worker.pipeline = scripted("not_reproduced", "not_reproduced")
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert command(h, gh, "/crashfix retry")["state"] == "done"
    status, question = bots(h)
    assert "<!-- crashfix:question -->" in question["body"] and question["body"].count("Could you add") == 1
    assert "crashfix asked the reporter" in run_section(status["body"])
    assert len(fake.calls("POST", r"/issues/1/comments$")) == 2 and question["edits"] == 0
    h.db.execute("DELETE FROM issue_comments")                 # a database started afresh: found by marker
    h.worker.pipeline = scripted("not_reproduced")
    assert command(h, gh, "/crashfix retry")["state"] == "done"
    assert len(fake.calls("POST", r"/issues/1/comments$")) == 2 and [c["id"] for c in bots(h)] == \
        [status["id"], question["id"]]


def test_crashfix_test_answers_in_its_own_part_of_the_status_comment(world, gh):
    h, fake = world, world.fake
    h.worker.pipeline = scripted("not_reproduced", "error")
    assert h.deliver("issues", "issues.opened").status_code == 202
    (status,) = bots(h)
    job = command(h, gh, "/crashfix test release-1.2")
    assert job["state"] == "done" and job["kind"] == "test"
    (after,) = bots(h)                                              # no reply comment: the same status comment
    assert after["id"] == status["id"] and len(fake.calls("POST", r"/issues/1/comments$")) == 1
    run = run_section(after["body"])
    assert f"**`/crashfix test`** · [job {job['id']}]" in run
    assert "the crash does **not** reproduce on `release-1.2`" in run
    assert "Tried: `python snippet.py` (exit 0); `python -c 'import stockroom'` (exit 1)." in run
    assert "parsed a **python** crash" in after["body"]                          # the triage part stays
    assert json.loads(h.jobs(id=job["id"])[0]["result"])["comment"] == status["id"]

    second = command(h, gh, "/crashfix test v2")                    # edited in place; the first run a headline
    (again,) = bots(h)
    assert again["id"] == status["id"] and len(fake.calls("POST", r"/issues/1/comments$")) == 1
    run = run_section(again["body"])
    assert f"[job {second['id']}]" in run and "the crash **reproduces** on `v2`" in run
    assert "It crashed in 3 of 3 run(s) of `python -m stockroom`." in run
    assert "<summary>Earlier runs (1)</summary>" in again["body"]
    assert "does **not** reproduce on `release-1.2`" in again["body"].split("<!-- crashfix:earlier -->")[1]


def test_a_cancel_with_nothing_to_cancel_is_answered_with_a_reaction_not_a_comment(world, gh):
    h, fake = world, world.fake
    job = command(h, gh, "/crashfix cancel")
    assert job["state"] == "done" and json.loads(job["result"])["nothing"] is True
    assert not bots(h) and not fake.calls("POST", r"/issues/1/comments$")
    assert [r["content"] for r in fake.reactions] == ["confused"]               # nothing to cancel: 😕 alone

    fake.fail_next("POST", r"/issues/comments/\d+/reactions$", 404, times=10)    # reactions are cosmetic
    job = command(h, gh, "/crashfix cancel")
    assert job["state"] == "done" and json.loads(job["result"])["reacted"] is False
    assert not bots(h) and len(fake.reactions) == 1


@pytest.mark.parametrize("server, said", [("refusing", "could not be reached"),
                                          ("unauthorized", "refused crashfix's credentials (its API key)")])
def test_an_unusable_model_endpoint_ends_the_run_at_once_in_plain_words(world, gh, monkeypatch, server, said):
    import time

    import endpoints
    import yaml
    h, fake = world, world.fake
    ran = []
    h.worker.pipeline = lambda config, progress: ran.append(config)
    fake.files[(gh.REPO, ".github/crashfix.yml")] = yaml.safe_dump({**gh.CONFIG, "strategies": ["templates", "llm"]})
    with getattr(endpoints, server)() as url:
        monkeypatch.setenv("CRASHFIX_LLM_BASE_URL", url)
        monkeypatch.setenv("CRASHFIX_LLM_MODEL", "gpt-test")
        monkeypatch.setenv("CRASHFIX_LLM_API_KEY", "sk-secret-key-123456")
        start = time.monotonic()
        assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
        assert time.monotonic() - start < 10                        # one probe, no retries
    job = h.jobs(kind="fix")[-1]
    assert job["state"] == "failed" and ran == [] and job["attempts"] == 1
    (event,) = h.db.job_events(job["id"], "failure")
    assert event["body"].startswith("EndpointUnusable: LLM endpoint not usable: " + url.rstrip("/"))
    (status,) = bots(h)
    run = run_section(status["body"])
    assert f"**What happened:** crashfix did not start the run: the research agent's model endpoint {said}" in run
    assert "`crashfix doctor`" in run and "❌" not in run and "- [x]" not in run       # no step was reached
    assert url.split("//")[1].split("/")[0] not in status["body"] and "sk-secret" not in status["body"]
    assert "EndpointUnusable" not in status["body"]


def test_a_config_that_uses_no_model_is_not_probed(world, gh, monkeypatch):
    import endpoints
    h = world
    h.worker.pipeline = scripted("fixed")
    with endpoints.refusing() as url:                                # CONFIG: templates only
        monkeypatch.setenv("CRASHFIX_LLM_BASE_URL", url)
        monkeypatch.setenv("CRASHFIX_LLM_MODEL", "gpt-test")
        assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert h.jobs(kind="fix")[-1]["state"] == "done"


def top(body: str) -> str:
    """The status comment's first line under its heading (markers are not shown on GitHub)."""
    below = body.split("### crashfix", 1)[1].splitlines()
    return next(line for line in below if line.strip() and not line.startswith("<!--"))


def test_the_top_line_keeps_the_best_standing_result_through_later_commands(world, gh):
    h, fake = world, world.fake
    h.worker.pipeline = scripted("fixed", "error", "not_reproduced")          # explain re-runs nothing
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202     # fix: a PR
    (pr,) = fake.pulls.values()
    standing = f"**Standing result:** `fixed`: pull request #{pr['number']} (label `crashfix` · [job 1]"
    assert top(bots(h)[0]["body"]).startswith(standing)

    assert command(h, gh, "/crashfix test 1.0.12")["state"] == "done"              # a failed command: under it
    body = bots(h)[0]["body"]
    assert top(body).startswith(standing) and "**`/crashfix test`** · [job 2]" in run_section(body)

    assert command(h, gh, "/crashfix explain")["state"] == "done"
    body = bots(h)[0]["body"]
    assert top(body).startswith(standing) and "what is known, from [job 1]" in run_section(body)

    assert command(h, gh, "/crashfix cancel")["state"] == "done"                   # nothing to cancel
    assert top(bots(h)[0]["body"]).startswith(standing)

    assert command(h, gh, "/crashfix retry")["state"] == "done"                    # a worse retry: under it
    body = bots(h)[0]["body"]
    assert top(body).startswith(standing) and "`not_reproduced`" in run_section(body)
    assert body.count("Standing result") == 1 and len(fake.pulls) == 1
