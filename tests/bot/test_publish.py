"""Publishing a run: a real branch pushed to a local git server that demands the installation token,
a draft PR, a check run, re-runs, refusals, dry run; the status comment a run ends in (its checklist
and outcome, bot/conversation). Every GitHub request is recorded and checked against GitHub's
OpenAPI description (check_requests.py --github-app)."""
from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

import pytest
import responses

from agent.memory import Memory
from agent.compose.compose import compose
from agent.render import write_outputs
from agent.reports import parse
from agent.records import Attempt, Reproduction
from agent.run import Result, Run, RunConfig
from agent.candidates import Candidate
from agent.judge.testrun import TestOutcome as Outcome
from agent.judge.validate import Verdict
from bot.github import push as gitpush
from bot.github.api import GitHubAPI, TokenCache
from bot.github.dryrun import DryRunAPI
from bot.conversation.board import RunBoard
from bot.conversation.checklist import Trigger
from bot.conversation.status import StatusComment
from bot.db import Database
from bot.conversation.publish import publish_result
from bot.repo_config import RepoConfig
from github_fakes import (FakeGitHub, GitHTTPServer, assert_valid_github_requests, basic_auth,
                          rsa_private_key)
from gitrepo import git, make_repo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
REPO = "octo-org/stockroom"
ISSUE = 7


@pytest.fixture(scope="module")
def key() -> str:
    return rsa_private_key()


@pytest.fixture
def fake(key):
    fake = FakeGitHub(private_key=key)
    fake.add_repo(REPO)
    fake.add_issue(REPO, ISSUE, "stockroom fulfil crashes", (EXAMPLE / "report.txt").read_text(),
                   labels=("crashfix",))
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:
        fake.install(rs)
        yield fake


@pytest.fixture
def upstream(tmp_path) -> Path:
    """The project on its default branch, as a plain git repository."""
    src = tmp_path / "upstream"
    shutil.copytree(EXAMPLE / "repo", src)
    return make_repo(src, {".gitignore": "__pycache__/\n"}, "stockroom 1.2.0")


@pytest.fixture
def server(tmp_path, fake, upstream):
    with GitHTTPServer(tmp_path / "git", lambda: fake.tokens) as server:
        server.bare(REPO, source=upstream)
        yield server


@pytest.fixture
def api(key, server):
    return GitHubAPI(4242, key, 1, git_url=server.base, seconds_between_requests=0, seconds_between_writes=0,
                     token_cache=TokenCache())


def checkout(upstream: Path, dest: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(upstream), str(dest)], check=True)
    return dest


def make_run(run_dir: Path, status: str = "fixed", diff: str | None = None) -> Result:
    """The real `Result` of a `Run` (the pipeline's own dataclasses), its folder written by agent.render."""
    text = (EXAMPLE / "report.txt").read_text()
    run = Run(config=RunConfig(repo=str(EXAMPLE / "repo"), report_text=text, out=run_dir,
                               test_cmd="python -m pytest -q", strategy="templates", sandbox="local"),
              status=status, report=parse(text), memory=Memory())
    cmd = "python -m pytest -q tests/test_orders.py::test_unstocked_sku_is_skipped"
    run.reproduction = Reproduction(command=cmd, how="failing test", tries=3, crashed=3, attempts=[
        Attempt("failing test", cmd, True, 1, "E  AttributeError: 'NoneType' object has no attribute 'quantity'")])
    run.tests_before = Outcome("python -m pytest -q", 1, "", passed={f"t{i}" for i in range(10)},
                                   failed={"tests/test_orders.py::test_unstocked_sku_is_skipped"})
    run.memory.add("frame", "fulfil at src/stockroom/orders.py:22: available = min(wanted, item.quantity)",
                   "src/stockroom/orders.py:22")
    run.memory.add("debugger", "at src/stockroom/orders.py:22: item = None, wanted = 1", "pdb")
    run.memory.add("history", "line 22 of src/stockroom/orders.py last changed by 1a2b3c4 (Bob, 2025-03-02): "
                   "ship partial orders", "git log -L")
    wrong = Verdict(Candidate("--- a/x\n+++ b/x\n", "guard None (item): return None", "none_guard",
                              files=("src/stockroom/orders.py",)), reason="crash still happens", tries=3)
    run.verdicts = [wrong]
    if status == "fixed":
        diff = diff or (EXAMPLE / "fix.diff").read_text()
        files = tuple(sorted({line[6:] for line in diff.splitlines() if line.startswith("+++ b/")}))
        run.best = Verdict(Candidate(diff, "guard None (item): skip the iteration when item is None in fulfil "
                                     "(src/stockroom/orders.py:22)", "none_guard", 92.4, files),
                           validated=True, reason="crash gone and no passing test broke", applied=True,
                           clean_runs=3, tries=3, log=["$ " + cmd + "  # exit 0", "1 passed"],
                           tests={"passed": 11, "failed": 0, "skipped": 0, "exit_code": 0, "timed_out": False})
        run.verdicts.append(run.best)
    elif status == "not_fixed":
        run.error = None
    result = Result.of(run)
    write_outputs(result, run_dir)
    return result


