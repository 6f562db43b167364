"""The set-up's fallbacks: when set-up fails or the baseline says the environment is broken, the
next thing to try, each fallback said in the run's environment steps. (The "ladder" and its "rungs"
are the reproduction's, agent/python/ladder/.) Each decision reads the cause's kind (agent/records.py
`SetupCause`) and the kinds of the fallbacks tried, never their words. In order: the missing
modules the import check or the baseline names installed; the pytest of the commit's era when
the suite's own infrastructure breaks on this one (the same error in every test's set-up), then
an older one; another recipe (the packaging files' own install) when a recipe's install fails;
the nearest older Python image; then a model (model_setup.py). An explicit install is final: no
fallback changes it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from agent.python.environment import era
from agent.python.environment.model import Environment
from agent.python.environment.versions import minor
from agent.python.environment.verify import distribution, is_helper
from agent.records import CauseKind, SetupCause
from sandbox.install import PYTHON_RELEASED, held
from sandbox.setup import InstallStep

MAX_FALLBACKS = 6
MISSING = re.compile(r"No module named '([\w.]+)'")
ERA_PYTEST = re.compile(r"^(?:python -m )?pip install (?:--upgrade )?'pytest(?:>=|<)[\d.]+'(?: \$\(.*\))?"
                        r"(?: \|\| pip install --upgrade 'pytest'(?: \$\(.*\))?)?$")
ERA_STEP = re.compile(ERA_PYTEST.pattern + r"|^pip install 'py>=[\d.]+'$")      # the era's pytest, or its `py`


class FallbackKind(StrEnum):
    """What a fallback changes; decisions count fallbacks by kind, never by their labels."""
    MISSING_MODULES = "missing modules"
    OLDER_PYTEST = "older pytest"
    PYTEST_BEFORE = "pytest before"
    PLUGIN_OFF = "plugin off"
    PLUGINS = "plugins"
    NEWER_DEPENDENCY = "newer dependency"
    TOX_ENV = "another tox env"
    RECIPE = "another recipe"
    PYTHON = "python"


# the causes another pytest or Python answers (not another tox environment): the suite's own
# infrastructure against this runner
PYTEST_BOUND = frozenset({CauseKind.SETUP_ERRORS, CauseKind.REMOVED_API, CauseKind.RUNNER_STOPPED,
                          CauseKind.COLLECTION_ERRORS})
EVERY_TEST = frozenset({CauseKind.SETUP_ERRORS, CauseKind.REMOVED_API})     # every test errored the same way
ASK_PYTEST = EVERY_TEST | {CauseKind.RUNNER_STOPPED}                         # worth asking `pytest --version`
PYTHON_BOUND = PYTEST_BOUND | {CauseKind.SETUP_FAILED, CauseKind.NO_MODULE_IMPORTS}   # another Python may answer


@dataclass
class Fallback:
    label: str                       # what is tried, for the environment steps
    steps: list[InstallStep]
    kind: FallbackKind
    python: str | None = None        # another image's Python (None: the same image)
    test_cmd: str | None = None      # another test command (another tox environment's)
    packages: tuple[str, ...] = ()   # the distributions it installs (missing modules, a newer dependency)


def pytest_version(text: str) -> tuple[int, int] | None:
    """From `pytest --version` (either form: `pytest 7.2.1`, `This is pytest version 3.5.1`)."""
    m = re.search(r"pytest(?: version)? (\d+)\.(\d+)", text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def already_installed(tried: list[Fallback]) -> set[str]:
    """The distributions earlier missing-module fallbacks installed: a later one installs only modules
    none of them did (a test module that imported `simplejson` first names `pytz` once it has it)."""
    return {d for r in tried if r.kind is FallbackKind.MISSING_MODULES for d in r.packages}


def _without_pytest_floor(steps: list[InstallStep]) -> list[InstallStep]:
    return [s for s in steps if not ERA_PYTEST.match(s.cmd)]


def _replan(env: Environment, source, commands: list[str], steps: list[InstallStep]) -> list[InstallStep]:
    """Other install commands as steps, marked as the first plan's were; the pytest steps kept."""
    from agent.python.environment.apply import planned
    return planned(env, source, commands) + [s for s in steps if ERA_STEP.match(s.cmd)]


