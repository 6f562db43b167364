"""docs/configuration.md is generated from the tables the code reads, and every `CRASHFIX_*` name the
code uses is in one of them."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bot.cli.config_reference import DOC, reference
from bot.repo_config import field_docs
from bot.settings import Settings
from sandbox import variables

ROOT = Path(__file__).resolve().parents[2]
# names that are not settings: a heredoc marker, and values crashfix itself sets inside a sandbox or
# hands between its own objects
INTERNAL = {"EOF", "TEST_TIMEOUT", "DB", "QUEUE", "CONFIG"}


def test_the_page_is_the_commands_output():
    assert DOC.read_text() == reference(), "run `crashfix config-reference --write` and commit docs/configuration.md"


def test_every_key_and_variable_is_on_the_page_with_its_default():
    page = reference()
    for key in field_docs():
        assert f"| `{key}` |" in page, key
    for name in Settings.model_fields:
        assert f"| `CRASHFIX_{name}` |" in page, name
    for var in variables.VARIABLES.values():
        assert f"| `CRASHFIX_{var.name}` |" in page, var.name
    assert "| `max_open_prs` | int | `3` |" in page and "| `CRASHFIX_ENV_CACHE_MAX` | `5g` |" in page


def test_every_crashfix_variable_the_code_names_is_documented():
    known = set(Settings.model_fields) | set(variables.VARIABLES) | INTERNAL
    used: dict[str, str] = {}
    for folder in ("agent", "bot", "sandbox"):
        for path in (ROOT / folder).rglob("*.py"):
            for name in re.findall(r"CRASHFIX_([A-Z][A-Z0-9_]*[A-Z0-9])", path.read_text(errors="replace")):
                used.setdefault(name, str(path.relative_to(ROOT)))
    missing = {name: where for name, where in used.items() if name not in known}
    assert not missing, f"CRASHFIX_* names read but not documented (add them to a table): {missing}"


def test_a_variable_is_read_through_its_table(monkeypatch):
    monkeypatch.setenv("CRASHFIX_ENV_CACHE_MAX", "1g")
    assert variables.value("ENV_CACHE_MAX") == "1g"
    monkeypatch.delenv("CRASHFIX_ENV_CACHE_MAX")
    assert variables.value("ENV_CACHE_MAX") == "5g"
    from sandbox.docker import envcache
    assert envcache.limit() == 5 << 30


def test_the_command_prints_it():
    out = subprocess.run([sys.executable, "-m", "bot.cli.main", "config-reference"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0 and out.stdout == reference()
