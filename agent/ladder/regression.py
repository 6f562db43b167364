"""The reproducer that matched, as a new test file: it fails with the reported exception before the
fix and passes after it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.ladder.conventions import Conventions
from agent.reports.model import CrashReport
from agent.testrun import HUNG

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


@dataclass(frozen=True)
class RegressionTest:
    path: str          # where it lands in the repository (one folder below the root)
    text: str

    @property
    def patch(self) -> str:
        """The test as a diff that adds the file (git style, a/ b/ prefixes)."""
        lines = self.text.splitlines()
        body = "".join(f"+{ln}\n" for ln in lines)
        return (f"diff --git a/{self.path} b/{self.path}\nnew file mode 100644\n--- /dev/null\n"
                f"+++ b/{self.path}\n@@ -0,0 +1,{len(lines)} @@\n{body}")

    def to_dict(self) -> dict:
        return {"path": self.path, "text": self.text}


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
          files: list[str], *, stop: float | None = None, conv: Conventions | None = None) -> RegressionTest:
    """The reproducer as a test; for a hang (`stop` seconds) one that fails when it has not returned by then.
    `conv`: the project's conventions for a test file (agent/ladder/conventions.py): where it lands,
    its name's pattern, its header lines."""
    conv = conv or Conventions(folder=tests_folder(files))
    if stop:
        return _hang_test(function, script, how, conv, stop)
    exc = report.type.rsplit(".", 1)[-1]
    name = slug(exc, function)
    text = (f'"""Regression test for the reported crash: {exc} in {function or "the reproducer"}.\n\n'
            f"Written by crashfix from {how}. It runs the reproducer and fails when the reported\n"
            f"{exc} is raised, or when any other exception comes from a line that is not a `raise`\n"
            f'statement (an error the code did not raise on purpose)."""\n' + PRELUDE + ON_PURPOSE
            + "\n" + f"REPRODUCER = {_literal(script)}\n"
            f"REPORTED = {exc!r}\n\n\n"
            f"def test_crashfix_{name}():\n"
            f"    try:\n"
            f"        exec(compile(REPRODUCER, \"<crashfix reproducer>\", \"exec\"), {{\"__name__\": \"__main__\"}})\n"
            f"    except (Exception, SystemExit) as exc:\n"
            f"        if any(cls.__name__ == REPORTED for cls in type(exc).__mro__) or not _on_purpose(exc):\n"
            f"            raise\n")
    return RegressionTest(conv.path(name), conv.dress(text))


def _hang_test(function: str | None, script: str, how: str, conv: Conventions, stop: float) -> RegressionTest:
    name = slug("hang", function)
    text = (f'"""Regression test for the reported hang in {function or "the reproducer"}.\n\n'
            f"Written by crashfix from {how}. It runs the reproducer and fails when it has not returned\n"
            f'after {stop:g} s, with a traceback through where it was running."""\n' + PRELUDE
            + "import signal\n\n" + f"REPRODUCER = {_literal(script)}\n" + f"LIMIT = {float(stop)!r}\n\n\n"
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
    return RegressionTest(conv.path(name), conv.dress(text))


def _literal(script: str) -> str:
    """The script as a readable triple-quoted literal when that is exact, else its repr."""
    if "'''" not in script and "\\" not in script and not script.endswith("'"):
        return "'''\\\n" + script + "'''"
    return repr(script)
