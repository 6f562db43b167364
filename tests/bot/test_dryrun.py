"""bot/github/dryrun.py, bot/github/dry_state.py: the dry run records every write as an op, answers reads from a
simulated GitHub that the webhook payloads and the writes keep up to date, and reads files and clones
from a local repository; the server's dry-run mode end to end (a signed webhook in, ops logged, nothing sent)."""
from __future__ import annotations

import json
import socket
from types import SimpleNamespace

import pytest
import responses

from bot.github.dry_state import DryState, observe, state_of
from bot.github.dryrun import DryRunAPI, for_data_dir
from bot.github.api import installation_api
from bot.settings import SettingsError, load_settings
from gitrepo import make_repo

REPO = "octo-org/hello-world"


def payload(**over) -> dict:
    base = {"repository": {"full_name": REPO, "default_branch": "trunk",
                           "clone_url": "https://ghe.example.com/octo-org/hello-world.git"},
            "issue": {"number": 4, "title": "crash", "body": "Traceback ...", "state": "open", "locked": False,
                      "labels": [{"name": "bug"}], "user": {"login": "reporter"}},
            "sender": {"login": "mona", "type": "User"}}
    return {**base, **over}


def test_dry_run_sends_nothing_and_records_every_write_as_an_op(tmp_path):
    settings = SimpleNamespace(APP_ID=None, PRIVATE_KEY=None, PRIVATE_KEY_PATH=None,
                               GITHUB_API_URL="https://api.github.com", DATA_DIR=tmp_path)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:   # no mock: any request raises
        api = installation_api(settings, 77)
        assert isinstance(api, DryRunAPI)
        assert api.token() is None
        assert api.get_issue(REPO, 4)["number"] == 4 and api.list_open_issues(REPO) == []
        assert api.read_file(REPO, ".github/crashfix.yml") is None and api.default_branch(REPO) == "main"
        assert api.find_open_pr(REPO, "crashfix/issue-4") is None and api.permission(REPO, "alice") == "none"
        api.add_labels(REPO, 4, ["crashfix"])
        cid = api.comment(REPO, 4, "parsed")
        api.edit_comment(REPO, cid, "reproducing")
        api.react(REPO, cid, "eyes")
        check = api.create_check_run(REPO, "b" * 40, "crashfix", status="in_progress", title="running")
        pr = api.open_pr(REPO, "crashfix/issue-4", "main", "Fix", "Fixes #4", draft=True)
        api.update_pr(REPO, pr["number"], "Fix", "Fixes #4 (2)")
        api.update_check_run(REPO, check, status="completed", conclusion="success", text="log")
        api.remove_label(REPO, 4, "crashfix")
        api.delete_branch(REPO, "crashfix/issue-4")
        summary = api.create_issue(REPO, "crashfix: the backlog", "1 crash")
        api.edit_issue(REPO, summary, "crashfix: the backlog", "2 crashes")
        assert len(rs.calls) == 0
    ops = [a["op"] for a in api.actions]
    assert ops == ["label.add", "comment.create", "comment.edit", "reaction.add", "check.create", "pr.create",
                   "pr.update", "check.update", "label.remove", "branch.delete", "issue.create", "issue.edit"]
    assert api.get_issue(REPO, summary)["body"] == "2 crashes" and summary != pr["number"]
    lines = [json.loads(line) for line in (tmp_path / "dry-run.jsonl").read_text().splitlines()]
    assert [a["op"] for a in lines] == ops
    assert lines[1] == {**lines[1], "repo": REPO, "number": 4, "body": "parsed", "action": "comment"}
    assert lines[4]["status"] == "in_progress" and lines[7]["conclusion"] == "success" and lines[7]["body"] == "log"
    assert lines[5]["body"] == "Fixes #4" and lines[5]["draft"] is True
    assert lines[5]["number"] not in (cid, check)              # made-up ids never collide


def test_reads_come_from_the_payloads_and_see_the_apps_own_writes():
    state = DryState()
    observe(state, payload())
    observe(state, payload(comment={"id": 900, "body": "/crashfix fix", "user": {"login": "mona"}}))
    api = DryRunAPI(state=state)
    issue = api.get_issue(REPO, 4)
    assert issue["title"] == "crash" and issue["labels"] == ["bug"] and issue["author"] == "reporter"
    assert [i["number"] for i in api.list_open_issues(REPO)] == [4]
    assert api.permission(REPO, "mona") == "write"             # a sender counts as a writer
    assert api.permission(REPO, "stranger") == "none"
    assert api.default_branch(REPO) == "trunk"
    assert api.git_url(REPO) == "https://ghe.example.com/octo-org/hello-world.git"   # no local repo: the payload's
    api.add_labels(REPO, 4, ["crashfix", "bug"])
    api.remove_label(REPO, 4, "bug")
    assert api.get_issue(REPO, 4)["labels"] == ["crashfix"]
    cid = api.comment(REPO, 4, "working")
    api.edit_comment(REPO, cid, "done")
    assert [(c["id"], c["body"], c["author_type"]) for c in api.list_comments(REPO, 4)] == \
        [(900, "/crashfix fix", "User"), (cid, "done", "Bot")]                  # the App's own comment is the Bot's
    assert api.actions[-1]["number"] == 4                        # an edit names the issue it is on
    pr = api.open_pr(REPO, "crashfix/issue-4", "trunk", "Fix", "Fixes #4", True)
    assert pr["number"] > 4 and api.find_open_pr(REPO, "crashfix/issue-4")["number"] == pr["number"]
    assert [p["number"] for p in api.list_open_prs(REPO)] == [pr["number"]]
    state = DryState()
    with state.open() as s:
        s["permissions"][REPO] = {"mona": "read"}
    observe(state, payload())
    assert DryRunAPI(state=state).permission(REPO, "mona") == "read"   # what the state says wins


