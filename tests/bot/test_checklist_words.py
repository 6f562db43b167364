"""The run part of the status comment, pure: an `env_broken` run names the line that failed."""
from __future__ import annotations

from agent.reports import parse
from agent.run import Result, Run, RunConfig
from bot.conversation.checklist import Trigger, final
from bot.conversation.failures import for_result

REPORT = """```
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    main()
AttributeError: 'NoneType' object has no attribute 'x'
```"""


def test_env_broken_names_the_failing_line(tmp_path):
    run = Run(RunConfig(repo=".", report_text=REPORT, out=tmp_path), report=parse(REPORT))
    run.fail("env_broken", "SetupFailed: repository install failed (exit 1): `pip install -e .`\n"
             "Collecting frobnitz==9.9\n"
             "ERROR: No matching distribution found for frobnitz==9.9\n"
             "[notice] A new release of pip is available")
    result = Result.of(run)
    body = final(Trigger("label `crashfix`", 3), result, for_result(result))
    assert "**The failing line:** `ERROR: No matching distribution found for frobnitz==9.9`" in body
    assert "[notice]" not in body.split("**The failing line:**")[1].splitlines()[0]
