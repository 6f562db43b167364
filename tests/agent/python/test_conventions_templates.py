"""The templates that make the fixes maintainers make (agent/python/templates/conventions.py): the package's own
error raised where it failed, chained from the crash; the argument checked at the public boundary; the "nothing
found" value the function's other exits return. On small real-shaped packages: the diff is asserted, then applied
with git and run to show what the patched code does."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from agent.judge.expectations import parse as expectation
from agent.judge.kinds import KINDS, REPAIR
from agent.python.templates import generate
from agent.repair_context import RepairContext, Site

ERRORS = '''\
class WireError(Exception):
    """Base class of the errors this package raises."""


class DecodeError(WireError, ValueError):
    """The input is not a valid message."""
'''
READER = '''\
from wirefmt.errors import DecodeError

LENGTHS = {1: 1, 2: 2}


def _header(buf):
    if not buf:
        raise DecodeError("empty input")
    return buf[0]


def _read(buf, pos):
    size = LENGTHS.get(_header(buf))
    return buf[pos + 1:pos + 1 + size]


def loads(data):
    return _read(data, 0)
'''
PACKAGE = {"wirefmt/__init__.py": "from wirefmt.errors import DecodeError\nfrom wirefmt.reader import loads\n",
           "wirefmt/errors.py": ERRORS, "wirefmt/reader.py": READER,
           "tests/test_reader.py": "from wirefmt import loads\n\n\ndef test_one_byte():\n    assert loads(b'\\x01a') == b'a'\n"}
# loads(b"\x09"): LENGTHS.get(9) is None, `pos + 1 + None` raises TypeError in _read
MESSAGE = "unsupported operand type(s) for +: 'int' and 'NoneType'"
ISSUE = ("`wirefmt.loads(b'\\x09')` crashes with a TypeError from inside the reader. The package has "
         "`wirefmt.DecodeError` for malformed input: it should re-raise a proper DecodeError.")


def line_of(text: str, code: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if code in ln)


def context(files: dict[str, str], exc: str, message: str, sites: list[tuple[str, str, str]], issue: str = "",
            **kw) -> RepairContext:
    return RepairContext(exc_type=exc, message=message, read=lambda p: files[p], files=list(files),
                         sites=[Site(path, line_of(files[path], code), func, depth)
                                for depth, (path, code, func) in enumerate(sites)],
                         issue_text=issue, expectation=expectation(issue, exc) if issue else None, **kw)


def reader_crash(files=PACKAGE, issue=ISSUE):
    return context(files, "TypeError", MESSAGE, [("wirefmt/reader.py", "return buf[pos", "_read"),
                                                 ("wirefmt/reader.py", "return _read(data", "loads")], issue)


def applied(tmp_path: Path, files: dict[str, str], diff: str) -> Path:
    root = tmp_path / "tree"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "apply", "-"], cwd=root, input=diff, text=True, check=True)
    return root


def outcome(root: Path, code: str) -> str:
    """What the patched package does on `code` (run by a real interpreter in the tree)."""
    res = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=root, capture_output=True, text=True,
                         timeout=60)
    return (res.stdout + res.stderr).strip()


def test_the_issue_naming_the_packages_error_puts_it_first_raised_from_the_crash(tmp_path):
    cands = generate(reader_crash())
    first = cands[0]
    assert first.template == "own_error" and KINDS[first.template] == REPAIR
    assert first.diff == (
        "diff --git a/wirefmt/reader.py b/wirefmt/reader.py\n--- a/wirefmt/reader.py\n+++ b/wirefmt/reader.py\n"
        "@@ -11,7 +11,10 @@\n \n def _read(buf, pos):\n     size = LENGTHS.get(_header(buf))\n"
        "-    return buf[pos + 1:pos + 1 + size]\n+    try:\n+        return buf[pos + 1:pos + 1 + size]\n"
        "+    except TypeError as exc:\n+        raise DecodeError(str(exc)) from exc\n \n \n def loads(data):\n")
    assert "the issue names it" in first.description and "exported by the package" in first.description
    said = outcome(applied(tmp_path, PACKAGE, first.diff), """
        import wirefmt
        try:
            wirefmt.loads(b"\\x09")
        except wirefmt.DecodeError as exc:
            print(type(exc).__name__, type(exc.__cause__).__name__)
        print(wirefmt.loads(b"\\x01a"))
    """)
    assert said == "DecodeError TypeError\nb'a'"


def test_the_class_is_imported_where_the_crashing_file_does_not_name_it():
    files = {**PACKAGE, "wirefmt/reader.py": READER.replace("from wirefmt.errors import DecodeError\n", "")
             .replace('raise DecodeError("empty input")', 'raise ValueError("empty input")')}
    own = [c for c in generate(reader_crash(files, issue="")) if c.template == "own_error"]
    assert own, "the package defines and exports DecodeError: raising it is a candidate even when the issue is silent"
    assert "+from wirefmt.errors import DecodeError\n" in own[0].diff
    assert "+        raise DecodeError(str(exc)) from exc\n" in own[0].diff


def test_no_raising_template_without_a_package_error_or_when_the_issue_expects_a_value():
    plain = {k: v for k, v in PACKAGE.items() if k != "wirefmt/errors.py"}
    plain["wirefmt/reader.py"] = READER.replace("from wirefmt.errors import DecodeError\n", "").replace(
        'raise DecodeError("empty input")', 'raise ValueError("empty input")')
    plain["wirefmt/__init__.py"] = "from wirefmt.reader import loads\n"
    assert not [c for c in generate(reader_crash(plain, issue="")) if c.template in ("own_error", "boundary_check")]
    valued = reader_crash(issue="For an unknown type byte I would expect it to return `b''`.")
    assert not [c for c in generate(valued) if c.template in ("own_error", "boundary_check")]


def test_should_give_an_error_ranks_the_packages_own_error_above_the_guards():
    cands = generate(reader_crash(issue="Instead of crashing, loads should give an error for a bad type byte."))
    assert cands[0].template in ("own_error", "boundary_check")
    kinds = [c.template for c in cands]
    assert kinds.index("own_error") < kinds.index("none_guard")


def test_the_public_function_the_caller_used_checks_the_argument_with_the_packages_error(tmp_path):
    files = {**PACKAGE, "wirefmt/reader.py": READER.replace("def loads(data):", "def loads(data: bytes):")}
    ctx = context(files, "TypeError", "'int' object is not subscriptable",
                  [("wirefmt/reader.py", "return buf[0]", "_header"),
                   ("wirefmt/reader.py", "size = LENGTHS", "_read"),
                   ("wirefmt/reader.py", "return _read(data", "loads")],
                  "`loads(5)` crashes with a TypeError; I'd expect a DecodeError.")
    checks = [c for c in generate(ctx) if c.template == "boundary_check"]
    assert checks and KINDS["boundary_check"] == REPAIR
    assert ('+    if not isinstance(data, bytes):\n'
            '+        raise DecodeError(f"data must be bytes, not {type(data).__name__}")\n') in checks[0].diff
    said = outcome(applied(tmp_path, files, checks[0].diff), """
        import wirefmt
        try:
            wirefmt.loads(5)
        except wirefmt.DecodeError as exc:
            print(exc)
    """)
    assert said == "data must be bytes, not int"


FINDER = '''\
def find_user(users, name):
    if not users:
        return None
    for user in users:
        if user["name"] == name:
            return user["email"].lower()
    return None
'''


def test_a_guard_that_returns_what_the_functions_other_exits_return_is_labelled_and_ranked_above_it():
    files = {"acct/__init__.py": "", "acct/find.py": FINDER}
    ctx = context(files, "AttributeError", "'NoneType' object has no attribute 'lower'",
                  [("acct/find.py", 'return user["email"]', "find_user")], values={'user["email"]': "None"})
    cands = generate(ctx)
    own = [c for c in cands if c.template == "own_default"]
    assert own and KINDS["own_default"] == REPAIR
    assert '+            if user["email"] is None:\n+                return None\n' in own[0].diff and "as 2 other exit(s) of find_user return None" in own[0].description
    guards = [c for c in cands if c.template == "none_guard"]
    assert all(c.diff != own[0].diff for c in guards)          # the same edit is offered once, as own_default
    assert cands.index(own[0]) < min((cands.index(c) for c in guards), default=len(cands))


def test_every_candidates_kind_is_declared_in_one_place():
    ctxs = [reader_crash(), reader_crash(issue="Instead of crashing, loads should give an error."),
            context({"acct/__init__.py": "", "acct/find.py": FINDER}, "AttributeError",
                    "'NoneType' object has no attribute 'lower'", [("acct/find.py", 'return user["email"]', "find_user")])]
    made = {c.template for ctx in ctxs for c in generate(ctx)}
    assert {"own_error", "boundary_check", "own_default"} <= made and made <= set(KINDS)
