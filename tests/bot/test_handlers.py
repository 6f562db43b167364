"""Events end to end: real payload -> handler -> job row -> queue (immediate) -> worker -> fake API."""
from __future__ import annotations

import json

import pytest

from bot.commands import parse_command


# -- installations -------------------------------------------------------------------------
def test_installation_created_deleted_and_repositories(harness):
    assert harness.deliver("installation", "installation.created").status_code == 202     # a backlog scan queued
    inst = harness.db.one("SELECT * FROM installations")
    assert inst["id"] == 957387 and inst["account"] == "Codertocat" and inst["deleted"] == 0
    assert [r["full_name"] for r in harness.db.all("SELECT * FROM repos WHERE active = 1")] == ["Codertocat/Hello-World"]

    harness.deliver("installation_repositories", "installation_repositories.added")         # Codertocat/Space
    harness.deliver("installation_repositories", "installation_repositories.removed")       # octocat/Hello-World
    repos = {r["full_name"]: r["active"] for r in harness.db.all("SELECT * FROM repos")}
    assert repos == {"Codertocat/Hello-World": 1, "Codertocat/Space": 1, "octocat/Hello-World": 0}

    harness.deliver("installation", "installation.deleted")                                 # installation 2
    assert harness.db.one("SELECT deleted FROM installations WHERE id = 2")["deleted"] == 1
    assert harness.db.one("SELECT deleted FROM installations WHERE id = 957387")["deleted"] == 0

    def ours(p):
        p["installation"]["id"] = 957387
    harness.deliver("installation", "installation.deleted", ours)
    assert harness.db.one("SELECT deleted FROM installations WHERE id = 957387")["deleted"] == 1
    assert harness.db.one("SELECT COUNT(*) AS n FROM repos WHERE active = 1")["n"] == 0
    assert [(j["repo"], j["state"]) for j in harness.jobs(kind="backlog")] == [
        ("Codertocat/Hello-World", "done"), ("Codertocat/Space", "done")]           # each repo given: one scan
    assert [c[0] for c in harness.api.calls if c[0] not in ("read_file", "list_open_issues")] == []   # no issues: no writes


def test_suspended_installation_runs_no_jobs(harness, gh):
    def suspend(p):
        p["action"] = "suspend"
        p["installation"]["id"] = gh.INSTALLATION["id"]
    harness.deliver("installation", "installation.created", suspend)
    harness.deliver("issues", "issues.labeled", gh.labeled())
    job = harness.jobs(kind="fix")[0]
    assert job["state"] == "cancelled" and "suspended" in job["error"]
    assert harness.api.calls == [] and harness.api.published() == []


# -- triage --------------------------------------------------------------------------------
def _with_body(body, title=None):
    def edit(p):
        p["issue"]["body"] = body
        if title:
            p["issue"]["title"] = title
    return edit


def test_opened_issue_with_a_crash_gets_labels_and_one_comment(harness, gh):
    harness.api.issues[(gh.REPO, 1)] = {"number": 1, "title": "fulfil crashes", "body": gh.CRASH_BODY,
                                        "state": "open", "labels": [], "pull_request": False}
    r = harness.deliver("issues", "issues.opened", _with_body(gh.CRASH_BODY))
    assert r.status_code == 202
    assert harness.api.named("add_labels") == [("add_labels", gh.REPO, 1, ["crash:python"])]
    comments = harness.api.named("comment")
    assert len(comments) == 1 and "AttributeError" in comments[0][3]

    # an edit re-triages: the same comment is edited (only if its text changed), never a second one
    harness.api.issues[(gh.REPO, 1)]["body"] = gh.CRASH_BODY.replace("line 22", "line 23")
    harness.deliver("issues", "issues.edited")
    assert len(harness.api.named("comment")) == 1
    edits = harness.api.named("edit_comment")
    assert len(edits) == 1 and edits[0][2] == 1001
    harness.deliver("issues", "issues.edited")
    assert len(harness.api.named("comment")) == 1 and len(harness.api.named("edit_comment")) == 1


def test_issue_without_a_crash_gets_no_comment(harness, gh):
    # the real issues.opened example: "It looks like you accidently spelled 'commit' with two 't's."
    issue = gh.example("issues.opened")["issue"]
    harness.api.issues[(gh.REPO, 1)] = {"number": 1, "title": issue["title"], "body": issue["body"],
                                        "state": "open", "labels": [], "pull_request": False}
    r = harness.deliver("issues", "issues.opened")
    assert r.status_code == 202
    job = harness.jobs(kind="triage")[0]
    assert job["state"] == "done" and '"found": false' in job["result"]
    assert harness.api.named("comment") == [] and harness.api.named("add_labels") == []


