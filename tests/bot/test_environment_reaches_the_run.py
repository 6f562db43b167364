"""The App path resolves a repository's environment as the CLI does: the `environment:` of the
crashfix.yml the bot read reaches the run, and the resolver takes the Python from it."""
from __future__ import annotations

from agent.python.environment import resolve


def test_the_repos_environment_python_reaches_the_run_and_the_resolver(harness, gh, tmp_path):
    harness.config(environment={"python": "3.9", "install": ["pip install six"], "env": {"MODE": "ci"}})
    assert harness.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    cfg = harness.pipeline.configs[0]
    assert cfg.environment["python"] == "3.9" and cfg.environment["env"] == {"MODE": "ci"}
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='x', python_requires='>=3.11')\n")
    env = resolve(tmp_path, {}, config=cfg.environment)
    assert env.python == "3.9" and env.install == ["pip install six"] and env.env == {"MODE": "ci"}
    assert any(s.startswith("python 3.9 from .github/crashfix.yml") for s in env.steps), env.steps


def test_without_an_environment_key_the_top_level_keys_still_reach_the_run(harness, gh):
    harness.config(python="3.13")
    harness.deliver("issues", "issues.labeled", gh.labeled())
    assert harness.pipeline.configs[0].environment["python"] == "3.13"
