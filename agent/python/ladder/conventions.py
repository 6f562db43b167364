"""Where and how the project writes its tests, so that the regression test crashfix adds is one of
them: the folder the project's own test command collects, the file pattern it collects
(`python_files` of pytest.ini / setup.cfg / tox.ini / pyproject.toml), and the header lines its test
files share (a license comment, `from __future__` imports)."""
from __future__ import annotations

import configparser
import fnmatch
import re
import shlex
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

DEFAULT_PATTERNS = ("test_*.py", "*_test.py")
CONFIGS = (("pytest.ini", "pytest"), ("tox.ini", "pytest"), ("setup.cfg", "tool:pytest"))
FUTURE = re.compile(r"^from __future__ import .+$", re.M)
READ_AT_MOST = 30          # test files read for their header lines

Reader = Callable[[str], "str | None"]


@dataclass(frozen=True)
class Conventions:
    folder: str = "tests"
    pattern: str = "test_*.py"
    header: str = ""                                # comment lines every test file starts with
    future: tuple[str, ...] = field(default=())     # `from __future__ import` lines they all have

    def file_name(self, name: str) -> str:
        """The file name of a test named `name` that the pattern collects (`tests_*.py` ->
        `tests_crashfix_<name>.py`, `*_test.py` -> `crashfix_<name>_test.py`)."""
        stem = f"crashfix_{name}"
        pattern = self.pattern if self.pattern.count("*") == 1 and self.pattern.endswith(".py") else "test_*.py"
        return pattern.replace("*", stem)

    def path(self, name: str) -> str:
        return f"{self.folder}/{self.file_name(name)}" if self.folder not in ("", ".") else self.file_name(name)

    def dress(self, text: str) -> str:
        """A test file's text with the header first and the `from __future__` lines right after its
        docstring (where Python requires them)."""
        future = [f for f in self.future if f not in text]
        if future:
            end = _docstring_end(text)
            text = text[:end] + "".join(f + "\n" for f in future) + text[end:]
        return (self.header.rstrip("\n") + "\n" if self.header else "") + text


def pytest_options(read: Reader, files: list[str]) -> dict[str, list[str]]:
    """`python_files` and `testpaths` from the project's pytest configuration (first found wins, as
    pytest reads them: pytest.ini, pyproject.toml, tox.ini, setup.cfg)."""
    have = set(files)
    order = ["pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"]
    for name in order:
        if name not in have:
            continue
        text = read(name) or ""
        if name == "pyproject.toml":
            found = _pyproject(text)
        else:
            section = dict(CONFIGS)[name]
            found = _ini(text, section)
        if found is not None:
            return found
    return {}


def _ini(text: str, section: str) -> dict[str, list[str]] | None:
    cp = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        cp.read_string(text)
    except configparser.Error:
        return None
    if not cp.has_section(section):
        return None
    return {k: cp.get(section, k).split() for k in ("python_files", "testpaths") if cp.has_option(section, k)}


def _pyproject(text: str) -> dict[str, list[str]] | None:
    try:
        import tomllib
        data = tomllib.loads(text)
    except Exception:  # noqa: BLE001 -- no tomllib (Python < 3.11) or a broken file: no options
        return None
    opts = data.get("tool", {}).get("pytest", {}).get("ini_options")
    if not isinstance(opts, dict):
        return None
    out = {}
    for key in ("python_files", "testpaths"):
        value = opts.get(key)
        if isinstance(value, str):
            out[key] = value.split()
        elif isinstance(value, list):
            out[key] = [str(v) for v in value]
    return out


def command_roots(test_cmd: str | None, files: list[str]) -> list[str]:
    """The folders (or files' folders) the test command names (`pytest src` -> ["src"])."""
    if not test_cmd:
        return []
    try:
        words = shlex.split(test_cmd)
    except ValueError:
        words = test_cmd.split()
    dirs = {f.rsplit("/", i)[0] for f in files for i in range(1, f.count("/") + 1)}
    roots = []
    for w in words:
        w = w.removeprefix("./").split("::")[0].rstrip("/")
        if w in dirs:
            roots.append(w)
        elif w in files and w.endswith(".py"):
            roots.append(w.rsplit("/", 1)[0] if "/" in w else ".")
    return roots


def _under(path: str, root: str) -> bool:
    return root in ("", ".") or path == root or path.startswith(root + "/")


def conventions(files: list[str], read: Reader, test_cmd: str | None = None) -> Conventions:
    """The project's conventions for a new test file (see the module's docstring)."""
    opts = pytest_options(read, files)
    patterns = tuple(opts.get("python_files") or DEFAULT_PATTERNS)
    roots = command_roots(test_cmd, files) or [r.rstrip("/") for r in opts.get("testpaths", [])] or ["."]
    collected = lambda f: f.endswith(".py") and any(fnmatch.fnmatch(f.rsplit("/", 1)[-1], p) for p in patterns)
    tests = [f for f in files if collected(f) and any(_under(f, r) for r in roots)]
    if tests:
        by_dir = Counter(f.rsplit("/", 1)[0] if "/" in f else "." for f in tests)
        folder = min(by_dir, key=lambda d: (-by_dir[d], d.count("/"), d))
    else:
        root = next((r for r in roots if r not in ("", ".")), None)
        tops = {f.split("/", 1)[0] for f in files if "/" in f}
        folder = root or next((d for d in ("tests", "test", "testing") if d in tops), "tests")
    mine = [f for f in tests if (f.rsplit("/", 1)[0] if "/" in f else ".") == folder]
    used = Counter(p for f in mine for p in patterns if fnmatch.fnmatch(f.rsplit("/", 1)[-1], p))
    pattern = used.most_common(1)[0][0] if used else patterns[0]
    header, future = _shared_header([read(f) or "" for f in sorted(mine)[:READ_AT_MOST]])
    return Conventions(folder, pattern, header, future)


def _shared_header(texts: list[str]) -> tuple[str, tuple[str, ...]]:
    """The leading comment block most of the files share (when at least half start with one), and the
    `from __future__` lines all of them have."""
    texts = [t for t in texts if t.strip()]
    if not texts:
        return "", ()
    blocks = [_comment_block(t) for t in texts]
    counted = Counter(b for b in blocks if b)
    header = ""
    if counted:
        block, n = counted.most_common(1)[0]
        if n * 2 >= len(texts):
            header = block
    futures = [set(FUTURE.findall(t)) for t in texts]
    common = set.intersection(*futures) if futures else set()
    return header, tuple(sorted(common))


def _comment_block(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if line.startswith("#"):
            lines.append(line)
        else:
            break
    return "\n".join(lines) + "\n" if lines else ""


def _docstring_end(text: str) -> int:
    """The offset just after the module docstring's line (0 when the text starts with none)."""
    m = re.match(r'\s*(?:[rRuU]?"""[\s\S]*?"""|[rRuU]?\'\'\'[\s\S]*?\'\'\')[^\n]*\n', text)
    return m.end() if m else 0
