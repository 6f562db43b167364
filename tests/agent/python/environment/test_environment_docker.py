"""Real Docker: runs set themselves up with no --setup-cmd and no --test-cmd; dependencies as of
the commit's date; a repo that cannot install or whose tests cannot import ends env_broken."""
from __future__ import annotations

from agent.run import PATCHED

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from agent.python.environment.apply import install_steps
from agent.python.environment import resolve
from agent.evaluate import dated_repo
from agent.pipeline import run_job
from agent.run import RunConfig
from sandbox import open_sandbox

pytestmark = pytest.mark.docker
CLICK_VERSION = "python -c 'import importlib.metadata as m; print(m.version(\"click\"))'"
ENVS = Path(__file__).resolve().parents[4] / "eval" / "envs"


def sandboxes(image: str) -> list[str]:
    import docker
    client = docker.from_env()
    # by the name it was started from (other runs on the shared engine use the same image id)
    return [c.id for c in client.containers.list(all=True, filters={"ancestor": image})
            if c.attrs["Config"]["Image"] == image]


def run_case(name: str, out: Path, **extra):
    case = ENVS / name
    return run_job(RunConfig(repo=str(case / "repo"), report_text=(case / "report.txt").read_text(), out=out,
                                  strategy="templates", **extra))


def test_dependencies_come_as_of_the_commits_date(sandbox_image, docker_limits, tmp_path):
    repo = dated_repo(ENVS / "oldpins-columns-missing-return" / "repo", "2019-06-14T10:00:00Z", tmp_path / "r")
    env = resolve(repo)
    env.python_used = "3.11"
    assert env.as_of == "2019-06-14T10:00:00Z"
    steps = install_steps(env, repo, env.test_cmd)
    notes: list[str] = []
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, steps=steps, as_of=env.as_of,
                      notes=notes) as box:
        assert box.run(CLICK_VERSION, timeout=60).output.strip() == "7.0"
        assert box.run("python -m pytest -q", timeout=120).output.count("passed") == 1   # 2019's click works
    assert any(n.startswith("installer: uv") for n in notes)
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, steps=steps, as_of=None) as box:
        assert int(box.run(CLICK_VERSION, timeout=60).output.strip().split(".")[0]) >= 8
        assert "get_terminal_size" in box.run("python -m pytest -q", timeout=120).output   # today's click breaks it


@pytest.mark.parametrize("name", ["toxonly-prices-keyerror", "devcontainer-greeter-none"])
def test_recipe_only_repos_reproduce_and_fix_without_setup_or_test_command(name, sandbox_image, tmp_path):
    run = run_case(name, tmp_path / "out")
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert run.status in PATCHED, (run.error, result["notes"])      # a validated patch, whatever its confidence
    assert any("borrowed from" in n for n in result["notes"])
    assert result["tests"]["before"]["passed"] == 2


def test_a_repo_that_cannot_install_ends_env_broken_quickly_and_leaves_nothing(sandbox_image, tmp_path):
    import docker
    client = docker.from_env()
    own = f"crashfix/sandbox-python:envres-bad-input-{os.getpid()}"   # other runs share the engine
    client.images.get(sandbox_image).tag(own)
    try:
        start = time.monotonic()
        run = run_case("badinput-setup-py-fails", tmp_path / "out", image=own)
        assert run.status == "env_broken"
        assert "pip install --no-build-isolation --no-deps -e ." in run.error
        assert "builds only on Solaris" in run.error
        assert time.monotonic() - start < 120
        assert sandboxes(own) == []
    finally:
        client.images.remove(own, noprune=True)


def test_tests_that_cannot_import_their_dependency_are_env_broken_not_not_reproduced(sandbox_image, tmp_path):
    """With the install given as `true`, tests_require's mock is missing: every module fails on import."""
    run = run_case("testsrequire-inventory-index", tmp_path / "out", setup_cmd="true")
    assert run.status == "env_broken"
    assert "ModuleNotFoundError: No module named 'mock'" in run.error


@pytest.mark.parametrize("makefile", ["goals", "one-recipe"])
def test_c_repo_whose_default_target_runs_its_tests(makefile, tmp_path):
    """The build names the goals that compile; when the default goal's own recipe both compiles and
    runs the crashing test, the crash in the build output is the reproduction."""
    case = ENVS / "cdefault-strdup-upper-overflow"
    repo = shutil.copytree(case / "repo", tmp_path / "repo")
    if makefile == "one-recipe":
        (repo / "Makefile").write_text("all:\n\t$(CC) -g -o test_strx strx.c test_strx.c\n\t./test_strx\n")
    run = run_job(RunConfig(repo=str(repo), report_text=(case / "report.txt").read_text(), out=tmp_path / "out",
                                 strategy="templates"))
    assert run.status in PATCHED, run.error         # a validated patch (its confidence is not this test's)
    assert "n + 1" in run.best.candidate.description
    assert run.reproduction.how == ("test suite" if makefile == "goals" else "build (it runs the tests)")


def test_python_images_per_version_are_built_once_and_the_nearest_is_used(docker_engine):
    """The one test that needs the 3.9 (bullseye) and 3.13 (trixie) images: built once, by recipe hash."""
    from sandbox.docker.images import image_tag, python_image
    import docker
    client = docker.from_env()
    for asked, used in (("3.8", "3.9"), ("3.13", "3.13")):
        tag, got, note = python_image(asked, log=lambda m: None)
        assert got == used and tag == image_tag("python", used)
        assert (note is not None) == (asked != used)
        out = client.containers.run(tag, "sh -c 'python --version; uv --version; python -m pytest --version 2>&1'",
                                    remove=True, network_mode="none").decode()
        assert f"Python {used}." in out and "uv 0.13" in out and "pytest" in out
    tag, got, note = python_image("3.10", log=lambda m: None)
    assert got == "3.11" and note.startswith("Python 3.10 requested, 3.11 used")


def test_the_bundled_example_is_fixed_without_a_test_command(sandbox_image, tmp_path):
    example = Path(__file__).resolve().parents[4] / "examples" / "inventory"
    run = run_job(RunConfig(repo=str(example / "repo"), report_text=(example / "report.txt").read_text(),
                                 out=tmp_path / "out", strategy="templates"))
    assert run.status in PATCHED, run.error         # a validated patch (its confidence is not this test's)
    assert run.test_cmd == "python -m pytest -q" and run.tests_before.passed
