"""After set-up, before the baseline: the project's own packages import, and each test module
imports (as pytest's default `prepend` import mode would import it), or the module it misses is
named. Run inside the sandbox (offline); the result goes to the run's environment steps."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from agent.python.environment.sanity import own_modules
from agent.judge.protect import is_test_path
from agent.judge.testrun import SCRATCH

SCRIPT = f"{SCRATCH}/verify_imports.py"
MAX_MODULES = 150
# import names whose distribution is named otherwise (the ones a test suite most often lacks)
DISTRIBUTIONS = {"yaml": "PyYAML", "bs4": "beautifulsoup4", "dateutil": "python-dateutil", "PIL": "Pillow",
                 "sklearn": "scikit-learn", "cv2": "opencv-python-headless", "attr": "attrs", "jwt": "PyJWT",
                 "serial": "pyserial", "magic": "python-magic", "dotenv": "python-dotenv", "Crypto": "pycryptodome",
                 "OpenSSL": "pyOpenSSL", "google.protobuf": "protobuf", "git": "GitPython", "docx": "python-docx",
                 "jose": "python-jose", "slugify": "python-slugify", "skimage": "scikit-image", "lxml": "lxml",
                 "nose": "nose", "mock": "mock", "six": "six", "pytz": "pytz", "toml": "toml", "tzlocal": "tzlocal",
                 "hypothesis": "hypothesis", "requests": "requests", "multipart": "python-multipart"}

# each module in a child process would cost seconds; one process, each import guarded
_CODE = r'''
import importlib, json, os, sys, traceback
out = []
def base_and_name(path):
    parts = path[:-3].split("/")
    d = len(parts) - 1
    while d > 0 and os.path.isfile(os.path.join(*parts[:d], "__init__.py")):
        d -= 1
    return os.path.join(".", *parts[:d]), ".".join(parts[d:])
for kind, target in json.load(open(sys.argv[1])):
    try:
        if kind == "test":
            base, name = base_and_name(target)
            if base not in sys.path:
                sys.path.insert(0, os.path.abspath(base))
            importlib.import_module(name)
        else:
            where = os.path.abspath(getattr(importlib.import_module(target), "__file__", None) or "./-")
            if not where.startswith(os.getcwd() + os.sep):      # not the tree's own code: PyPI's copy
                out.append([kind, target, None, None, where])
                continue
        out.append([kind, target, None])
    except BaseException as e:
        missing = getattr(e, "name", None) if isinstance(e, ImportError) else None
        out.append([kind, target, f"{type(e).__name__}: {e}"[:300], missing])
print("CRASHFIX-VERIFY " + json.dumps(out))
'''


@dataclass
class Verification:
    packages: list[str] = field(default_factory=list)            # own packages that import
    broken_packages: dict[str, str] = field(default_factory=dict)
    foreign: dict[str, str] = field(default_factory=dict)          # own package -> the file outside the tree it imports
    modules: int = 0                                               # test modules tried
    failing: dict[str, str] = field(default_factory=dict)          # test module -> its error
    missing: list[str] = field(default_factory=list)               # third-party modules missing
    helpers: list[str] = field(default_factory=list)               # the suite's own helpers, not in the tree
    error: str | None = None                                       # the check itself did not run

    def summary(self) -> str:
        if self.error:
            return f"import check did not run: {self.error}"
        parts = []
        if self.packages:
            parts.append(f"package{'s' * (len(self.packages) > 1)} {', '.join(self.packages)} import{'s' * (len(self.packages) == 1)}")
        for name, where in self.foreign.items():
            parts.append(f"package {name} imports from {where}, not from the repository (something installed "
                         "replaced the project's own distribution)")
        for name, err in self.broken_packages.items():
            parts.append(f"package {name} does not import: {err}")
        if self.modules:
            ok = self.modules - len(self.failing)
            parts.append(f"{ok} of {self.modules} test modules import")
        for path, err in list(self.failing.items())[:3]:
            parts.append(f"{path}: {err}")
        if self.missing:
            parts.append("missing: " + ", ".join(self.missing))
        if self.helpers:
            parts.append("the suite's own helper module" + "s" * (len(self.helpers) > 1) + " " + ", ".join(self.helpers)
                         + " not in the tree (a release archive that does not ship it?): not installed from PyPI")
        return "import check: " + ("; ".join(parts) or "nothing to import")


# what a test suite names its own support modules (`from common import SkipTest`, `from testing.support
# import ROOT`, `from test_code_gen import ...`): a test module that misses one misses a file of the
# project, never a PyPI package of that name
HELPER = re.compile(r"^(?:common|testing|support|helpers?|utils?|testutils?|test_?(?:utils?|helpers?|support|base|common)"
                    r"|fixtures|conftest|base|tests?|test_\w+|\w+_tests?)$")


def is_helper(module: str) -> bool:
    """A module a test imports that names the suite's own helper (`common`, `testing.support`, `test.common`)."""
    return bool(HELPER.match(module.split(".")[0]))