def test_duplicates_by_signature_among_open_issues(harness, gh):
    for n in (1, 7, 9):
        body = gh.CRASH_BODY if n != 9 else "ValueError somewhere, no traceback"
        harness.api.issues[(gh.REPO, n)] = {"number": n, "title": f"issue {n}", "body": body, "state": "open",
                                            "labels": [], "pull_request": False}
    harness.deliver("issues", "issues.opened")
    comment = harness.api.named("comment")[0][3]
    assert "#7" in comment and "#9" not in comment


@pytest.fixture(scope="module")
def app_key():
    from github_fakes import rsa_private_key
    return rsa_private_key()


def _recorded_github(harness, gh, app_key):
    """The harness's worker talking to a FakeGitHub through the real GitHubAPI (PyGithub)."""
    import responses

    from bot.github.api import GitHubAPI, TokenCache
    from github_fakes import FakeGitHub
    fake = FakeGitHub(app_id=4242, private_key=app_key)
    fake.add_repo(gh.REPO, default_branch="master")
    fake.add_issue(gh.REPO, 1, "fulfil crashes", gh.CRASH_BODY)
    for path in ("src/stockroom/orders.py", "src/stockroom/__init__.py", "tests/test_orders.py", "README.md"):
        fake.files[(gh.REPO, path)] = f"# {path}\n"
    rs = responses.RequestsMock(assert_all_requests_are_fired=False)
    fake.install(rs)
    harness.api = GitHubAPI(4242, app_key, gh.INSTALLATION["id"], token_cache=TokenCache(),
                            seconds_between_requests=0, seconds_between_writes=0)
    return fake, rs


def test_triage_points_at_the_repo_file_through_one_tree_request(harness, gh, app_key, tmp_path):
    from github_fakes import assert_valid_github_requests
    fake, rs = _recorded_github(harness, gh, app_key)
    with rs:
        assert harness.deliver("issues", "issues.opened", _with_body(gh.CRASH_BODY)).status_code == 202
    trees = fake.calls("GET", r"/git/trees/")
    assert [r["url"] for r in trees] == [
        "https://api.github.com/repos/Codertocat/Hello-World/git/trees/master?recursive=1"]
    (comment,) = fake.comments.values()
    assert ("Guilty frame `fulfil` at [`src/stockroom/orders.py:22`]"
            "(https://github.com/Codertocat/Hello-World/blob/master/src/stockroom/orders.py#L22)") in comment["body"]
    assert "/home/alice" not in comment["body"]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_triage_comments_without_locations_when_the_tree_request_fails(harness, gh, app_key, tmp_path):
    from github_fakes import assert_valid_github_requests
    fake, rs = _recorded_github(harness, gh, app_key)
    fake.fail_next("GET", r"/git/trees/", 404, body={"message": "Not Found"})
    with rs:
        assert harness.deliver("issues", "issues.opened", _with_body(gh.CRASH_BODY)).status_code == 202
    job = harness.jobs(kind="triage")[0]
    assert job["state"] == "done", job["error"]
    (comment,) = fake.comments.values()
    assert "Guilty frame `fulfil` at `/home/alice/src/stockroom/src/stockroom/orders.py:22`" in comment["body"]
    assert "blob/" not in comment["body"]
    assert [lab["name"] for lab in fake.issues[(gh.REPO, 1)]["labels"]] == ["crash:python"]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_triage_ignores_issues_opened_by_the_app_itself(harness, gh):
    def by_self(p):
        p["sender"]["login"], p["sender"]["type"] = "crashfix[bot]", "Bot"
    assert harness.deliver("issues", "issues.opened", by_self).status_code == 200
    assert harness.jobs() == []


# -- labels --------------------------------------------------------------------------------
def test_trigger_label_by_a_writer_runs_a_fix_and_records_the_pr(harness, gh):
    r = harness.deliver("issues", "issues.labeled", gh.labeled())
    assert r.status_code == 202
    job = harness.jobs(kind="fix")[0]
    assert job["state"] == "done" and job["started_at"] and job["finished_at"] and job["attempts"] == 1
    assert len(harness.api.published()) == 1 and harness.api.published()[0]["opened"]
    pr = harness.db.pr_for_issue(gh.REPO, 1)
    assert pr["number"] == 100 and pr["branch"] == "crashfix/issue-1" and pr["state"] == "open"
    cfg = harness.pipeline.configs[0]
    assert cfg.sandbox == "local" and cfg.test_cmd == "python -m pytest -q" and cfg.strategy == "templates"
    assert cfg.out == harness.settings.runs_dir / str(job["id"])
    assert cfg.protected("docs/x.md") and not cfg.protected("src/a.py")
    assert "AttributeError" in cfg.report_text
    assert not (cfg.out / "checkout").exists(), "the clone is removed after the run"


