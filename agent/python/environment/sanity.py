"""Baseline sanity: a test run that collects no test, whose test modules fail on import (pytest
then runs none), whose every test errors in its set-up with one error (the suite's own
infrastructure against this pytest: a conftest calling `get_marker`), that reaches for the network,
or whose runner dies before any test, says the environment is broken, not that the crash is absent.
The verdict is a `SetupCause` (agent/records.py): its kind, the line that shows it, and words quoting it."""
from __future__ import annotations

import re

from agent.judge.protect import is_test_path
from agent.judge.testrun import TestOutcome
from agent.judge.testrun import is_pytest
from agent.records import CauseKind, SetupCause
from sandbox.base import limit_hits

IMPORT_ERROR = re.compile(r"^(?:E\s+)?((?:ModuleNotFoundError|ImportError): .+)$", re.M)
NO_TESTS = re.compile(r"^(?:=+ )?(?:no tests ran|collected 0 items)\b|^Ran 0 tests? in ", re.M)
USAGE = re.compile(r"^(?:ERROR: )?(?:usage: .*\n)?.*error: (unrecognized arguments: .+)$", re.M)
COLLECT_ERRORS = re.compile(r"^ERROR collecting |^ImportError while importing test module|"
                            r"^ImportError: Failed to import test module|^ERROR: .+ \(unittest\.loader\._FailedTest", re.M)
SETUP_ERROR = re.compile(r"^(?:failed on setup with |error setup\b|.*\bat setup of\b)", re.I)
SUMMARY_ERROR = re.compile(r"^ERROR (\S+::\S+) - (.+)$", re.M)
NETWORK = re.compile(r"^.*(?:Temporary failure in name resolution|Name or service not known|Failed to establish a new "
                     r"connection|Network is unreachable|Could not fetch URL|nodename nor servname|getaddrinfo failed|"
                     r"Could not find a version that satisfies the requirement|No matching distribution found|"
                     r"dns error|error sending request for url|Connection refused).*$", re.M)
INTERNAL = re.compile(r"^INTERNALERROR> ([A-Za-z_][\w.]*: .*)$", re.M)
# a run that counted tests (pytest's summary, unittest's `Ran N tests`, nose, trial)
TEST_COUNTS = re.compile(r"^=+ .*\b(?:passed|failed|errors?|skipped)\b|^Ran \d+ tests? in |^\d+ (?:passed|failed)\b|"
                         r"^(?:PASSED|FAILED) \(", re.M)
# output that ends on a traceback: its last frame, then the exception line, then at most a few lines
DIED = re.compile(r'^\s+File "[^"\n]+", line \d+, in .*\n(?:[ \t]+.*\n)*([A-Za-z_][\w.]*(?:Error|Exception|Exit)\b.*)\n?(?:.*\n?){0,3}\Z', re.M)
SESSION_ERROR = re.compile(r"^_+ ERROR collecting (?:test session|\.) _+$", re.M)
NOT_FOUND = re.compile(r"^(?:.*: )?(?:\S+: )?(?:command not found|No module named (?:pytest|nose|tox))|"
                       r"^/bin/sh: \d+: (\S+): not found", re.M)


def _missing_module(line: str) -> str | None:
    m = re.search(r"No module named '([\w.]+)'", line)
    return m.group(1).split(".")[0] if m else None


def own_modules(files: list[str]) -> set[str]:
    """The repository's own top-level module names (flat and src/ layouts)."""
    names = set()
    for f in files:
        parts = f[4:].split("/") if f.startswith("src/") else f.split("/")
        if f.endswith(".py") or len(parts) > 1:
            names.add(parts[0].removesuffix(".py"))
    return names


def _cause(kind: CauseKind, line: str, words: str) -> SetupCause:
    """A verdict: ``words`` ends with the quoted ``line`` when there is one."""
    line = line.strip()[:300]
    return SetupCause(kind, line, f"{words}: {line}" if line else words)


