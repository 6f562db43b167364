"""The backlog scan against a stand-in GitHub with 500 open issues that enforces GitHub's rate limits:
the real GitHubAPI (PyGithub over HTTP), the real parsers, triage and database."""
from __future__ import annotations

import re

import pytest

from bot.backlog.store import BacklogStore
from bot.backlog.summary import MARKER, SHOWN
from bot.github.pacing import RateLimited
from tests.support.backlog_issues import REPO, World
from tests.support.github_fakes import assert_valid_github_requests, rsa_private_key


@pytest.fixture(scope="module")
def key():
    return rsa_private_key()


@pytest.fixture
def world(key, tmp_path):
    worlds = []

    def make(**kw):
        worlds.append(World(key, tmp_path, **kw))
        return worlds[-1]
    yield make
    for w in worlds:
        w.server.__exit__(None, None, None)
    for w in worlds:                        # a breach fails any test, whatever it asserted
        if not getattr(w, "breaches_expected", False):
            w.fake.assert_within_limits()


def test_500_issues_are_triaged_once_grouped_and_summarised_within_the_limits(world):
    # a primary limit the scan must wait out once, and GitHub's secondary 403 every 97th write
    w = world(primary=300, throttle_every=97)
    out = w.scan()

    w.fake.assert_within_limits()
    assert w.fake.counted > 300                         # more requests than one window allows: the reset was waited for
    assert w.fake.throttled >= 3 and out.retried == w.fake.throttled
    assert w.clock.skipped >= 3 * 30                    # each Retry-After, and the write pacing, waited out
    crash = set(w.planted.crash_of)
    assert sorted(w.labelled()) == sorted(crash)        # every crash issue labelled, once
    for number in crash:
        labels = {lab["name"] for lab in w.fake.issues[(REPO, number)]["labels"]}
        assert labels and all(name.startswith("crash:") for name in labels)
    store = BacklogStore(w.db).triaged(REPO)
    assert {n for n, t in store.items() if t.crash} == crash
    assert {n for n, t in store.items() if not t.crash} == set(w.planted.chatter)
    assert not set(store) & set(w.planted.pulls + w.planted.closed)
    assert out.open_issues == len(crash) + len(w.planted.chatter) and out.triaged == out.open_issues

    # duplicates grouped exactly as planted
    got = {frozenset([g.lead.issue, *g.duplicates]) for g in out.groups}
    assert got == {frozenset(v) for v in w.planted.groups().values()}
    assert all(g.lead.issue == min([g.lead.issue, *g.duplicates]) for g in out.groups)

    # one summary issue, by the App, listing the ranked groups best first with their reasons
    [summary] = w.summaries()
    assert summary["user"]["login"] == "crashfix[bot]" and out.summary == "created"
    body = summary["body"]
    assert "fixed" not in body.lower() and "looks fixable because" in body
    listed = [int(n) for n in re.findall(r"^\d+\. #(\d+):", body, re.M)]
    assert listed == [g.lead.issue for g in out.groups[:SHOWN]]
    scores = [int(s) for s in re.findall(r"^\d+\. #\d+: .*score (\d+) of", body, re.M)]
    assert scores == sorted(scores, reverse=True)
    top = out.groups[0]
    assert top.lead.score == 8 and "is in this repository" in body.split("\n2. ")[0]
    for g in out.groups[:SHOWN]:
        if g.duplicates:
            assert f"the same crash is reported in #{g.duplicates[0]}" in body
    assert f"{len(crash)} hold a crash report, {len(out.groups)} distinct crashes" in body


