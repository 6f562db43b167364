"""A kind crashfix parses but does not fix (a Go panic) is refused in one line, by the CLI before any
set-up and by the App's run (agent/pipeline.py), never routed to the Python family; and both read the
issue as GitHub shows it (issue 36): a panic inside an HTML comment is not what the issue reports."""
from __future__ import annotations

import json
from argparse import Namespace
from pathlib import Path

from agent.pipeline import run_job
from agent.run import RunConfig
from bot.cli.main import _refuse_before_setup

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT / "examples" / "inventory"
GO = ("panic: runtime error: invalid memory address or nil pointer dereference\n"
      "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]\n\n"
      "goroutine 1 [running]:\n"
      "github.com/acme/tool/pkg/config.(*Loader).Load(0x0)\n"
      "\t/home/u/go/src/github.com/acme/tool/pkg/config/loader.go:42 +0x1c\n"
      "main.main()\n\t/home/u/go/src/github.com/acme/tool/main.go:12 +0x25\n")
PYTHON = (INVENTORY / "report.txt").read_text()


def _refused(text: str) -> str | None:
    return _refuse_before_setup(Namespace(repo=str(INVENTORY / "repo")), text, len(text))


def test_the_cli_refuses_a_go_panic_it_shows_and_not_one_github_hides():
    assert "crashfix does not fix Go crashes" in _refused(GO)
    hidden = "<!-- what I saw in another tool:\n```\n" + GO + "```\n-->\n" + PYTHON
    assert _refused(hidden) is None                # the run fixes the Python crash the issue shows


def test_the_apps_run_refuses_a_go_panic_in_one_line_before_any_set_up(tmp_path):
    run = run_job(RunConfig(repo=str(INVENTORY / "repo"), report_text=GO, out=tmp_path / "o", strategy="templates"))
    result = json.loads((tmp_path / "o" / "result.json").read_text())
    assert run.status == "error" and result["error_kind"] == "bad_input"
    assert result["error"].startswith("a Go crash (") and "crashfix does not fix Go crashes" in result["error"]
    assert run.report.kind == "go" and not run.verdicts and "prepare" not in result["timings"]


def test_the_apps_run_reads_no_crash_in_a_comment(tmp_path):
    run = run_job(RunConfig(repo=str(INVENTORY / "repo"), report_text="Thanks!\n<!--\n" + GO + "-->\n",
                            out=tmp_path / "o", strategy="templates"))
    assert run.status == "error" and run.report is None and "no crash report found" in run.error