@pytest.fixture
def argv(monkeypatch):
    """Every subprocess.run call: (argv, env)."""
    calls: list[tuple[list[str], dict | None]] = []
    real = subprocess.run

    def record(args, *a, **kw):
        calls.append((list(args), kw.get("env")))
        return real(args, *a, **kw)

    monkeypatch.setattr(subprocess, "run", record)
    return calls


def bare_git(server, *args) -> str:
    return git(server.root / f"{REPO}.git", *args)


def test_a_fixed_run_becomes_a_pushed_branch_a_draft_pr_and_a_check_run(
        fake, server, api, upstream, tmp_path, argv, caplog):
    caplog.set_level(logging.DEBUG)
    run = make_run(tmp_path / "run")
    for rendering in ("result.json", "report.md"):           # renderings of the Result: never read back
        (tmp_path / "run" / rendering).unlink()
    clone = checkout(upstream, tmp_path / "clone")

    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, clone, RepoConfig())

    assert out["reason"] is None and out["updated"] is False
    pr = fake.pulls[(REPO, out["pr"])]
    assert out["url"] == pr["html_url"] and pr["draft"] is True
    assert pr["head"]["ref"] == "crashfix/issue-7" and pr["base"]["ref"] == "main"
    assert pr["title"] == "Fix AttributeError in fulfil (#7)"
    body = pr["body"]
    assert "Fixes #7" in body
    for part in ("**Crash:** `AttributeError: 'NoneType' object has no attribute 'quantity'` in `fulfil`",
                 "<summary>Evidence", "fulfil at src/stockroom/orders.py:22", "item = None",
                 "last changed by 1a2b3c4", "**How it was checked:**", "crashed 3 of 3 times", "clean 3 of 3 times",
                 "10 passed, 1 failed before the patch", "11 passed, 0 failed with it", "<summary>Cost", "$0.00",
                 "`/crashfix retry`", "`/crashfix revise <feedback>`", "did not come close", "never merges",
                 "<summary>The patch</summary>", "if item is None:"):
        assert part in body, part
    summary = body.split("<details>", 1)[0]                      # one screen before the details
    assert len([ln for ln in summary.splitlines() if ln.strip()]) <= 20

    # the branch on the server: one commit on top of main, by the bot, holding the patch
    sha = bare_git(server, "rev-parse", "refs/heads/crashfix/issue-7").strip()
    assert sha == out["sha"]
    assert bare_git(server, "rev-parse", f"{sha}^").strip() == git(upstream, "rev-parse", "HEAD").strip()
    author = bare_git(server, "log", "-1", "--format=%an <%ae>|%cn", sha).strip()
    assert author == "crashfix[bot] <987654+crashfix[bot]@users.noreply.github.com>|crashfix[bot]"
    assert "Fixes #7" in bare_git(server, "log", "-1", "--format=%B", sha)
    assert "if item is None:" in bare_git(server, "show", f"{sha}:src/stockroom/orders.py")
    assert bare_git(server, "rev-parse", "refs/heads/main").strip() == git(upstream, "rev-parse", "HEAD").strip()
    # the git server refused nothing: the token went in the header, and only there
    assert server.seen and all(ok for _, _, ok in server.seen)

    check = fake.check_runs[-1]
    assert check["head_sha"] == sha and check["name"] == "crashfix" and check["conclusion"] == "success"
    assert "Reproduction (before the patch)" in check["output"]["text"]
    assert "1 passed" in check["output"]["text"] and "crashed 3 of 3 times" in check["output"]["summary"]

    assert not fake.calls("POST", r"/comments$")           # the issue's status comment is the worker's

    token = fake.tokens[0]
    assert token not in (clone / ".git" / "config").read_text()
    assert token not in (server.root / f"{REPO}.git" / "config").read_text()
    assert all(token not in " ".join(args) for args, _ in argv)
    pushes = [(args, env) for args, env in argv if "push" in args]
    assert len(pushes) == 1
    args, env = pushes[0]
    assert env["GIT_CONFIG_COUNT"] == "1" and env["GIT_CONFIG_KEY_0"] == "http.extraHeader"
    assert env["GIT_CONFIG_VALUE_0"] == "Authorization: " + basic_auth(token)
    assert env["GIT_TERMINAL_PROMPT"] == "0"
    assert token not in caplog.text
    assert not [r for r in fake.recorded if "merge" in r["url"]]             # never merges
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_patch_that_no_longer_applies_is_explained(fake, server, api, upstream, tmp_path):
    run = make_run(tmp_path / "run")
    clone = checkout(upstream, tmp_path / "c")
    orders = clone / "src" / "stockroom" / "orders.py"
    orders.write_text(orders.read_text().replace("item = inventory.find(sku)", "item = inventory.get(sku)"))
    git(clone, "commit", "-q", "-am", "someone changed the line meanwhile")
    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, clone, RepoConfig())
    assert out["pr"] is None
    assert out["reason"].startswith("the patch no longer applies to the default branch (`error: patch failed")
    assert not server.seen and not fake.pulls and not fake.comments
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_rerun_force_pushes_and_updates_the_same_pr(fake, server, api, upstream, tmp_path):
    run = make_run(tmp_path / "run")
    first = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c1"),
                           RepoConfig())
    again_diff = (EXAMPLE / "fix.diff").read_text().replace("            continue\n",
                                                             "            continue  # not stocked\n")
    run2 = make_run(tmp_path / "run2", diff=again_diff)
    second = publish_result(api, REPO, ISSUE, tmp_path / "run2", run2, checkout(upstream, tmp_path / "c2"),
                            RepoConfig())
    assert second["pr"] == first["pr"] and second["updated"] is True
    assert len(fake.pulls) == 1 and len(fake.calls("POST", r"/pulls$")) == 1
    assert len(fake.calls("PATCH", rf"/pulls/{first['pr']}$")) == 1
    assert second["sha"] != first["sha"]
    sha = bare_git(server, "rev-parse", "refs/heads/crashfix/issue-7").strip()
    assert sha == second["sha"]                                  # force-pushed over the first commit
    assert "# not stocked" in bare_git(server, "show", f"{sha}:src/stockroom/orders.py")
    assert [c["head_sha"] for c in fake.check_runs] == [first["sha"], second["sha"]]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_publish_clones_for_itself_when_given_no_checkout(fake, server, api, tmp_path):
    run = make_run(tmp_path / "run")
    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, None, RepoConfig())
    assert out["pr"] and bare_git(server, "rev-parse", "refs/heads/crashfix/issue-7").strip() == out["sha"]
    # the worker's call today: (…, run, clone URL, git env) instead of (…, run, checkout, config)
    again = publish_result(api, REPO, ISSUE, tmp_path / "run", run, server.url(REPO), {"GIT_TERMINAL_PROMPT": "0"})
    assert again["pr"] == out["pr"] and again["updated"] is True
    assert all(ok for _, _, ok in server.seen)                   # the clones used the token too
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


