"""A command line from an issue as a Python script that runs the project's own entry point in-process."""
from __future__ import annotations

import configparser
import re
import shlex
import tomllib
from dataclasses import dataclass
from typing import Callable

_PYTHON = re.compile(r"^(?:.*/)?python(?:\d(?:\.\d+)?)?$")
_SPEC = re.compile(r"""["']\s*([\w.-]+)\s*=\s*([\w.]+)\s*:\s*([\w.]+)\s*["']""")
_NOT_OURS = {"pip", "pytest", "venv", "ensurepip", "pdb", "http.server", "unittest", "timeit", "cProfile"}


@dataclass(frozen=True)
class EntryPoint:
    name: str          # the command the user types
    module: str
    function: str      # may be dotted (obj.method)


def entry_points(read: Callable[[str], str | None], files: list[str]) -> dict[str, EntryPoint]:
    """The console scripts the project declares: pyproject [project.scripts], setup.cfg, setup.py."""
    found: dict[str, EntryPoint] = {}
    if "pyproject.toml" in files and (text := read("pyproject.toml")):
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            data = {}
        scripts = dict(data.get("project", {}).get("scripts", {}))
        scripts.update(data.get("tool", {}).get("poetry", {}).get("scripts", {}) or {})
        for name, spec in scripts.items():
            if isinstance(spec, str) and ":" in spec:
                mod, _, fn = spec.partition(":")
                found[name] = EntryPoint(name, mod.strip(), fn.strip().split(" ")[0])
    if "setup.cfg" in files and (text := read("setup.cfg")):
        cfg = configparser.ConfigParser()
        try:
            cfg.read_string(text)
            lines = cfg.get("options.entry_points", "console_scripts", fallback="")
        except configparser.Error:
            lines = ""
        for ln in lines.splitlines():
            m = re.match(r"^\s*([\w.-]+)\s*=\s*([\w.]+)\s*:\s*([\w.]+)", ln)
            if m:
                found.setdefault(m.group(1), EntryPoint(*m.groups()))
    if "setup.py" in files and (text := read("setup.py")) and "console_scripts" in text:
        for m in _SPEC.finditer(text[text.index("console_scripts"):]):
            found.setdefault(m.group(1), EntryPoint(*m.groups()))
    return found


def top_modules(files: list[str]) -> set[str]:
    """Importable top-level names of the repository (flat and src/ layouts)."""
    names = set()
    for f in files:
        parts = f.split("/")
        if parts[0] == "src" and len(parts) > 1:
            parts = parts[1:]
        if len(parts) == 1 and parts[0].endswith(".py"):
            names.add(parts[0][:-3])
        elif len(parts) > 1 and parts[1] == "__init__.py":
            names.add(parts[0])
    return names


def command_script(line: str, eps: dict[str, EntryPoint], files: list[str],
                   repo_path: Callable[[str], str | None]) -> str | None:
    """The script that runs `line` in-process, or None when it calls nothing of the project.

    repo_path maps a script path the user typed to a file of the repo (None when not one)."""
    stdin, line = _piped_input(line)
    try:
        argv = shlex.split(line)
    except ValueError:
        return None
    env = {}
    while argv and re.match(r"^[A-Za-z_]\w*=", argv[0]):
        key, _, value = argv.pop(0).partition("=")
        env[key] = value
    if not argv:
        return None
    head = _env_lines(env) + (f"import io, sys\nsys.stdin = io.TextIOWrapper(io.BytesIO({stdin!r}.encode()))\n"
                              if stdin is not None else "")
    if _PYTHON.match(argv[0]):
        args = [a for a in argv[1:] if a not in ("-u", "-B", "-O", "-X", "-W")]
        if len(args) >= 2 and args[0] == "-c":
            return head + args[1] + "\n"
        if len(args) >= 2 and args[0] == "-m":
            mod = args[1]
            if mod in _NOT_OURS or mod.split(".")[0] not in top_modules(files):
                return None
            return head + (f"import runpy, sys\nsys.argv = {[mod, *args[2:]]!r}\n"
                           f"runpy.run_module({mod!r}, run_name='__main__', alter_sys=True)\n")
        if args and args[0].endswith(".py") and (path := repo_path(args[0])):
            return head + (f"import runpy, sys\nsys.argv = {[path, *args[1:]]!r}\n"
                           f"runpy.run_path({path!r}, run_name='__main__')\n")
        return None
    ep = eps.get(argv[0].rsplit("/", 1)[-1])
    if ep is None:
        return None
    obj, _, rest = ep.function.partition(".")
    call = f"{obj}.{rest}" if rest else obj
    return head + (f"import sys\nsys.argv = {[ep.name, *argv[1:]]!r}\n"
                   f"from {ep.module} import {obj}\nsys.exit({call}())\n")


def _piped_input(line: str) -> tuple[str | None, str]:
    """`echo TEXT | cmd ...` -> (TEXT + newline, `cmd ...`); other lines come back unchanged."""
    lex = shlex.shlex(line, posix=True, punctuation_chars="|")
    lex.whitespace_split = True
    try:
        words = list(lex)
    except ValueError:
        return None, line
    if words.count("|") != 1 or words[0] not in ("echo", "printf"):
        return None, line
    cut = words.index("|")
    text = " ".join(w for w in words[1:cut] if w not in ("-e", "-n"))
    if words[0] == "printf":
        text = text.replace("\\n", "\n")
    elif "-n" not in words[1:cut]:
        text += "\n"
    return text, line[line.index("|") + 1:].strip() if line.count("|") == 1 else " ".join(
        shlex.quote(w) for w in words[cut + 1:])


def _env_lines(env: dict[str, str]) -> str:
    if not env:
        return ""
    return f"import os\nos.environ.update({env!r})\n"
