"""From a resolved environment to a sandbox: the image for its Python, the install steps, the
test command; what the pipeline calls."""
from __future__ import annotations

import platform
import re
from pathlib import Path
from typing import NamedTuple

from agent.python.environment import era, versions
from agent.python.environment.model import Environment
from agent.python.environment.pins import pins_pytest, pytest_step
from agent.judge.testrun import is_pytest
from sandbox.docker import envcache
from sandbox.install import quoted_env
from sandbox.pythons import DEFAULT_PYTHON
from sandbox.setup import InstallStep, plan_commands


def choose_image(env: Environment, backend: str, configured: str | None, log=lambda msg: None) -> str | None:
    """The sandbox image (docker) for the environment's Python; sets `python_used` and says when
    the version differs from the one asked for."""
    image = configured or env.image
    if backend != "docker":
        # the local sandbox's venv runs the Python crashfix runs on; `sandbox_python` asks it once open
        env.python_used = ".".join(platform.python_version_tuple()[:2])
        return image
    if image:
        env.python_used = env.python
        env.steps.append(f"image `{image}` as configured")
        return image
    from sandbox.docker.images import python_image
    tag, env.python_used, note = python_image(env.python, log=log)
    env.steps.append(note or f"Python {env.python_used} sandbox image")
    return tag


def sandbox_python(sb, env: Environment, backend: str) -> str | None:
    """Ask the opened sandbox which Python it runs (the local sandbox's venv, an image's): set
    ``env.python_used`` to it; a sentence when it is not the one asked for or assumed."""
    res = sb.run("python -c \"import sys; print('%d.%d' % sys.version_info[:2])\"", timeout=60)
    seen = res.output.strip().splitlines()[-1] if res.ok and res.output.strip() else None
    if not seen or not re.fullmatch(r"\d+\.\d+", seen):
        return None
    assumed, env.python_used = env.python_used, seen
    if env.python and env.python != seen and (backend != "docker" or assumed != seen):
        return f"Python {env.python} requested; the {backend} sandbox runs Python {seen}"
    if assumed and assumed != seen:
        return f"the {backend} sandbox runs Python {seen} (not {assumed})"
    return None


def install_steps(env: Environment, source: Path, test_cmd: str | None) -> list[InstallStep]:
    """The environment's install commands as steps, then (when dependencies are installed online
    and the repo pins no pytest) a pytest of the commit's era that runs on the sandbox's Python.
    An explicit install (`--setup-cmd`, `setup_cmd`, `environment.install`) runs as given: nothing
    is added to it, nothing rewritten."""
    if env.explicit_install:
        return [InstallStep(cmd, True) for cmd in env.install]
    steps = planned(env, source, env.install)
    if any(s.network for s in steps) and test_cmd and is_pytest(test_cmd):
        plugins = era.missing_plugins(source, test_cmd, env.install)
        if plugins:
            cmd = "pip install " + " ".join(f"'{p}'" for p in plugins)
            steps.append(InstallStep(cmd, True, optional=True))
            env.steps.append(f"`{cmd}`: the pytest options of the test command or its configuration name "
                             f"{'them' if len(plugins) > 1 else 'it'} (a failure is noted, not fatal)")
    python = env.python_used or DEFAULT_PYTHON
    floor = pytest_step(python, env.as_of)
    removed = env.removed if env.removed is None or not era.needs_old_python(env.removed.version) \
        or versions.minor(python) <= versions.minor(era.OLD_PYTEST_PYTHON) else None   # the local sandbox's Python
    if (floor or removed) and any(s.network for s in steps) and test_cmd and is_pytest(test_cmd) \
            and not pins_pytest(env.install, env.pins):
        for cmd, cutoff, note in era.pytest_steps(python, env.as_of, floor, removed):
            steps.append(InstallStep(cmd, True, cutoff=cutoff, optional=True))
            env.steps.append(note)
    return steps


def old_runner(env: Environment, source: Path, files: list[str], test_cmd: str | None) -> None:
    """A suite that uses what a pytest release removed (`era.removed_in_tree`) runs on the last pytest
    before it, so on a Python that pytest runs on (unless the Python is explicit, or pytest pinned)."""
    if env.explicit_install or not test_cmd or not is_pytest(test_cmd) or pins_pytest(env.install, env.pins):
        return
    env.removed = era.removed_in_tree(source, files)
    if env.removed is None or not era.needs_old_python(env.removed.version) or env.explicit_python \
            or env.image or (env.python and versions.minor(env.python) <= versions.minor(era.OLD_PYTEST_PYTHON)):
        return
    env.steps.append(f"Python {era.OLD_PYTEST_PYTHON}, not {env.python or DEFAULT_PYTHON}: the suite uses "
                     f"{env.removed.what}, and a pytest before {env.removed.version} runs on Python "
                     f"{era.OLD_PYTEST_PYTHON} at most")
    env.python = era.OLD_PYTEST_PYTHON


def planned(env: Environment, source: Path, commands: list[str]) -> list[InstallStep]:
    """Install commands as steps (`plan_commands`), the issue's packages optional, plain package
    lists and requirement files droppable (a package that cannot install is dropped, said)."""
    issue = "pip install " + " ".join(f"'{p}'" for p in env.packages) if env.packages else None
    kept = []
    for cmd in commands:
        cmd, absent = without_absent_files(source, cmd)
        for path in absent:
            said = f"`-r {path}` dropped from the install: the tree has no {path} (the rest of the install goes on)"
            if said not in env.steps:
                env.steps.append(said)
        if cmd:
            kept.append(cmd)
    commands = kept
    return [InstallStep(s.cmd, s.network, optional=True) if s.cmd == issue else
            InstallStep(s.cmd, s.network, droppable=True) if _packages_only(s.cmd) and not s.backend else s
            for s in plan_commands(source, commands)]


