"""The set-up's last fallback: a model sets the repository up when crashfix's own set-up and its
fallbacks give no sane baseline (agent/python/environment/model_setup.py, agent/research/tools/setup.py).

The repository's tests import a fixtures package that only CONTRIBUTING.md says how to install
(`python tools/bootstrap.py`): no recipe, packaging file or set-up fallback finds it. The model is
the scripted one, served over HTTP on 127.0.0.1 (the real openai client)."""
from __future__ import annotations

import json

import pytest
import yaml

from agent.pipeline import run_job
from agent.run import RunConfig
from agent.research.scripted import ScriptedServer
from bot.conversation.checklist import Trigger, final
from bot.repo_config import RepoConfig
from gitrepo import make_repo

CORE = '''def mean(values):
    return sum(values) / len(values)
'''
TESTS = '''from _tally_fixtures import SAMPLES

from tally.core import mean


def test_mean_of_samples():
    assert [mean(s) for s in SAMPLES] == [2, 5.0]


def test_mean_of_one():
    assert mean([7]) == 7
'''
BOOTSTRAP = '''"""Make the test fixtures importable (run once before the tests)."""
import os
import sysconfig

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(sysconfig.get_paths()["purelib"], "tally_fixtures.pth"), "w") as fh:
    fh.write(os.path.join(here, "tally_fixtures") + "\\n")
print("fixtures installed")
'''
CONTRIBUTING = '''# Contributing

Before running the tests, install the test fixtures once:

    python tools/bootstrap.py

then run `python -m pytest -q`.
'''
REPORT = '''mean() crashes on an empty list

```python
from tally.core import mean
mean([])
```

```
Traceback (most recent call last):
  File "<stdin>", line 2, in <module>
  File "/home/ana/tally/tally/core.py", line 2, in mean
    return sum(values) / len(values)
ZeroDivisionError: division by zero
```
'''
FILES = {"tally/__init__.py": "", "tally/core.py": CORE, "tests/test_core.py": TESTS,
         "tools/bootstrap.py": BOOTSTRAP, "tools/tally_fixtures/_tally_fixtures/__init__.py": "SAMPLES = [[1, 2, 3], [4.0, 6.0]]\n",
         "CONTRIBUTING.md": CONTRIBUTING, "README.md": "tally: small statistics\n"}


def call(name: str, **arguments) -> dict:
    return {"name": name, "arguments": arguments}


RECIPE = {"install": ["python tools/bootstrap.py"], "test_cmd": "python -m pytest -q"}
SETS_UP = {"model": "scripted-setup", "setup": [
    {"tool_calls": [call("view", path="CONTRIBUTING.md"), call("run_tests")]},
    {"tool_calls": [call("snapshot", label="clean"), call("shell", command="touch stray-file && ls stray-file")]},
    {"tool_calls": [call("rollback", label="clean"), call("shell", command="ls stray-file")]},
    {"tool_calls": [call("shell", command="python tools/bootstrap.py"), call("run_tests")]},
    {"tool_calls": [call("done", **RECIPE)]},
]}
FAILS = {"model": "scripted-setup", "setup": [
    {"tool_calls": [call("shell", command="python -m pip --version")]},
    {"tool_calls": [call("done", install=["python -m pip --version"], test_cmd="python -m pytest -q")]},
    {"tool_calls": [call("done", install=[], test_cmd="python -m pytest -q tests/test_core.py")]},
]}


@pytest.fixture
def served():
    """served(script) -> a started scripted model on 127.0.0.1, stopped after the test."""
    servers = []

    def start(script: dict) -> ScriptedServer:
        servers.append(ScriptedServer(script).start())
        return servers[-1]
    yield start
    for srv in servers:
        srv.stop()


@pytest.fixture
def tally(tmp_path):
    return make_repo(tmp_path / "tally", FILES)


def config(repo, out, srv=None, **kw) -> RunConfig:
    model = dict(model="scripted-setup", base_url=srv.base_url, api_key="scripted", replay="setup-script") if srv else {}
    return RunConfig(repo=str(repo), report_text=REPORT, out=out, strategy="templates" if srv is None else "auto",
                     sandbox=kw.pop("sandbox", "local"), trajectories=1, max_candidates=1, **model, **kw)