def pytest_bound(cause: SetupCause) -> bool:
    """A cause another pytest or Python answers, not another tox environment."""
    return cause.kind in PYTEST_BOUND


def older_python(current: str | None, available: list[str]) -> str | None:
    """The nearest available Python older than ``current``."""
    if not current:
        return None
    minor = int(current.split(".")[1])
    older = [v for v in available if int(v.split(".")[1]) < minor]
    return max(older, key=lambda v: int(v.split(".")[1])) if older else None


def next_fallback(env: Environment, steps: list[InstallStep], cause: SetupCause, tried: list[Fallback], *,
                  missing: list[str] = (), pytest_now: tuple[int, int] | None = None,
                  older: str | None = None, source=None, stale: tuple[str, str] | None = None) -> Fallback | None:
    """The next fallback for a broken environment (``cause``: the sanity verdict or the set-up's
    failure), or None when they are spent. ``tried``: the fallbacks already tried;
    ``stale``: the installed package the baseline's error is raised in (`sanity.stale_dependency`)."""
    if env.explicit_install or len(tried) >= MAX_FALLBACKS:
        return None
    kinds = [r.kind for r in tried]
    # a suite's own helper (`from common import SkipTest`) is a file the tree lacks, not a PyPI package
    names = list(dict.fromkeys(list(missing) + [n for n in MISSING.findall(cause.evidence) if not is_helper(n)]))
    installed = already_installed(tried)
    dists = list(dict.fromkeys(d for d in (distribution(n) for n in names) if d and d not in installed))
    names = [n for n in names if distribution(n) in dists]
    if dists:
        cmd = "pip install " + " ".join(f"'{d}'" for d in dists)
        new = InstallStep(cmd, True, optional=True, droppable=True)     # `winreg`, `distutils`: noted, not fatal
        again = " (again: the first ones let the imports go further)" if installed else ""
        return Fallback(f"missing modules installed{again}: `{cmd}` (for {', '.join(names)})",
                        [new] + steps if cause.kind is CauseKind.SETUP_FAILED else steps + [new], FallbackKind.MISSING_MODULES,
                        packages=tuple(dists))
    if cause.kind is CauseKind.IMPORT_CHECK:
        return None                      # every module it names was installed already: the baseline decides
    runner = runner_fallback(env, steps, cause, kinds)
    if runner is not None:
        return runner
    newer = newer_dependency(env, steps, stale, tried)
    if newer is not None and (pytest_bound(cause) or cause.kind is CauseKind.NO_MODULE_IMPORTS):
        return newer
    pytests = kinds.count(FallbackKind.OLDER_PYTEST)
    if pytest_now and (pytests == 0 and cause.kind in PYTEST_BOUND or pytests == 1 and cause.kind in EVERY_TEST):
        major, minor = pytest_now
        cmd = era.runner_install(f"pytest<{major}.{minor}")
        return Fallback(("older pytest (again)" if pytests else "older pytest")
                        + f": `pip install 'pytest<{major}.{minor}'` as of {env.as_of[:10] if env.as_of else 'today'} "
                        f"(the suite's own infrastructure breaks on pytest {major}.{minor}; {era.HELD})",
                        _without_pytest_floor(steps) + [InstallStep(cmd, True, cutoff=env.as_of)], FallbackKind.OLDER_PYTEST)
    tox_tried = kinds.count(FallbackKind.TOX_ENV)
    if source is not None and tox_tried < len(env.alternatives) and tox_tried < 1 and not pytest_bound(cause):
        alt = env.alternatives[tox_tried]
        return Fallback(f"another tox env: `{alt['name']}` (`{alt['test_cmd']}`)", _replan(env, source, alt["install"], steps),
                        FallbackKind.TOX_ENV, test_cmd=alt["test_cmd"])
    if source is not None and env.fallback and FallbackKind.RECIPE not in kinds and cause.kind is CauseKind.SETUP_FAILED:
        return Fallback(f"another recipe: the packaging files' own install ({'; '.join(f'`{c}`' for c in env.fallback)}) "
                        "instead of the recipe's", _replan(env, source, env.fallback, steps), FallbackKind.RECIPE)
    if older and FallbackKind.PYTHON not in kinds and cause.kind in PYTHON_BOUND:
        return Fallback(f"python: the nearest older Python image, {older}", steps, FallbackKind.PYTHON, python=older)
    return None