def without_absent_files(source: Path, cmd: str) -> tuple[str | None, list[str]]:
    """A plain `pip install` whose `-r FILE`/`-c FILE` names a file the tree does not have (a tox
    `deps = -rtest-requirements.txt` of a release archive that does not ship it): the command
    without it (None when nothing is left to install), and the files dropped. Other commands as given."""
    import shlex
    from sandbox.contain import within
    if not re.match(r"^(?:python[\d.]* -m )?pip3? install\b", cmd.strip()) or re.search(r"[`$]", cmd):
        return cmd, []
    try:
        lexer = shlex.shlex(cmd, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        if any(re.fullmatch(r"[;&|<>()]+", t) for t in lexer):
            return cmd, []                    # `cd DIR && pip install -r ...`: the file is not the tree's top's
        words = shlex.split(cmd)
    except ValueError:
        return cmd, []
    if "install" not in words:
        return cmd, []
    i = words.index("install") + 1
    out, absent = words[:i], []
    while i < len(words):
        w = words[i]
        flag = re.fullmatch(r"(-[rc]|--requirement|--constraint)(?:=?(.+))?", w)
        if flag:
            path = flag.group(2) or (words[i + 1] if i + 1 < len(words) else "")
            width = 1 if flag.group(2) else 2
            local = within(source, path) if path and not re.match(r"^(?:/|\w+://)", path) else None
            if local is not None and not local.exists():
                absent.append(path)
                i += width
                continue
            out += words[i:i + width]
            i += width
            continue
        out.append(w)
        i += 1
    if not absent:
        return cmd, []
    rest = out[out.index("install") + 1:]
    if not any(not w.startswith("-") or w in ("-r", "-e") or re.match(r"^-[re]\S", w) for w in rest):
        return None, absent                   # options (a `-c` file) and nothing to install
    return shlex.join(out), absent


def _packages_only(cmd: str) -> bool:
    """A plain `pip install a b c` (no file, no path, no other command): a package that fails
    to install may be dropped (a heavy optional one, tensorflow in a tox `deps` line)."""
    if re.fullmatch(r"(?:python[\d.]* -m )?pip3? install -r '?[\w./-]+\.(?:txt|in|pip)'?", cmd.strip()):
        return True                                      # a requirements file: the line is dropped from a copy
    if not re.fullmatch(r"(?:python[\d.]* -m )?pip3? install(?: (?:'[^']+'|[\w.\[\],<>=!~-]+))+", cmd.strip()):
        return False
    return not any(w in (".", "-e", "-r", "-c") for w in cmd.split())


def test_command(env: Environment, configured: str | None) -> str | None:
    """The test command to run (the configured one wins), with the environment's variables set."""
    cmd = configured or env.test_cmd
    return quoted_env(env.env) + cmd if cmd and env.env else cmd


def cache_name(repo: str) -> str:
    """The repository's name in the environment cache, from what crashfix was asked (RunConfig
    `repo_id`, else `repo`): a URL without credentials, or a folder's resolved path. Never the
    clone's `git remote`: a checkout can name any repository there (security, issue 22)."""
    local = Path(repo)
    if local.is_dir():
        return str(local.resolve())
    return re.sub(r"://[^/@]*@", "://", repo.strip())


def keep_environment(sb, notes: list[str]) -> None:
    """The set-up worked (the baseline is sane, or there is none): keep its prepared environment."""
    said = envcache.keep(getattr(sb, "pending_env", None))
    if said:
        notes.append(said)
        sb.pending_env = None


class Prepared(NamedTuple):
    env: Environment
    opts: dict                  # the `open_sandbox` keyword arguments that install it
    image: str | None           # the image its sandboxes come from
    test_cmd: str | None        # the test command it resolved


def prepare(cfg, source: Path, files: list[str], progress=lambda msg: None) -> Prepared:
    """Resolve the environment of a Python run's checkout (``cfg``: the RunConfig, as given; its
    flags win): the environment, the `open_sandbox` keyword arguments that install it, the image
    and the test command (the config is not rewritten)."""
    from agent.python.environment import resolve
    cli = {"python": getattr(cfg, "python", None), "test_cmd": cfg.test_cmd, "image": cfg.image,
           "install": [cfg.setup_cmd] if cfg.setup_cmd else None}
    config = getattr(cfg, "environment", None)
    if config is not None:       # the bot's flags are the crashfix.yml keys it read: said as coming from there
        cli = {k: v for k, v in cli.items() if v is not None and config.get(k) != v}
    env = resolve(source, cli, config=config, report_text=cfg.report_text, files=files)
    old_runner(env, source, files, test_command(env, None))
    image = choose_image(env, cfg.sandbox, cfg.image, log=progress)
    test_cmd = test_command(env, None)
    return Prepared(env, {"steps": install_steps(env, source, test_cmd), "as_of": env.as_of,
                          "pins": env.pins, "env": env.env,
                          "cache": cache_name(cfg.repo_id or cfg.repo) if cfg.sandbox == "docker" else None},
                    image, test_cmd)
