"""The test runner of the commit's era: which pytest (and which of its plugins and of the `py`
library) a suite runs on, read from the tree before set-up and from the runner's own errors after.

- A suite whose configuration or own files use what a pytest release removed (a `[pytest]` section
  in setup.cfg, gone in 4.0; `item.get_marker`, gone in 4.1) gets the last pytest before it, and a
  Python that pytest still runs on (before 6.2.5 pytest cannot rewrite asserts on 3.10+).
- The era's pytest is installed with the pytest plugins already there, under the same cut-off: a
  2019 plugin calling `get_marker` breaks every test on a 2020 pytest.
- Trees older than pytest 7.2 (which stopped depending on the `py` library) get `py`'s last release:
  older ones fail on Python 3.11 (`AttributeError: __spec__`), and pytest 7.2's own `py.py` shim
  has no `py.builtin` that plugins of that era import.
- Options the runner refuses (`unrecognized arguments: --cov`) name the plugin that adds them;
  a plugin that no longer loads (`PluginValidationError: Plugin 'pep8'`) is turned off with `-p no:NAME`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from agent.python.environment.model import read
from sandbox import install

# pytest before this release does not run on Python 3.10+ (its assertion rewriter builds `alias`
# nodes without `lineno`): a suite that needs an older pytest needs Python 3.9 at most
OLD_PYTEST_PYTHON = "3.9"
OLD_PYTEST_UPTO = (6, 2, 5)
# the `py` library's last release (it runs on every Python 3), and when pytest stopped depending on it
PY_LAST = ("1.11.0", "2021-11-04T23:59:59Z")
PYTEST_WITHOUT_PY = "2022-10-25T00:00:00Z"
# installed pytest plugins (their distribution names), computed in the sandbox
PLUGINS = ("$(python -c \"import importlib.metadata as m; print(' '.join(sorted({str(d.metadata['Name']).lower() "
           "for d in m.distributions() if str(d.metadata['Name']).lower().startswith(('pytest-', 'pytest_')) "
           "and not d.read_text('direct_url.json')})))\")")      # not one installed from a path (the project's own)
# the project's own distributions held at their installed versions (sandbox/install.py): a runner that
# needs a newer one (pytest 6.1 needs attrs>=17.4) must not replace the tree's own code with PyPI's copy
OWN = install.OWN


HELD = "the project's own distribution held at its installed version"


def runner_install(spec: str, fallback: bool = False) -> str:
    """The command that installs the runner ``spec`` (`pytest>=6.1.0`) with the installed pytest plugins,
    the project's own distributions held where they are; with ``fallback``, when no such pytest accepts
    the project's own version, the newest pytest (under the same cut-off) that does."""
    cmd = f"pip install --upgrade '{spec}' {PLUGINS} {OWN}"
    return cmd + (f" || pip install --upgrade 'pytest' {PLUGINS} {OWN}" if fallback else "")


@dataclass(frozen=True)
class Removed:
    what: str                 # what the suite uses, for the notes
    version: str              # the pytest release that removed it
    released: str             # that release's day: the cut-off for the last pytest before it
    error: str                # the runner's error when it meets it (a regex)


SETUP_CFG_SECTION = Removed("a [pytest] section in setup.cfg", "4.0", "2018-11-13T00:00:00Z",
                            r"\[pytest\] section in setup\.cfg files is no longer supported")
GET_MARKER = Removed("`get_marker` (a conftest or plugin)", "4.1", "2019-01-05T00:00:00Z",
                     r"object has no attribute 'get_marker'")
NODE_CONSTRUCTION = Removed("collection nodes built directly (a conftest's `pytest_collect_file` calling "
                            "`File(path, parent)`, not `from_parent`)", "6.0", "2020-07-28T00:00:00Z",
                            r"Direct construction of [\w.]+ has been deprecated, please use [\w.]+\.from_parent")
REMOVED = [SETUP_CFG_SECTION, GET_MARKER, NODE_CONSTRUCTION]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def needs_old_python(version: str) -> bool:
    """Whether `pytest<version` only runs on Python 3.9 or older."""
    return _version(version) <= OLD_PYTEST_UPTO


