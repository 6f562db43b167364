"""The reproducer that matched, as a new test file: it fails with the reported exception before the
fix and passes after it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.reports.model import CrashReport

# Puts the repository (and its src/, if any) first on sys.path, from a file one folder below the root:
# the scratch folder in the sandbox, tests/ in the repository.
PRELUDE = '''import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (_ROOT, os.path.join(_ROOT, "src")):
    if os.path.isdir(_path) and _path not in sys.path:
        sys.path.insert(0, _path)
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


def slug(report: CrashReport, function: str | None) -> str:
    name = f"{report.type.rsplit('.', 1)[-1]}_in_{function or 'repro'}"
    return re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")[:60]


def build(report: CrashReport, function: str | None, script: str, how: str,
                    files: list[str]) -> RegressionTest:
    name = slug(report, function)
    exc = report.type.rsplit(".", 1)[-1]
    text = (f'"""Regression test for the reported crash: {exc} in {function or "the reproducer"}.\n\n'
            f"Written by crashfix from {how}. It runs the reproducer and fails only when the reported\n"
            f'{exc} is raised."""\n' + PRELUDE + "\n" + f"REPRODUCER = {_literal(script)}\n"
            f"REPORTED = {exc!r}\n\n\n"
            f"def test_crashfix_{name}():\n"
            f"    try:\n"
            f"        exec(compile(REPRODUCER, \"<crashfix reproducer>\", \"exec\"), {{\"__name__\": \"__main__\"}})\n"
            f"    except (Exception, SystemExit) as exc:\n"
            f"        if any(cls.__name__ == REPORTED for cls in type(exc).__mro__):\n"
            f"            raise\n")
    return RegressionTest(f"{tests_folder(files)}/test_crashfix_{name}.py", text)


def _literal(script: str) -> str:
    """The script as a readable triple-quoted literal when that is exact, else its repr."""
    if "'''" not in script and "\\" not in script and not script.endswith("'"):
        return "'''\\\n" + script + "'''"
    return repr(script)
