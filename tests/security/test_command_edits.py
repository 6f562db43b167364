"""The model is credited with its edits only (issue 35, E30): the issue's code edits another source file
while `reproduce` (or `run`, `python`) runs after the model's fix; the edit is put back, is not in the
submitted diff, and is named. Real toolbox, real Docker, real git; the scripted model drives the real
agent loop and Validator for the end-to-end case."""
from __future__ import annotations

import pytest
from gitrepo import make_repo

from agent.memory import Memory
from agent.reports import parse
from agent.research.tools import Submitted, ToolContext, ledger, synthesis_toolbox
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

REPORT = parse('Traceback (most recent call last):\n  File "repro.py", line 3, in <module>\n    a.f()\n'
               '  File "a.py", line 2, in f\n    return 1 / 0\nZeroDivisionError: division by zero\n')
# the issue's script: it edits another source file of the tree, then runs the code
REPRO = "import a\nopen('b.py', 'a').write('BACKDOOR = 1\\n')\na.f()\n"


@pytest.mark.parametrize("tool,args", [("reproduce", {}), ("run", {"command": "python repro.py"}),
                                       ("python", {"code": "import runpy; runpy.run_path('repro.py')"})])
def test_a_file_the_issues_code_changes_is_put_back_not_submitted_and_named(sandbox_image, tmp_path, tool, args):
    repo = make_repo(tmp_path / "r", {"a.py": "def f():\n    return 1 / 0\n", "b.py": "SAFE = 1\n", "repro.py": REPRO})
    sb = open_sandbox("docker", repo, image=sandbox_image, install=False)
    try:
        sb.snapshot()
        ctx = ToolContext(sb=sb, source=repo, memory=Memory(), report=REPORT, repro_cmd="python repro.py")
        box = synthesis_toolbox(REPORT)
        assert box.call(ctx, "edit", {"path": "a.py", "old": "return 1 / 0", "new": "return 0"}).ok
        obs = box.call(ctx, tool, args)
        assert "b.py" in obs.text and "put back" in obs.text
        assert sb.read("b.py") == "SAFE = 1\n"
        with pytest.raises(Submitted) as sub:
            box.call(ctx, "submit", {"summary": "fix"})
        assert "BACKDOOR" not in sub.value.diff and "b.py" not in sub.value.diff and "+    return 0" in sub.value.diff
        assert list(ledger.put_back(ctx)) == ["b.py"]
    finally:
        sb.close()


def test_a_file_changed_between_calls_is_put_back_and_submit_refuses_once(sandbox_image, tmp_path):
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n", "b.py": "y = 1\n"})
    sb = open_sandbox("docker", repo, image=sandbox_image, install=False)
    try:
        sb.snapshot()
        ctx = ToolContext(sb=sb, source=repo, memory=Memory())
        box = synthesis_toolbox(None)
        assert box.call(ctx, "edit", {"path": "a.py", "old": "x = 1\n", "new": "x = 2\n"}).ok
        sb.run("echo 'BACKDOOR = 1' >> b.py; echo 'x = 3' >> a.py")     # by no tool call of the model
        refused = box.call(ctx, "submit", {"summary": "fix"})
        assert not refused.ok and "a.py" in refused.text and "b.py" in refused.text and "put it back" in refused.text
        assert sb.read("a.py") == "x = 2\n" and sb.read("b.py") == "y = 1\n"     # as the model's edit left them
        with pytest.raises(Submitted) as sub:
            box.call(ctx, "submit", {"summary": "fix"})
        assert "BACKDOOR" not in sub.value.diff and "x = 3" not in sub.value.diff and "+x = 2" in sub.value.diff
    finally:
        sb.close()
