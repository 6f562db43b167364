"""Fixtures for the research agent: real git repos with history, a scripted model (in-process for
the loop's tests, over HTTP for the endpoint's), and a ResearchAgent wired to a real local sandbox
and the real Validator."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.research.loop import AgentConfig, ResearchAgent
from agent.research.inputs import Harness, Investigation
from agent.memory import Memory
from agent.reports import parse
from agent.research.client import Ledger
from agent.research.model import ScriptedLLM
from agent.research.scripted import ScriptedModel, ScriptedServer
from agent.judge.validate import Validator
from gitrepo import commit, make_repo
from sandbox import open_sandbox

ROOT = Path(__file__).resolve().parents[3]
LRU = ROOT / "eval" / "dev" / "lrucache-get-does-not-refresh"
HERE = Path(__file__).resolve().parent
SECRET = "sk-test-SECRET-do-not-leak-4242"
REPRO = "python -m pytest -q tests/test_cache.py::test_read_keeps_key_alive"

REFRESH = ("        self.hits += 1\n        return value\n",
           "        self.hits += 1\n        self._data.move_to_end(key)\n        return value\n")


def lru_script() -> dict:
    return json.loads((HERE / "lrucache-script.json").read_text())


@pytest.fixture
def lru_repo(tmp_path) -> Path:
    """The lrucache dev case as a git repo whose history shows the regression: get() used to call
    move_to_end, a 'speed up' commit dropped it."""
    files = {str(p.relative_to(LRU / "repo")): p.read_text() for p in (LRU / "repo").rglob("*") if p.is_file()}
    buggy = files["src/lrucache/cache.py"]
    repo = make_repo(tmp_path / "lrucache", {**files, "src/lrucache/cache.py": buggy.replace(*REFRESH)},
                     "LRU cache with memoize")
    commit(repo, {"src/lrucache/cache.py": buggy}, "cache: speed up get() by not reordering on every hit")
    commit(repo, {"README.md": "lrucache: a small LRU cache\n"}, "docs: readme")
    return repo


@pytest.fixture
def lru_report() -> str:
    return (LRU / "report.txt").read_text()


@pytest.fixture
def scripted():
    """scripted(script_dict) -> the script's logic (`.requests` records every call); make_agent runs it
    in-process, no HTTP."""
    return ScriptedModel


@pytest.fixture
def served():
    """served(script_dict) -> a started ScriptedServer on 127.0.0.1 (stopped after the test): for the
    tests of the HTTP contract (the real openai client, retries, status codes)."""
    servers = []

    def start(script: dict) -> ScriptedServer:
        srv = ScriptedServer(script).start()
        servers.append(srv)
        return srv

    yield start
    for srv in servers:
        srv.stop()


@pytest.fixture
def make_agent(tmp_path, lru_repo, lru_report):
    """make_agent(script, **AgentConfig overrides) -> ResearchAgent on the lrucache repo, local sandbox,
    the scripted model in-process (its ledger holds the configured budget and parents).

    install=False keeps it fast for loop-behaviour tests (the package is reached through
    PYTHONPATH-free `src/` imports only by tools that need it; pass install=True to install)."""
    opened = []

    def build(script: ScriptedModel, *, install: bool = True, out: Path | None = None, **overrides):
        report = parse(lru_report)
        cfg = AgentConfig(**{"model": "scripted-lrucache", "api_key": SECRET, "trajectories": 1, **overrides})
        llm = ScriptedLLM(script, ledger=Ledger(cfg.budget, name="run", parents=cfg.parents),
                          prices=cfg.prices, model=cfg.model)

        def factory():
            sb = open_sandbox("local", lru_repo, install=install)
            opened.append(sb)
            return sb

        def validator(sb):
            return Validator(sb, report, REPRO, "python -m pytest -q", None, tries=2, timeout=120)

        case = Investigation(report=report, issue_text=lru_report, source=lru_repo, out=out or tmp_path / "out",
                             memory=Memory(), repro_cmd=REPRO, test_cmd="python -m pytest -q", repo="lrucache",
                             timeout=120, protected=lambda p: p.startswith("tests/"))
        return ResearchAgent(cfg, case, Harness(factory, validator, llm=llm))

    yield build
    for sb in opened:
        sb.close()


def read_traj(out: Path, n: int = 1) -> dict:
    return json.loads((out / "trajectories" / f"traj-{n}.json").read_text())


def all_text(folder: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in folder.rglob("*") if p.is_file())


@pytest.fixture
def h():
    """Constants and helpers (conftest is not importable under --import-mode=importlib)."""
    from types import SimpleNamespace
    return SimpleNamespace(SECRET=SECRET, REPRO=REPRO, LRU=LRU, ROOT=ROOT, lru_script=lru_script,
                           read_traj=read_traj, all_text=all_text)
