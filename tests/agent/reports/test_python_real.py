"""Python tracebacks produced by really running small programs, then parsed."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from agent.reports import parse, to_json


def run_py(tmp_path: Path, source: str, name: str = "prog.py") -> str:
    p = tmp_path / name
    p.write_text(textwrap.dedent(source))
    r = subprocess.run([sys.executable, str(p)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert r.returncode != 0
    return r.stderr


def test_simple_keyerror(tmp_path):
    err = run_py(tmp_path, """
        import json
        def load_config(d):
            return d["missing"]
        def main():
            load_config({})
        main()
    """)
    rep = parse(err)
    assert rep.kind == "python" and rep.type == "KeyError" and rep.message == "'missing'"
    assert rep.frames[0].function == "load_config" and rep.frames[0].code == 'return d["missing"]'
    assert [f.function for f in rep.frames] == ["load_config", "main", "<module>"]
    assert rep.guilty.function == "load_config" and rep.title == "KeyError in load_config"
    assert rep.frames[0].line == 4
    assert "prog.py" in rep.signature and "4" not in rep.signature.split(":")[-1].replace("prog.py", "")


def test_guilty_skips_stdlib(tmp_path):
    err = run_py(tmp_path, """
        import json
        def parse_payload(s):
            return json.loads(s)
        parse_payload("{bad")
    """)
    rep = parse(err)
    assert rep.type == "json.decoder.JSONDecodeError"
    assert rep.frames[0].file.endswith(".py") and "json" in rep.frames[0].file
    assert rep.guilty.function == "parse_payload"
    assert rep.title == "json.decoder.JSONDecodeError in parse_payload"


def test_chained_during_handling(tmp_path):
    err = run_py(tmp_path, """
        def inner():
            return 1 / 0
        def outer():
            try:
                inner()
            except ZeroDivisionError:
                raise ValueError("bad value")
        outer()
    """)
    rep = parse(err)
    assert rep.type == "ValueError" and rep.message == "bad value"
    assert rep.guilty.function == "outer"
    assert rep.extra["chain"][0]["type"] == "ZeroDivisionError"


def test_chained_direct_cause(tmp_path):
    err = run_py(tmp_path, """
        def f():
            try:
                {}["k"]
            except KeyError as e:
                raise RuntimeError("wrapped") from e
        f()
    """)
    rep = parse(err)
    assert rep.type == "RuntimeError" and rep.message == "wrapped"
    assert rep.extra["chain"][0]["type"] == "KeyError"


def test_exception_group(tmp_path):
    err = run_py(tmp_path, """
        def a():
            raise ValueError("one")
        def b():
            raise TypeError("two")
        def run():
            errs = []
            for fn in (a, b):
                try:
                    fn()
                except Exception as e:
                    errs.append(e)
            raise ExceptionGroup("many", errs)
        run()
    """)
    rep = parse(err)
    assert rep.type == "ExceptionGroup"
    assert rep.message.startswith("many")
    assert [g["type"] for g in rep.extra["group"]] == ["ValueError", "TypeError"]
    assert rep.guilty is not None


def test_syntax_error(tmp_path):
    err = run_py(tmp_path, """
        x = 1
        def f(:
            pass
    """)
    rep = parse(err)
    assert rep.type == "SyntaxError"
    assert rep.frames[0].file.endswith("prog.py") and rep.frames[0].line == 3
    assert "def f(" in rep.frames[0].code


def test_recursion(tmp_path):
    err = run_py(tmp_path, """
        def rec(n):
            return rec(n + 1)
        rec(0)
    """)
    rep = parse(err)
    assert rep.type == "RecursionError"
    assert rep.guilty.function == "rec"
    assert rep.extra["repeated"] > 100


def test_log_prefixed(tmp_path):
    err = run_py(tmp_path, """
        import logging
        logging.basicConfig(format="%(asctime)s %(levelname)s %(message)s")
        def handler():
            return int("x")
        try:
            handler()
        except Exception:
            logging.exception("request failed")
        raise SystemExit(1)
    """)
    rep = parse(err)
    assert rep.type == "ValueError" and rep.guilty.function == "handler"


def test_every_line_prefixed():
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/jobs.py", line 10, in run\n'
        "    process(item)\n"
        '  File "/srv/app/jobs.py", line 5, in process\n'
        "    return item.name\n"
        "AttributeError: 'NoneType' object has no attribute 'name'\n"
    )
    text = "".join(f"worker-3 | 2024-01-01 12:00:00 {ln}\n" for ln in tb.splitlines())
    rep = parse(text)
    assert rep.type == "AttributeError" and rep.guilty.function == "process"
    assert rep.frames[0].line == 5


TEST_FILE = """
import json

def helper(d):
    return d["key"]

def test_it():
    data = {"other": 1}
    assert helper(data) == 1
"""


@pytest.mark.parametrize("style", ["long", "short", "native"])
def test_pytest_styles(tmp_path, style):
    (tmp_path / "test_sample.py").write_text(TEST_FILE)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--tb={style}",
                        "test_sample.py"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 1
    rep = parse(r.stdout)
    assert rep is not None, r.stdout
    assert rep.type == "KeyError"
    assert "key" in rep.message
    assert rep.frames[0].function == "helper"
    assert rep.guilty.function == "helper"
    assert any(f.function == "test_it" for f in rep.frames)
    assert to_json(rep)["kind"] == "python"


ASSERT_FILE = """
def double(x):
    return x + x + 1

def test_double():
    assert double(2) == 4
"""


@pytest.mark.parametrize("style", ["long", "short", "native"])
def test_pytest_failed_assert_in_every_style(tmp_path, style):
    """A wrong result shown by a failing assert is a crash too (short style names no exception)."""
    (tmp_path / "test_assert.py").write_text(ASSERT_FILE)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--tb={style}",
                        "test_assert.py"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 1
    rep = parse(r.stdout)
    assert rep is not None, r.stdout
    assert rep.type == "AssertionError"
    assert "5 == 4" in rep.message
    assert rep.guilty.function == "test_double" and rep.guilty.line == 6


def test_pytest_line_style_takes_the_first_failure_and_names_its_test(tmp_path):
    (tmp_path / "test_two.py").write_text(
        "def f(xs):\n    return xs[1:]\n\n\ndef test_a():\n    assert f([1, 2]) == [1, 2]\n\n\n"
        "def test_b():\n    assert f([3]) == [3]\n")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=line",
                        "test_two.py"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    rep = parse(r.stdout)
    assert rep is not None, r.stdout
    assert rep.type == "AssertionError" and "[2] == [1, 2]" in rep.message
    assert [(f.function, f.line) for f in rep.frames] == [("test_a", 6)]
