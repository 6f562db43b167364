"""A report cut before its exception line is a crash of unknown exception, and its snippet is run
(issue 36): the issue's title and prose name no exception, its traceback stops at the innermost frame;
the fix run does not stop at "no crash report found", it runs the issue's snippet (rung 1), and the
crash it raises through the reported frames is the reported crash. A real repository, the real local
sandbox and pytest."""
from __future__ import annotations

import pytest

from agent.pipeline import run_job
from agent.reports import parse_issue
from agent.run import RunConfig
from gitrepo import make_repo

FILES = {
    "pyproject.toml": '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
                      '[project]\nname = "confit"\nversion = "0.1"\n[tool.setuptools]\npackages = ["confit"]\n',
    "confit/__init__.py": "",
    "confit/loader.py": ("def _section(data, name):\n"
                         "    return data[name][\"keys\"]\n"
                         "\n\n"
                         "def load(data, name=\"main\"):\n"
                         "    return _section(data, name)\n"),
    "tests/test_loader.py": ("from confit.loader import load\n\n\n"
                             "def test_load():\n    assert load({\"main\": {\"keys\": [1]}}) == [1]\n"),
}
ISSUE = ("Loading a config without its main section\n\n"
         "Our job stops when the file has no main section:\n\n"
         "```python\nfrom confit.loader import load\nload({})\n```\n\n"
         "What the log collector kept (it cuts the last lines):\n\n```\n"
         "Traceback (most recent call last):\n"
         '  File "/home/u/job.py", line 2, in <module>\n    load({})\n'
         '  File "/home/u/venv/lib/python3.11/site-packages/confit/loader.py", line 6, in load\n'
         "    return _section(data, name)\n"
         '  File "/home/u/venv/lib/python3.11/site-packages/confit/loader.py", line 2, in _section\n'
         '    return data[name]["keys"]\n```\n')


@pytest.mark.slow
def test_a_cut_traceback_with_a_snippet_is_reproduced_by_running_the_snippet(tmp_path):
    report = parse_issue(ISSUE)
    assert report.type == "Exception" and report.extra["exception_from"] == "unknown"
    repo = make_repo(tmp_path / "confit", FILES)
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=tmp_path / "out", test_cmd="python -m pytest -q",
                            strategy="templates", sandbox="local", max_candidates=3))
    assert run.error is None or "no crash report" not in run.error
    rep = run.reproduction
    assert rep.reproduced and rep.rung == 1 and rep.how == "issue code block"      # the snippet, run
    assert rep.observed.type == "KeyError" and rep.observed.frames[0].function == "_section"