def newer_dependency(env: Environment, steps: list[InstallStep], stale: tuple[str, str] | None,
                     tried: list[Fallback]) -> Fallback | None:
    """A dependency of the commit's date whose code does not run on the sandbox's Python (the error is
    raised inside it): that one package as of the day the next Python after the commit came out, then
    the one after, up to the sandbox's own (the oldest release that may run here: bidict 0.18.0's suite
    needs hypothesis's `unlimited`, gone from the releases of Python 3.9's day)."""
    mine = PYTHON_RELEASED.get(env.python_used or "")
    if stale is None or not mine or not env.as_of:
        return None
    package, error = stale
    dist = distribution(package)
    days = sorted((day, v) for v, day in PYTHON_RELEASED.items() if env.as_of[:10] < day <= mine)
    done = sum(r.kind is FallbackKind.NEWER_DEPENDENCY and dist in r.packages for r in tried)
    if not dist or done >= len(days):
        return None
    day, python = days[done]
    cmd = f"pip install --upgrade '{dist}'"
    return Fallback(f"newer dependency: `{cmd}` as of {day}, when Python {python} came out (its version as of "
                    f"{env.as_of[:10]} fails on Python {env.python_used}: {error[:160]})",
                    steps + [InstallStep(held(cmd), True, cutoff=f"{day}T00:00:00Z", optional=True)],
                    FallbackKind.NEWER_DEPENDENCY, packages=(dist,))


def runner_fallback(env: Environment, steps: list[InstallStep], cause: SetupCause, kinds: list[FallbackKind]) -> Fallback | None:
    """The test runner's own fallbacks (agent/python/environment/era.py): the last pytest before the
    release that removed what the error names (on a Python it runs on); a plugin that no longer
    loads turned off in the test command; the plugin that adds the options the runner refuses."""
    removed = era.removed_in_error(cause.evidence)
    if removed is not None and FallbackKind.PYTEST_BEFORE not in kinds:
        cmd = era.runner_install(f"pytest<{removed.version}")
        python = None
        if era.needs_old_python(removed.version) and env.python_used and not env.explicit_python and not env.image \
                and minor(env.python_used) > minor(era.OLD_PYTEST_PYTHON):
            python = era.OLD_PYTEST_PYTHON
        return Fallback(f"pytest before {removed.version}: `pip install 'pytest<{removed.version}'` as of "
                        f"{removed.released[:10]} with the installed pytest plugins, {era.HELD} (the suite uses {removed.what}, "
                        f"removed in pytest {removed.version})" + (f", on Python {python}" if python else ""),
                        _without_pytest_floor(steps) + [InstallStep(cmd, True, cutoff=removed.released, optional=True)],
                        FallbackKind.PYTEST_BEFORE, python=python)
    off = era.without_plugin(cause.evidence, env.test_cmd or "")
    if off is not None and FallbackKind.PLUGIN_OFF not in kinds:
        return Fallback(f"plugin off: `-p no:{off[0]}` in the test command (the plugin does not load on this "
                        f"pytest): `{off[1]}`", steps, FallbackKind.PLUGIN_OFF, test_cmd=off[1])
    refused = re.search(r"unrecognized arguments: (.+)", cause.evidence)
    plugins = era.option_plugins(refused.group(1)) if refused else []
    if plugins and FallbackKind.PLUGINS not in kinds:
        cmd = "pip install " + " ".join(f"'{p}'" for p in plugins)
        return Fallback(f"plugins: `{cmd}` (the runner refuses options they add: {refused.group(1)[:120]})",
                        steps + [InstallStep(cmd, True, optional=True)], FallbackKind.PLUGINS, packages=tuple(plugins))
    return None