def own_packages(files: list[str]) -> list[str]:
    """Top-level packages (a folder with __init__.py, flat or src/) that are not tests or docs."""
    names = []
    for f in files:
        parts = f[4:].split("/") if f.startswith("src/") else f.split("/")
        if len(parts) == 2 and parts[1] == "__init__.py" and re.fullmatch(r"[A-Za-z_]\w*", parts[0]) \
                and not re.match(r"^(tests?|testing|docs?|examples?|benchmarks?|scripts?|tools?)$", parts[0]):
            names.append(parts[0])
    return sorted(set(names))


def check(sb, files: list[str], timeout: float = 30) -> Verification:
    """Import the project's packages and test modules in the sandbox."""
    tests = [f for f in files if f.endswith(".py") and (is_test_path(f) or f.endswith("conftest.py")) and
             re.search(r"(^|/)(test_[^/]*|[^/]*_test|tests?|conftest)\.py$", f) and not f.startswith(("build/", ".tox/"))]
    # conftest.py first: pytest imports it before any test (`import pytz` there stops the whole run)
    tests = sorted(tests, key=lambda f: (not f.endswith("conftest.py"), f))[:MAX_MODULES]
    packages = own_packages(files)
    result = Verification()
    if not tests and not packages:
        return result
    sb.write(f"{SCRATCH}/.gitignore", "*\n")
    sb.write(SCRIPT, _CODE)
    sb.write(f"{SCRATCH}/verify_targets.json", json.dumps([["package", p] for p in packages] + [["test", t] for t in tests]))
    res = sb.run(f"python -B {SCRIPT} {SCRATCH}/verify_targets.json", timeout=timeout)
    m = re.search(r"^CRASHFIX-VERIFY (.+)$", res.output, re.M)
    if not m:
        result.error = ("timed out" if res.timed_out else f"exit {res.exit_code}: "
                        + (res.output.strip().splitlines() or ["no output"])[-1][:200])
        return result
    own = own_modules(files)
    for row in json.loads(m.group(1)):
        kind, target, err = row[0], row[1], row[2]
        missing = row[3] if len(row) > 3 else None
        if kind == "package" and len(row) > 4 and row[4]:
            result.foreign[target] = row[4]
        elif kind == "package":
            (result.packages.append(target) if err is None else result.broken_packages.__setitem__(target, err))
        else:
            result.modules += 1
            if err is not None:
                result.failing[target] = err
        if missing and missing.split(".")[0] not in own and kind == "test" and is_helper(missing):
            if missing not in result.helpers:
                result.helpers.append(missing)
        elif missing and missing.split(".")[0] not in own and missing not in result.missing:
            result.missing.append(missing)
    return result


def distribution(module: str) -> str | None:
    """The distribution that provides an import name (a known mapping, else the top-level name
    itself, which is right for most packages); None for names that are no package's."""
    if module in DISTRIBUTIONS:
        return DISTRIBUTIONS[module]
    top = module.split(".")[0]
    if top in DISTRIBUTIONS:
        return DISTRIBUTIONS[top]
    return top if re.fullmatch(r"[A-Za-z][\w-]*", top) and not top.startswith("_") else None
