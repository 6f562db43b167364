"""The reproducer that matched, as a new test file: it fails with the reported exception before the
fix and passes after it."""
from __future__ import annotations

import ast
import re

from agent.judge.expectations import Expectation
from agent.python.ladder.conventions import Conventions
from agent.records import RegressionTest
from agent.reports.model import CrashReport
from agent.judge.testrun import HUNG

# Puts the repository (and its src/, if any) first on sys.path: the nearest folder above the file
# that holds a project file (the file is in the repository's tests), else the working directory (the
# file is in crashfix's scratch folder, outside the tree; commands run at the repository's root).
PRELUDE = '''import os
import sys

_ROOT = os.path.dirname(os.path.abspath(__file__))
while not any(os.path.exists(os.path.join(_ROOT, _m)) for _m in ("setup.py", "setup.cfg", "pyproject.toml", ".git")):
    if os.path.dirname(_ROOT) == _ROOT:
        _ROOT = os.getcwd()
        break
    _ROOT = os.path.dirname(_ROOT)
for _path in (_ROOT, os.path.join(_ROOT, "src")):
    if os.path.isdir(_path) and _path not in sys.path:
        sys.path.insert(0, _path)
'''


def alarm(seconds: float) -> str:
    """Script lines that stop the script after `seconds` with a TimeoutError raised where it is running,
    so its traceback shows where it hung (instead of holding its command until the command's timeout)."""
    return (f"\nimport signal as _signal\n\n\n"
            f"def _crashfix_stop(signum, frame):\n"
            f"    raise TimeoutError({HUNG + f' stopped the script after {seconds:g} s (it hangs)'!r})\n\n\n"
            f"_signal.signal(_signal.SIGALRM, _crashfix_stop)\n"
            f"_signal.setitimer(_signal.ITIMER_REAL, {float(seconds)!r})\n")


# After a fix, the reproducer may still end in an exception the code raises on purpose (a `raise`
# statement, or SystemExit); one raised by the interpreter at any other line is a bug the fix left or made.
ON_PURPOSE = '''
import ast
import linecache


def _on_purpose(exc):
    if isinstance(exc, SystemExit):
        return True
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return False
    source = "".join(linecache.getlines(tb.tb_frame.f_code.co_filename))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    line = tb.tb_lineno
    names = {cls.__name__ for cls in type(exc).__mro__}
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.lineno <= line <= (node.end_lineno or node.lineno):
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = getattr(raised, "attr", None) or getattr(raised, "id", None)
            # a bare `raise`, `raise err`, or the very class the statement names (not an error in its argument)
            return raised is None or name is None or name[:1].islower() or name in names
    return False

'''


def tests_folder(files: list[str]) -> str:
    """The repository's own test folder when it has one at the top (so its test command collects
    the new file), else `tests`."""
    tops = {f.split("/", 1)[0] for f in files if "/" in f}
    return next((d for d in ("tests", "test", "testing") if d in tops), "tests")


def slug(kind: str, function: str | None) -> str:
    """`<kind>_in_<function>` as a test name: `indexerror_in_parse_date`, `hang_in_count_down`."""
    name = f"{kind}_in_{function or 'repro'}"
    return re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")[:60]