def test_a_second_scan_triages_nothing_again_and_an_edit_is_triaged_once(world, tmp_path):
    w = world(total=120)
    first = w.scan()
    writes = len(w.fake.writes())
    again = w.scan()
    assert again.triaged == 0 and again.unchanged == first.open_issues
    assert len(w.fake.writes()) == writes and again.summary == "unchanged"     # nothing written twice

    number = w.planted.chatter[0]                # an issue edited to hold a crash now
    w.fake.issues[(REPO, number)]["body"] = "```\n" + (
        "Traceback (most recent call last):\n  File \"/x/src/shop/orders.py\", line 9, in refund\n"
        "    total -= amount\nTypeError: unsupported operand\n") + "```\n"
    third = w.scan()
    assert third.triaged == 1 and w.labelled().count(number) == 1
    assert len(w.summaries()) == 1 and w.fake.issue_edits == {w.summaries()[0]["number"]: 1}
    assert f"#{number}:" in w.summaries()[0]["body"]

    w.db.execute("DELETE FROM backlog_summaries")       # the record is lost: the marker finds the issue again
    w.scan()
    assert len(w.summaries()) == 1
    assert_valid_github_requests(w.fake.recorded, tmp_path)     # every request as GitHub's OpenAPI describes it
    w.fake.assert_within_limits()


def test_a_summary_issue_a_maintainer_closed_is_left_closed(world):
    w = world(total=40)
    w.scan()
    [summary] = w.summaries()
    summary["state"] = "closed"
    w.fake.issues[(REPO, w.planted.chatter[0])]["body"] = "```\n" + (
        "Traceback (most recent call last):\n  File \"/x/src/shop/orders.py\", line 9, in refund\n"
        "    total -= amount\nTypeError: unsupported operand\n") + "```\n"
    out = w.scan()
    assert out.triaged == 1 and out.summary == "closed" and len(w.summaries()) == 1
    assert summary["state"] == "closed" and w.fake.issue_edits == {}


def test_a_person_pasting_the_marker_does_not_make_a_summary_issue(world):
    w = world(total=40)
    w.fake.add_issue(REPO, 999, "copy of the bot's summary", MARKER + "\nplease fix everything")
    w.scan()
    summaries = w.summaries()
    assert len(summaries) == 2 and w.fake.issues[(REPO, 999)]["body"].endswith("please fix everything")


def test_a_scan_cut_short_by_the_limits_resumes_where_it_stopped(world):
    w = world(total=300, throttle_every=41)
    rounds, stopped = 0, []
    while True:
        rounds += 1
        try:
            out = w.scan(pacer=w.pacer(max_wait=20))     # a worker holds on at most 20 s, then defers
            break
        except RateLimited as exc:
            stopped.append(exc.wait)
            w.clock.sleep(exc.wait)                   # the job waits in the queue, then runs again
    assert stopped and rounds == len(stopped) + 1
    w.fake.assert_within_limits()
    assert sorted(w.labelled()) == sorted(w.planted.crash_of)       # each once, across all rounds
    assert out.crashes == len(w.planted.crash_of) and len(w.summaries()) == 1


def test_fix_n_queues_exactly_n_runs_for_the_top_of_the_ranking_once(world):
    w = world(total=150)
    queued: list[int] = []

    def queue_fix(issue):
        queued.append(issue)
        return 1000 + len(queued)
    out = w.scan(fix=3, queue_fix=queue_fix)
    assert queued == [g.lead.issue for g in out.groups[:3]]
    assert out.queued == {i: 1001 + k for k, i in enumerate(queued)}
    assert w.summaries() == []                          # fix mode writes no summary issue
    again = w.scan(fix=3, queue_fix=queue_fix)
    assert len(queued) == 3 and again.queued == {}      # the top three had their run
    w.fake.assert_within_limits()


def test_the_fake_fails_a_client_that_ignores_the_limits(world):
    """The stand-in is strict: writes past 80 a minute are refused and recorded as breaches."""
    w = world(total=20)
    w.breaches_expected = True
    for n in range(90):
        try:
            w.api.add_labels(REPO, w.planted.chatter[0], [f"x{n}"])
        except Exception:  # noqa: BLE001 - the refusals are the point
            pass
    assert w.fake.breaches and "80 writes a minute" in w.fake.breaches[0]["limit"]