@pytest.mark.parametrize("state, locked, reason", [("closed", False, "issue #7 is closed"),
                                                   ("open", True, "issue #7 is locked")])
def test_no_pr_for_a_closed_or_locked_issue(state, locked, reason, fake, server, api, upstream, tmp_path):
    fake.issues[(REPO, ISSUE)].update(state=state, locked=locked)
    run = make_run(tmp_path / "run")
    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"), RepoConfig())
    assert out["pr"] is None and out["reason"] == reason
    assert fake.writes() == [r for r in fake.recorded if "access_tokens" in r["url"]]   # nothing written
    assert not server.seen and not fake.pulls
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_no_pr_when_someone_else_is_already_fixing_it(fake, server, api, upstream, tmp_path):
    fake.add_pull(REPO, 40, "alice/fix-fulfil", body="This closes #7 by skipping unknown SKUs.", author="alice")
    fake.add_pull(REPO, 41, "bob/unrelated", body="Fixes #70")
    run = make_run(tmp_path / "run")
    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"), RepoConfig())
    assert out["pr"] is None and out["reason"] == "#40 (not crashfix's) already fixes issue #7"
    assert not server.seen and len(fake.pulls) == 2
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_patch_touching_protected_paths_is_not_published(fake, server, api, upstream, tmp_path):
    diff = ("diff --git a/tests/test_orders.py b/tests/test_orders.py\n--- a/tests/test_orders.py\n"
            "+++ b/tests/test_orders.py\n@@ -1,1 +1,2 @@\n+# skip it\n"
            + " " + (EXAMPLE / "repo" / "tests" / "test_orders.py").read_text().splitlines()[0] + "\n")
    run = make_run(tmp_path / "run", diff=diff)
    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"), RepoConfig())
    assert out["pr"] is None and out["reason"] == "the patch changes protected paths (`tests/test_orders.py`)"
    assert not server.seen
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


