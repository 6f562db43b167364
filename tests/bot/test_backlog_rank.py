"""The backlog's ranking: a pure function of the parsed report and the repository's files."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.reports import parse, parse_issue
from bot.backlog.rank import GIVES_REPRODUCER, IN_REPO, MAX_SCORE, NAMES_INPUT, REPRODUCER, FileIndex, order_key, \
    rank, find_test_suite
from bot.backlog.summary import group, render
from bot.backlog.store import Triaged

FILES = ["src/shop/orders.py", "src/shop/config.py", "tests/test_orders.py", "README.md"]
TB = ("```\nTraceback (most recent call last):\n"
      '  File "/home/ci/shop/src/shop/orders.py", line 22, in fulfil\n    n = item.quantity\n'
      "AttributeError: 'NoneType' object has no attribute 'quantity'\n```\n")
SNIPPET = "\n```python\nfrom shop.orders import fulfil\nfulfil(['x'])\n```\n"
FOREIGN = ("```\nTraceback (most recent call last):\n"
           '  File "/usr/lib/python3.11/json/decoder.py", line 355, in raw_decode\n    raise JSONDecodeError\n'
           "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n```\n")


def test_every_fact_counts_and_is_named():
    fx = rank(parse(TB + SNIPPET), FileIndex(FILES), find_test_suite(FILES))
    assert fx.score == MAX_SCORE and fx.missing == []
    assert fx.reasons == ["the report parsed cleanly",
                          "its frame `fulfil` is in this repository (`src/shop/orders.py:22`)",
                          "the issue gives a snippet or command to run",
                          "the repository has a test suite (`tests/test_orders.py`)"]


def test_what_is_missing_is_named_and_scores_nothing():
    fx = rank(parse(FOREIGN), FileIndex(["README.md", "src/app.py"]), find_test_suite(["README.md", "src/app.py"]))
    assert fx.score == 0 and fx.reasons == []                 # nothing of this repository crashed
    assert fx.missing == ["no frame of the report is in this repository", "no snippet or command to reproduce it",
                          "no test suite found in the repository"]


def test_unknown_files_are_said_so_not_counted_against_the_frame():
    fx = rank(parse(TB), FileIndex(None), None)
    assert "the repository's files could not be listed" in fx.missing
    assert not any("is in this repository" in r for r in fx.reasons)


def test_a_truncated_report_loses_the_clean_parse_point():
    report = parse(TB)
    report.corrupted = True
    fx = rank(report, FileIndex(FILES), None)
    assert "the report looks truncated or interleaved" in fx.missing and "the report parsed cleanly" not in fx.reasons


def test_test_suites_of_several_languages_are_recognised():
    assert find_test_suite(["pkg/parse_test.go"]) == "pkg/parse_test.go"
    assert find_test_suite(["src/Main.java", "src/MainTest.java"]) == "src/MainTest.java"
    assert find_test_suite(["web/app.spec.ts"]) == "web/app.spec.ts"
    assert find_test_suite(["src/contest.py", "latest/notes.md"]) is None


def test_order_is_score_then_reports_then_oldest():
    keys = sorted([(5, 1, 9), (7, 1, 30), (5, 4, 40), (5, 4, 12)], key=lambda k: order_key(*k))
    assert keys == [(7, 1, 30), (5, 4, 12), (5, 4, 40), (5, 1, 9)]


def test_groups_are_led_by_the_oldest_issue_and_the_summary_never_says_fixed():
    t = [Triaged(30, "d", True, "python", "KeyError in load", "sig-a", 5, ["the report parsed cleanly"]),
         Triaged(12, "d", True, "python", "KeyError in load", "sig-a", 5, ["the report parsed cleanly"]),
         Triaged(20, "d", True, "gdb", "SIGSEGV in parse | @here", "sig-b", 8, ["x"]),
         Triaged(21, "d", False)]
    groups = group(t)
    assert [(g.lead.issue, g.duplicates) for g in groups] == [(20, []), (12, [30])]
    body = render(groups, open_issues=4)
    assert "1. #20: `SIGSEGV in parse | @here`" in body           # untrusted text stays in a code span
    assert "2. #12:" in body and "the same crash is reported in #30" in body
    assert "3 hold a crash report, 2 distinct crashes" in body and "fixed" not in body.lower()


def test_a_long_ranking_stays_within_githubs_limit_and_names_the_rest():
    long = ["x" * 400, "y" * 400]
    groups = group([Triaged(n, "d", True, "python", "t" * 300, f"sig{n}", 5, long, long) for n in range(1, 151)])
    body = render(groups, open_issues=150)
    listed = body.count("looks fixable because")
    assert len(body) < 65_536 and 0 < listed < 100
    assert f"{150 - listed} more crashes ranked lower: #{listed + 1}," in body


OWN = ("```\nTraceback (most recent call last):\n"
       '  File "/home/me/myscript.py", line 9, in <module>\n    run(data)\n'
       '  File "/home/me/helpers.py", line 4, in run\n    return data["x"]\n'
       "KeyError: 'x'\n```\n")


def test_a_traceback_entirely_in_the_reporters_own_code_does_not_look_fixable():
    fx = rank(parse(OWN + SNIPPET), FileIndex(FILES), find_test_suite(FILES))
    assert fx.score == 0 and fx.reasons == [] and "no frame of the report is in this repository" in fx.missing
    t = Triaged(5, "d", True, "python", "KeyError", "sig", fx.score, fx.reasons, fx.missing)
    assert "looks fixable" not in render(group([t]), open_issues=1)


def test_a_duplicate_group_is_led_by_the_report_that_reproduces():
    bare = rank(parse(TB), FileIndex(FILES), None)
    given = rank(parse(TB + SNIPPET), FileIndex(FILES), None)
    groups = group([Triaged(3, "d", True, "python", "AttributeError", "sig", bare.score, bare.reasons),
                    Triaged(9, "d", True, "python", "AttributeError", "sig", given.score, given.reasons)])
    assert [(g.lead.issue, g.duplicates) for g in groups] == [(9, [3])]


SITE = ("```\nTraceback (most recent call last):\n"
        '  File "/home/u/run.py", line 3, in <module>\n    shop.fulfil(["x"])\n'
        '  File "/venv/lib/python3.11/site-packages/shop/orders.py", line 22, in fulfil\n    n = item.quantity\n'
        "AttributeError: 'NoneType' object has no attribute 'quantity'\n```\n")


def test_without_a_checkout_a_session_and_the_projects_installed_frame_still_count():
    session = "\n```pycon\n>>> import shop\n>>> shop.fulfil(['x'])\n```\n"
    bare = rank(parse(SITE), FileIndex(None), None, SITE, "shop")
    full = rank(parse(SITE + session), FileIndex(None), None, SITE + session, "shop")
    assert "its frame `fulfil` is in the installed `shop` package (the repository's files could not be listed)" \
        in bare.reasons
    assert full.score > bare.score and any(r.startswith("the issue gives a snippet") for r in full.reasons)
    other = rank(parse(SITE), FileIndex(None), None, SITE, "another-project")
    assert other.score < bare.score


def test_ties_in_score_and_reports_are_broken_by_evidence_before_age():
    keys = sorted([(5, 1, 9, 2), (5, 1, 30, 3)], key=lambda k: order_key(*k))
    assert keys == [(5, 1, 30, 3), (5, 1, 9, 2)]


# -- issue 36: without a checkout every ecosystem's own frame, commands and named inputs count ----------

ECOSYSTEMS = Path(__file__).resolve().parents[1] / "agent" / "reports" / "ecosystems"


def test_without_a_checkout_a_go_panic_in_the_repositorys_module_counts_and_another_modules_does_not():
    text = (ECOSYSTEMS / "go_nil_map.txt").read_text()
    own = rank(parse_issue(text, "acme/tool"), FileIndex(None), None, text, "acme/tool")
    other = rank(parse_issue(text, "acme/server"), FileIndex(None), None, text, "acme/server")
    assert "its frame `github.com/acme/tool/pkg/config.(*Loader).Load` is the repository's own code by its name " \
           "(the repository's files could not be listed)" in own.reasons
    assert own.score == other.score + IN_REPO and "the repository's files could not be listed" in other.missing


def test_a_console_wrapper_in_a_folder_of_the_repositorys_name_is_not_its_code():
    text = ('Traceback (most recent call last):\n  File "/opt/shop/.venv/bin/shop", line 8, in <module>\n'
            "    sys.exit(main())\nKeyError: 'sku'\n")
    assert not any("own code" in r for r in rank(parse_issue(text, "acme/shop"), FileIndex(None), None, text,
                                                 "acme/shop").reasons)


def test_a_command_in_the_prose_of_a_rust_panic_counts_as_something_to_run():
    panic = (ECOSYSTEMS / "rust_no_backtrace.txt").read_text()
    text = "It panics on an empty file:\n\n$ cargo run --release -- parse empty.toml\n\n```\n" + panic + "```\n"
    bare = rank(parse_issue(panic, "acme/parser"), FileIndex(None), None, panic, "acme/parser")
    given = rank(parse_issue(text, "acme/parser"), FileIndex(None), None, text, "acme/parser")
    assert GIVES_REPRODUCER in given.reasons and given.score == bare.score + REPRODUCER


@pytest.mark.parametrize("named", [
    "The file that crashes it: https://github.com/user-attachments/files/17321/broken.dwg",
    "libFuzzer wrote crash-0123456789abcdef0123456789abcdef01234567 (attached).",
    "I attached the config, `settings.yaml`.",
])
def test_an_input_the_issue_names_counts_as_a_way_to_reproduce(named):
    text = TB + "\n" + named + "\n"
    fx = rank(parse(text), FileIndex(FILES), None, text)
    assert NAMES_INPUT in fx.reasons and fx.score == rank(parse(TB), FileIndex(FILES), None, TB).score + REPRODUCER
    assert NAMES_INPUT not in rank(parse(TB), FileIndex(FILES), None, TB + "\nI attached nothing.\n").reasons


@pytest.mark.parametrize("said", [
    "Full log: https://github.com/acme/shop/files/13403918/crash-2023-11-19_13.59.41-server.txt",   # what was printed
    "https://github.com/acme/shop/files/8501004/traceback.txt",
    "I attached a screenshot.png of the error",
])
def test_a_log_or_a_screenshot_is_no_input(said):
    text = TB + "\n" + said + "\n"
    assert NAMES_INPUT not in rank(parse(text), FileIndex(FILES), None, text).reasons


def test_reports_of_one_score_are_ordered_by_their_evidence_not_their_age():
    one = TB + SNIPPET
    three = TB + SNIPPET + "\n```python\nfrom shop.orders import fulfil\nfulfil([None])\n```\n\n$ shop fulfil x\n"
    a, b = rank(parse(one), FileIndex(FILES), None, one), rank(parse(three), FileIndex(FILES), None, three)
    assert a.score == b.score and b.evidence > a.evidence
    groups = group([Triaged(4, "d", True, "python", "AttributeError in fulfil", "s1", a.score, a.reasons, a.missing,
                            evidence=a.evidence),
                    Triaged(40, "d", True, "python", "AttributeError in load", "s2", b.score, b.reasons, b.missing,
                            evidence=b.evidence)])
    assert [g.lead.issue for g in groups] == [40, 4]