def broken(outcome: TestOutcome, *, files: list[str] = (), report_text: str = "") -> SetupCause | None:
    """Why the baseline run says the environment is broken (its kind, the line that shows it), or None.

    A missing module of the repository itself (`files`) is a bug, not a missing dependency; so is
    an import error the report itself shows."""
    if outcome.timed_out:
        return None
    crashed = INTERNAL.findall(outcome.output) if outcome.exit_code == 3 and is_pytest(outcome.command) else []
    # pytest's own crash (a plugin of the era against this pytest): one part of a chain may have run while
    # the suite itself did not, so this holds whatever passed; a run that still printed its summary after
    # the error finished (html5lib 1.0.1, 6846 passed)
    if crashed and not re.search(r"^(?:=+ )?\d+ (?:passed|failed|errors?)\b.* in [\d.]+ ?s",
                                 outcome.output[outcome.output.rfind("INTERNALERROR>"):], re.M):
        return _cause(CauseKind.RUNNER_CRASHED, crashed[-1], f"the test runner crashed (`{outcome.command}`, exit 3, INTERNALERROR)")
    session = SESSION_ERROR.search(outcome.output) if is_pytest(outcome.command) else None
    if session:
        # pytest could not start collecting (a plugin of the era against this pytest): whatever another
        # part of the command passed, this part's suite did not run (natsort 5.1.0's `--pep8` run)
        lines = [ln.strip() for ln in outcome.output[session.end():].splitlines()[:60] if ln.strip()]
        said = next((ln[1:].strip() for ln in lines if ln.startswith("E ")), lines[0] if lines else "ERROR collecting")
        return _cause(CauseKind.COLLECTED_NOTHING, said, f"a part of the test command collected nothing (`{outcome.command}`)")
    if outcome.passed:
        return None
    own = own_modules(list(files))
    ran = re.search(r"^Ran (\d+) tests? in ", outcome.output, re.M)            # unittest: no junit
    errors = re.search(r"^FAILED \(.*?errors=(\d+)", outcome.output, re.M)
    if ran and int(ran.group(1)) > (int(errors.group(1)) if errors else 0):
        return None
    out = outcome.output
    infra = setup_errors(outcome) or removed_api_errors(outcome)
    if infra:
        return infra
    limited = bool(limit_hits(out))       # a limit crashfix set stopped it: the suite's doing, not the set-up's
    killed = [h for h in limit_hits(out) if h.startswith("killed")]
    if killed and not outcome.failed and not re.search(r"\d+ (?:passed|failed)|^Ran \d+ tests?", out, re.M):
        # no result at all: there is no baseline to compare a candidate with (said, never silent)
        return _cause(CauseKind.KILLED, killed[0], "the baseline was killed by a limit crashfix sets before it reported any "
                      f"result (`{outcome.command}`)")
    network = None if limited else _network(outcome)
    if network:
        return _cause(CauseKind.NETWORK, network, "the test command reached for the network (the sandbox is offline after set-up)")
    if outcome.exit_code == 127 or NOT_FOUND.search(out):
        line = (NOT_FOUND.search(out) or re.search(r".+", out))
        return _cause(CauseKind.CANNOT_RUN, line.group(0) if line else "exit 127", f"the test command cannot run (`{outcome.command}`)")
    usage = USAGE.search(out)
    if outcome.exit_code == 4 and usage:
        return _cause(CauseKind.OPTIONS_REFUSED, usage.group(1), f"the test runner refuses its options (`{outcome.command}`)")
    causes = [c.strip() for c in IMPORT_ERROR.findall(out)]
    causes = [c for c in causes if _missing_module(c) not in own and c not in report_text]
    if COLLECT_ERRORS.search(out) and causes and not outcome.failed - _collection_failures(outcome):
        return _cause(CauseKind.NO_MODULE_IMPORTS, causes[0], "no test module could be imported")
    collected_none = only_collection_errors(outcome, report_text)
    if collected_none and _missing_module(collected_none.line) in own:
        collected_none = None            # the repository's own module is missing: a bug in the tree, not the set-up
    if collected_none and not limited:
        return collected_none
    if NO_TESTS.search(out) or (outcome.exit_code == 5 and not outcome.failed):
        if files and not any(is_test_path(f) for f in files):
            return None              # a repository with no test at all: nothing to collect is no sign of breakage
        return _cause(CauseKind.NO_TESTS, causes[0] if causes else "", f"the test command collected no test (`{outcome.command}`)")
    if is_pytest(outcome.command) and not outcome.failed and outcome.exit_code not in (0, 5) and not limited \
            and not re.search(r"^=+ .*\b(?:passed|failed|error|errors)\b.* in [\d.]+s", out, re.M):
        return _cause(CauseKind.RUNNER_STOPPED, _last_line(out),
                      f"the test runner stopped before any test ran (`{outcome.command}`, exit {outcome.exit_code})")
    if not is_pytest(outcome.command) and outcome.exit_code not in (0, 5) and not limited and not outcome.failed \
            and not TEST_COUNTS.search(out) and DIED.search(out[-3000:]):
        # a runner script (`./run_tests.py`) that dies on a traceback before its runner says anything
        return _cause(CauseKind.RUNNER_STOPPED, DIED.search(out[-3000:]).group(1),
                      f"the test runner stopped before any test ran (`{outcome.command}`, exit {outcome.exit_code})")
    return None