def observations(traj: dict) -> list[tuple[str, bool, str]]:
    return [(c["name"], o["ok"], o["text"]) for s in traj["steps"] for c, o in zip(s["tool_calls"], s["observations"])]


@pytest.fixture(autouse=True)
def no_model_in_the_environment(monkeypatch):
    for name in ("CRASHFIX_LLM_MODEL", "CRASHFIX_LLM_BASE_URL", "CRASHFIX_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.slow
def test_the_models_recipe_gives_a_sane_baseline_for_this_run_and_is_offered_as_a_block(served, tally, tmp_path):
    srv = served(SETS_UP)
    out = tmp_path / "out"
    run = run_job(config(tally, out, srv))
    assert run.status != "env_broken", (run.error, run.notes)
    result = json.loads((out / "result.json").read_text())
    env = result["artifacts"]["environment"]
    assert env["source"] == "model" and not env["reused"]
    assert env["install"] == RECIPE["install"] and env["test_cmd"] == RECIPE["test_cmd"]
    assert any(n.startswith("environment: set up by a model (scripted-setup), the last fallback: install "
                            "`python tools/bootstrap.py`") and "2 passed" in n for n in result["notes"]), result["notes"]
    assert any("the set-up fallbacks are spent; a model" in n for n in result["notes"])
    assert result["tests"]["before"]["passed"] == 2

    seen = observations(json.loads((out / "trajectories" / "setup-1.json").read_text()))
    first_tests = next(o for o in seen if o[0] == "run_tests")
    assert "NOT a sane baseline" in first_tests[2] and "_tally_fixtures" in first_tests[2]
    assert [o[2].startswith("[exit 0") for o in seen if o[0] == "shell"][:2] == [True, False]   # rolled back
    assert "a sane baseline by crashfix's rule" in [o for o in seen if o[0] == "run_tests"][1][2]
    assert seen[-1][0] == "done" and seen[-1][1] and "ACCEPTED" in seen[-1][2]
    assert result["cost"]["llm_calls"] >= len(SETS_UP["setup"])

    # the status comment: a ready-to-paste `environment:` block, valid for .github/crashfix.yml
    body = final(Trigger("`/crashfix run`", 7), run.result, None)
    assert "**Set-up found by a model:**" in body
    block = body.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    parsed = yaml.safe_load(block)
    assert parsed["environment"]["install"] == RECIPE["install"]
    assert parsed["environment"]["test_cmd"] == RECIPE["test_cmd"]
    assert RepoConfig.model_validate(parsed).environment_settings()["install"] == RECIPE["install"]

    assert "only once a maintainer commits it" in body
    # the recipe is a proposal: the next run of the repository (no model) does not set up from it
    again = run_job(config(tally, tmp_path / "again"))
    assert again.status == "env_broken", (again.error, again.notes)
    assert "environment" not in again.result.artifacts


@pytest.mark.slow
def test_a_model_that_fails_leaves_env_broken_and_says_what_it_tried(served, tally, tmp_path):
    srv = served(FAILS)
    out = tmp_path / "out"
    run = run_job(config(tally, out, srv))
    assert run.status == "env_broken"
    assert "a model (scripted-setup) tried as the last fallback: not_set_up (crashfix refused its 2 recipe(s))" in run.error
    assert "`python -m pip --version` (exit 0)" in run.error
    assert "its recipe `python -m pip --version` then `python -m pytest -q`: refused before any set-up: the install " \
           "command `python -m pip --version` is refused" in run.error
    assert "its recipe (no install) then `python -m pytest -q tests/test_core.py`: the baseline is not sane: " \
           "no test module could be imported: ModuleNotFoundError: No module named '_tally_fixtures'" in run.error
    assert "trajectories/setup-1.json" in run.error
    assert "environment" not in run.result.artifacts
    assert "Set-up found by a model" not in final(Trigger("`/crashfix run`", 7), run.result, None)


@pytest.mark.slow
def test_without_an_endpoint_the_model_is_not_tried(tally, tmp_path):
    out = tmp_path / "out"
    run = run_job(config(tally, out))
    assert run.status == "env_broken"
    assert "No module named '_tally_fixtures'" in run.error and "model" not in run.error
    assert not (out / "trajectories" / "setup-1.json").exists()
    assert not any("a model" in n for n in run.notes)


def test_shell_snapshot_and_rollback_in_a_real_sandbox(tally):
    from agent.memory import Memory
    from agent.python.environment.model_setup import toolbox
    from agent.research.tools import ToolContext
    from agent.research.tools.setup import SETUP, SetupState
    from sandbox import open_sandbox

    def reopen():
        return open_sandbox("local", tally, install=False)
    st = SetupState(test_cmd="python -m pytest -q", wrap=lambda box, cmd: cmd, judge=lambda out: None,
                    reopen=reopen, verify=lambda recipe: (False, "not checked here"),
                    allowed=lambda recipe: (recipe, None), timeout=60)
    ctx = ToolContext(sb=reopen(), source=tally, memory=Memory())
    ctx.state[SETUP] = st
    box = toolbox()
    try:
        assert box.call(ctx, "shell", {"command": "echo one > a.txt && cat a.txt"}).text.startswith("[exit 0")
        assert "snapshot 'one'" in box.call(ctx, "snapshot", {"label": "one"}).text
        box.call(ctx, "shell", {"command": "echo two > b.txt"})
        back = box.call(ctx, "rollback", {"label": "one"})
        assert back.ok and "echo one > a.txt" in back.text
        assert ctx.sb.read("a.txt") == "one\n"
        assert box.call(ctx, "shell", {"command": "test -e b.txt"}).text.startswith("[exit 1")
        assert not box.call(ctx, "rollback", {"label": "nope"}).ok
        assert box.call(ctx, "rollback", {}).ok and box.call(ctx, "shell", {"command": "test -e a.txt"}).text.startswith("[exit 1")
        refused = box.call(ctx, "done", {"install": ["true"], "test_cmd": "python -m pytest -q"})
        assert not refused.ok and "REFUSED" in refused.text and "not checked here" in refused.text
        assert [c["cmd"] for c in st.tried][:3] == ["echo one > a.txt && cat a.txt", "echo two > b.txt",
                                                  "echo one > a.txt && cat a.txt"]
    finally:
        ctx.sb.close()


def test_the_status_block_is_inert_whatever_the_commands_hold():
    from agent.run import Result
    result = Result(status="fixed", error=None, error_kind=None, repo="r", ref=None, strategy="auto", sandbox="docker",
                    test_cmd="python -m pytest -q", report=None, reproduction=None, patch=None, root_cause="",
                    artifacts={"environment": {"source": "model", "reused": False, "model": "m", "python": "3.11",
                                               "install": ["pip install x ```` @team <b>hi</b>"],
                                               "test_cmd": "python -m pytest -q"}})
    body = final(Trigger("`/crashfix run`", 7), result, None)
    assert "`````yaml\n" in body                    # a fence longer than the run of four inside
    block = body.split("`````yaml\n", 1)[1].split("\n`````", 1)[0]
    assert yaml.safe_load(block)["environment"]["install"] == ["pip install x ```` @team <b>hi</b>"]
    no_model = Result(**{**result.__dict__, "artifacts": {}})
    assert "Set-up found by a model" not in final(Trigger("`/crashfix run`", 7), no_model, None)


@pytest.mark.docker
def test_in_docker_the_models_recipe_sets_up_this_run_only(sandbox_image, served, tally, tmp_path):
    srv = served(SETS_UP)
    run = run_job(config(tally, tmp_path / "out", srv, sandbox="docker"))
    assert run.status != "env_broken", (run.error, run.notes)
    notes = run.result.notes
    assert any(n.startswith("environment: set up by a model (scripted-setup)") for n in notes), notes
    assert run.result.tests_before.passed and len(run.result.tests_before.passed) == 2
    seen = observations(json.loads((tmp_path / "out" / "trajectories" / "setup-1.json").read_text()))
    assert [o[2].startswith("[exit 0") for o in seen if o[0] == "shell"][:2] == [True, False]   # rolled back

    asked = len(srv.requests)
    again = run_job(config(tally, tmp_path / "again", sandbox="docker"))
    assert again.status == "env_broken", (again.error, again.notes)     # the recipe was a proposal, not kept
    assert len(srv.requests) == asked                # the second run called no model
    assert sum("phase: SETUP" in r["body"]["messages"][0]["content"] for r in srv.requests) == len(SETS_UP["setup"])
