"""The one grouping rule (agent/reports/sameness.py) where the App uses it: the backlog scan's groups,
the triage job's duplicates, and the stored keys (rows made under an older rule are parsed again)."""
from __future__ import annotations

import pytest

from agent.reports.guarded import GuardedParser
from agent.reports.sameness import RULE, groups
from bot.backlog.signatures import SignatureStore, digest
from bot.backlog.store import BacklogStore
from bot.db import Database
from tests.support.backlog_issues import REPO, World
from tests.support.github_fakes import rsa_private_key

SITE = "/srv/venv/lib/python3.11/site-packages/shop"
FULL = ("It fails on every page now.\n\n```\nTraceback (most recent call last):\n"
        '  File "/home/ann/run.py", line 4, in <module>\n    shop.load(url)\n'
        f'  File "{SITE}/catalog.py", line 31, in load\n    return self.listing()\n'
        f'  File "{SITE}/catalog.py", line 58, in listing\n    return self.page["itemListing"]\n'
        "KeyError: 'itemListing'\n```\n")
CUT = ("Same here, from my bot:\n\n```\n"
       f'  File "{SITE}/catalog.py", line 31, in load\n    return self.listing()\n'
       "KeyError: 'itemListing'\n```\n")
BARE = "KeyError: 'itemListing'\n\nSince this morning every call fails with this."
ELSEWHERE = ("```\nTraceback (most recent call last):\n"
             '  File "/home/bo/x.py", line 2, in <module>\n    shop.checkout()\n'
             f'  File "{SITE}/cart.py", line 12, in checkout\n    return rows["itemListing"]\n'
             "KeyError: 'itemListing'\n```\n")


@pytest.fixture(scope="module")
def key():
    return rsa_private_key()


@pytest.fixture
def world(key, tmp_path):
    w = World(key, tmp_path, total=24)
    yield w
    w.server.__exit__(None, None, None)


def _group_of(out, number: int) -> set[int]:
    return next({g.lead.issue, *g.duplicates} for g in out.groups if number in {g.lead.issue, *g.duplicates})


def test_the_backlog_groups_a_cut_stack_and_a_bare_line_with_their_traceback(world):
    for number, body in ((900, FULL), (901, CUT), (902, BARE)):
        world.fake.add_issue(REPO, number, f"Crash {number}", body)
    out = world.scan()
    assert _group_of(out, 900) == {900, 901, 902}
    [summary] = world.summaries()
    assert "the same crash is reported in #901, #902" in summary["body"]


def test_rows_triaged_under_an_older_rule_are_triaged_again(world):
    first = world.scan()
    assert world.scan().triaged == 0
    world.db.execute("UPDATE backlog_issues SET rule = NULL")            # as rows written before the rule
    again = world.scan()
    assert again.triaged == first.open_issues and again.unchanged == 0
    assert {r["rule"] for r in world.db.all("SELECT rule FROM backlog_issues")} == {RULE}


def test_an_old_backlog_table_gains_the_columns_and_its_rows_count_as_older(tmp_path):
    db = Database(f"sqlite:///{tmp_path}/old.db")
    db.execute("CREATE TABLE backlog_issues (repo TEXT NOT NULL, issue INTEGER NOT NULL, digest TEXT NOT NULL, "
               "crash INTEGER NOT NULL, kind TEXT, title TEXT, signature TEXT, score INTEGER, reasons TEXT, "
               "missing TEXT, labels TEXT, fix_job INTEGER, triaged_at TEXT NOT NULL, PRIMARY KEY (repo, issue))")
    db.execute("INSERT INTO backlog_issues VALUES ('o/r', 5, 'd', 1, 'python', 'T', 'python:KeyError:f:a.py', 3, "
               "'[]', '[]', '[]', NULL, 'now')")
    [t] = BacklogStore(db).triaged("o/r").values()
    assert t.rule == "" and t.rule != RULE and t.keys.anchors == ("python:KeyError:f:a.py",)


def test_the_signature_store_parses_again_a_row_of_an_older_rule(tmp_path):
    db = Database(f"sqlite:///{tmp_path}/old.db")
    db.execute("CREATE TABLE issue_signatures (repo TEXT NOT NULL, issue INTEGER NOT NULL, digest TEXT NOT NULL, "
               "signature TEXT NOT NULL, too_slow INTEGER NOT NULL, parsed_at TEXT NOT NULL, PRIMARY KEY (repo, issue))")
    bare = {"number": 7, "title": "crash", "body": BARE}
    full = {"number": 8, "title": "crash", "body": FULL}
    db.execute("INSERT INTO issue_signatures VALUES (?, 7, ?, 'an old signature', 0, 'then')", "o/shop", digest(bare))
    store = SignatureStore(db)
    assert store.get("o/shop", bare) is None                 # not compared with this rule's keys
    with GuardedParser(timeout=10) as parser:
        b, f = store.of("o/shop", bare, parser), store.of("o/shop", full, parser)
    assert store.parsed == 2 and len(groups([(7, b.keys), (8, f.keys)])) == 1
    assert store.get("o/shop", bare) == b and db.one("SELECT rule FROM issue_signatures WHERE issue = 7")["rule"] == RULE


def _issue(harness, gh, n, body):
    harness.api.issues[(gh.REPO, n)] = {"number": n, "title": f"issue {n}", "body": body, "state": "open",
                                        "labels": [], "pull_request": False}


def test_triage_names_the_duplicates_by_the_rule(harness, gh):
    for n, body in ((1, FULL), (7, BARE), (9, CUT), (13, "Please add a dark mode.")):
        _issue(harness, gh, n, body)
    harness.deliver("issues", "issues.opened")
    comment = harness.api.named("comment")[0][3]
    assert "is reported in #7, #9." in comment and "#13" not in comment


def test_triage_keeps_apart_one_message_raised_in_two_places(harness, gh):
    for n, body in ((1, FULL), (11, ELSEWHERE), (13, BARE)):      # the bare line could be either: neither
        _issue(harness, gh, n, body)
    harness.deliver("issues", "issues.opened")
    assert "is reported in" not in harness.api.named("comment")[0][3]


def test_a_report_with_no_key_has_no_duplicates(harness, gh):
    # a Go panic with no place: no signature, no discriminating message; it is nobody's duplicate, and
    # the issues without a crash (no key either) are not its duplicates
    _issue(harness, gh, 1, "panic: runtime error: index out of range\n\nIt happens at startup.")
    _issue(harness, gh, 7, "Please add a dark mode.")
    _issue(harness, gh, 9, "How do I configure the cache?")
    harness.deliver("issues", "issues.opened")
    job = harness.jobs(kind="triage")[0]
    assert '"found": true' in job["result"] and '"duplicates": []' in job["result"]


def test_a_triaged_issue_keeps_every_key_when_its_mapped_signature_is_added():
    from agent.reports.sameness import Keys
    from bot.backlog.store import Triaged
    t = Triaged(3, "d", True, signature="python:KeyError:load:catalog.py", keys=Keys(("a",), ("r",), ("j",)))
    assert t.keys == Keys(("python:KeyError:load:catalog.py", "a"), ("r",), ("j",))
