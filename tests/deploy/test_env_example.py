"""deploy/env.example documents every setting of bot/settings.py, with its real default, and nothing else."""
from __future__ import annotations

import re
from pathlib import Path

from bot.settings import PREFIX, Settings, load_settings
from sandbox.variables import VARIABLES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "deploy" / "env.example"
LINE = re.compile(r"^#?\s?(CRASHFIX_[A-Z0-9_]+)=(.*)$")
# names the code reads from the environment itself, not through Settings
ENV_READ = re.compile(r"""(?:environ(?:\.get|\.pop)?[(\[]|getenv\(|^[A-Z_]+\s*=\s*)\s*["'](CRASHFIX_[A-Z0-9_]+)["']""", re.M)


def documented() -> dict[str, tuple[str, str]]:
    """name -> (default shown, the comment above it)."""
    found: dict[str, tuple[str, str]] = {}
    comment: list[str] = []
    for line in EXAMPLE.read_text().splitlines():
        m = LINE.match(line)
        if m:
            assert m.group(1) not in found, f"{m.group(1)} documented twice"
            found[m.group(1)] = (m.group(2), " ".join(comment))
            comment = []
        elif line.startswith("# "):
            comment.append(line[2:])
        elif not line.strip() or line.startswith("##"):
            comment = []
    return found


def read_by_code() -> set[str]:
    names = {f"{PREFIX}CONFIG"} | {f"{PREFIX}{name}" for name in VARIABLES}     # sandbox/variables.py's table
    for pkg in ("bot", "agent", "sandbox"):
        for path in (ROOT / pkg).rglob("*.py"):
            names |= set(ENV_READ.findall(path.read_text()))
    return names


def test_every_setting_is_documented_and_nothing_unknown():
    settings = {f"{PREFIX}{name}" for name in Settings.model_fields}
    docs = set(documented())
    assert settings - docs == set(), f"settings missing from {EXAMPLE.name}"
    unknown = docs - settings - read_by_code()
    assert unknown == set(), f"documented in {EXAMPLE.name} but read by nothing"


def test_each_has_a_description_and_its_real_default():
    for name, (shown, comment) in documented().items():
        assert len(comment) > 20, f"{name} has no description"
        field = Settings.model_fields.get(name.removeprefix(PREFIX))
        if field is None:
            continue
        default = field.default
        assert shown == ("" if default is None else str(default)), f"{name}: shows {shown!r}, default is {default!r}"


# read inside the sandbox, set there by crashfix itself: not an operator's setting
SET_BY_CRASHFIX = {"CRASHFIX_TEST_TIMEOUT": "agent/judge/watchdog_plugin.py: the per-test bound crashfix derives"}


def test_the_environment_read_elsewhere_is_documented():
    """CRASHFIX_* read straight from os.environ (images, prices, config) is documented too."""
    missing = {n for n in read_by_code() if n not in documented() and n not in SET_BY_CRASHFIX}
    assert missing == set(), f"read from the environment but not in {EXAMPLE.name}"


def test_the_example_filled_in_loads(tmp_path):
    """Every documented setting with a placeholder value is accepted by load_settings."""
    from github_fakes import rsa_private_key
    key = tmp_path / "app.pem"
    key.write_text(rsa_private_key())
    values = {"CRASHFIX_APP_ID": "4242", "CRASHFIX_PRIVATE_KEY_PATH": str(key), "CRASHFIX_PRIVATE_KEY": "",
              "CRASHFIX_DATA_DIR": str(tmp_path), "CRASHFIX_DATABASE_URL": f"sqlite:///{tmp_path}/x.db",
              "CRASHFIX_REDIS_URL": "redis://redis:6379/0", "CRASHFIX_GITHUB_API_URL": "https://ghe.example.org/api/v3",
              "CRASHFIX_LLM_BASE_URL": "http://vllm:8000/v1", "CRASHFIX_PUBLIC_URL": "https://crashfix.example.org",
              "CRASHFIX_SANDBOX": "docker",
              "CRASHFIX_DRY_RUN_REPO": ""}          # for dry runs only: refused beside App credentials
    env = {}
    for name, (shown, _) in documented().items():
        if name.removeprefix(PREFIX) in Settings.model_fields:
            env[name] = values.get(name, shown or "x" * 24)
    s = load_settings(env=env)
    assert s.APP_ID == 4242 and not s.dry_run and s.REDIS_URL == "redis://redis:6379/0"
