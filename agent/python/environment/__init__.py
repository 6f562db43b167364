"""How a repository is set up and tested: one resolver, every step recorded.

Sources in order: explicit settings (the command line, then `.github/crashfix.yml`), recipes
the repository already has (`agent.python.environment.recipes`), detection (`agent.python.environment.detect`).
Each field (python, test_cmd, env, ...) is taken from the first source that gives it. The install
is a union (unless given explicitly, which is final): the recipe's commands, what a tox/nox
recipe leaves to its `deps`/`extras`, and the packaging files' own (the project editable with its
test extras, requirement files, tests_require). A recipe that runs `tox`/`nox` becomes the
commands that environment runs: the sandbox is offline after set-up.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

from agent.python.environment import detect, explicit, locks, pins, recipes
from agent.python.environment.model import FIELDS, Environment, Finding
from agent.python.environment.sanity import broken
from agent.python.environment import toxini
from agent.python.environment.commands import union
from agent.python.environment.model import read

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


def _run_recipe_directly(env: Environment, source: Path, sources: dict[str, Finding]) -> None:
    """A test command that runs tox or nox (a CI recipe's `tox -e py38`): the commands of that
    environment instead, its deps and extras added to the install (unless the install is explicit)."""
    ran = toxini.recipe_env(env.test_cmd or "")
    if ran is None:
        return
    tool, wanted = ran
    found = recipes.tox(source, env.python, wanted) if tool == "tox" else recipes.nox(source, wanted)
    cmd = found.values.get("test_cmd") if found else None
    if not cmd or toxini.recipe_env(cmd):
        found = detect.test_command(source, [str(p.relative_to(source)) for p in source.rglob("test*.py")])
        cmd = found.values["test_cmd"]
    env.steps.append(f"`{env.test_cmd}` runs as the commands it would run, in the prepared environment "
                     f"(the sandbox is offline after set-up): `{cmd}` from {found.origin}")
    env.test_cmd = cmd
    sources["test_cmd"] = found
    if found.values.get("install") and not env.explicit_install:
        sources["runner"] = found
    for key, value in (found.values.get("env") or {}).items():
        env.env.setdefault(key, value)


SETUP_PY_TEST = re.compile(r"(?:^|[\s;&/])setup\.py\s+test\b")


def _setup_py_test(env: Environment, source: Path, files: list[str], sources: dict[str, Finding],
                   found_all: list[Finding]) -> None:
    """A recipe's `python setup.py test`: setuptools 72 removed the command (and it fetched
    `tests_require` online), so the suite runs under the runner detection picks."""
    if not env.test_cmd or not SETUP_PY_TEST.search(env.test_cmd) or "test_cmd" in explicit_fields(found_all):
        return
    found = detect.test_command(source, files)
    env.steps.append(f"`{env.test_cmd}` not run as written: setuptools 72 removed `setup.py test` (and it "
                     f"installed tests_require from the network); the suite runs as `{found.values['test_cmd']}` "
                     f"from {found.origin}")
    env.test_cmd = found.values["test_cmd"]
    sources["test_cmd"] = found


def explicit_fields(found_all: list[Finding]) -> set[str]:
    return {k for f in found_all if f.origin in ("the command line", explicit.CONFIG) for k in f.values}


def _tox_alternatives(source: Path, env: Environment, most: int = 2) -> list[dict]:
    """The other tox environments the set-up fallbacks may try (same Python factor first), as install + test command."""
    parsed = toxini.parse(read(source, "tox.ini") or "")
    if parsed is None:
        return []
    chosen = parsed.choose(env.python)
    py = "py" + (env.python or "").replace(".", "")
    names = [n for n in parsed.envs if n != chosen and not toxini.NOT_TEST_ENVS.match(n.split("-")[0])]
    names.sort(key=lambda n: py not in n.split("-"))
    out = []
    for name in names:
        alt = parsed.env(name, env.python)
        if alt.test_cmd() and alt.test_cmd() != env.test_cmd and not toxini.recipe_env(alt.test_cmd()):
            out.append({"name": name, "install": union(alt.install(), env.fallback or []), "test_cmd": alt.test_cmd()})
        if len(out) >= most:
            break
    return out


def _union(env: Environment, source: Path, found_all: list[Finding], sources: dict[str, Finding]) -> None:
    """The install as a union: the first source's, the tox/nox environment the test command
    came from, then the packaging files' (the project itself with its dependencies and test extras)."""
    recipe = sources.get("install")
    extra = [f for f in (sources.get("runner"), sources.get("test_cmd")) if f is not None and f is not recipe]
    extra += [f for f in found_all if f.role == "packaging" and f is not recipe]
    merged = union(env.install, *[f.values.get("install") or [] for f in extra])
    own = union(*[f.values.get("install") or [] for f in found_all if f.role == "packaging"])
    env.fallback = own if own and own != merged else []
    if merged != env.install:
        origins = ", ".join(dict.fromkeys(f.origin for f in extra if f.values.get("install")))
        env.steps.append("install completed as a union: " + "; ".join(f"`{c}`" for c in merged)
                         + (f" (adding {origins})" if origins else ""))
    env.install = merged