def test_the_installation_token_reaches_git_through_the_environment_only(harness, gh, monkeypatch):
    import base64
    import subprocess
    seen = []
    real = subprocess.run

    def record(argv, *a, **kw):
        seen.append((list(argv), kw.get("env") or {}))
        return real(argv, *a, **kw)
    monkeypatch.setattr(subprocess, "run", record)
    harness.deliver("issues", "issues.labeled", gh.labeled())
    clones = [(argv, env) for argv, env in seen if "clone" in argv]
    assert len(clones) == 1
    argv, env = clones[0]
    assert not any("ghs_faketoken" in part for part in argv)
    assert env["GIT_CONFIG_KEY_0"] == "http.extraHeader" and env["GIT_TERMINAL_PROMPT"] == "0"
    assert base64.b64decode(env["GIT_CONFIG_VALUE_0"].split()[-1]) == b"x-access-token:ghs_faketoken"


def test_other_labels_run_nothing_and_say_nothing(harness, gh):
    harness.deliver("issues", "issues.labeled", gh.labeled("bug"))
    job = harness.jobs(kind="fix")[0]
    assert job["state"] == "cancelled" and "not the trigger label" in job["error"]
    assert harness.api.named("comment") == [] and harness.api.published() == []
    harness.deliver("issues", "issues.labeled", gh.labeled("crash:python"))     # our own triage labels
    assert len(harness.jobs()) == 1


def test_a_repo_may_choose_its_trigger_label(harness, gh):
    harness.config(trigger_label="autofix")
    harness.deliver("issues", "issues.labeled", gh.labeled("crashfix"))
    harness.deliver("issues", "issues.labeled", gh.labeled("autofix"))
    assert [j["state"] for j in harness.jobs(kind="fix")] == ["cancelled", "done"]


def test_triage_names_the_repos_own_trigger_label(harness, gh, app_key):
    fake, rs = _recorded_github(harness, gh, app_key)
    fake.files[(gh.REPO, ".github/crashfix.yml")] = "trigger_label: autofix\n"
    with rs:
        assert harness.deliver("issues", "issues.opened", _with_body(gh.CRASH_BODY)).status_code == 202
    (comment,) = fake.comments.values()
    assert "add the label `autofix` or comment `/crashfix fix`" in comment["body"]
    assert "label `crashfix`" not in comment["body"]


def test_label_by_a_user_without_write_access_is_refused_politely_once(harness, gh):
    harness.api.permissions["Codertocat"] = "triage"
    harness.deliver("issues", "issues.labeled", gh.labeled())
    harness.deliver("issues", "issues.labeled", gh.labeled())
    assert harness.api.published() == [] and harness.pipeline.configs == []
    assert [j["state"] for j in harness.jobs(kind="fix")] == ["cancelled", "cancelled"]
    comments = harness.api.named("comment")
    assert len(comments) == 1 and "write access" in comments[0][3] and "@Codertocat" in comments[0][3]


def test_labels_by_bots_are_ignored(harness, gh):
    assert harness.deliver("issues", "issues.labeled", gh.labeled(login="dependabot[bot]", kind="Bot")).status_code == 200
    assert harness.jobs() == []


# -- commands ------------------------------------------------------------------------------
def test_fix_command_by_a_writer_gets_eyes_and_a_pr(harness, gh):
    r = harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix"))
    assert r.status_code == 202
    assert harness.api.named("react") == [("react", gh.REPO, 444500041, "eyes")] or \
        harness.api.named("react")[0][3] == "eyes"
    assert len(harness.api.published()) == 1


def test_command_by_a_reader_is_refused_once_and_runs_nothing(harness, gh):
    harness.api.permissions["Codertocat"] = "read"
    for _ in range(2):
        harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix"))
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix explain"))
    assert harness.pipeline.configs == [] and harness.api.published() == []
    # one reply says why; each later refusal is answered by a `confused` reaction, never 👀
    assert [c[3] for c in harness.api.named("react")] == ["confused", "confused"]
    assert len(harness.api.named("comment")) == 1
    assert all(j["state"] == "cancelled" and j["error"].startswith("refused") for j in harness.jobs())


