"""docs/deploy.md stays true to the code: its crashfix.yml validates, its `crashfix` commands and
options exist, the files it names exist, and the settings it names are real."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.repo_config import RepoConfig
from bot.settings import PREFIX, Settings

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "deploy.md").read_text()
EXAMPLE = (ROOT / "deploy" / "env.example").read_text()


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", DOC, re.S)


def test_the_repo_config_example_validates():
    (example,) = blocks("yaml")
    config = RepoConfig.model_validate(yaml.safe_load(example))
    assert config.python == "3.12" and config.strategies == ["templates", "llm"]


def _help(*words: str) -> str:
    out = subprocess.run([sys.executable, "-m", "bot.cli.main", *words, "--help"], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, f"crashfix {' '.join(words)}: {out.stderr}"
    return out.stdout


@pytest.mark.parametrize("line", sorted({ln.strip() for b in blocks("sh") for ln in b.splitlines()
                                         if ln.strip().startswith("crashfix ")}))
def test_every_documented_command_exists(line):
    words = line.split("#")[0].split()[1:]
    sub = [w for w in words[:2] if re.fullmatch(r"[a-z]+", w)]
    if sub[:1] != ["app"]:
        sub = sub[:1]
    text = _help(*sub)
    for option in re.findall(r"(--[a-z][a-z-]*)", line.split("#")[0]):
        assert option in text, f"{line}: crashfix {' '.join(sub)} has no {option}"


def test_named_files_and_settings_exist():
    for path in set(re.findall(r"`?(deploy/[\w./-]+\.(?:ya?ml|json|example|Dockerfile))", DOC)):
        assert (ROOT / path).exists() or "<slug>" in path, path
    for name in set(re.findall(r"CRASHFIX_[A-Z0-9_]+", DOC)):
        assert name.removeprefix(PREFIX) in Settings.model_fields or f"# {name}=" in EXAMPLE, name


def test_the_documented_oauth_callback_is_the_dashboard_s_route(tmp_path):
    from bot.web.app import create_app
    from bot.settings import load_settings
    (path,) = set(re.findall(r"https://crashfix\.example\.org(/dashboard/[\w/]+)", DOC))
    app = create_app(load_settings(env={"CRASHFIX_DATA_DIR": str(tmp_path), "CRASHFIX_WEBHOOK_SECRET": "x"}))
    assert path in {rule.rule for rule in app.url_map.iter_rules()}
