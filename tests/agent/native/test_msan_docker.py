"""An MSan report in the C image (issue 39): the tree is built with clang's MemorySanitizer, the
reporter's command and the reporter's program reproduce the reported use of an uninitialised value
(ASan + UBSan, the old build, see nothing), and the template that initialises the struct validates:
the MSan report is gone. Where MSan cannot be had (a gcc-only image), one line says so and the build
falls back to ASan + UBSan."""
from __future__ import annotations

import json

import pytest

from agent.native.build import MSAN, SANITIZERS, build, detect, usable_sanitizers
from agent.native.reproduce import env_prefix
from agent.pipeline import run_job
from agent.run import PATCHED, RunConfig
from gitrepo import make_repo
from sandbox import open_sandbox
from tcfg import FILES, ISSUE_COMMAND, ISSUE_PROGRAM

pytestmark = pytest.mark.docker


def _run(repo, issue, out, image):
    return run_job(RunConfig(repo=str(repo), report_text=issue, out=out, strategy="templates", sandbox="docker",
                             image=image, max_candidates=3))


@pytest.mark.parametrize("issue, how", [(ISSUE_COMMAND, "reproducer command"), (ISSUE_PROGRAM, "reproducer program")],
                         ids=["command", "program"])
def test_an_msan_report_is_reproduced_with_msan_and_initialising_the_struct_validates(c_image, tmp_path, issue, how):
    repo = make_repo(tmp_path / "tcfg", FILES)
    out = tmp_path / "out"
    run = _run(repo, issue, out, c_image)
    result = json.loads((out / "result.json").read_text())
    rep = result["reproduction"]
    assert rep["reproduced"] and rep["how"] == how, (run.error, run.notes, rep)
    assert "MSAN_OPTIONS=" in rep["command"]
    shown = rep["attempts"][-1]["output_tail"]
    assert "WARNING: MemorySanitizer: use-of-uninitialized-value" in shown and "tcfg_area /workspace/tcfg.c:9" in shown
    assert "-fsanitize=memory" in json.dumps(result["build"])
    assert "built with MSan only, the sanitizer of the report" in result["notes"]
    assert run.status in PATCHED, (run.error, run.notes)
    assert "+    struct tcfg c = {0};" in result["patch"]
    assert result["fix"]["reason"].startswith("crash gone")
    if how == "reproducer command":      # the root cause in C's words: the sanitizer reports, no value "raised"
        said = (out / "report.md").read_text()
        assert "a value never set shows whatever bytes its memory held; so the sanitizer reports " \
               "`use-of-uninitialized-value` at that line." in said and "so the line raises" not in said


def test_without_clangs_msan_runtime_one_line_says_so_and_the_build_falls_back(sandbox_image, docker_limits, tmp_path):
    """The python image has gcc and no clang: MSan cannot be had there."""
    repo = make_repo(tmp_path / "tcfg", FILES)
    with open_sandbox("docker", repo, image=sandbox_image, install=False, limits=docker_limits) as sb:
        got, note = usable_sanitizers(sb, MSAN)
    assert got == SANITIZERS
    assert note.startswith("MemorySanitizer (the report's sanitizer) is not available: this image has no clang "
                           "with its MSan runtime (") and "clang" in note.split("(", 2)[2]
    assert note.endswith("built with ASan + UBSan instead, which do not detect a use of an uninitialised value")


def test_an_msan_report_in_an_image_without_msan_says_so_first_in_its_status(sandbox_image, tmp_path):
    """The run itself on that image: built with ASan + UBSan (gcc), the uninitialised read goes unseen,
    and the status opens with the line that says MSan was not available (not only 'did not reproduce')."""
    repo = make_repo(tmp_path / "tcfg", FILES)
    run = _run(repo, ISSUE_COMMAND, tmp_path / "out", sandbox_image)
    assert run.status == "not_reproduced", (run.status, run.error)
    assert run.error.startswith("MemorySanitizer (the report's sanitizer) is not available: this image has no clang "
                                "with its MSan runtime"), run.error
    assert "the crash did not reproduce under the sanitizers" in run.error
    assert run.notes[0].startswith("MemorySanitizer (the report's sanitizer) is not available")


CMAKE = ("cmake_minimum_required(VERSION 3.10)\nproject(tcfg C)\nadd_library(tcfg tcfg.c parse.c)\n"
         "add_executable(tcfgarea tcfgarea.c)\ntarget_link_libraries(tcfgarea tcfg)\n")
MESON = ("project('tcfg', 'c')\nlib = static_library('tcfg', 'tcfg.c', 'parse.c')\n"
         "executable('tcfgarea', 'tcfgarea.c', link_with: lib)\n")


@pytest.mark.parametrize("build_file, text", [("CMakeLists.txt", CMAKE), ("meson.build", MESON)], ids=["cmake", "meson"])
def test_cmake_and_meson_build_with_clangs_msan(c_image, docker_limits, tmp_path, build_file, text):
    """CMake through CMAKE_C_COMPILER, Meson through CC and -Db_sanitize=memory (its -Dc_args one value:
    Meson splits it on spaces; a comma made clang refuse one unknown argument)."""
    files = {**{k: v for k, v in FILES.items() if k != "Makefile"}, build_file: text}
    repo = make_repo(tmp_path / "tcfg", files)
    with open_sandbox("docker", repo, image=c_image, install=False, limits=docker_limits) as sb:
        plan = detect(sorted(files), sb.read, sanitizers=MSAN)
        built = build(sb, plan, timeout=300)
        assert built.ok, built.log[-3000:]
        res = sb.run(f"{env_prefix(None)} ./build/tcfgarea w=3", timeout=60)
    assert "WARNING: MemorySanitizer: use-of-uninitialized-value" in res.output and "in tcfg_area " in res.output, res.output