def removed_in_tree(source: Path, files: list[str]) -> Removed | None:
    """What the tree's own pytest configuration or conftest files use that pytest removed."""
    cfg = read(source, "setup.cfg") or ""
    tox = read(source, "tox.ini") or ""
    pyproject = read(source, "pyproject.toml") or ""
    if re.search(r"^\[pytest\]\s*$", cfg, re.M) and not re.search(r"^\[tool:pytest\]\s*$", cfg, re.M) \
            and not (source / "pytest.ini").exists() and not re.search(r"^\[pytest\]\s*$", tox, re.M) \
            and "[tool.pytest.ini_options]" not in pyproject:
        return SETUP_CFG_SECTION
    for f in files:
        if f.rsplit("/", 1)[-1] != "conftest.py":
            continue
        text = read(source, f) or ""
        if re.search(r"\.get_marker\(", text):
            return GET_MARKER
        if re.search(r"^def pytest_collect_file\(", text, re.M) and "from_parent" not in text \
                and re.search(r"return \w+\(\s*\w*path\s*,\s*parent\s*\)", text):
            return NODE_CONSTRUCTION
    return None


def removed_in_error(text: str) -> Removed | None:
    """What the runner's error (the line the sanity verdict quotes, or a test's message) says the suite
    uses that pytest removed."""
    return next((r for r in REMOVED if re.search(r.error, text)), None)


def pytest_steps(python: str, as_of: str | None, floor: tuple[str, str] | None,
                 removed: Removed | None) -> list[tuple[str, str | None, str]]:
    """(command, cut-off, note) of the era's runner: the pytest (with the installed plugins of its day)
    and, for trees older than pytest 7.2, the `py` library's last release."""
    out = []
    if removed is not None:
        cmd = runner_install(f"pytest<{removed.version}")
        out.append((cmd, removed.released, f"pytest before {removed.version} (`pytest<{removed.version}` as of "
                    f"{removed.released[:10]}, the installed pytest plugins with it, {HELD}): the suite uses "
                    f"{removed.what}, which pytest {removed.version} removed"))
    elif floor is not None:
        spec, cutoff = floor
        out.append((runner_install(spec, fallback=True), cutoff,
                    f"pytest as of {cutoff[:10]} (`pip install '{spec}'`, the installed pytest plugins with it, {HELD}; "
                    "when that pytest needs a newer version of the project itself, the newest pytest that accepts the "
                    "tree's own): the repo does not pin it"))
    if out and as_of and as_of < PYTEST_WITHOUT_PY:
        out.append((f"pip install 'py>={PY_LAST[0]}'", max(as_of, PY_LAST[1]),
                    f"py {PY_LAST[0]} (the `py` library's last release; older ones fail on Python 3.11 and "
                    "pytest 7.2's stand-in has no `py.builtin`)"))
    return out


# options a pytest plugin adds -> the plugin's distribution
OPTION_PLUGINS = [(r"--cov\b|--no-cov\b", "pytest-cov"), (r"--timeout\b", "pytest-timeout"),
                  (r"(?:^|\s)-n\s*(?:\d+|auto)\b|--numprocesses\b|--dist\b", "pytest-xdist"),
                  (r"--benchmark-", "pytest-benchmark"), (r"--reruns\b", "pytest-rerunfailures"),
                  (r"--flakes\b", "pytest-flakes"), (r"--pep8\b", "pytest-pep8"), (r"--mypy\b", "pytest-mypy"),
                  (r"--black\b", "pytest-black"), (r"--isort\b", "pytest-isort"), (r"--flake8\b", "pytest-flake8"),
                  (r"--mpl\b", "pytest-mpl"), (r"--randomly-", "pytest-randomly"), (r"--asyncio-mode\b", "pytest-asyncio"),
                  (r"--doctest-plus\b", "pytest-doctestplus"), (r"--html\b", "pytest-html")]


# configuration keys a pytest plugin adds -> the plugin (blinker 1.6.2: `asyncio_mode` with warnings as
# errors stops pytest when pytest-asyncio is absent, its requirements file not in the sdist)
INI_PLUGINS = {"asyncio_mode": "pytest-asyncio", "timeout": "pytest-timeout", "timeout_method": "pytest-timeout",
               "env": "pytest-env", "mock_use_standalone_module": "pytest-mock", "flakes-ignore": "pytest-flakes",
               "pep8ignore": "pytest-pep8", "pep8maxlinelength": "pytest-pep8", "doctest_plus": "pytest-doctestplus",
               "trio_mode": "pytest-trio", "mpl-baseline-path": "pytest-mpl", "looponfailroots": "pytest-xdist"}


