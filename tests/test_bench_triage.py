"""The triage benchmark's data is well-formed and its scorer counts right (bench/bench_triage.py)."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod          # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


bt = _load("bench_triage", ROOT / "bench" / "bench_triage.py")
build = _load("bench_triage_build", ROOT / "bench" / "triage" / "build.py")

FAMILIES = {"python", "native", "kernel", "go", "rust", "jvm", "windows"}


@pytest.fixture(scope="module")
def issues():
    return bt.load()


def test_the_file_is_well_formed(issues):
    assert len(issues) >= 300
    urls = [x["url"] for x in issues]
    assert len(set(urls)) == len(urls)
    for x in issues:
        assert set(x) == {"url", "repo", "ecosystem", "title", "text", "label"}, x["url"]
        m = re.fullmatch(r"https://github\.com/([^/]+/[^/]+)/(?:issues|pull)/\d+", x["url"])
        assert m and m.group(1) == x["repo"], x["url"]
        assert isinstance(x["title"], str) and x["title"], x["url"]
        assert isinstance(x["text"], str) and len(x["text"]) <= 1500, x["url"]
        lab = x["label"]
        assert set(lab) == {"crash", "family", "exception", "guilty", "group"}, x["url"]
        assert isinstance(lab["crash"], bool)
        for k in ("exception", "guilty", "group"):
            assert lab[k] is None or (isinstance(lab[k], str) and lab[k]), (x["url"], k)
        if lab["crash"]:
            assert lab["family"] in FAMILIES, x["url"]
        else:   # a non-crash has no crash facts
            assert lab["family"] is None and lab["exception"] is None and lab["guilty"] is None, x["url"]
            assert lab["group"] is None, x["url"]


def test_the_set_spans_ecosystems_non_crashes_and_duplicates(issues):
    crashes = [x for x in issues if x["label"]["crash"]]
    assert len(crashes) >= 300
    assert len(issues) - len(crashes) >= 50
    assert len({x["label"]["family"] for x in crashes}) >= 6
    groups = Counter(x["label"]["group"] for x in issues if x["label"]["group"])
    assert all(n >= 2 for n in groups.values()), groups            # a group of one is a typo
    assert sum(n * (n - 1) // 2 for n in groups.values()) >= 20
    # a duplicate group stays within one repository
    for g in groups:
        assert len({x["repo"] for x in issues if x["label"]["group"] == g}) == 1, g


def test_the_file_is_what_the_raw_labels_build(issues):
    assert build.build() == issues


def _issue(url, eco, crash, family=None, exc=None, guilty=None, group=None):
    return {"url": url, "repo": "o/r", "ecosystem": eco, "title": "t", "text": "",
            "label": {"crash": crash, "family": family, "exception": exc, "guilty": guilty, "group": group}}


def test_scorer_arithmetic():
    issues = [
        _issue("u1", "python", True, "python", "KeyError", "load", "g1"),
        _issue("u2", "python", True, "python", "builtins.KeyError", "pkg.mod.load", "g1"),
        _issue("u3", "go", True, "go", "index out of range", "main.run", "g2"),
        _issue("u4", "go", True, "go", "index out of range", None, "g2"),
        _issue("u5", "jvm", True, "jvm", "java.lang.NullPointerException", "onCreate"),
        _issue("u6", "python", False),
        _issue("u7", "python", False),
    ]
    got = [
        bt.Got(True, "python", "KeyError", "load", signature="s1", title="KeyError in load", seconds=0.1),
        bt.Got(True, "python", "KeyError", "other", signature="s1", title="KeyError in other", seconds=0.3),
        bt.Got(True, "go", "index out of range [3] with length 3", "github.com/x/y.run", signature="s2",
               title="T", seconds=0.2),
        bt.Got(False, seconds=0.4),
        bt.Got(True, "python", "NullPointerException", "onCreate", signature="s2", title="T", seconds=0.5),
        bt.Got(True, "python", "ValueError", None, signature="", title="", seconds=0.6),
        bt.Got(False, seconds=0.7),
    ]
    s = bt.score(issues, got)
    a = s["all"]
    assert (a["crash_recall"].hit, a["crash_recall"].total) == (4, 5)
    assert (a["crash_precision"].hit, a["crash_precision"].total) == (4, 5)
    assert (a["family"].hit, a["family"].total) == (3, 5)             # u4 missed, u5 called python
    assert (a["exception"].hit, a["exception"].total) == (4, 5)       # u4 not parsed
    assert (a["guilty"].hit, a["guilty"].total) == (3, 4)             # load, run, onCreate; not other
    assert (a["guilty_when_none"].hit, a["guilty_when_none"].total) == (1, 1)
    sig, title = s["duplicates"]["rule"], s["duplicates"]["title"]
    # labelled pairs: (u1,u2), (u3,u4); signature pairs: (u1,u2), (u3,u5); title pairs: (u3,u5)
    assert (sig["labelled"], sig["pairs"], sig["true"]) == (2, 2, 1)
    assert sig["precision"] == 0.5 and sig["recall"] == 0.5
    assert (title["pairs"], title["true"], title["precision"], title["recall"]) == (1, 0, 0.0, 0.0)
    # every issue of the tiny list is of repository o/r: the same-repository pairs are all the pairs
    assert s["duplicates_same_repo"]["rule"] == sig
    assert s["ecosystems"]["go"]["crash_recall"].value == 0.5
    assert s["time"]["max"] == 0.7 and s["time"]["median"] == 0.4
    rendered = bt.render(s, show_misses=True)
    assert "u4" in rendered and "crash_recall" in rendered
    out = bt.as_json(s, show_misses=True)
    assert json.loads(json.dumps(out, default=str))["all"]["crash_recall"]["hit"] == 4


@pytest.mark.parametrize("expected, got, ok", [
    ("java.lang.NullPointerException", "NullPointerException", True),
    ("KASAN: use-after-free", "KASAN-USE-AFTER-FREE-READ", True),
    ("BUG: kernel NULL pointer dereference", "kernel NULL pointer dereference", True),
    ("heap-buffer-overflow", "heap_buffer_overflow", True),
    ("KeyError", "AttributeError", False),
    ("panic", "invalid memory address", False),
    ("KeyError", None, False),
    # syzkaller's one kind under its two printk names
    ("BUG: unable to handle page fault", "BUG: unable to handle kernel paging request", True),
    ("BUG: unable to handle page fault", "BUG: unable to handle kernel NULL pointer dereference", False),
])
def test_exception_comparison(expected, got, ok):
    assert bt.exception_matches(expected, got) is ok


@pytest.mark.parametrize("expected, got, ok", [
    ("fit_df", "pohmm.fit_df", True),
    ("trans_bucket::match_request", "match_request(this=0x1)", True),
    ("inet_diag_lock_handler", "inet_diag_lock_handler.part.0", True),
    ("runBin.func1", "github.com/maxcnunes/gaper.(*runner).runBin.func1", True),
    ("diss::run", "diss::run::h1b928aa3c0ffee00", True),
    ("<module>", "<module>", True),
    ("load", None, False),
    ("load", "main", False),
])
def test_guilty_comparison(expected, got, ok):
    assert bt.guilty_matches(expected, got) is ok


def test_a_category_type_is_judged_by_the_kind_its_title_names():
    issues = [_issue("k1", "kernel", True, "kernel", "BUG: soft lockup", None)]
    got = [bt.Got(True, "kernel", "HANG", None, title="BUG: soft lockup in smp_call_function_many_cond")]
    assert bt.score(issues, got)["all"]["exception"].hit == 1
    got = [bt.Got(True, "kernel", "HANG", None, title="INFO: task hung in smp_call_function_many_cond")]
    assert bt.score(issues, got)["all"]["exception"].hit == 0
