"""The run part of the status comment: an `env_broken` run names the line that failed, read from the
run's typed cause (agent/records.py), never cut out of the error's text."""
from __future__ import annotations

import json

from agent.pipeline import run_job
from agent.reports import parse
from agent.run import Result, Run, RunConfig
from agent.records import CauseKind, SetupCause, setup_failed
from bot.conversation.checklist import Trigger, final
from bot.conversation.failures import for_result
from gitrepo import make_repo

REPORT = """```
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    main()
AttributeError: 'NoneType' object has no attribute 'x'
```"""

FAILING_INSTALL = ("echo 'Collecting frobnitz==9.9'; echo 'ERROR: No matching distribution found for frobnitz==9.9'; "
                   "echo '[notice] A new release of pip is available'; exit 1")


def test_a_failed_install_names_its_failing_line_from_the_result_json_cause(tmp_path):
    """The pipeline, on a real failed install (the local sandbox): the cause is typed in result.json,
    and the status comment quotes its line."""
    repo = make_repo(tmp_path / "app", {"app.py": "def main():\n    None.x\n\nmain()\n"})
    run = run_job(RunConfig(repo=str(repo), report_text=REPORT, out=tmp_path / "out", test_cmd="python -m pytest -q",
                            strategy="templates", sandbox="local", setup_cmd=FAILING_INSTALL, tries=1))
    assert run.status == "env_broken"
    written = json.loads((tmp_path / "out" / "result.json").read_text())["cause"]
    assert written["kind"] == "setup_failed"
    assert written["line"] == "ERROR: No matching distribution found for frobnitz==9.9"
    result = Result.of(run)
    body = final(Trigger("label `crashfix`", 3), result, for_result(result))
    assert "**The failing line:** `ERROR: No matching distribution found for frobnitz==9.9`" in body


def test_the_failing_line_is_the_causes_not_a_line_cut_out_of_the_error(tmp_path):
    run = Run(RunConfig(repo=".", report_text=REPORT, out=tmp_path), report=parse(REPORT))
    words = "the baseline test run says the environment is broken: ERROR: words a sentence may hold"
    run.fail("env_broken", words, cause=SetupCause(CauseKind.NETWORK, "OSError: Name or service not known", words))
    result = Result.of(run)
    body = final(Trigger("label `crashfix`", 3), result, for_result(result))
    assert "**The failing line:** `OSError: Name or service not known`" in body
    # an older record, or a run that ended without a cause: no line is made up from the error's words
    old = Result(**{**result.__dict__, "cause": None})
    assert "**The failing line:**" not in final(Trigger("label `crashfix`", 3), old, for_result(old))


def test_a_set_up_failures_line_skips_the_command_and_the_notices():
    cause = setup_failed("repository install failed (exit 1): `pip install -e .`\nCollecting frobnitz==9.9\n"
                         "ERROR: No matching distribution found for frobnitz==9.9\n[notice] A new release of pip")
    assert cause.kind is CauseKind.SETUP_FAILED and cause.line == "ERROR: No matching distribution found for frobnitz==9.9"
    assert SetupCause.from_dict(cause.to_dict()) == SetupCause(cause.kind, cause.line, cause.words)
    assert SetupCause.from_dict(None) is None and SetupCause.from_dict({"kind": "from_the_future"}) is None
