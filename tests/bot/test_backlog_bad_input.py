"""Bad input ends no backlog scan (issue 36): a text a parser fails on is that issue's problem. The scan
reads every other issue, groups and ranks them, names the unread one in its summary and reads it again
on the next scan; the triage job's comparison with other issues goes on without it."""
from __future__ import annotations

import pytest

from agent.reports.guarded import FAILED, ParserFailed
from bot.backlog.signatures import SignatureStore
from bot.backlog.store import BacklogStore
from bot.db import Database
from tests.support.backlog_issues import REPO, World
from tests.support.failing_parser import BUG_TRIGGER, SLOW_TRIGGER, FailingParser
from tests.support.github_fakes import rsa_private_key

TB = ("```\nTraceback (most recent call last):\n"
      '  File "/srv/venv/lib/python3.11/site-packages/shop/orders.py", line 22, in fulfil\n    n = item.quantity\n'
      "AttributeError: 'NoneType' object has no attribute 'quantity'\n```\n")


@pytest.fixture(scope="module")
def key():
    return rsa_private_key()


@pytest.fixture
def world(key, tmp_path):
    w = World(key, tmp_path, total=24)
    yield w
    w.server.__exit__(None, None, None)


def test_a_text_the_parser_fails_on_ends_no_scan_and_is_read_again(world):
    world.fake.add_issue(REPO, 900, "Crash on checkout", TB + BUG_TRIGGER)
    with FailingParser(timeout=30) as parser:
        with pytest.raises(ParserFailed):                 # the parser does fail on it, in its real child
            parser.parse(TB + BUG_TRIGGER, REPO)
        out = world.scan(parser=parser)
        assert out.failed == [900] and out.triaged == out.open_issues - 1
        assert out.crashes == len(world.planted.crash_of) and out.groups      # every other issue read and ranked
        stored = BacklogStore(world.db).triaged(REPO)
        assert 900 not in stored and len(stored) == out.open_issues - 1
        [summary] = world.summaries()
        assert f"crashfix read {out.open_issues - 1} of the {out.open_issues} open issues" in summary["body"]
        assert "#900 could not be read: the parser failed on its text (it is read again on the next scan)." \
            in summary["body"]
        again = world.scan(parser=parser)
    assert again.failed == [900] and again.triaged == 0 and again.unchanged == out.open_issues - 1


def test_the_signature_store_compares_without_a_text_the_parser_fails_on(tmp_path):
    store = SignatureStore(Database(f"sqlite:///{tmp_path}/s.db"))
    bad, good = {"number": 3, "title": "x", "body": TB + BUG_TRIGGER}, {"number": 4, "title": "y", "body": TB}
    with FailingParser(timeout=30) as parser:
        assert store.of(REPO, bad, parser).signature == "" and store.get(REPO, bad) is None   # parsed again later
        assert store.of(REPO, good, parser).signature.startswith("python:AttributeError")
    assert FAILED == "the parser failed on this text"


def test_a_lone_surrogate_in_an_issue_ends_no_scan(world):
    # JSON may carry "\ud800" (no UTF-8 text holds it): the issue's text could not be hashed or stored
    world.fake.add_issue(REPO, 900, "Crash \ud800 on checkout", TB + "\n```python\nimport shop\nshop.fulfil('\ud800')\n```\n")
    out = world.scan()
    assert out.failed == [] and out.triaged == out.open_issues
    t = BacklogStore(world.db).triaged(REPO)[900]
    assert t.crash and t.title.startswith("AttributeError") and "the issue gives a snippet or command to run" in t.reasons


def test_the_triage_job_reads_an_issue_with_a_lone_surrogate(harness, gh):
    body = "Since the update:\n\n" + TB.replace("'quantity'", "'quantit\ud800y'")
    harness.api.issues[(gh.REPO, 1)] = {"number": 1, "title": "Crash \udfff on checkout", "body": body,
                                        "state": "open", "labels": [], "pull_request": False}
    harness.api.issues[(gh.REPO, 2)] = {"number": 2, "title": "Same crash", "body": body, "state": "open",
                                        "labels": [], "pull_request": False}
    harness.deliver("issues", "issues.opened")
    job = harness.jobs(kind="triage")[0]
    assert job["state"] == "done" and '"found": true' in job["result"] and '"duplicates": [2]' in job["result"]
    assert "quantit\ufffdy" in harness.api.named("comment")[0][3]


def test_an_issue_too_slow_to_parse_is_said_in_every_summary_not_counted_as_no_crash(world):
    world.fake.add_issue(REPO, 900, "Crash on checkout", TB + SLOW_TRIGGER)
    with FailingParser(timeout=3) as parser:
        out = world.scan(parser=parser)
        assert out.too_slow == [900] and out.unparsed == [900]
        line = ("#900 was too slow to parse (past the parse deadline): whether it holds a crash report is not "
                "known (it is read again once edited).")
        assert line in world.summaries()[0]["body"]
        assert f"crashfix read {out.open_issues - 1} of the {out.open_issues} open issues" in world.summaries()[0]["body"]
        again = world.scan(parser=parser)                 # not parsed again: still said
    assert again.unchanged == out.open_issues and again.unparsed == [900] and again.summary == "unchanged"
    assert line in world.summaries()[0]["body"]


def test_the_triage_job_goes_on_without_another_issue_the_parser_fails_on(harness, gh, monkeypatch):
    monkeypatch.setattr("bot.kinds.triage.GuardedParser", FailingParser)     # the real parser, and its bug
    for n, body in ((1, TB), (7, TB + BUG_TRIGGER), (9, "Same here:\n\n" + TB)):
        harness.api.issues[(gh.REPO, n)] = {"number": n, "title": f"issue {n}", "body": body, "state": "open",
                                            "labels": [], "pull_request": False}
    harness.deliver("issues", "issues.opened")
    job = harness.jobs(kind="triage")[0]
    assert job["state"] == "done" and '"duplicates": [9]' in job["result"]


def test_a_triage_the_parser_fails_on_ends_in_words_not_a_failed_job(harness, gh, monkeypatch):
    monkeypatch.setattr("bot.kinds.triage.GuardedParser", FailingParser)
    harness.api.issues[(gh.REPO, 1)] = {"number": 1, "title": "issue 1", "body": TB + BUG_TRIGGER, "state": "open",
                                        "labels": [], "pull_request": False}
    harness.deliver("issues", "issues.opened")
    job = harness.jobs(kind="triage")[0]
    assert job["state"] == "done" and f'"outcome": "{FAILED}"' in job["result"]
    assert not harness.api.named("comment") and not harness.api.named("add_labels")


def test_the_cli_names_the_issues_it_could_not_read():
    from bot.backlog.scan import ScanResult
    from bot.cli.backlog import result_lines
    lines = result_lines(REPO, ScanResult(open_issues=3, failed=[900], unparsed=[901]).to_dict(), "a folder")
    assert "the parser failed on (read again on the next scan): #900" in lines
    assert "too slow to parse (not known to hold a crash): #901" in lines
