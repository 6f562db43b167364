"""Explicit settings: `.github/crashfix.yml` `environment:` (and its top-level `python`/`test_cmd`/
`setup_cmd`), then flags given on the command line."""
from __future__ import annotations

import logging
from pathlib import Path

import yaml

from agent.python.environment.model import Finding, read

log = logging.getLogger(__name__)
KEYS = ("python", "system_packages", "install", "test_cmd", "services", "env", "image")
CONFIG = ".github/crashfix.yml"


def from_checkout(source: Path) -> dict:
    """The explicit environment of the checked-out tree's own `.github/crashfix.yml` (for runs
    without the bot, which reads and validates the default branch's file itself)."""
    text = read(source, CONFIG)
    try:
        data = yaml.safe_load(text) if text else None
    except yaml.YAMLError as exc:
        log.warning("%s not read: %s", CONFIG, exc)
        return {}
    return normalise(data) if isinstance(data, dict) else {}


def normalise(config: dict) -> dict:
    """The environment keys of a crashfix.yml mapping: `environment:` wins over the top-level keys;
    `setup_cmd` is an install of one command."""
    env = config.get("environment") if isinstance(config.get("environment"), dict) else {}
    out = {k: config[k] for k in ("python", "test_cmd", "image") if config.get(k)}
    if config.get("setup_cmd"):
        out["install"] = [config["setup_cmd"]]
    out.update({k: v for k, v in env.items() if k in KEYS and v not in (None, "", [], {})})
    if isinstance(out.get("install"), str):
        out["install"] = [out["install"]]
    if out.get("python") is not None:
        out["python"] = str(out["python"])
    return out


def finding(values: dict, origin: str) -> Finding | None:
    values = {k: v for k, v in values.items() if k in KEYS and v not in (None, "", [], {})}
    return Finding(origin, values=values) if values else None
