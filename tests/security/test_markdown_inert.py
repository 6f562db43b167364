"""Issue-controlled text is never live Markdown under the bot's name (issue 22, medium): the issue's
command line, debugger values, test names, the model's descriptions, the reproducer's output. A run
full of such text is published for real (a pushed branch on a local git server, the PR and the check
run through the GitHub mock held to check_requests.py) and its status comment rendered; every text
is rendered with GitHub's own cmark (tests/support/markdown_render.py) and each hostile piece must be
shown (inside code) and inert (no @mention, #reference, link, image or HTML outside code)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import responses

from agent.markdown_safe import fence_untrusted, quote_cell, quote_untrusted
from agent.memory import Memory
from agent.records import Probe
from agent.render import report_markdown, write_outputs
from agent.reports import parse
from agent.records import Attempt, Reproduction
from agent.run import Result, Run, RunConfig
from agent.candidates import Candidate
from agent.repair_context import Site
from agent.judge.testrun import TestOutcome as Outcome
from agent.judge.validate import Verdict
from bot.conversation.checklist import Trigger, final
from bot.github.api import GitHubAPI, TokenCache
from bot.conversation.publish import check_summary, publish_result
from bot.repo_config import RepoConfig
from github_fakes import FakeGitHub, GitHTTPServer, assert_valid_github_requests, rsa_private_key
from gitrepo import make_repo
from markdown_render import render

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
REPO, ISSUE = "octo-org/stockroom", 7
EVIL = ("@octo-org/admins", "@mallory", "#1234", "evil.example")


def hostile(tag: str) -> str:
    """A piece of issue text that would ping a team and a user, link #1234 and a site, and try to
    close whatever code span or fence quotes it (backtick runs, a pipe for tables)."""
    return (f"{tag} ` @octo-org/admins ``` @mallory #1234 https://evil.example/{tag} <img src=x> **b** "
            f"[x](https://evil.example/l) `` | done")


def assert_inert(markdown: str, *tags: str) -> None:
    out = render(markdown)
    for tag in tags:
        assert tag in out.code, f"{tag!r} is not shown as code"
    for word in EVIL:
        assert word not in out.live, f"{word!r} is live Markdown:\n{markdown}"
    assert not [link for link in out.links if "evil.example" in link], out.links
    assert "img" not in out.tags and "<strong>b</strong>" not in out.html


def hostile_run(run_dir: Path) -> Result:
    text = (EXAMPLE / "report.txt").read_text()
    run = Run(config=RunConfig(repo=str(EXAMPLE / "repo"), report_text=text, out=run_dir,
                               test_cmd="python -m pytest -q " + hostile("testcmd"), strategy="templates",
                               sandbox="local"),
              status="fixed", report=parse(text), memory=Memory())
    cmd = "python -c 'import stockroom' " + hostile("command")
    out = "E  AttributeError\n```\n" + hostile("output") + "\n````````\n@octo-org/admins after the fence"
    run.reproduction = Reproduction(command=cmd, how="issue command", tries=3, crashed=3,
                                    attempts=[Attempt("issue command", cmd, True, 1, out)])
    run.tests_before = Outcome("python -m pytest -q", 1, "", passed={"t1"}, failed={"t2"})
    run.sites = [Site("src/stockroom/orders.py", 22, "fulfil", 0)]
    run.probe = Probe(values={"item": hostile("debugger"), "wanted": "1"})
    run.memory.add("frame", "fulfil at src/stockroom/orders.py:22: " + hostile("frame"), "src/stockroom/orders.py:22")
    run.memory.add("debugger", "at orders.py:22: " + hostile("dbgfact"), "pdb")
    run.memory.add("history", "line 22 of src/stockroom/orders.py last changed by 1a2b3c4 (" + hostile("blame")
                   + ")", "git log -L")
    diff = (EXAMPLE / "fix.diff").read_text()
    files = tuple(sorted({line[6:] for line in diff.splitlines() if line.startswith("+++ b/")}))
    run.best = Verdict(Candidate(diff, "guard None " + hostile("description"), "none_guard", 90.0, files),
                       validated=True, reason="crash gone", applied=True, clean_runs=3, tries=3,
                       broken=["tests/test_x.py::" + hostile("broken")],
                       log=["$ " + cmd, "```", hostile("vlog"), "```"],
                       tests={"passed": 1, "failed": 0, "skipped": 0, "exit_code": 0, "timed_out": False})
    wrong = Verdict(Candidate("--- a/x\n+++ b/x\n", hostile("other"), "none_guard", files=files),
                    reason=hostile("reason"), tries=3, applied=True, clean_runs=1)   # came close: shown
    run.verdicts = [wrong, run.best]
    result = Result.of(run)
    write_outputs(result, run_dir)
    return result


def test_the_quoting_helpers_hold_against_any_backtick_run():
    for text in (hostile("a"), "`" * 9 + " @mallory " + "`" * 4, "| @mallory |", "@mallory\n\n#1234"):
        assert_inert(f"Some {quote_untrusted(text)} text.")
        assert_inert(f"| a | b |\n|---|---|\n| {quote_cell(text)} | x |\n")
        assert_inert(f"before\n\n{fence_untrusted(text + chr(10) + '`' * 12 + chr(10) + '@mallory')}\n\nafter")
    # the check is able to fail: the same text in a plain span, or a table cell unescaped, is live
    with pytest.raises(AssertionError):
        assert_inert(f"Some `{hostile('a')}` text.")
    with pytest.raises(AssertionError):
        assert_inert(f"| a | b |\n|---|---|\n| {quote_untrusted('x | @mallory')} | x |\n")


@pytest.fixture
def published(tmp_path):
    """The hostile run published for real: a branch pushed to a git server demanding the token, the PR."""
    key = rsa_private_key()
    fake = FakeGitHub(private_key=key)
    fake.add_repo(REPO)
    fake.add_issue(REPO, ISSUE, "stockroom fulfil crashes", (EXAMPLE / "report.txt").read_text())
    src = tmp_path / "upstream"
    shutil.copytree(EXAMPLE / "repo", src)
    upstream = make_repo(src, {".gitignore": "__pycache__/\n"}, "stockroom 1.2.0")
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:
        fake.install(rs)
        with GitHTTPServer(tmp_path / "git", lambda: fake.tokens) as server:
            server.bare(REPO, source=upstream)
            api = GitHubAPI(4242, key, 1, git_url=server.base, seconds_between_requests=0,
                            seconds_between_writes=0, token_cache=TokenCache())
            result = hostile_run(tmp_path / "run")
            clone = tmp_path / "clone"
            subprocess.run(["git", "clone", "-q", str(upstream), str(clone)], check=True)
            out = publish_result(api, REPO, ISSUE, tmp_path / "run", result, clone, RepoConfig())
            yield fake, result, out, tmp_path
            assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_the_pr_body_shows_the_issue_text_inert(published):
    fake, result, out, _ = published
    body = fake.pulls[(REPO, out["pr"])]["body"]
    assert "**Crash:**" in body and "pdb" in body.split("<details>", 1)[0]        # what pdb saw, in the summary
    assert_inert(body, "command", "debugger", "testcmd", "frame", "dbgfact", "blame", "description",
                 "broken", "other", "reason")
    assert f"Fixes #{ISSUE}" in body                       # the bot's own reference stays live
    assert f"#{ISSUE}" in render(body).live


def test_the_check_run_output_cannot_be_closed_by_the_reproducers_output(published):
    fake, result, out, _ = published
    check = next(c for c in fake.check_runs if c["head_sha"] == out["sha"])
    text, summary = check["output"]["text"], check["output"]["summary"]
    assert_inert(text, "output", "vlog")
    assert "@octo-org/admins after the fence" in render(text).code
    assert_inert(summary, "command", "testcmd")
    assert "<ul>" in render(summary).html                  # the list of checks is still a list


def test_report_md_and_the_status_comment_show_the_issue_text_inert(published):
    _, result, _, tmp_path = published
    assert_inert((tmp_path / "run" / "report.md").read_text(), "command", "debugger", "description", "frame")
    assert_inert(report_markdown(result), "debugger", "blame")
    comment = final(Trigger("`/crashfix explain`", 1, opens_pr=False), result, None, {})
    assert "**Crash:**" in comment and "<summary>The patch</summary>" in comment
    assert_inert(comment, "command", "debugger", "testcmd", "description", "other")
    table = check_summary(result)
    assert_inert(table, "command", "testcmd")