def test_the_state_file_is_shared_by_every_api_of_a_data_dir(tmp_path):
    observe(state_of(tmp_path), payload())
    first, second = for_data_dir(tmp_path), for_data_dir(tmp_path)
    cid = first.comment(REPO, 4, "one")
    second.edit_comment(REPO, cid, "two")
    assert [c["body"] for c in first.list_comments(REPO, 4)] == ["two"]
    assert second.comment(REPO, 4, "three") != cid


def test_a_local_repository_stands_in_for_files_branch_and_clone(tmp_path):
    local = make_repo(tmp_path / "local", {".github/crashfix.yml": "trigger_label: fixme\n", "src/app.py": "x = 1\n"})
    api = for_data_dir(tmp_path / "data", local)
    observe(api.state, payload())
    assert api.default_branch(REPO) == "main"                    # the local repository's, not the payload's
    assert api.read_file(REPO, ".github/crashfix.yml") == "trigger_label: fixme\n"
    assert api.read_file(REPO, "missing.txt") is None
    assert sorted(api.list_files(REPO, "main")) == [".github/crashfix.yml", "src/app.py"]
    assert api.list_files(REPO, "trunk") == api.list_files(REPO, "main")     # the payload's default branch
    assert api.read_file(REPO, "src/app.py", ref="--output=/tmp/x") is None   # never an option to git
    assert api.git_url(REPO) == str(local.resolve())
    assert api.read_file("octo-org/.github", ".github/crashfix.yml") is None   # not a repository of the webhooks


def test_the_dry_run_repo_setting_is_checked(tmp_path):
    with pytest.raises(SettingsError, match="DRY_RUN_REPO.*not a git repository"):
        load_settings(env={}, DRY_RUN_REPO=tmp_path)
    local = make_repo(tmp_path / "local", {"a.py": "a = 1\n"})
    assert load_settings(env={"CRASHFIX_DRY_RUN_REPO": str(local)}).DRY_RUN_REPO == local
    with pytest.raises(SettingsError, match="DRY_RUN_REPO.*App credentials"):
        load_settings(env={}, DRY_RUN_REPO=local, APP_ID=1, PRIVATE_KEY="-----BEGIN RSA PRIVATE KEY-----\n")


@pytest.fixture
def no_network(monkeypatch):
    """Any connection to anything but a local socket fails the test."""
    real = socket.socket.connect

    def connect(sock, address):
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            raise AssertionError(f"a dry run connected to {address}")
        return real(sock, address)
    monkeypatch.setattr(socket.socket, "connect", connect)


def test_the_server_in_dry_run_mode_reads_the_payload_and_the_local_repo_and_logs_every_op(
        make_harness, gh, git_repo, no_network):
    h = make_harness(DRY_RUN_REPO=git_repo)
    assert h.settings.dry_run
    h.worker.api_factory = lambda inst: installation_api(h.settings, inst)     # the worker's default

    def crash(edit):
        def apply(p):
            edit(p)
            p["issue"]["body"], p["issue"]["labels"] = gh.CRASH_BODY, [{"name": "crashfix"}]
        return apply
    opened = h.deliver("issues", "issues.opened", crash(lambda p: None))
    labelled = h.deliver("issues", "issues.labeled", crash(gh.labeled("crashfix", login="octocat")))
    assert opened.status_code == labelled.status_code == 202
    fix = h.jobs(kind="fix")[0]
    assert fix["state"] == "done", fix["error"]
    ops = [json.loads(line) for line in (h.settings.DATA_DIR / "dry-run.jsonl").read_text().splitlines()]
    names = [o["op"] for o in ops]
    assert "label.add" in names and names.index("comment.create") < names.index("branch.push")
    push, pr = ops[names.index("branch.push")], ops[names.index("pr.create")]
    assert names.index("branch.push") < names.index("pr.create") and "check.create" in names
    assert push["branch"] == "crashfix/issue-1" and push["remote"] == str(git_repo.resolve())
    assert "+print('hello')" in push["diff"] and pr["draft"] is True and "Fixes #1" in pr["body"]
    assert not any("write access" in (o.get("body") or "") for o in ops)     # octocat (the sender) is a writer
    assert {o["repo"] for o in ops} == {gh.REPO}
    shown = [json.loads(e["body"])["op"] for job in h.jobs() for e in h.db.job_events(job["id"], "dry_run")]
    assert shown == names                                                      # the dashboard's copy, job by job