def _issue_packages(env: Environment, report_text: str, own: set[str]) -> None:
    """The project's extras and the packages the issue names ("with Pygments installed", `pkg[yaml]`)
    join the install (unless it is explicit: then they are only said)."""
    extras, packages = pins.issue_packages(report_text, own)
    if not extras and not packages:
        return
    if env.explicit_install:
        env.steps.append("the issue names " + ", ".join([f"extra [{e}]" for e in extras] + packages)
                         + "; not installed: the install is explicit")
        return
    if extras:
        env.install = union(env.install, [f"pip install -e .[{','.join(extras)}]"])
        env.steps.append(f"the project's extra{'s' * (len(extras) > 1)} the issue names: {', '.join(extras)}")
    if packages:
        env.packages = packages
        env.install = env.install + ["pip install " + " ".join(f"'{p}'" for p in packages)]
        env.fallback = env.fallback + env.install[-1:] if env.fallback else []
        env.steps.append(f"packages the issue names are installed: {', '.join(packages)} (a failure is noted, not fatal)")


def findings(source: Path, cli: dict, config: dict | None, report_text: str, files: list[str]) -> list[Finding]:
    """Every source's finding, first to last."""
    out = [explicit.finding(cli, "the command line"),
           explicit.finding(config if config is not None else explicit.from_checkout(source),
                            explicit.CONFIG)]
    out += [reader(source) for reader in recipes.READERS]
    out += [detect.python_version(source, report_text), detect.dependencies(source),
            detect.test_command(source, files), detect.era_python(pins.commit_date(source))]
    return [f for f in out if f is not None]


def resolve(source: Path, cli: dict | None = None, *, config: dict | None = None, report_text: str = "",
            files: list[str] | None = None) -> Environment:
    """The environment of the tree at ``source``. ``cli``: flags (python, test_cmd, install, image);
    ``config``: the bot's validated `environment:` (None: read the tree's own crashfix.yml)."""
    files = files if files is not None else [str(p.relative_to(source)) for p in source.rglob("*.py")]
    env = Environment()
    found_all = findings(source, cli or {}, config, report_text, files)
    sources: dict[str, Finding] = {}
    for found in found_all:
        for field in FIELDS:
            value = found.values.get(field)
            if value in (None, "", [], {}) or getattr(env, field) not in (None, [], {}):
                continue
            setattr(env, field, value)
            sources[field] = found
            env.steps.append(_describe(field, value, found))
        env.steps += [n for n in found.notes if n not in env.steps]
    given = ("the command line", explicit.CONFIG)
    env.explicit_install = "install" in sources and sources["install"].origin in given
    env.explicit_python = "python" in sources and sources["python"].origin in given
    _run_recipe_directly(env, source, sources)
    _setup_py_test(env, source, files, sources, found_all)
    if not env.explicit_install:
        _union(env, source, found_all, sources)
        if sources.get("test_cmd") is not None and sources["test_cmd"].origin == "tox.ini" and \
                "test_cmd" not in explicit_fields(found_all):
            env.alternatives = _tox_alternatives(source, env)
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
    _issue_packages(env, report_text, own)
    log.info("environment: %s", "; ".join(env.steps))
    return env
