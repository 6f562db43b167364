"""The C issue-shapes benchmark's data is well-formed and its scorer counts right
(bench/bench_native_shapes.py; fast, no Docker)."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


bns = _load("bench_native_shapes", ROOT / "bench" / "bench_native_shapes.py")


@pytest.fixture(scope="module")
def cases():
    return bns.load()


def test_the_data_is_well_formed(cases):
    assert len(cases) >= 30
    urls = [c["url"] for c in cases]
    assert len(set(urls)) == len(urls)
    assert len({re.match(r"https://github\.com/([^/]+/[^/]+)/", u).group(1) for u in urls}) >= 20   # many projects
    real = {p.name for p in (ROOT / "bench" / "native_real").iterdir() if p.is_dir()}
    for c in cases:
        assert re.fullmatch(r"https://github\.com/[^/]+/[^/]+/(?:issues|pull)/\d+", c["url"]), c["case"]
        assert c["case"] not in real
        assert set(c) == {"case", "text", "url", "reproducer", "program", "commands", "setup", "inputs", "built", "note"}
        assert c["reproducer"] in bns.KINDS, c["case"]
        assert c["program"] is None or 0 <= c["program"] < len(list(bns.fenced_blocks(c["text"]))), c["case"]
        assert all(isinstance(x, str) and x for k in ("commands", "setup", "inputs", "built") for x in c[k])
        if c["reproducer"] == "in text":      # the text holds what to run
            assert c["commands"] or c["program"] is not None, c["case"]


def test_the_scorer_tells_a_right_extraction_from_a_wrong_label(cases):
    stoke = next(c for c in cases if c["case"] == "stoke-544")
    row = bns.score(stoke)
    assert row["commands"] and row["inputs"] and row["right"] and not row["nothing"]
    wrong = dict(stoke, commands=["stoke testcase --target other.s"], inputs=["missing.s"])
    row = bns.score(wrong)
    assert not row["commands"] and not row["inputs"] and not row["right"]
    assert row["wrong"] == ["stoke testcase --target example.s"]
    none = next(c for c in cases if c["case"] == "nghttp2-235")
    assert bns.score(none)["nothing"]


def test_the_figures_on_the_data(cases, capsys):
    rows = [bns.score(c) for c in cases]
    t = bns.totals(rows)
    assert t["cases"] == len(cases) and sum(v["cases"] for v in t["by_kind"].values()) == len(cases)
    # what the fixes of issue 39's shapes bought (before them: 15 of 36 right, 7 cases with a wrong command;
    # 27 after the first round, 35 after the second)
    assert t["wrong_commands"] == 0
    assert t["right"] >= 35
    assert bns.main(["--show-misses"]) == 0
    assert "cases " in capsys.readouterr().out
