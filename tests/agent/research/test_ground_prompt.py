"""The first prompt states the baseline in one line (issue 25, failure 5): passed, failed, errors and
what broke, so the model does not learn of a broken environment from a refused reproducer."""
from __future__ import annotations

from agent.research.loop import Trajectory
from agent.judge.testrun import run_tests
from sandbox import open_sandbox


def test_the_task_message_states_the_baseline(scripted, make_agent, lru_repo, h):
    (lru_repo / "tests" / "test_plugins.py").write_text("import lru_plugin_not_installed\n\n\ndef test_p():\n    pass\n")
    sb = open_sandbox("local", lru_repo, install=True)
    try:
        base = run_tests(sb, "python -m pytest -q", timeout=120)
    finally:
        sb.close()
    agent = make_agent(scripted({"model": "scripted-lrucache", "analysis": [], "synthesis": []}), install=False)
    agent.baseline = base
    text = Trajectory(agent, 1, 0.0, None).task_message()
    line = next(ln for ln in text.splitlines() if ln.startswith("The tests on the unedited tree (the baseline): "))
    assert f"{len(base.passed)} passed, 1 failed, 1 errors" in line
    assert "tests/test_plugins.py (ModuleNotFoundError: No module named 'lru_plugin_not_installed')" in line
