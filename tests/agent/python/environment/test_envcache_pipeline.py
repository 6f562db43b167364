"""Real Docker, real pipeline: the second run on a repository starts from the first one's prepared
environment; an env_broken set-up is never kept."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.evaluate import dated_repo
from agent.pipeline import run_job
from agent.run import RunConfig
from sandbox.docker import envcache

pytestmark = pytest.mark.docker
ENVS = Path(__file__).resolve().parents[4] / "eval" / "envs"


def _run(case: str, repo: Path, out: Path, **extra):
    return run_job(RunConfig(repo=str(repo), report_text=(ENVS / case / "report.txt").read_text(), out=out,
                                  strategy="templates", **extra))


def test_the_second_run_on_a_repo_reuses_its_prepared_environment(sandbox_image, tmp_path):
    case = "oldpins-columns-missing-return"
    repo = dated_repo(ENVS / case / "repo", "2019-06-14T10:00:00Z", tmp_path / "repo")
    first = _run(case, repo, tmp_path / "one")
    assert first.status == "fixed", first.error
    assert any(n.startswith("environment cache: prepared environment kept") for n in first.notes)
    assert len(envcache.entries()) == 1
    second = _run(case, repo, tmp_path / "two")
    assert second.status == "fixed", second.error
    hit = [n for n in second.notes if n.startswith("environment cache: hit")]
    assert hit and "skipped `python -m pip install --no-build-isolation -e .`" in hit[0], second.notes
    assert second.tests_before.passed == first.tests_before.passed and first.tests_before.passed
    assert second.timings["sandbox"] < first.timings["sandbox"], (first.timings, second.timings)


def test_an_env_broken_set_up_is_not_kept(sandbox_image, tmp_path):
    case = "testsrequire-inventory-index"
    run = _run(case, ENVS / case / "repo", tmp_path / "out", setup_cmd="true")
    assert run.status == "env_broken"
    assert envcache.entries() == []
    assert not envcache.cache_dir().exists() or not list(envcache.cache_dir().iterdir())
