"""The environment cache: what its key sees, which steps run again on reuse, eviction by last use,
and (real Docker, real PyPI) a second set-up of the same repository that reuses the first."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from gitrepo import commit

from sandbox.docker import envcache
from sandbox import open_sandbox
from sandbox.docker.envkey import cache_key, on_reuse
from sandbox.setup import OFFLINE_SELF, InstallStep, plan_commands

REQS = [InstallStep("pip install -r requirements.txt", True)]


def _key(repo: Path, steps=REQS, **kw) -> str:
    return cache_key("example/repo", "sha256:img", steps, repo, as_of=kw.get("as_of", "2024-03-05T00:00:00Z"),
                     pins=kw.get("pins"), env=None)


def test_the_key_follows_the_dependency_declarations_not_the_code(repo_factory):
    repo = repo_factory({"requirements.txt": "six==1.16.0\n", "pyproject.toml": '[project]\nname = "p"\nversion = "1"\n',
                         "p.py": "x = 1\n"})
    first = _key(repo)
    commit(repo, {"p.py": "x = 2\n", "pyproject.toml": '[project]\nname = "p"\nversion = "2"\n'}, "change")
    assert _key(repo) == first                                   # code and version: the same environment
    assert _key(repo, as_of="2024-03-28T00:00:00Z") == first     # the same month
    assert _key(repo, as_of="2024-04-01T00:00:00Z") != first
    assert _key(repo, pins={"six": "1.15.0"}) != first
    commit(repo, {"requirements.txt": "six==1.15.0\n"}, "change")
    assert _key(repo) != first
    second = _key(repo)
    commit(repo, {"pyproject.toml": '[project]\nname = "p"\nversion = "2"\ndependencies = ["attrs"]\n'}, "change")
    assert _key(repo) != second


def test_on_reuse_only_dependency_installs_are_skipped(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\nversion = "1"\ndependencies = ["six"]\n')
    steps = plan_commands(tmp_path, ["pip install -e .[test]", "pip install -r requirements.txt", "pip install ./vendored",
                                     "python setup.py build_ext -i", "pip install 'attrs>=20' && make"])
    run, skipped = on_reuse(steps)
    assert [s.cmd for s in run] == [OFFLINE_SELF, "pip install ./vendored", "python setup.py build_ext -i",
                                    "pip install 'attrs>=20' && make"]
    assert [s.cmd for s in skipped] == ["python -m pip install --no-build-isolation -e .[test]",
                                        "pip install -r requirements.txt"]
    # a recipe's own non-editable install of the project becomes the offline editable one
    run, _ = on_reuse([InstallStep('pip install ".[tests]" pytest', True)])
    assert [s.cmd for s in run] == [OFFLINE_SELF]


def _entry(key: str, size: int, used: float) -> Path:
    folder = envcache.cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    pending = envcache.pending_file(key)
    pending.write_bytes(b"x" * size)
    assert envcache.keep(envcache.Pending(key, pending))
    final = folder / f"{key}.tar"
    os.utime(final, (used, used))
    return final


def test_eviction_beyond_the_bound_removes_the_least_recently_used(monkeypatch):
    monkeypatch.setenv("CRASHFIX_ENV_CACHE_MAX", "3m")
    now = time.time()
    a, b = _entry("a", 1 << 20, now - 300), _entry("b", 1 << 20, now - 200)
    envcache.lookup("a").close()                                   # a is used again: b is now the oldest
    c = _entry("c", 1 << 20, now - 100)
    said = envcache.keep(envcache.Pending("d", _fill(envcache.pending_file("d"), 1 << 20)))
    assert "1 older entry evicted" in said
    assert not b.exists() and a.exists() and c.exists()
    assert [e.key for e in envcache.entries()] == ["c", "a", "d"]
    ok, line = envcache.describe()
    assert ok and line.startswith("3 entries, 3 MiB of 3 MiB in ")
    too_big = envcache.keep(envcache.Pending("e", _fill(envcache.pending_file("e"), 4 << 20)))
    assert "over the cache's bound" in too_big and not (envcache.cache_dir() / "e.tar").exists()
    assert not list(envcache.cache_dir().glob(".pending-*"))


def _fill(path: Path, size: int) -> Path:
    path.write_bytes(b"y" * size)
    return path


def test_a_bad_bound_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("CRASHFIX_ENV_CACHE_MAX", "lots")
    with pytest.raises(ValueError, match="not a size: 'lots'"):
        envcache.limit()
    assert envcache.describe() == (False, "not a size: 'lots' (expected e.g. 5g, 500m, 0 to turn the cache off)")


# -- real Docker, real PyPI --------------------------------------------------------------------

NO_UV_RAN = "test ! -e $HOME/.cache/uv && echo clean"
SIX = "python -c 'import six; print(six.__version__)'"


def _set_up(repo: Path, image: str, limits, name: str, steps=REQS) -> tuple[float, list[str], object]:
    notes: list[str] = []
    start = time.monotonic()
    box = open_sandbox("docker", repo, image=image, limits=limits, steps=steps, as_of="2023-06-01T00:00:00Z",
                       notes=notes, cache=name)
    return time.monotonic() - start, notes, box


@pytest.mark.docker
def test_a_second_set_up_reuses_the_first_and_a_changed_requirements_file_misses(sandbox_image, docker_limits, repo_factory):
    repo = repo_factory({"requirements.txt": "six==1.16.0\nattrs==23.1.0\n",
                         "test_it.py": "import six\n\ndef test_six():\n    assert six.PY3\n"})
    cold, notes, box = _set_up(repo, sandbox_image, docker_limits, f"envcache-test-{os.getpid()}")
    with box:
        assert any(n.startswith("environment cache: miss") for n in notes)
        assert any(n.startswith("installer: uv") for n in notes)
        assert box.run(SIX, timeout=60).output.strip() == "1.16.0"
        assert "kept" in envcache.keep(box.pending_env)
    assert len(envcache.entries()) == 1

    commit(repo, {"test_it.py": "import six, attrs\n\ndef test_six():\n    assert six.PY3 and attrs.define\n"}, "change")
    warm, notes, box = _set_up(repo, sandbox_image, docker_limits, f"envcache-test-{os.getpid()}")
    with box:
        assert any(n.startswith("environment cache: hit") and "skipped `pip install -r requirements.txt`" in n for n in notes)
        assert not any(n.startswith("installer:") for n in notes)       # no install step ran at all
        assert box.run(NO_UV_RAN, timeout=30).output.strip() == "clean"
        assert box.run(SIX, timeout=60).output.strip() == "1.16.0"
        assert "1 passed" in box.run("python -m pytest -q", timeout=120).output    # the new checkout, tested
        assert not box.networked
        assert box.run("python -c \"import socket; socket.create_connection(('pypi.org', 443), 5)\"",
                       timeout=30).exit_code != 0
        assert box.pending_env is None                                   # a hit captures nothing
    assert warm < cold

    commit(repo, {"requirements.txt": "six==1.15.0\nattrs==23.1.0\n"}, "change")
    _, notes, box = _set_up(repo, sandbox_image, docker_limits, f"envcache-test-{os.getpid()}")
    with box:
        assert any(n.startswith("environment cache: miss") for n in notes)
        assert box.run(SIX, timeout=60).output.strip() == "1.15.0"
        pending = box.pending_env.path
    assert not pending.exists()                 # never kept: the run did not say the set-up worked
    assert len(envcache.entries()) == 1


@pytest.mark.docker
def test_a_reused_environment_installs_the_project_at_the_new_checkout(sandbox_image, docker_limits, repo_factory):
    repo = repo_factory({"pyproject.toml": '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
                                          '[project]\nname = "greet"\nversion = "1.0"\ndependencies = ["six==1.16.0"]\n',
                         "greet/__init__.py": "WORD = 'old'\n"})
    steps = plan_commands(repo, ["pip install -e ."])
    _, _, box = _set_up(repo, sandbox_image, docker_limits, "greet", steps)
    with box:
        envcache.keep(box.pending_env)
    # set-up runs the project's own build: the key covers the tree but its tests and docs (issue 35, E26)
    commit(repo, {"tests/test_greet.py": "def test_word():\n    import greet\n", "docs/greet.md": "# greet\n"}, "tests")
    _, notes, box = _set_up(repo, sandbox_image, docker_limits, "greet", steps)
    with box:
        assert any(n.startswith("environment cache: hit") and f"ran again `{OFFLINE_SELF}`" in n for n in notes)
        out = box.run("cd /tmp && python -c 'import greet, six, importlib.metadata as m; "
                      "print(greet.WORD, greet.__file__, m.version(\"greet\"))'", timeout=60)
        assert out.output.split() == ["old", "/workspace/greet/__init__.py", "1.0"], out.output
        assert box.run("test -f /workspace/tests/test_greet.py", timeout=30).exit_code == 0   # the new checkout
    commit(repo, {"greet/__init__.py": "WORD = 'new'\n"}, "code")
    _, notes, box = _set_up(repo, sandbox_image, docker_limits, "greet", steps)
    with box:
        assert any(n.startswith("environment cache: miss") for n in notes), notes


@pytest.mark.docker
def test_the_cache_off_sets_up_without_capturing(sandbox_image, docker_limits, repo_factory, monkeypatch):
    """CRASHFIX_ENV_CACHE_MAX=0 (documented: the cache is off) sets up with every step, keeps nothing."""
    monkeypatch.setenv("CRASHFIX_ENV_CACHE_MAX", "0")
    repo = repo_factory({"m.py": "X = 1\n"})
    steps = [InstallStep("echo built > /home/sandbox/made", False)]
    notes: list[str] = []
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, steps=steps, notes=notes,
                      cache="off-test") as box:
        assert box.run("cat /home/sandbox/made", timeout=30).output.strip() == "built"
        assert box.pending_env is None and envcache.keep(box.pending_env) is None
    assert not [n for n in notes if "environment cache" in n] and not envcache.entries()


@pytest.mark.docker
@pytest.mark.parametrize("make, bound, refused", [
    ("truncate -s 3G /home/sandbox/hole", "5g", "sparse file(s), refused: hole"),
    ("head -c 3000000 /dev/urandom > /home/sandbox/big", "2m", "over the bound of 2 MiB"),
])
def test_a_capture_over_the_bound_or_holding_a_sparse_file_is_refused_before_writing(
        make, bound, refused, sandbox_image, docker_limits, repo_factory, monkeypatch):
    """security (issue 22): /home/sandbox is the repository's output; a sparse file would be written
    whole into the tar on the host. Refused before a byte is written; nothing is kept."""
    monkeypatch.setenv("CRASHFIX_ENV_CACHE_MAX", bound)
    repo = repo_factory({"m.py": "X = 1\n"})
    notes: list[str] = []
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, steps=[InstallStep(make, False)],
                      notes=notes, cache="bound-test") as box:
        assert box.pending_env is None
    said = [n for n in notes if n.startswith("environment cache: the prepared environment is not kept")]
    assert len(said) == 1 and refused in said[0], notes
    assert not envcache.entries() and not list(envcache.cache_dir().glob(".pending-*"))