@pytest.mark.parametrize("login,kind", [("some-bot[bot]", "Bot"), ("crashfix[bot]", "Bot"), ("crashfix", "User")])
def test_commands_from_bots_and_the_app_itself_are_ignored(make_harness, gh, login, kind):
    h = make_harness(BOT_LOGIN="crashfix")
    r = h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix", login, kind))
    assert r.status_code == 200 and h.jobs() == []


def test_comments_without_a_command_are_ignored(harness, gh):
    r = harness.deliver("issue_comment", "issue_comment.created.with-installation")
    assert r.status_code == 200 and harness.jobs() == []


def test_explain_comments_the_diagnosis_and_opens_no_pr(harness, gh):
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix explain"))
    assert harness.api.published() == []
    comments, edits = harness.api.named("comment"), harness.api.named("edit_comment")
    assert len(comments) == 1 and "crashfix:status" in comments[0][3]          # the status comment, edited
    final = edits[-1][3]
    assert "**Crash:**" in final and "`fixed`" not in final and "## crashfix: fixed" not in final
    assert "Open a pull request" not in final and "`/crashfix explain` opens no pull request" in final


def test_test_command_reproduces_against_a_ref_and_reports(harness, gh):
    harness.deliver("issue_comment", "issue_comment.created.with-installation",
                    gh.commented("/crashfix test release-1.2"))
    cfg = harness.pipeline.configs[0]
    assert cfg.ref == "release-1.2" and cfg.max_candidates == 0
    (made,) = harness.api.named("comment")                   # the status comment, then edited in place
    final = harness.api.named("edit_comment")[-1][3]
    assert "crashfix:status" in made[3] and "**`/crashfix test`**" in final
    assert "the crash **reproduces** on `release-1.2`" in final and "It crashed in 3 of 3 run(s)" in final
    assert harness.api.published() == []


def test_revise_on_the_crashfix_pr_reruns_with_the_feedback_and_updates_the_same_pr(harness, gh):
    harness.deliver("issues", "issues.labeled", gh.labeled())
    assert harness.db.pr_for_issue(gh.REPO, 1)["number"] == 100
    r = harness.deliver("issue_comment", "issue_comment.created.with-installation",
                        gh.commented("/crashfix revise keep the warning,\nand skip the line", on_pr=True, number=100))
    assert r.status_code == 202
    cfg = harness.pipeline.configs[-1]
    assert "keep the warning,\nand skip the line" in cfg.report_text
    assert [c["issue"] for c in harness.api.published()] == [1, 1] and not harness.api.published()[1]["opened"]
    assert harness.db.one("SELECT COUNT(*) AS n FROM prs")["n"] == 1


def test_revise_on_a_pr_crashfix_did_not_open_is_refused_once(harness, gh):
    for _ in range(2):
        harness.deliver("issue_comment", "issue_comment.created.with-installation",
                        gh.commented("/crashfix revise no", on_pr=True, number=55))
    assert harness.pipeline.configs == []
    assert len(harness.api.named("comment")) == 1


def test_unknown_command_gets_the_usage_once(harness, gh):
    for _ in range(2):
        harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix frobnicate"))
    comments = harness.api.named("comment")
    assert len(comments) == 1 and "unknown command" in comments[0][3] and "/crashfix fix" in comments[0][3]


def test_cancel_cancels_a_queued_fix(make_harness, gh):
    from bot.jobs.queue import JobQueue
    h = make_harness()
    real = JobQueue(h.settings)                             # not immediate: jobs wait in the queue
    h.app.extensions["crashfix"].queue = real
    h.deliver("issues", "issues.labeled", gh.labeled())
    h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix cancel"))
    fix, cancel = h.jobs()
    h.worker.run(cancel["id"])
    assert h.jobs(kind="fix")[0]["state"] == "cancelled"
    h.worker.run(fix["id"])                                 # the queue still delivers it: nothing happens
    assert h.pipeline.configs == [] and h.api.published() == []
    assert "Cancelled 1 queued job" in h.api.named("comment")[0][3]


def test_cancel_stops_a_running_fix_at_its_next_progress_step(harness, gh):
    """A fix is running; a /crashfix cancel arrives; the fix's progress callback runs it and stops."""
    original = harness.pipeline

    def pipeline(config, progress):
        with harness.db.tx() as tx:
            from bot.jobs.store import create_job
            create_job(tx, "cancel", installation_id=gh.INSTALLATION["id"], repo=gh.REPO, issue=1,
                             sender="Codertocat", params={"trigger": "command", "comment_id": 5}, dedupe=False)
        return original(config, progress)

    harness.worker.pipeline = pipeline
    harness.deliver("issues", "issues.labeled", gh.labeled())
    fix = harness.jobs(kind="fix")[0]
    assert fix["state"] == "cancelled" and harness.api.published() == []
    assert harness.jobs(kind="cancel")[0]["state"] == "done"