def build(report: CrashReport, function: str | None, script: str, how: str,
          files: list[str], *, stop: float | None = None, expect: Expectation | None = None,
          conv: Conventions | None = None) -> RegressionTest:
    """The reproducer as a test; for a hang (`stop` seconds) one that fails when it has not returned by then.
    With `expect` (what the issue says the crashing call should give) and a call to check it on (the
    reproducer's last top-level call), a second test asserts it (`expect_test`).

    Security: every piece of issue text (the script, `how`, the exception's and function's names, the
    call and the issue's words) goes into the file as a Python literal (`repr`) or as a checked
    identifier, never as source; the file is parsed back and refused (`ValueError`) unless its
    constants hold exactly that text. `conv`: the project's conventions for a test file
    (agent/python/ladder/conventions.py): where it lands, its name's pattern, its header lines."""
    conv = conv or Conventions(folder=tests_folder(files))
    if stop:
        return _hang_test(function, script, how, conv, stop)
    exc = report.type.rsplit(".", 1)[-1]
    name = slug(exc, function)
    text = (f'"""Regression test for the reported crash: {_word(exc, "the reported exception")} in '
            f'{_word(function, "the reproducer")}.\n\n'
            f"Written by crashfix from the issue (SOURCE says how). It runs the reproducer and fails when\n"
            f"the reported exception is raised, or when any other exception comes from a line that is not\n"
            f'a `raise` statement (an error the code did not raise on purpose)."""\n' + PRELUDE + ON_PURPOSE
            + "\n" + f"SOURCE = {how!r}\n" + f"REPRODUCER = {_literal(script)}\n"
            f"REPORTED = {exc!r}\n\n\n"
            f"def test_crashfix_{name}():\n"
            f"    try:\n"
            f"        exec(compile(REPRODUCER, \"<crashfix reproducer>\", \"exec\"), {{\"__name__\": \"__main__\"}})\n"
            f"    except (Exception, SystemExit) as exc:\n"
            f"        if any(cls.__name__ == REPORTED for cls in type(exc).__mro__) or not _on_purpose(exc):\n"
            f"            raise\n")
    path = conv.path(name)
    constants = {"SOURCE": how, "REPRODUCER": script, "REPORTED": exc}
    split = split_call(script) if expect else None
    if split is None:
        return RegressionTest(path, checked(conv.dress(text), constants))
    constants.update(SETUP=split[0], CALL=split[1], ISSUE_SAYS=" ".join(expect.quote.split())[:200])
    return RegressionTest(path, checked(conv.dress(text + _expect_test(name, expect, *split)), constants),
                          f"test_crashfix_{name}", f"test_crashfix_{name}_expected", expect)


def split_call(script: str) -> tuple[str, str] | None:
    """(the statements before the reproducer's last top-level call, that call's expression): the call
    whose result the issue's expectation is about. `print(x)` gives `x`, `y = f()` gives `f()`."""
    try:
        tree = ast.parse(script)
    except (SyntaxError, ValueError):
        return None
    for stmt in reversed(tree.body):
        value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign, ast.AnnAssign)) else None
        if value is None or not any(isinstance(n, ast.Call) for n in ast.walk(value)):
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "print" \
                and len(value.args) == 1 and not value.keywords:
            value = value.args[0]
        expr = ast.get_source_segment(script, value)
        if not expr:
            return None
        setup = "".join(script.splitlines(keepends=True)[:stmt.lineno - 1])
        return setup, "(" + expr + ")" if "\n" in expr else expr
    return None


def _expect_test(name: str, expect: Expectation, setup: str, call: str) -> str:
    """The test of what the issue expects: the value (== the literal, or str() == the printed form) or
    the exception (one of the named classes), from the reproducer's last call."""
    head = (f"\n\nSETUP = {_literal(setup)}\nCALL = {call!r}\n"
            f"ISSUE_SAYS = {' '.join(expect.quote.split())[:200]!r}\n")
    run = ("    namespace = {\"__name__\": \"__main__\"}\n"
           "    exec(compile(SETUP, \"<crashfix reproducer>\", \"exec\"), namespace)\n")
    if expect.kind == "raises" and not expect.raises:
        # "should give an error": any exception the code raises on purpose, other than the reported one
        return (head + f"NOT_THE_CRASH = {expect.instead_of!r}\n\n\n"
                f"def test_crashfix_{name}_expected():\n" + run +
                "    try:\n"
                "        got = eval(compile(CALL, \"<crashfix reproducer>\", \"eval\"), namespace)\n"
                "    except Exception as exc:\n"
                "        names = {cls.__name__ for cls in type(exc).__mro__}\n"
                "        assert NOT_THE_CRASH not in names and _on_purpose(exc), (\n"
                "            f\"{CALL} raised {type(exc).__name__}: {exc}; the issue expects an error of the code's own\")\n"
                "        return\n"
                "    raise AssertionError(f\"{CALL} returned {got!r}; the issue expects an error of the code's own\")\n")
    if expect.kind == "raises":
        return (head + f"EXPECTED_RAISES = {list(expect.raises)!r}\n\n\n"
                f"def test_crashfix_{name}_expected():\n" + run +
                "    try:\n"
                "        got = eval(compile(CALL, \"<crashfix reproducer>\", \"eval\"), namespace)\n"
                "    except Exception as exc:\n"
                "        names = {cls.__name__ for cls in type(exc).__mro__}\n"
                "        assert names & set(EXPECTED_RAISES), (\n"
                "            f\"{CALL} raised {type(exc).__name__}: {exc}; the issue expects {' or '.join(EXPECTED_RAISES)}\")\n"
                "        return\n"
                "    raise AssertionError(f\"{CALL} returned {got!r}; the issue expects {' or '.join(EXPECTED_RAISES)}\")\n")
    check = "got == EXPECTED" if expect.literal else "str(got) == EXPECTED"
    return (head + f"EXPECTED = {repr(ast.literal_eval(expect.value)) if expect.literal else repr(expect.value)}\n\n\n"
            f"def test_crashfix_{name}_expected():\n" + run +
            "    got = eval(compile(CALL, \"<crashfix reproducer>\", \"eval\"), namespace)\n"
            f"    assert {check}, f\"{{CALL}} gave {{got!r}}; the issue expects {{EXPECTED!r}}\"\n")


