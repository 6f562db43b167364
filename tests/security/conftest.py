"""The App harness of tests/bot (a signed webhook → Flask → queue → Worker), shared here by path:
conftest files are not importable under --import-mode=importlib."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "crashfix_bot_conftest", Path(__file__).resolve().parents[1] / "bot" / "conftest.py")
_bot = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _bot          # dataclasses look their module up
_spec.loader.exec_module(_bot)

git_repo, make_harness, gh, redis_server = _bot.git_repo, _bot.make_harness, _bot.gh, _bot.redis_server
app_on_github = _bot.app_on_github
