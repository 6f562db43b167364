"""Issue 39's bad input in a run: an inline input too large to write gives one line in the status
that says so (not the missing-input line, which would say the issue holds no input)."""
from __future__ import annotations

import base64

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from gitrepo import make_repo
from agent.native.recipe import MAX_INPUT
from tcfg import FILES, REPORT
from tini import HEADER, ISSUE, LIB, MAKEFILE, TOOL

BIG = base64.b64encode(bytes(range(256)) * (MAX_INPUT // 256 + 1)).decode()
ISSUE_BIG = f"Run `./tinicat crash.ini` on this file:\n\n```base64\n{BIG}\n```\n"
LINE = (f"the issue's inline input for `crash.ini` is {MAX_INPUT + 256} bytes, more than the 1 MiB crashfix writes "
        "into the sandbox: not written; give the command that makes the file with `--repro-cmd`")

pytestmark = pytest.mark.docker


def test_a_run_whose_inline_input_is_too_large_says_so_in_its_status(c_image, tmp_path):
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER, "Makefile": MAKEFILE, "tinicat.c": TOOL})
    report = "```\n" + ISSUE.split("```\n")[-2]           # tini's pasted ASan report, without its program
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE_BIG + "\n" + report, out=tmp_path / "out",
                            strategy="templates", sandbox="docker", image=c_image, max_candidates=1))
    assert run.status == "not_reproduced", (run.status, run.error)
    assert run.error.startswith(LINE + ". the crash did not reproduce"), run.error
    assert "./tinicat crash.ini" in run.error and LINE in run.notes


def test_a_run_whose_recipe_program_does_not_exist_says_so_in_its_status(c_image, tmp_path):
    repo = make_repo(tmp_path / "tcfg", FILES)
    issue = "Built with clang -fsanitize=memory, then:\n\n```sh\n./tcfg_fuzz w=3\n```\n\n" + REPORT
    run = run_job(RunConfig(repo=str(repo), report_text=issue, out=tmp_path / "out", strategy="templates",
                            sandbox="docker", image=c_image, max_candidates=1))
    assert run.status == "not_reproduced", (run.status, run.error)
    assert run.error.startswith("the reproducer's program `./tcfg_fuzz` is neither in the tree nor made by its build, "
                                "so its command could not run; give the command that builds and runs it with "
                                "`--repro-cmd`"), run.error


def test_a_build_that_still_fails_with_werror_dropped_is_env_broken_with_its_failing_line(c_image, tmp_path):
    """Issue 39: "an old -Werror build failure is `error`, not `env_broken`"; -Werror is dropped and built
    again, and a failure after that is today's compiler's matter: env_broken, with the line that failed."""
    other = "int tini_other(void)\n{\n    return undeclared_name;\n}\n"
    makefile = MAKEFILE.replace("libtini.a: tini.o", "libtini.a: tini.o other.o")
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER, "Makefile": makefile, "tinicat.c": TOOL,
                                         "other.c": other})
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=tmp_path / "out", strategy="templates",
                            sandbox="docker", image=c_image, max_candidates=1))
    assert run.status == "env_broken", (run.status, run.error)
    assert run.error.startswith("the repository does not build with today's compiler (it failed on -Werror; with "
                                "-Werror dropped `"), run.error
    assert any(n.startswith("the build failed on warnings turned into errors (-Werror)") for n in run.notes)
    assert "undeclared_name" in run.cause.line, run.cause