def _hang_test(function: str | None, script: str, how: str, conv: Conventions, stop: float) -> RegressionTest:
    name = slug("hang", function)
    text = (f'"""Regression test for the reported hang in {_word(function, "the reproducer")}.\n\n'
            f"Written by crashfix from the issue (SOURCE says how). It runs the reproducer and fails when\n"
            f'it has not returned after {float(stop):g} s, with a traceback through where it was running."""\n'
            + PRELUDE + "import signal\n\n" + f"SOURCE = {how!r}\n" + f"REPRODUCER = {_literal(script)}\n"
            + f"LIMIT = {float(stop)!r}\n\n\n"
            f"def _stop(signum, frame):\n"
            f"    raise TimeoutError(\"{HUNG} stopped the reproducer after %g s: it still hangs\" % LIMIT)\n\n\n"
            f"def test_crashfix_{name}():\n"
            f"    old = signal.signal(signal.SIGALRM, _stop)\n"
            f"    signal.setitimer(signal.ITIMER_REAL, LIMIT)\n"
            f"    try:\n"
            f"        exec(compile(REPRODUCER, \"<crashfix reproducer>\", \"exec\"), {{\"__name__\": \"__main__\"}})\n"
            f"    finally:\n"
            f"        signal.setitimer(signal.ITIMER_REAL, 0)\n"
            f"        signal.signal(signal.SIGALRM, old)\n")
    return RegressionTest(conv.path(name), checked(conv.dress(text), {"SOURCE": how, "REPRODUCER": script}))


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,80}(\.[A-Za-z_][A-Za-z0-9_]{0,80}){0,8}")


def _word(text: str | None, otherwise: str) -> str:
    """A dotted name from the issue, for a docstring: shown only when it is one (no quote, no
    backslash, no space can reach the file's source), else `otherwise`."""
    return text if text and _IDENTIFIER.fullmatch(text) else otherwise


def checked(text: str, constants: dict[str, str]) -> str:
    """`text` when it parses to a module whose top level defines nothing but crashfix's own statements
    and whose `constants` hold exactly the given strings; `ValueError` otherwise (issue text that
    became code)."""
    tree = ast.parse(text)
    found: dict[str, object] = {}
    for node in tree.body[1:]:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id in constants:
            if not isinstance(node.value, ast.Constant):
                raise ValueError(f"{node.targets[0].id} is not a literal in the generated test")
            found[node.targets[0].id] = node.value.value
    if found != constants:
        raise ValueError("the generated test does not hold the issue's text as data")
    doc = ast.get_docstring(tree, clean=False)
    if doc is None or any(isinstance(n, ast.Expr) and n is not tree.body[0] for n in tree.body):
        raise ValueError("the generated test has a statement crashfix did not write")
    return text


def _literal(script: str) -> str:
    """The script as a readable triple-quoted literal when that is exactly the script (checked by
    parsing it back), else its repr."""
    if "'''" not in script and "\\" not in script and not script.endswith("'"):
        readable = "'''\\\n" + script + "'''"
        try:
            tree = ast.parse(readable, mode="eval")
        except SyntaxError:
            tree = None
        if tree is not None and isinstance(tree.body, ast.Constant) and tree.body.value == script:
            return readable
    return repr(script)
