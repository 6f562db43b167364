"""How a repository is set up and tested: one resolver, first hit wins, every step recorded.

Sources in order: explicit settings (the command line, then `.github/crashfix.yml`), recipes
the repository already has (`agent.python.environment.recipes`), detection (`agent.python.environment.detect`).
Each field (python, install, test_cmd, env, ...) is taken from the first source that gives it.
"""
from __future__ import annotations

import logging
from pathlib import Path

from agent.python.environment import detect, explicit, locks, pins, recipes
from agent.python.environment.model import FIELDS, Environment, Finding
from agent.python.environment.sanity import broken

__all__ = ["Environment", "Finding", "broken", "resolve"]
log = logging.getLogger(__name__)


def _describe(field: str, value, found: Finding) -> str:
    if field == "install":
        shown = "; ".join(f"`{c}`" for c in value)
    elif field in ("test_cmd", "image"):
        shown = f"`{value}`"
    elif isinstance(value, dict):
        shown = ", ".join(sorted(value))
    elif isinstance(value, list):
        shown = ", ".join(map(str, value))
    else:
        shown = str(value)
    return f"{field.replace('_', ' ')} {shown} {found.verb} {found.origin}"


def _locked(source: Path, own: set[str], steps: list[str]) -> dict[str, str]:
    """The versions of the tree's lock file (uv.lock, poetry.lock), said in ``steps``."""
    lock = locks.locked(source, own)
    if lock is None:
        return {}
    name, held, note = lock
    steps += [note] if note else []
    if held:
        steps.append(f"versions locked in {name} constrain the install ({len(held)} package{'s' * (len(held) != 1)})")
    return held


def findings(source: Path, cli: dict, config: dict | None, report_text: str, files: list[str]) -> list[Finding]:
    """Every source's finding, first to last."""
    out = [explicit.finding(cli, "the command line"),
           explicit.finding(config if config is not None else explicit.from_checkout(source),
                            explicit.CONFIG)]
    out += [reader(source) for reader in recipes.READERS]
    out += [detect.python_version(source, report_text), detect.dependencies(source),
            detect.test_command(source, files)]
    return [f for f in out if f is not None]


def resolve(source: Path, cli: dict | None = None, *, config: dict | None = None, report_text: str = "",
            files: list[str] | None = None) -> Environment:
    """The environment of the tree at ``source``. ``cli``: flags (python, test_cmd, install, image);
    ``config``: the bot's validated `environment:` (None: read the tree's own crashfix.yml)."""
    files = files if files is not None else [str(p.relative_to(source)) for p in source.rglob("*.py")]
    env = Environment()
    for found in findings(source, cli or {}, config, report_text, files):
        for field in FIELDS:
            value = found.values.get(field)
            if value in (None, "", [], {}) or getattr(env, field) not in (None, [], {}):
                continue
            setattr(env, field, value)
            env.steps.append(_describe(field, value, found))
        env.steps += [n for n in found.notes if n not in env.steps]
    if env.system_packages:
        env.steps.append("system packages are not installed (the sandbox runs without root): "
                         f"{', '.join(env.system_packages)}; name an image that has them with `image:`")
    if env.services:
        env.steps.append(f"services are not started here: {', '.join(env.services)}")
    env.as_of = pins.commit_date(source)
    own = pins.own_names(source, files)
    named = pins.issue_pins(report_text, own)
    env.pins = {**_locked(source, own, env.steps), **named}
    env.steps.append(f"dependencies as of the commit's date {env.as_of}" if env.as_of else
                     "dependencies as of today (no commit date: a plain folder)")
    if named:
        env.steps.append("versions named in the issue win: " + ", ".join(f"{k}=={v}" for k, v in named.items()))
    log.info("environment: %s", "; ".join(env.steps))
    return env
