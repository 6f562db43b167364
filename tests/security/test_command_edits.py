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


def test_the_result_the_report_and_the_pr_name_the_files_a_command_changed():
    from agent.candidates import Candidate
    from agent.judge.validate import Verdict
    from agent.render import report_markdown, result_dict
    from agent.run import Result
    from bot.conversation.publish import pr_body
    diff = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
    best = Verdict(Candidate(diff, "fix", "llm", files=("a.py",)), validated=True, reason="crash gone",
                   clean_runs=1, tries=1, command_changed=["b.py"])
    result = Result(status="fixed", error=None, error_kind=None, repo="r", ref=None, strategy="auto", sandbox="docker",
                    test_cmd=None, report=REPORT, reproduction=None, patch=diff, root_cause="", verdicts=[best], best=best)
    assert result_dict(result)["command_changed"] == ["b.py"] and result_dict(result)["fix"]["command_changed"] == ["b.py"]
    for body in (pr_body(result, 7), report_markdown(result)):
        line = [ln for ln in body.splitlines() if ln.startswith("Not in this patch:")]
        assert line and "b.py" in line[0] and "put it back" in line[0]
    plain = Result(**{**result.__dict__, "best": Verdict(best.candidate, validated=True), "verdicts": []})
    assert "Not in this patch" not in pr_body(plain, 7) and result_dict(plain)["command_changed"] == []
