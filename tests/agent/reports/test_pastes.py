"""Reports as users paste them (issue 24): the golden pastes in pastes/, written for these tests in
the shapes GitHub issues hold them. A traceback cut before its exception line (a body cut
mid-traceback, IPython's `---> 61` context blocks and `Cell In[3]` frames, a paste ending at a
frame) still parses, its exception taken from the title or the prose, and the report says where
from; a traceback through the reporter's own script into the library's installed copy names the
library's innermost frame in the repository as the crash site once the repository's files are known."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from agent.reports import parse, to_json
from agent.reports.python import exception_in_words, parse_cut
from agent.triage import triage

PASTES = Path(__file__).resolve().parent / "pastes"

# paste -> (type, message, exception_from, innermost frame (function, line), the parser's guilty function:
# the innermost frame of the installed package the reporter's script called, never the script or cell)
GOLDEN = {
    "ipython8.md": ("TypeError", "'NoneType' object is not iterable", "traceback", ("_keys", 88), "_keys"),
    "ipython7_cut.md": ("IndexError", "", "traceback", ("merge_rows", 142), "merge_rows"),
    "cut_title.md": ("KeyError", "", "title", ("_section", 57), "_section"),
    "cut_prose.md": ("KeyError", "'confit'", "prose", ("_section", 57), "_section"),
    "user_script.md": ("TypeError", "argument of type 'int' is not iterable", "traceback", ("_quote", 55), "_quote"),
}


def _issue(name: str) -> str:
    """As the bot hands it over: the title, a blank line, the body (bot/github/data.py issue_text)."""
    return (PASTES / name).read_text()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_paste_parses(name):
    typ, msg, source, (inner, line), guilty = GOLDEN[name]
    rep = parse(_issue(name))
    assert rep is not None and rep.kind == "python"
    assert (rep.type, rep.message) == (typ, msg)
    assert (rep.frames[0].function, rep.frames[0].line) == (inner, line)
    assert rep.guilty.function == guilty
    assert to_json(rep)["exception_from"] == source


def test_ipython_frames_in_order_with_their_lines_and_code():
    rep = parse(_issue("ipython8.md"))
    assert [(f.function, f.file, f.line, f.code) for f in rep.frames] == [
        ("_keys", "~/venv/lib/python3.11/site-packages/tabula/frame.py", 88, "for k in by:"),
        ("summarize", "~/venv/lib/python3.11/site-packages/tabula/frame.py", 120, "keys = self._keys(by)"),
        ("<module>", "Cell In[3]", 5, "df.summarize(by=None)")]
    old = parse(_issue("ipython7_cut.md"))
    assert [(f.function, f.line) for f in old.frames] == [("merge_rows", 142), ("<module>", 2)]


def test_a_cut_paste_with_no_exception_named_anywhere_is_a_crash_of_unknown_exception():
    text = _issue("cut_title.md").replace("KeyError when", "Crash when")
    rep = parse(text)
    assert rep is not None and rep.type == "Exception" and rep.extra["exception_from"] == "unknown"
    assert rep.guilty.function == "_section"
    assert "names no exception" in triage(rep).comment


def test_a_crash_of_unknown_exception_matches_any_exception_through_its_frames():
    from agent.judge.signature import matches
    rep = parse(_issue("cut_title.md").replace("KeyError when", "Crash when"))
    got = parse('Traceback (most recent call last):\n  File "/w/confit/loader.py", line 57, in _section\n'
                '    return data[name][PACKAGE]\nTypeError: bad\n')
    assert matches(rep, got)
    assert not matches(rep, parse('Traceback (most recent call last):\n  File "/w/x.py", line 1, in other\n'
                                  '    f()\nTypeError: bad\n'))


def test_the_title_is_only_the_first_line_before_a_blank_one():
    body = _issue("cut_title.md").split("\n", 2)[2]
    assert parse("Loading fails\n\n" + body).extra["exception_from"] == "unknown"     # the title names none
    raw = parse("raises ValueError\n" + body)                 # no blank line: a raw log, its first line prose
    assert (raw.type, to_json(raw)["exception_from"]) == ("ValueError", "prose")


@pytest.mark.parametrize("line, want", [
    ("TypeError when calling summarize(by=None)", ("TypeError", "")),
    ("it raises KeyError: 'x' on load", ("KeyError", "'x' on load")),
    ("it raises `KeyError: 'confit'` every time", ("KeyError", "'confit'")),
    ("confit.errors.ConfigError on an empty table", ("confit.errors.ConfigError", "")),
    ("the Error and Exception classes", None),
    ("see docs/ValueError.md", None),
    ("a DeprecationWarning first, then TypeError: bad", ("TypeError", "bad")),
])
def test_exception_in_words(line, want):
    assert exception_in_words(line) == want


def test_triage_names_the_library_frame_and_keeps_the_reporters_as_context():
    rep = parse(_issue("user_script.md"))
    assert rep.title == "TypeError in _quote"                   # the parser alone: the library's frame
    t = triage(rep, ["src/tabula/__init__.py", "src/tabula/io.py", "README.md"],
               "https://github.com/acme/tabula/blob/main")
    assert "> `TypeError in _quote`" in t.comment
    assert "Guilty frame `_quote` at [`src/tabula/io.py:55`]" in t.comment
    assert ("Reached from the reporter's own code: `export` at `/home/alice/reports/make_report.py:12` "
            "(outside this repository).") in t.comment
    assert t.signature == rep.signature                         # dedup reads the issue text alone
    assert rep.extra["reporter_frame"]["function"] == "export"  # the reporter's code, kept as context


def test_triage_says_where_the_exception_came_from():
    t = triage(parse(_issue("cut_title.md")), ["src/confit/loader.py"])
    assert "`KeyError` is taken from the issue's title" in t.comment
    assert "Guilty frame `_section`" in t.comment
    t = triage(parse(_issue("ipython8.md")), None)
    assert "taken from the issue" not in t.comment


def test_the_cut_parse_stays_linear():
    """Long lines in the shapes the new code reads: each must take well under a second."""
    for text in ("x\n\n" + "Traceback (most recent call last)" + " in " * 100000,
                 "T\n\nTraceback (most recent call last):\n  File \"a.py\", line 1, in f\n" + "a" * 200000 + "Error",
                 "Error\n\n" + "TypeError" + "    " * 50000 + "Traceback (most recent call last)\nFile " + ":1" * 50000,
                 "q\n\n" + "Cell In[" * 50000 + "\n---->" + "-" * 100000):
        start = time.monotonic()
        parse(text)
        parse_cut(text, text)
        assert time.monotonic() - start < 2.0