# -- pull requests -------------------------------------------------------------------------
def _closed(branch="crashfix/issue-1", merged=True):
    def edit(p):
        p["pull_request"]["head"]["ref"] = branch
        p["pull_request"]["merged"] = merged
        p["number"] = 100
    return edit


def test_closed_crashfix_pr_is_recorded_and_its_branch_deleted(harness, gh):
    harness.deliver("issues", "issues.labeled", gh.labeled())
    r = harness.deliver("pull_request", "pull_request.closed", _closed(merged=True))
    assert r.status_code == 202
    pr = harness.db.pr_for_issue(gh.REPO, 1)
    assert pr["state"] == "closed" and pr["merged"] == 1
    assert harness.api.named("delete_branch") == [("delete_branch", gh.REPO, "crashfix/issue-1")]


def test_closed_unmerged_is_recorded_too_and_other_prs_are_ignored(harness, gh):
    harness.deliver("issues", "issues.labeled", gh.labeled())
    harness.deliver("pull_request", "pull_request.closed", _closed(merged=False))
    assert harness.db.pr_for_issue(gh.REPO, 1)["merged"] == 0
    assert harness.db.pr_for_issue(gh.REPO, 1)["state"] == "closed"
    r = harness.deliver("pull_request", "pull_request.closed")          # the example's own branch
    assert r.status_code == 200 and len(harness.api.named("delete_branch")) == 1


# -- one PR ----------------------------------------------------------------------------------
def test_the_same_fix_triggered_twice_makes_one_pr(harness, gh):
    harness.deliver("issues", "issues.labeled", gh.labeled())
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix"))
    assert [c["opened"] for c in harness.api.published()] == [True, False]
    assert harness.db.one("SELECT COUNT(*) AS n FROM prs")["n"] == 1


def test_the_same_fix_triggered_twice_while_queued_runs_once(make_harness, gh):
    from bot.jobs.queue import JobQueue
    h = make_harness()
    queue = JobQueue(h.settings)                      # a real (SQLite) huey queue: jobs wait until drained
    queue.attach(h.worker.run)
    h.app.extensions["crashfix"].queue = queue
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    r = h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix"))
    first, second = h.jobs(kind="fix")                # the second only answers "already running (job N)"
    assert r.status_code == 202 and "busy" not in json.loads(first["params"])
    assert json.loads(second["params"])["busy"] == first["id"]
    assert h.pipeline.configs == [] and queue.pending() == 2
    while (task := queue.huey.dequeue()) is not None:            # what a worker process does with them
        queue.huey.execute(task)
    first, second = h.jobs(kind="fix")
    assert len(h.pipeline.configs) == 1 and [c["opened"] for c in h.api.published()] == [True]
    assert first["state"] == "done" and json.loads(first["result"])["status"] == "fixed"
    assert second["state"] == "cancelled" and f"already running (job {first['id']})" in second["error"], second


# -- command parsing -----------------------------------------------------------------------
@pytest.mark.parametrize("body,name,arg", [
    ("/crashfix fix", "fix", ""),
    ("  /crashfix   Fix  ", "fix", ""),
    ("thanks!\n/crashfix retry\n", "retry", ""),
    ("/crashfix explain please", "explain", ""),
    ("/crashfix test v1.2.0", "test", "v1.2.0"),
    ("/crashfix test feature/x extra words", "test", "feature/x"),
    ("/crashfix revise use a default\nnot None", "revise", "use a default\nnot None"),
    ("/crashfix cancel", "cancel", ""),
])
def test_parse_command(body, name, arg):
    cmd = parse_command(body)
    assert cmd is not None and cmd.valid and (cmd.name, cmd.arg) == (name, arg)


@pytest.mark.parametrize("body", ["", "nothing", "> /crashfix fix", "```\n/crashfix fix\n```", "/crashfixed it",
                                  "see /crashfix fix"])
def test_no_command(body):
    assert parse_command(body) is None


@pytest.mark.parametrize("body,why", [("/crashfix", "which command"), ("/crashfix nuke", "unknown command"),
                                      ("/crashfix revise", "needs feedback"), ("/crashfix test", "needs a branch"),
                                      ("/crashfix test --upload-pack=evil", "not a valid"),
                                      ("/crashfix test a..b", "not a valid")])
def test_invalid_commands_explain_themselves(body, why):
    cmd = parse_command(body)
    assert cmd is not None and not cmd.valid and why in cmd.error and cmd.kind == "help"
