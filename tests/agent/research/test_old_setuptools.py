"""A real project whose packaging predates PEP 660: zope.event 4.5.0 (released 2020-09-18; its sdist,
ZPL 2.1, vendored here), setup.py only, `install_requires=['setuptools']`, so the set-up installs the
setuptools of its date (50.3) and that setuptools has no `build_editable`. A run with the scripted
model reaches the model in the research agent's sandbox with the environment cache cold, warm
(the reuse's re-install of the project fails there: the cold set-up's editable install is kept) and
off. Real Docker, real PyPI (under the commit's date), real git, the real pipeline."""
from __future__ import annotations

import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from agent.python.environment.apply import keep_environment, prepare
from sandbox.docker import envcache
from sandbox import open_sandbox

SDIST = Path(__file__).resolve().parent / "zope.event-4.5.0.tar.gz"
RELEASED = "2020-09-18T10:19:00Z"
# explicit set-up runs as given (issue 24): the setuptools of the package's date (2020, before
# PEP 660's build_editable) is installed by the command itself, as the project's era had it
SETUP = "pip install 'setuptools==50.3.0' && pip install -e .[test]"
TESTS = "python -m zope.testrunner --test-path=src"
SEEN = "python -c 'import setuptools, zope.event; print(setuptools.__version__, zope.event.__file__)'"
ISSUE = '''notify() crashes when a subscriber slot holds None (a handler that failed to import):

```python
import zope.event
zope.event.subscribers.append(None)
zope.event.notify("hello")
```

```
Traceback (most recent call last):
  File "demo.py", line 3, in <module>
    zope.event.notify("hello")
  File "/usr/lib/python3.8/site-packages/zope/event/__init__.py", line 32, in notify
    subscriber(event)
TypeError: 'NoneType' object is not callable
```
'''
SCRIPT = {"description": "zope.event 4.5.0: look in the agent's sandbox (a REPLAY for tests)", "model": "scripted-zope",
          "analysis": [{"content": "Reproduce, and see what is installed.",
                        "tool_calls": [{"name": "reproduce", "arguments": {}},
                                       {"name": "run", "arguments": {"command": SEEN}}]}],
          "synthesis": []}


@pytest.fixture
def zope_repo(tmp_path) -> Path:
    """The sdist unpacked into a git repository dated to its release (its generated egg-info removed)."""
    with tarfile.open(SDIST) as tf:
        tf.extractall(tmp_path, filter="data")
    repo = tmp_path / "zope.event-4.5.0"
    subprocess.run(["rm", "-rf", "PKG-INFO", "src/zope.event.egg-info"], cwd=repo, check=True)
    env = {**os.environ, "GIT_AUTHOR_DATE": RELEASED, "GIT_COMMITTER_DATE": RELEASED}
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "zope.event 4.5.0"]):
        subprocess.run(["git", *args], cwd=repo, check=True, env=env)
    return repo


def _config(repo: Path, out: Path, image: str, base_url: str, secret: str) -> RunConfig:
    return RunConfig(repo=str(repo), report_text=ISSUE, out=out, test_cmd=TESTS, setup_cmd=SETUP, strategy="llm",
                     sandbox="docker", image=image, model="scripted-zope", base_url=base_url, api_key=secret,
                     trajectories=1, replay="zope-script")


def _warm(repo: Path, image: str, out: Path) -> None:
    """A first set-up of the same repository, kept in the cache (what an earlier run leaves)."""
    cfg = _config(repo, out, image, "http://127.0.0.1:9", "x")
    _, opts, chosen, _ = prepare(cfg, repo, [])
    notes: list[str] = []
    with open_sandbox("docker", repo, image=chosen, notes=notes, **opts) as box:
        keep_environment(box, notes)
    assert any(n.startswith("environment cache: prepared environment kept") for n in notes), notes


@pytest.mark.docker
@pytest.mark.parametrize("cache", ["cold", "warm", "off"])
def test_the_model_is_reached_in_the_agents_sandbox(cache, sandbox_image, served, zope_repo, tmp_path, h, monkeypatch):
    if cache == "off":
        monkeypatch.setenv("CRASHFIX_ENV_CACHE_MAX", "0")
    if cache == "warm":
        _warm(zope_repo, sandbox_image, tmp_path / "warm")
    srv = served(SCRIPT)
    out = tmp_path / "out"
    run = run_job(_config(zope_repo, out, sandbox_image, srv.base_url, h.SECRET))
    notes = run.notes
    said = [n for n in notes if n.startswith("environment cache:")]
    if cache == "cold":
        assert said[0].startswith("environment cache: miss") and any("prepared environment kept" in n for n in said)
    elif cache == "warm":
        assert said[0].startswith("environment cache: hit"), said
        # the offline re-install of the project either works (the build tools of the sandbox's Python are
        # installed at set-up now) or, on a setuptools without build_editable, the cold set-up's is kept
        assert any("failed on the prepared environment" in n and "build_editable" in n
                   and "its editable install from the cold set-up (at /workspace) is used" in n
                   or "ran again `python -m pip install --no-build-isolation --no-deps -e .`" in n for n in said), said
    else:
        assert said == [] and not envcache.entries()
    assert run.reproduction and run.reproduction.reproduced, (run.status, run.error, notes)
    assert srv.requests, (run.status, run.error, notes)                 # the model was reached
    assert run.status == "not_fixed" and run.error_kind is None, (run.status, run.error)   # the script proposes nothing
    t = h.read_traj(out, 1)
    obs = {c["name"]: o["text"] for s in t["steps"] for c, o in zip(s["tool_calls"], s["observations"])}
    assert "the reported crash STILL HAPPENS" in obs["reproduce"], obs["reproduce"]
    # in the agent's sandbox: the setuptools of 2020 (no PEP 660), the project imported from the checkout
    assert "50.3.0 /workspace/src/zope/event/__init__.py" in obs["run"], obs["run"]
    assert not any(n.startswith("a later sandbox:") for n in notes), notes     # opened from the first one's copy
