"""Tool output the model can use (issue 25, failure 5): warnings dropped and the result first, and
`view` pages the asked lines instead of cutting their middle."""
from __future__ import annotations

from agent.excerpt import failure_excerpt
from agent.memory import Memory
from agent.reports import parse
from agent.research.tools.base import ToolContext, Toolbox
from agent.research.tools.dynamic import Run
from agent.research.tools.research import View
from gitrepo import make_repo
from sandbox import open_sandbox

WARN = "".join(f"/venv/lib/python3.11/site-packages/old/mod{i}.py:{i}: DeprecationWarning: pkg_resources is "
               f"deprecated as an API\n  import pkg_resources\n" for i in range(2000))
CRASH = 'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\n    load()\nKeyError: \'level\'\n'
REPORT = CRASH


def test_a_result_drowned_in_deprecation_warnings_is_shown_whole():
    shown = failure_excerpt("[exit 1]\n" + WARN + CRASH + WARN[:5000], 4000)
    assert CRASH in shown and "DeprecationWarning" not in shown and "lines of warnings dropped" in shown


def test_view_pages_the_asked_lines_and_run_drops_warnings(tmp_path):
    long = "".join(f"value_{n} = {'x' * 60!r}  # a long line of data number {n}\n" for n in range(1, 401))
    repo = make_repo(tmp_path / "r", {"data.py": long,
                                      "warn.py": "import warnings\nfor i in range(500):\n"
                                                 "    warnings.warn_explicit('old', DeprecationWarning, 'm%d.py' % i, i)\n"
                                                 "raise KeyError('level')\n"})
    sb = open_sandbox("local", repo, install=False)
    try:
        ctx = ToolContext(sb=sb, source=repo, memory=Memory(), report=parse(REPORT), repro_cmd=None,
                          test_cmd=None, timeout=60)
        box = Toolbox([View(), Run()])
        first = box.call(ctx, "view", {"path": "data.py", "start": 100, "end": 399}).text
        assert "[... " not in first and "characters cut" not in first
        assert "  100 value_100" in first and "view with start=" in first
        nxt = int(first.rsplit("view with start=", 1)[1].split("]")[0])
        assert f"{nxt - 1:5} value_{nxt - 1}" in first
        second = box.call(ctx, "view", {"path": "data.py", "start": nxt, "end": 399}).text
        assert f"{nxt:5} value_{nxt}" in second
        ran = box.call(ctx, "run", {"command": "python -W always warn.py"}).text
        assert ran.startswith("[exit 1") and "KeyError: 'level'" in ran and "DeprecationWarning" not in ran
    finally:
        sb.close()
