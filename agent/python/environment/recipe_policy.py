"""What a model's set-up recipe may hold (issue 35, E32): package installs and files of the tree, nothing else.

An install command is `pip install`, `python -m pip install` or `uv pip install` (`python3` too) whose
arguments are plain requirement specifiers (`name`, `name[extra]>=1.2,<2`: no URL, no marker, no
path), the tree itself (`.`, `.[extra]`, `-e .`, `-e .[extra]`, or a folder of the tree with `-e`),
`-r`/`-c` naming a file of the tree, and a few flags that only narrow what is installed
(`--no-deps`, `-U`, `--pre`, `-q`, `--no-build-isolation`). Running a file of the tree is one shape
too: `python <tree file>.py` with plain arguments (it runs the repository's own code, as its tests do).
A test command is `python -m <module>`, `pytest`/`py.test` or `python <tree file>`, with plain
arguments and optional `NAME=value` assignments before it. No index or link option, nothing outside
the tree. The command is read as words (`shlex`) and each word checked; what runs is those words
joined again, each quoted (`shlex.join`), so no shell syntax survives (`;`, `|`, `$(…)`, a newline,
a redirection: an unquoted `>=` is a version bound, not a redirection).
`check(...)` returns (the command to run, None) or (None, why it is refused). Pure but for `exists`.
"""
from __future__ import annotations

import re
import shlex
from pathlib import PurePosixPath
from typing import Callable

REQUIREMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}(\[[A-Za-z0-9._,-]{1,100}\])?"
                         r"((~=|==|!=|<=|>=|<|>)[A-Za-z0-9.+!-]{1,40}(,(~=|==|!=|<=|>=|<|>)[A-Za-z0-9.+!-]{1,40}){0,5})?$")
TREE_SELF = re.compile(r"^\.(\[[A-Za-z0-9._,-]{1,100}\])?$")
FLAGS = {"--no-deps", "-U", "--upgrade", "--pre", "-q", "--quiet", "--no-build-isolation"}
FILE_OPTIONS = {"-r", "--requirement", "-c", "--constraint"}
PLAIN_ARG = re.compile(r"^[A-Za-z0-9_.,:=+/@%-]{1,200}$")
ASSIGNMENT = re.compile(r"^[A-Z_][A-Z0-9_]{0,40}=[A-Za-z0-9_.,:/+-]{0,200}$")
MODULE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]{0,100}$")
PYTHONS = {"python", "python3"}


def _tree_path(arg: str, exists: Callable[[str], bool] | None, folder: bool = False) -> str | None:
    """Why ``arg`` is not a file (a folder with ``folder``) of the tree, or None."""
    p = PurePosixPath(arg)
    if p.is_absolute() or ".." in p.parts or not PLAIN_ARG.match(arg) or arg.startswith("-"):
        return f"`{arg}` is not a path inside the repository"
    if exists is not None and not exists(arg):
        return f"`{arg}` is not a {'folder' if folder else 'file'} of the repository"
    return None


def _install_args(args: list[str], exists, is_dir) -> str | None:
    if not args:
        return "it installs nothing"
    i = 0
    while i < len(args):
        a = args[i]
        if a in FILE_OPTIONS:
            if i + 1 >= len(args):
                return f"`{a}` names no file"
            if (why := _tree_path(args[i + 1], exists)) is not None:
                return why
            i += 2
            continue
        if a in ("-e", "--editable"):
            if i + 1 >= len(args):
                return f"`{a}` names no folder"
            target = args[i + 1]
            if not TREE_SELF.match(target) and (why := _tree_path(target.split("[", 1)[0], is_dir, True)) is not None:
                return why
            i += 2
            continue
        if a in FLAGS or TREE_SELF.match(a) or REQUIREMENT.match(a):
            i += 1
            continue
        if a.startswith("-"):
            return f"the option `{a}` is not one a recipe may use"
        return f"`{a}` is not a plain requirement (a name with extras and versions), `.` or a file of the repository"
    return None


def _pip_args(words: list[str]) -> list[str] | None:
    """The arguments after `pip install` in one of its allowed spellings, else None."""
    for head in (["pip", "install"], ["pip3", "install"], ["uv", "pip", "install"],
                 *([py, "-m", "pip", "install"] for py in PYTHONS)):
        if words[: len(head)] == head:
            return words[len(head):]
    return None


def _words(command: str) -> tuple[list[str] | None, str | None]:
    if "\x00" in command:
        return None, "it holds a NUL byte"
    try:
        words = shlex.split(command)
    except ValueError as exc:
        return None, f"it cannot be read as one command ({exc})"
    return (words, None) if words else (None, "it is empty")


def check(command: str, exists: Callable[[str], bool] | None = None,
          is_dir: Callable[[str], bool] | None = None) -> tuple[str | None, str | None]:
    """An install command of a recipe: (the command to run, None) when it is a package install or a
    file of the tree, else (None, why not). ``exists``/``is_dir`` say whether a relative path is a
    file/folder of the tree (None: not checked)."""
    words, why = _words(command)
    if words is None:
        return None, why
    if (args := _pip_args(words)) is not None:
        why = _install_args(args, exists, is_dir or exists)
    elif words[0] in PYTHONS and len(words) >= 2 and words[1].endswith(".py"):
        why = _tree_path(words[1], exists) or next(
            (f"the argument `{w}` is not plain" for w in words[2:] if not PLAIN_ARG.match(w)), None)
    else:
        why = "it is neither a package install (`pip install …`) nor a file of the repository run by `python`"
    return (None, why) if why else (shlex.join(words), None)


def check_test(command: str, exists: Callable[[str], bool] | None = None) -> tuple[str | None, str | None]:
    """A recipe's test command: (the command to run, None) for `python -m X`, `pytest` or
    `python <tree file>` with plain arguments, else (None, why not)."""
    words, why = _words(command)
    if words is None:
        return None, why
    env = []
    while words and ASSIGNMENT.match(words[0]):
        env, words = env + [words[0]], words[1:]
    if not words:
        return None, "it runs nothing"
    if words[0] in ("pytest", "py.test"):
        rest = words[1:]
    elif words[0] in PYTHONS and len(words) >= 3 and words[1] == "-m" and MODULE.match(words[2]):
        rest = words[3:]
    elif words[0] in PYTHONS and len(words) >= 2 and words[1].endswith(".py"):
        if (why := _tree_path(words[1], exists)) is not None:
            return None, why
        rest = words[2:]
    else:
        return None, "it is not `python -m <module>`, `pytest` or `python <file of the repository>`"
    bad = next((w for w in rest if not PLAIN_ARG.match(w)), None)
    if bad is not None:
        return None, f"the argument `{bad}` is not plain"
    return " ".join(env + [shlex.join(words)]), None


def in_tree(root) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
    """(is a file of the tree, is a folder of the tree) for the checkout at ``root``; a symlink
    leading out of the tree is neither."""
    from pathlib import Path
    base = Path(root).resolve()

    def inside(rel: str) -> Path | None:
        try:
            p = (base / rel).resolve()
        except (OSError, RuntimeError):
            return None
        return p if p == base or base in p.parents else None

    def is_file(rel: str) -> bool:
        p = inside(rel)
        return p is not None and p.is_file()

    def is_dir(rel: str) -> bool:
        p = inside(rel)
        return p is not None and p.is_dir()
    return is_file, is_dir


__all__ = ["check", "check_test", "in_tree"]
