"""Facts handed between phases are true of this tree (issue 25, failure 4): a report's frame is
quoted (as a site, a fact) only where this tree's file defines its function and holds its code; a
debugger stop that read nothing is no fact."""
from __future__ import annotations

import json

from agent.judge.anchor import code_here
from agent.memory import Memory
from agent.pipeline import run_job
from agent.run import RunConfig
from agent.reports.model import Frame
from gitrepo import make_repo

# this tree: two functions were added above `load` since the reporter's version
CONFIG = '''import json


def defaults():
    return {"level": "info"}


def merge(a, b):
    return {**a, **b}


def load(text):
    data = json.loads(text)
    return data["logging"]["level"]
'''
READ = {"app/config.py": CONFIG}.get


def test_a_frame_is_placed_on_this_trees_line_of_its_code_or_not_at_all():
    moved = Frame(file="/u/app/config.py", line=5, function="load", code='return data["logging"]["level"]')
    assert code_here(moved, "app/config.py", READ) == (14, '    return data["logging"]["level"]')
    gone = Frame(file="/u/app/config.py", line=5, function="load_legacy", code="return cfg.level")
    assert code_here(gone, "app/config.py", READ) == (None, "")
    other = Frame(file="/u/app/config.py", line=5, function="load", code="return settings.level")
    assert code_here(other, "app/config.py", READ) == (None, "")     # another version's code: not quoted


def test_an_empty_debugger_entry_is_dropped():
    m = Memory()
    m.add("debugger", "at app/config.py:14: ", "pdb")
    m.add("debugger", "   ", "pdb")
    m.add("debugger", "at app/config.py:14: data = {}", "pdb")
    assert [f.text for f in m.facts] == ["at app/config.py:14: data = {}"]


REPORT = '''Traceback (most recent call last):
  File "/home/u/run.py", line 4, in <module>
    load('{"logging": {}}')
  File "/home/u/venv/lib/python3.11/site-packages/app/config.py", line 5, in load
    return data["logging"]["level"]
KeyError: 'level'
'''


def test_the_runs_facts_quote_this_trees_code(tmp_path):
    repo = make_repo(tmp_path / "app", {"app/__init__.py": "", "app/config.py": CONFIG,
                                        "tests/test_config.py": "from app.config import merge\n\n\ndef test_merge():\n"
                                                                "    assert merge({}, {'a': 1}) == {'a': 1}\n"})
    run = run_job(RunConfig(repo=str(repo), report_text=REPORT, out=tmp_path / "out",
                                 test_cmd="python -m pytest -q", strategy="templates", sandbox="local"))
    assert any("the reported line 5 is line 14 here" in n for n in run.notes), run.notes
    facts = json.loads((tmp_path / "out" / "result.json").read_text())["memory"]
    frames = [f for f in facts if f["kind"] == "frame"]
    assert frames and all(f["source"] == "app/config.py:14" for f in frames), frames
    assert not any(f["kind"] == "debugger" and f["text"].rstrip().endswith(":") for f in facts)