@pytest.mark.parametrize("status", ["not_fixed", "not_reproduced"])
def test_a_run_that_did_not_fix_publishes_nothing(status, fake, server, api, upstream, tmp_path):
    run = make_run(tmp_path / "run", status=status)
    out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"), RepoConfig())
    assert out["pr"] is None and out["reason"] == f"the run ended {status}" and not out["quiet"]
    assert fake.writes() == [] and not server.seen


def board(api, tmp_path, job: int = 3, opens_pr: bool = True) -> RunBoard:
    db = Database(f"sqlite:///{tmp_path / 'bot.db'}")
    db.create()
    return RunBoard(StatusComment(api, db, REPO, ISSUE), Trigger("`/crashfix fix`", job, opens_pr=opens_pr))


def test_the_status_comment_of_a_run_that_did_not_fix_holds_the_true_diagnosis(fake, api, tmp_path):
    run = make_run(tmp_path / "run", status="not_fixed")
    b = board(api, tmp_path)
    b.reach("parse")
    cid = b.finish(run, {"pr": None, "reason": "the run ended not_fixed"})
    body = fake.comments[cid]["body"]
    assert "`not_fixed`: the crash reproduced, but no candidate patch passed validation" in body
    assert compose(run).markdown() in body                                  # the diagnosis, whole
    assert "1 other candidate(s) did not come close" in body          # what was tried: only the close ones named
    assert "- [x] Reproduce the crash: 3 of 3 runs crashed with" in body
    assert "- [ ] Validate candidate patches ❌: 0 of 1 candidate(s) passed" in body
    assert "- [ ] Open a pull request\n" in body and "/crashfix retry" not in body
    assert "<details><summary>Commands" not in body                              # the PR's block stays there
    assert len(fake.calls("POST", r"/comments$")) == 1 and fake.comments[cid]["edits"] == 1
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_crash_that_did_not_reproduce_claims_no_root_cause(fake, api, tmp_path):
    run = make_run(tmp_path / "run", status="not_reproduced")
    run.reproduction = Reproduction(attempts=[Attempt("issue code block", "python snippet.py", False, 0, "", 1,
                                                      "exit 0, no traceback")])
    body = fake.comments[board(api, tmp_path).finish(run, {"pr": None})]["body"]
    assert "`not_reproduced`: the crash did not happen in the sandbox" in body
    assert "Root cause" not in body and "**Not confirmed:** crashfix could not make this crash happen" in body
    assert "- [ ] Reproduce the crash ❌: did not crash in 1 attempt(s)" in body
    assert "- [x] Reproduce" not in body and "crashfix is done" not in body
    assert "`python snippet.py` exited 0" in body


def test_a_fixed_explain_run_never_says_fixed(fake, api, tmp_path):
    run = make_run(tmp_path / "run")
    body = fake.comments[board(api, tmp_path, opens_pr=False).finish(run)]["body"]
    assert "`fixed`" not in body and "## crashfix: fixed" not in body and "Open a pull request" not in body
    assert "`/crashfix explain` opens no pull request" in body and "**Crash:**" in body and "```diff" in body


def test_dry_run_sends_nothing_pushes_nothing_and_records_it_all(server, upstream, tmp_path):
    run = make_run(tmp_path / "run")
    api = DryRunAPI(None, tmp_path / "dry-run.jsonl")
    pushes: list[dict] = []
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:    # any request would raise
        out = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"),
                             RepoConfig(), dry_run_log=pushes)
        assert len(rs.calls) == 0
    assert out["pr"] == 1 and out["sha"]
    assert [a["action"] for a in api.actions] == ["push", "open_pr", "create_check_run"]
    assert api.actions[0]["branch"] == "crashfix/issue-7" and "if item is None" in api.actions[0]["diff"]
    assert "Fixes #7" in api.actions[1]["body"] and api.actions[1]["draft"] is True
    assert pushes and pushes[0]["sha"] == out["sha"]
    assert not server.seen
    assert len((tmp_path / "dry-run.jsonl").read_text().splitlines()) == 3
    # the worker hands the DryRunAPI's own file as dry_run_log: the push is written once
    again = publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c2"),
                           RepoConfig(), dry_run_log=tmp_path / "dry-run.jsonl")
    lines = (tmp_path / "dry-run.jsonl").read_text().splitlines()
    assert again["sha"] and sum('"action": "push"' in line for line in lines) == 2