def only_collection_errors(outcome: TestOutcome, report_text: str = "") -> SetupCause | None:
    """A pytest run whose only entries are collection errors (no test ran: html5lib's conftest building
    its collectors the way pytest 6 refuses): the line that says why, unless the report quotes it."""
    from agent.python.environment.era import removed_in_error
    if not is_pytest(outcome.command) or outcome.passed or not outcome.failed \
            or outcome.failed - _collection_failures(outcome):
        return None
    text = "\n".join([outcome.messages.get(n) or "" for n in sorted(outcome.failed)] + [outcome.output])
    removed = removed_in_error(text)
    line = next((ln.strip() for ln in text.splitlines() if removed and re.search(removed.error, ln)), None) \
        or _last_line("\n".join(outcome.messages.get(n) or "" for n in sorted(outcome.failed)) or outcome.output)
    if line and line in report_text:
        return None                  # the crash the report shows, at import: the bug, not the environment
    return _cause(CauseKind.COLLECTION_ERRORS, line, f"no test ran: the run's only entr{'ies are' if len(outcome.failed) > 1 else 'y is'} "
                  f"{len(outcome.failed)} collection error{'s' * (len(outcome.failed) > 1)} (`{outcome.command}`)")


def _network(outcome: TestOutcome) -> str | None:
    """The network error that failed the run: every failed test's (junit), else (no test reported)
    the runner's last exception, or a command that retries the index (`tox` installing online)."""
    if outcome.failed:
        found = [NETWORK.search(outcome.messages.get(n) or "") for n in outcome.failed]
        return found[0].group(0).strip() if all(found) else None
    last = _last_line(outcome.output)
    if NETWORK.search(last):
        return last
    retried = re.search(r"^.*(?:Retrying \(Retry\(|Could not fetch URL|No matching distribution found).*$", outcome.output, re.M)
    return retried.group(0).strip() if retried else None


def _last_line(out: str) -> str:
    """The runner's last exception line (`E   TypeError: ...` too), else its last line."""
    lines = [re.sub(r"^E\s+", "", ln.strip()) for ln in out.splitlines() if ln.strip()]
    errors = [ln for ln in lines if re.match(r"^[\w.]*(?:Error|Exception|Exit)\b:? ", ln)]
    return ((errors or lines or ["no output"])[-1])[:300]


