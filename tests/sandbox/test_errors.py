"""Bad input and broken environments fail clearly and quickly."""
from __future__ import annotations

import subprocess
import time

import pytest

from sandbox import (ImageMissing, SandboxDead, SandboxError, SetupFailed, open_sandbox,
                     prepare_source)
from sandbox.setup import install_plan

BACKENDS = ["local", pytest.param("docker", marks=pytest.mark.docker)]

BROKEN_SETUP = {"setup.py": "raise SystemExit('crashfix-test: this package cannot be built')\n",
                "mod.py": "x = 1\n"}


def _open(backend, repo, request, **kw):
    if backend == "docker":
        kw["image"] = request.getfixturevalue("sandbox_image")
        kw["limits"] = request.getfixturevalue("docker_limits")
    return open_sandbox(backend, repo, **kw)


@pytest.mark.parametrize("backend", BACKENDS)
def test_failing_install_raises_setup_failed(backend, repo_factory, request):
    repo = repo_factory(BROKEN_SETUP)
    with pytest.raises(SetupFailed) as e:
        _open(backend, repo, request)
    assert "this package cannot be built" in str(e.value)
    assert "pip install" in str(e.value)


@pytest.mark.parametrize("backend", BACKENDS)
def test_failing_setup_cmd_names_the_command(backend, repo_factory, request):
    repo = repo_factory({"a.txt": "a\n"})
    with pytest.raises(SetupFailed) as e:
        _open(backend, repo, request, setup_cmd="echo building; echo boom >&2; exit 7")
    assert "exit 7" in str(e.value) and "boom" in str(e.value)
    assert "echo building" in str(e.value)


@pytest.mark.parametrize("backend", BACKENDS)
def test_offline_install_of_a_package(backend, repo_factory, request):
    repo = repo_factory({
        "pyproject.toml": '[build-system]\nrequires = ["setuptools>=61"]\n'
                          'build-backend = "setuptools.build_meta"\n'
                          '[project]\nname = "tinypkg"\nversion = "0.1"\n',
        "tinypkg/__init__.py": "def div(a, b):\n    return a / b\n",
        "tests/test_div.py": "from tinypkg import div\n\ndef test_div():\n    assert div(4, 2) == 2\n",
        ".gitignore": "*.egg-info/\n"})
    sb = _open(backend, repo, request)
    try:
        r = sb.run("cd / && python -c 'import tinypkg; print(tinypkg.__file__)'")
        assert r.ok and "tinypkg/__init__.py" in r.output
        assert sb.run("python -m pytest -q tests", timeout=120).ok
        assert sb.diff() == ""          # set-up artifacts are part of the snapshot
    finally:
        sb.close()


def test_unknown_backend(repo_factory):
    with pytest.raises(SandboxError, match="unknown sandbox backend"):
        open_sandbox("vm", repo_factory({"a": "a"}), install=False)


def test_prepare_source_checks_out_ref(repo_factory, tmp_path):
    repo = repo_factory({"a.txt": "one\n"})
    first = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True,
                           text=True).stdout.strip()
    (repo / "a.txt").write_text("two\n")
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "2"],
                   cwd=repo, check=True)
    dest = prepare_source(str(repo), first, tmp_path / "clone")
    assert (dest / "a.txt").read_text() == "one\n"
    with pytest.raises(SandboxError):
        prepare_source(str(repo), "no-such-ref", tmp_path / "clone2")


def test_install_plan(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["six"]\n')
    (tmp_path / "requirements-dev.txt").write_text("pytest\n")
    steps = install_plan(tmp_path)
    assert [s.network for s in steps] == [False, True, True]
    assert "--no-build-isolation --no-deps -e ." in steps[0].cmd
    assert steps[2].cmd.endswith("requirements-dev.txt")
    assert install_plan(tmp_path, "make") [0].cmd == "make"


@pytest.mark.docker
def test_missing_image(docker_engine):
    from sandbox.docker.sandbox import DockerSandbox
    with pytest.raises(ImageMissing) as e:
        DockerSandbox("crashfix/sandbox-nope:does-not-exist")
    assert "crashfix/sandbox-nope:does-not-exist" in str(e.value)
    assert "crashfix images --kind python" in str(e.value)        # the command that builds it


@pytest.mark.docker
def test_dead_engine_is_a_quick_clear_error(sandbox_image, tmp_path):
    from sandbox.docker.sandbox import DockerSandbox, Limits
    start = time.monotonic()
    with pytest.raises(SandboxError) as e:
        DockerSandbox(sandbox_image, base_url=f"unix://{tmp_path}/no-such.sock",
                      limits=Limits(api_timeout=3))
    assert time.monotonic() - start < 10
    assert "Docker engine unreachable" in str(e.value) and "no-such.sock" in str(e.value)


@pytest.mark.docker
def test_container_killed_underneath_is_sandbox_dead(sandbox_image, docker_limits):
    from sandbox.docker.sandbox import DockerSandbox
    sb = DockerSandbox(sandbox_image, limits=docker_limits)
    try:
        assert sb.run("true").ok
        sb.container.kill()
        start = time.monotonic()
        with pytest.raises(SandboxDead) as e:
            sb.run("true")
        assert time.monotonic() - start < 10
        assert sb.name in str(e.value)
    finally:
        sb.close()
    import docker
    client = docker.from_env()
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(sb.name)
    for v in sb.volumes:
        with pytest.raises(docker.errors.NotFound):
            client.volumes.get(v)


def test_an_optional_step_that_fails_is_noted_and_setup_goes_on(repo_factory):
    # the pytest of a tree's era (agent/python/environment) is optional: offline, the image's own is used
    from sandbox.setup import InstallStep
    repo = repo_factory({"a.txt": "a\n"})
    notes: list[str] = []
    box = open_sandbox("local", repo, steps=[InstallStep("exit 3", True, optional=True),
                                             InstallStep("echo done > marker.txt", False)], notes=notes)
    try:
        assert box.read("marker.txt").strip() == "done"
        assert any("`exit 3` failed (exit 3): set-up goes on without it" in n for n in notes), notes
    finally:
        box.close()
    with pytest.raises(SetupFailed):
        open_sandbox("local", repo, steps=[InstallStep("exit 3", True)])