def test_the_status_comment_is_created_once_edited_in_place_and_found_again(fake, api, tmp_path):
    b = board(api, tmp_path)
    b.reach("parse")
    cid = b.comment_id
    b.reach("parse")                                                  # unchanged: no edit
    b.details["parse"] = "a python crash"
    b.reach("reproduce")
    body = fake.comments[cid]["body"]
    assert body.startswith("<!-- crashfix:status -->\n")
    assert "- [x] Parse the crash report: a python crash" in body and "- [ ] Reproduce the crash ⏳" in body
    assert "- [ ] Validate candidate patches\n" in body
    with pytest.raises(ValueError):
        b.reach("merging")
    # a new database (a restart from scratch): the next run finds the comment by its marker and edits it
    (tmp_path / "fresh").mkdir()
    fresh = board(api, tmp_path / "fresh", job=4)
    fresh.reach("parse")
    assert fresh.comment_id == cid and len(fake.calls("POST", r"/comments$")) == 1
    assert "- job 3: running…" not in fake.comments[cid]["body"]
    assert "<summary>Earlier runs (1)</summary>" in fake.comments[cid]["body"]
    assert fake.comments[cid]["edits"] == 2
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_wrong_token_is_refused_and_never_printed(server, upstream, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    clone = checkout(upstream, tmp_path / "c")
    git(clone, "checkout", "-q", "-b", "crashfix/issue-7")
    with pytest.raises(gitpush.PushError) as info:
        gitpush.push(clone, server.url(REPO), "crashfix/issue-7", "ghs_wrongtoken123")
    text = str(info.value)
    assert "ghs_wrongtoken123" not in text and basic_auth("ghs_wrongtoken123")[6:] not in text
    assert "ghs_wrongtoken123" not in caplog.text
    assert server.seen and not any(ok for _, _, ok in server.seen)
    with pytest.raises(gitpush.PushError, match="without credentials"):
        gitpush.push(clone, server.url(REPO).replace("http://", "http://x:ghs_t@"), "b", "ghs_t")
    assert gitpush.redact("a ghs_x b " + basic_auth("ghs_x")[6:], "ghs_x") == "a *** b ***"


def test_the_reproductions_regression_test_lands_in_the_pr_beside_the_fix(fake, server, api, upstream, tmp_path):
    from agent.records import RegressionTest
    test = RegressionTest("tests/test_crashfix_attributeerror_in_fulfil.py",
                          "from stockroom.orders import fulfil\n\n\ndef test_reported_crash():\n    fulfil\n")
    run = make_run(tmp_path / "run")
    run.reproduction.regression_test = test
    run.regression_test, run.regression_patch = test.path, test.patch
    publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"),
                   RepoConfig(regression_test="push"))        # the repository opted in
    sha = bare_git(server, "rev-parse", "refs/heads/crashfix/issue-7").strip()
    assert bare_git(server, "show", f"{sha}:{test.path}") == test.text
    assert "if item is None:" in bare_git(server, "show", f"{sha}:src/stockroom/orders.py")
    body = next(iter(fake.pulls.values()))["body"]
    assert f"**The regression test `{test.path}` is on this branch, and it runs code from the issue" in body


def test_a_regression_test_that_would_overwrite_a_file_is_left_out(fake, server, api, upstream, tmp_path):
    from agent.records import RegressionTest
    test = RegressionTest("tests/test_orders.py", "def test_x():\n    pass\n")      # exists upstream
    run = make_run(tmp_path / "run")
    run.regression_test, run.regression_patch = test.path, test.patch
    publish_result(api, REPO, ISSUE, tmp_path / "run", run, checkout(upstream, tmp_path / "c"),
                   RepoConfig(regression_test="push"))
    sha = bare_git(server, "rev-parse", "refs/heads/crashfix/issue-7").strip()
    assert "def test_x" not in bare_git(server, "show", f"{sha}:tests/test_orders.py")
    assert "regression test" not in next(iter(fake.pulls.values()))["body"]