def setup_errors(outcome: TestOutcome) -> SetupCause | None:
    """Every test (two or more, none passing) errored in its set-up with the same error: the suite's
    own infrastructure does not run here (a conftest hook or fixture using a removed pytest API)."""
    if outcome.passed:
        return None
    strip = lambda m: re.sub(r'^(?:failed on setup with |error setup\s*)"?|"$', "", m.strip())  # noqa: E731
    messages = [(outcome.messages.get(n) or "").strip() for n in outcome.failed]
    if messages and all(SETUP_ERROR.match(m) for m in messages):
        errors = [strip(m.splitlines()[0]) for m in messages]
    elif not outcome.failed and not re.search(r"\d+ (?:passed|failed)", outcome.output):
        errors = [e.strip() for _, e in SUMMARY_ERROR.findall(outcome.output)]      # no junit: the summary lines
    else:
        return None
    if len(errors) < 2 or len(set(errors)) != 1:
        return None
    return _cause(CauseKind.SETUP_ERRORS, errors[0], f"every test ({len(errors)}) errored in its set-up with the same error "
                  "(the suite's own infrastructure does not run on this pytest)")


def _collection_failures(outcome: TestOutcome) -> set[str]:
    """The junit entries that are module-level collection errors (no test function named)."""
    return {name for name in outcome.failed if name.startswith("::") or "::" not in name
            or not name.split("::")[-1] or "_FailedTest" in name
            or IMPORT_ERROR.search(outcome.messages.get(name, "") or "")}


def removed_api_errors(outcome: TestOutcome) -> SetupCause | None:
    """Every test (two or more, none passing) failed on what a pytest release removed (a 2019 plugin
    calling `get_marker` in each test's call): the runner, not the code under test."""
    from agent.python.environment.era import removed_in_error
    if outcome.passed or len(outcome.failed) < 2:
        return None
    messages = [(outcome.messages.get(n) or "").strip() for n in outcome.failed]
    found = [removed_in_error(m) for m in messages]
    if not all(found) or len(set(found)) != 1:
        return None
    line = next(ln for ln in messages[0].splitlines() if re.search(found[0].error, ln))
    return _cause(CauseKind.REMOVED_API, line, f"every test ({len(messages)}) errored with the same error (the suite's own "
                  "infrastructure does not run on this pytest)")


# a frame, as Python prints it and as pytest's long report does
FRAME = re.compile(r'^\s*File "([^"\n]+)", line \d+|^(/\S+\.py):\d+: in \w', re.M)
SITE = re.compile(r"/(?:site|dist)-packages/([A-Za-z][\w]*)(?:/|\.py$)")
RUNNER_PACKAGES = {"_pytest", "pytest", "pluggy", "py", "_pluggy", "unittest", "nose", "coverage", "pytest_cov"}
STALE_ERROR = re.compile(r"^(?:E\s+)?(TypeError|AttributeError|ImportError|SyntaxError|NameError): .+$", re.M)


def stale_dependency(output: str, files: list[str] = ()) -> tuple[str, str] | None:
    """(package, error line) when the run's last traceback ends inside an installed third-party package
    (not the runner, not the project's own) on an error of code too old for this Python: hypothesis of
    2017 building code objects the 3.8 way (`TypeError: an integer is required (got type bytes)`), a
    `from collections import Mapping` (gone in 3.10). None otherwise."""
    start = max(output.rfind("Traceback (most recent call last)"), output.rfind("_ ERROR collecting "),
                output.rfind("ImportError while importing"))
    if start < 0:
        return None
    tail = output[start:]
    error = STALE_ERROR.search(tail)
    if error is None:
        return None
    own = own_modules(list(files))
    for path in reversed([a or b for a, b in FRAME.findall(tail[:error.start()])]):
        m = SITE.search(path)
        if m is None:
            if path.startswith("<") or re.search(r"/lib/python3\.\d+/(?!site-packages|dist-packages)", path):
                continue                 # the standard library or a frozen import: look further out
            return None                  # the tree's own code (or a script): not a stale dependency
        package = m.group(1)
        if package in RUNNER_PACKAGES or package in own:
            return None
        return package, error.group(0).lstrip("E").strip()
    return None
