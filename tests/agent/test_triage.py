from __future__ import annotations

import dataclasses

import pytest

from agent.reports.model import CrashReport, Frame
from agent.triage import Triage, triage


def _py_report() -> CrashReport:
    g = Frame(function="load_config", file="/home/u/proj/app/config.py", line=12)
    return CrashReport(kind="python", type="KeyError", title="KeyError in load_config", message="'x'",
                       frames=[g, Frame(function="main", file="/home/u/proj/app/main.py", line=3)], guilty=g,
                       signature="python:KeyError:load_config:config.py")


def test_python_triage_points_into_repo():
    t = triage(_py_report(), ["app/config.py", "app/main.py", "README.md"])
    assert isinstance(t, Triage)
    assert t.labels == ["crash:python"]
    assert t.signature == "python:KeyError:load_config:config.py"
    assert "KeyError in load_config" in t.comment and "`load_config`" in t.comment
    assert "app/config.py:12" in t.comment
    assert "crashfix" in t.comment and "/crashfix fix" in t.comment


def test_frozen():
    t = triage(_py_report())
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.comment = "x"  # type: ignore[misc]


@pytest.mark.parametrize("kind,label", [("kernel", "crash:kernel"), ("sanitizer", "crash:sanitizer"),
                                        ("gdb", "crash:sanitizer")])
def test_labels(kind, label):
    rep = CrashReport(kind=kind, type="t", title="t in f", guilty=Frame(function="f"), signature="s")
    assert triage(rep).labels == [label]


def test_no_repo_match_and_corrupted():
    rep = _py_report()
    rep.corrupted = True
    t = triage(rep, ["other/file.py"])
    assert "No frame of the report maps" in t.comment
    assert "truncated" in t.comment


def test_nearest_repo_frame_when_guilty_outside():
    g = Frame(function="loads", file="/usr/lib/python3.11/json/__init__.py", line=346)
    rep = CrashReport(kind="python", type="JSONDecodeError", title="JSONDecodeError in loads", guilty=g,
                      frames=[g, Frame(function="parse", file="/ci/proj/lib/parse.py", line=8)], signature="s")
    t = triage(rep, ["lib/parse.py"])
    assert "lib/parse.py:8" in t.comment and "Nearest frame in this repository: `parse`" in t.comment
    assert "Guilty frame `loads` at `/usr/lib/python3.11/json/__init__.py:346`" in t.comment


def test_guilty_frame_links_to_the_repo_file_and_line():
    g = Frame(function="parse_row", file="/home/ci/work/inv/src/inv/csv.py", line=42)
    rep = CrashReport(kind="python", type="IndexError", title="IndexError in parse_row", guilty=g, frames=[g],
                      signature="s")
    t = triage(rep, ["src/inv/csv.py", "tests/test_csv.py", "csv.py"],
               blob_url="https://github.com/acme/inv/blob/main")
    assert ("Guilty frame `parse_row` at [`src/inv/csv.py:42`]"
            "(https://github.com/acme/inv/blob/main/src/inv/csv.py#L42)") in t.comment
    assert "/home/ci" not in t.comment


def test_unknown_repo_files_say_only_where_the_report_points():
    t = triage(_py_report())
    assert "Guilty frame `load_config` at `/home/u/proj/app/config.py:12`" in t.comment
    assert "repository" not in t.comment.split("To ask")[0]


def test_a_kernel_oops_pasted_without_its_head_line_says_so_and_where_its_kind_was_read():
    from agent.reports import parse_issue

    body = ("\n\n```\n[  301.442113] Modules linked in: widget(OE)\n"
            "[  301.442120] CPU: 3 PID: 1 Comm: systemd Not tainted 5.10.0-21-amd64 #1\n```\n")
    named = triage(parse_issue("Soft lockup on boot" + body)).comment
    assert "The report's first line was not pasted: `BUG: soft lockup` is taken from the issue's title." in named
    assert "stops before its exception line" not in named
    unnamed = triage(parse_issue("Freeze on boot" + body)).comment
    assert "the issue does not say which kind of oops it is" in unnamed and "stops before" not in unnamed


def test_a_crash_report_cut_before_its_exception_claims_no_frames():
    from agent.reports import parse_issue

    text = ("Game crashed\n\n---- Minecraft Crash Report ----\n// Oops.\n\nTime: 2024-01-02 10:11:12\n"
            "Description: Ticking block entity\n")
    comment = triage(parse_issue(text)).comment
    assert "The report stops before its exception line and the issue names no exception." in comment
    assert "through the same frames" not in comment