def _config_section(source: Path) -> str | None:
    """The body of the tree's pytest configuration section (the file pytest itself would read first)."""
    for name, section in (("pytest.ini", "pytest"), ("pyproject.toml", "tool.pytest.ini_options"),
                          ("tox.ini", "pytest"), ("setup.cfg", "tool:pytest"), ("setup.cfg", "pytest")):
        text = read(source, name) or ""
        m = re.search(rf"^\[{re.escape(section)}\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
        if m:
            return m.group(1)
    return None


def ini_plugins(source: Path) -> list[str]:
    """The plugins whose configuration keys the tree's pytest configuration sets."""
    body = _config_section(source) or ""
    keys = re.findall(r"^([\w-]+)\s*=", body, re.M)
    return list(dict.fromkeys(INI_PLUGINS[k] for k in keys if k in INI_PLUGINS))


def addopts(source: Path) -> str:
    """The `addopts` of the tree's pytest configuration (the file pytest itself would read first)."""
    body = _config_section(source)
    opts = re.search(r"^addopts\s*=\s*(.*?)(?=^\S|\Z)", body, re.M | re.S) if body is not None else None
    if not opts:
        return ""
    value = opts.group(1)
    if value.lstrip().startswith("["):                     # pyproject: a list of strings
        value = " ".join(re.findall(r"['\"]([^'\"]*)['\"]", value))
    return " ".join(value.replace('"', " ").split())


def option_plugins(options: str) -> list[str]:
    """The plugins that add the options in ``options`` (an `addopts`, a test command, the runner's refusal)."""
    return [dist for pattern, dist in OPTION_PLUGINS if re.search(pattern, options)]


# fixtures a pytest plugin provides -> the plugin (tzlocal 5.0.1's tests take `mocker`; the sdist does not
# ship the requirements file that names pytest-mock)
FIXTURE_PLUGINS = {"mocker": "pytest-mock", "httpserver": "pytest-httpserver", "requests_mock": "requests-mock",
                   "httpx_mock": "pytest-httpx", "datadir": "pytest-datadir", "shared_datadir": "pytest-datadir",
                   "aiohttp_client": "pytest-aiohttp", "freezer": "pytest-freezer"}
# (not `benchmark`, `snapshot`, `subtests`: plain words a parametrized test takes too, opt_einsum 3.3.0's
# `benchmark` is a parametrize argument)
PARAMETRIZE = re.compile(r"parametrize\(\s*['\"]([^'\"]+)['\"]")
TEST_DEF = re.compile(r"^\s*(?:async )?def test\w*\(([^)]*)\)", re.M)


def fixture_plugins(source: Path, most: int = 300) -> list[str]:
    """The plugins that provide fixtures the suite's functions take and the tree does not define."""
    files = [p for p in source.rglob("*.py") if p.name.startswith("test") or p.name == "conftest.py"][:most]
    texts = [read(source, str(p.relative_to(source))) or "" for p in files]
    used = {w for t in texts for params in TEST_DEF.findall(t) for w in re.findall(r"\w+", params)}
    used -= {w for t in texts for names in PARAMETRIZE.findall(t) for w in re.findall(r"\w+", names)}
    defined = {n for t in texts for n in re.findall(r"^\s*def (\w+)\(", t, re.M)}
    return list(dict.fromkeys(d for name, d in FIXTURE_PLUGINS.items() if name in used and name not in defined))


def missing_plugins(source: Path, test_cmd: str | None, install: list[str]) -> list[str]:
    """Plugins the pytest options name (the test command's, the configuration's `addopts`) that no
    install command names."""
    named = " ".join(install).lower().replace("_", "-")
    wanted = option_plugins(f"{test_cmd or ''} {addopts(source)}") + ini_plugins(source)
    wanted += fixture_plugins(source) if test_cmd and PYTEST_CALL.search(test_cmd) else []
    return [d for d in dict.fromkeys(wanted) if d not in named]


PLUGIN_BROKEN = re.compile(r"PluginValidationError: Plugin '([\w.-]+)' for hook")
PYTEST_CALL = re.compile(r"(?<![\w./-])((?:python[\d.]* -m )?(?:pytest|py\.test))(?![\w.-])")


def without_plugin(error: str, test_cmd: str) -> tuple[str, str] | None:
    """(plugin, the test command with `-p no:PLUGIN`) when the runner stopped on a plugin that no
    longer loads on this pytest; None otherwise (or when the command is not pytest)."""
    m = PLUGIN_BROKEN.search(error)
    if not m or not PYTEST_CALL.search(test_cmd) or f"no:{m.group(1)}" in test_cmd:
        return None
    return m.group(1), PYTEST_CALL.sub(lambda c: f"{c.group(1)} -p no:{m.group(1)}", test_cmd)
