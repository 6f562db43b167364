"""Running a repository's tests in a sandbox and reading which tests passed or failed."""
from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from agent.limits import HOUSEKEEPING_TIMEOUT
from sandbox import Sandbox
from sandbox.base import SCRATCH_DIR

SCRATCH = SCRATCH_DIR                 # our own files, outside the repository's tree (sandbox/base.py)
JUNIT = f"{SCRATCH}/junit.xml"
WATCHDOG = "crashfix_watchdog"        # the per-test watchdog plugin (agent/judge/watchdog_plugin.py), in SCRATCH
HUNG = "crashfix watchdog"            # what its failures say
CONTINUE = "--continue-on-collection-errors"
INTERRUPTED = re.compile(r"Interrupted: \d+ errors? during collection")
_E_LINE = re.compile(r"^E\s+(\S.*)$", re.M)


@dataclass
class TestOutcome:
    command: str
    exit_code: int
    output: str
    timed_out: bool = False
    duration: float = 0.0
    passed: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)     # failures and errors
    messages: dict[str, str] = field(default_factory=dict)   # failed test -> its failure message
    skipped: int = 0
    times: dict[str, float] = field(default_factory=dict)    # test -> its seconds (pytest's junit)
    errors: set[str] = field(default_factory=set)     # of `failed`: errors (set-up, teardown, collection)
    collect_errors: dict[str, str] = field(default_factory=dict)   # module that fails to collect -> why
    continued: bool = False           # the command stopped at collection errors; re-run past them
    ran: int | None = None            # tests the runner's own summary line counted (unittest's "Ran 85 tests"), when no junit

    @property
    def counted(self) -> int:
        """How many tests the run is known to have run: per-test results, else the runner's summary line."""
        return len(self.passed) + len(self.failed) + self.skipped or (self.ran or 0)

    @property
    def hung(self) -> list[str]:
        """The tests the per-test watchdog stopped."""
        return sorted(t for t, m in self.messages.items() if HUNG in m)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out

    def counts(self) -> dict:
        return {"passed": len(self.passed), "failed": len(self.failed), "skipped": self.skipped,
                "exit_code": self.exit_code, "timed_out": self.timed_out, "ran": self.ran}

    @property
    def per_test(self) -> bool:
        """Whether the run told its tests apart (a junit report was read)."""
        return bool(self.passed or self.failed or self.skipped)

    def summary(self, files: list[str] = ()) -> str:
        """One line: passed, failed, errors, and what broke (modules that fail to collect, the first
        set-up error)."""
        failures = len(self.failed - self.errors)
        text = f"{len(self.passed)} passed, {failures} failed, {len(self.errors)} errors, {self.skipped} skipped"
        text += f" in {self.duration:.1f} s (exit {self.exit_code}{', timed out' if self.timed_out else ''})"
        if self.collect_errors:
            mods = [f"{node_id(m, list(files)) or m.lstrip(':')} ({why})" for m, why in sorted(self.collect_errors.items())]
            text += f"; {len(mods)} test module(s) fail to collect: " + "; ".join(mods[:5])
            if self.continued:
                text += f" (the suite was run past them with {CONTINUE})"
        setup = sorted(self.errors - set(self.collect_errors))
        if setup:
            why = _first_error(self.messages.get(setup[0], ""))
            text += f"; {len(setup)} test(s) error in set-up or teardown, first {setup[0]}" + (f": {why}" if why else "")
        if not self.per_test:
            text += "; no per-test results (no junit report)"
        return text


def ensure_scratch(sb: Sandbox) -> None:
    """Create the scratch folder (outside the tree; its .gitignore would hide it were it inside)."""
    sb.write(f"{SCRATCH}/.gitignore", "*\n")


def is_pytest(cmd: str) -> bool:
    return bool(re.search(r"(^|[\s/])(py\.test|pytest)(\s|$)", cmd))


CHANGEDIR = re.compile(r"^(?:export [^;]*; )?cd ([\w./-]+) && ")    # a tox `changedir` (agent/python/environment/toxini.py)


def _up(cmd: str) -> str:
    """The way back to the workspace from the folder a `cd DIR && ...` command runs in ('' if none)."""
    m = CHANGEDIR.match(cmd)
    return "../" * len([p for p in m.group(1).strip("/").split("/") if p not in ("", ".")]) if m else ""


def with_selection(cmd: str, tests: list[str]) -> str:
    """The test command narrowed to some tests (pytest node ids); other runners run whole."""
    if not tests or not is_pytest(cmd):
        return cmd
    return cmd + " " + " ".join(shlex.quote(_up(cmd) + t) for t in tests)


# crashfix turns pytest's cache off (no .pytest_cache in the tree); plugins of the era that read it at
# start-up (pytest-flakes, pytest-isort, pytest-pep8) crash without it: then the cache goes to the scratch
# folder instead, for every later run in that sandbox
NO_CACHE = "-p no:cacheprovider"
NEEDS_CACHE = re.compile(r"^INTERNALERROR> .*object has no attribute 'cache'", re.M)


def _cache_option(sb: Sandbox, up: str) -> str:
    return f"-o cache_dir={up}{SCRATCH}/pytest-cache" if getattr(sb, "pytest_cache_dir", False) else NO_CACHE


def _needs_cache(sb: Sandbox, command: str, output: str) -> bool:
    """Whether a run without pytest's cache crashed for want of it: then ``sb``'s later pytest runs keep
    the cache in the scratch folder (True: run again)."""
    if NO_CACHE not in command or not NEEDS_CACHE.search(output) or getattr(sb, "pytest_cache_dir", False):
        return False
    sb.pytest_cache_dir = True
    return True


def split_chain(cmd: str) -> list[str]:
    """A command's parts joined by `&&` at the top level (not inside quotes or `$( )`)."""
    parts, depth, quote, start, i = [], 0, "", 0, 0
    while i < len(cmd):
        c = cmd[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif cmd.startswith("$(", i):
            depth, i = depth + 1, i + 1
        elif c == ")" and depth:
            depth -= 1
        elif depth == 0 and cmd.startswith("&&", i):
            parts.append(cmd[start:i].strip())
            start, i = i + 2, i + 1
        i += 1
    return parts + [cmd[start:].strip()]


# the chain's exit: its first failure that is not "no test collected", else 0 when a part ran tests
_CHAIN_EXIT = ('crashfix_exit() { for c in "$@"; do case $c in 0|5) ;; *) return $c ;; esac; done; '
               'for c in "$@"; do [ "$c" = 0 ] && return 0; done; return 5; }')


def pytest_chain(cmd: str) -> list[str] | None:
    """A recipe that runs pytest more than once (`pytest --doctest-modules pkg && pytest tests`, tox's
    commands joined): its parts, or None. Each part then writes its own junit report and every part
    runs, as tox runs each command: one part's failures no longer hide the next part's tests."""
    parts = split_chain(cmd)
    if sum(is_pytest(p) for p in parts) < 2 or any(CHANGEDIR.match(p + " && ") for p in parts[1:]):
        return None
    return parts


def run_tests(sb: Sandbox, cmd: str, *, timeout: float, tests: list[str] | None = None) -> TestOutcome:
    full = with_selection(cmd, tests or [])
    chain = pytest_chain(full)
    if chain is not None:
        return _run_chain(sb, chain, timeout)
    if is_pytest(full):
        ensure_scratch(sb)
        up = '' if JUNIT.startswith('/') else _up(full)
        full += f" {_cache_option(sb, up)} --junitxml={up}{JUNIT}"
        sb.run(f"rm -f {JUNIT}", timeout=HOUSEKEEPING_TIMEOUT)
    res = sb.run(full, timeout=timeout)
    if _needs_cache(sb, full, res.output):
        return run_tests(sb, cmd, timeout=timeout, tests=tests)
    out = TestOutcome(command=full, exit_code=res.exit_code, output=res.output, timed_out=res.timed_out,
                      duration=res.duration, ran=ran_count(res.output))
    if is_pytest(full):
        try:
            _read_junit(sb.read(JUNIT), out)
        except Exception:          # no report written (collection crash, timeout): counts stay empty
            pass
        if res.exit_code == 2 and INTERRUPTED.search(res.output) and CONTINUE not in full:
            # pytest stopped at a module that fails to collect and ran nothing: run past it, so that
            # every other test has a result (each broken module is one error of its own)
            again = run_tests(sb, cmd + f" {CONTINUE}", timeout=timeout, tests=tests)
            if again.exit_code != 4 and again.per_test:      # 4: an old pytest without the option
                again.continued = True
                again.duration += out.duration
                again.output = (f"(crashfix: pytest stopped at collection errors; run again with {CONTINUE})\n"
                                + again.output)
                return again
    return out


def _run_chain(sb: Sandbox, chain: list[str], timeout: float) -> TestOutcome:
    ensure_scratch(sb)
    at = '' if JUNIT.startswith('/') else _up(chain[0] + " && ")
    reports, commands = [], []
    for i, part in enumerate(chain):
        if is_pytest(part):
            reports.append(f"{SCRATCH}/junit-{i}.xml")
            part += f" {_cache_option(sb, at)} --junitxml={at}{reports[-1]}"
        commands.append(part)
    sb.run("rm -f " + " ".join(reports), timeout=HOUSEKEEPING_TIMEOUT)
    script = "; ".join([_CHAIN_EXIT] + [f"{c}; crashfix_c{i}=$?" for i, c in enumerate(commands)]
                       + ["crashfix_exit " + " ".join(f"$crashfix_c{i}" for i in range(len(chain)))])
    res = sb.run(script, timeout=timeout)
    if _needs_cache(sb, script, res.output):
        return _run_chain(sb, chain, timeout)
    out = TestOutcome(command=" ; ".join(commands), exit_code=res.exit_code, output=res.output,
                      timed_out=res.timed_out, duration=res.duration)
    for report in reports:
        try:
            _read_junit(sb.read(report), out)
        except Exception:          # that part wrote no report (a collection crash, the timeout)
            pass
    return out


def arm_watchdog(sb: Sandbox, cmd: str | None, seconds: float) -> bool:
    """From now on every pytest run in ``sb`` stops a test whose set-up or call runs over
    ``seconds``: it fails naming where it hung. The plugin goes into the sandbox's site-packages
    and is loaded by PYTEST_ADDOPTS; only where ``cmd`` runs pytest itself (a runner such as tox
    starts an environment of its own, which would not find it). Returns whether it is armed."""
    if not cmd or not is_pytest(cmd) or not hasattr(sb, "setenv"):
        return False
    plugin = Path(__file__).with_name("watchdog_plugin.py").read_text()
    res = sb.run("python -c 'import sys, sysconfig; open(sysconfig.get_paths()[\"purelib\"] + \"/"
                 f"{WATCHDOG}.py\", \"w\").write(sys.stdin.read())' <<'CRASHFIX_EOF'\n{plugin}CRASHFIX_EOF\n",
                 timeout=HOUSEKEEPING_TIMEOUT)
    if not res.ok:
        return False
    sb.setenv({"CRASHFIX_TEST_TIMEOUT": f"{seconds:g}", "PYTEST_ADDOPTS": f"-p {WATCHDOG}"})
    return True


def _read_junit(xml: str, out: TestOutcome) -> None:
    root = ET.fromstring(xml)
    for case in root.iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}"
        try:
            out.times[name] = float(case.get("time") or 0)
        except ValueError:
            pass
        tags = {child.tag for child in case}
        bad = [child for child in case if child.tag in ("failure", "error")]
        if bad:
            out.failed.add(name)
            out.messages[name] = (bad[0].get("message") or "") + "\n" + (bad[0].text or "")
            if any(child.tag == "error" for child in bad):
                out.errors.add(name)
            if not case.get("classname") and (bad[0].get("message") or "") == "collection failure":
                out.collect_errors[name] = _first_error(bad[0].text or "") or "collection failure"
        elif "skipped" in tags:
            out.skipped += 1
        else:
            out.passed.add(name)


# unittest's (and nose's, Django's, Twisted's trial's) summary: "Ran 85 tests in 0.012s"; pytest's
# final line without junit: "===== 3 passed, 1 failed in 0.1s ====="
_RAN = re.compile(r"^Ran (\d+) tests? in [\d.]+s?\b", re.M)
_PYTEST_TALLY = re.compile(r"^=+ ([^=\n]*\b\d+ (?:passed|failed)\b[^=\n]*?) in [\d.]+s", re.M)


def ran_count(output: str) -> int | None:
    """How many tests a runner says it ran (the last summary line of its output), or None when it says nothing."""
    found = _RAN.findall(output or "")
    if found:
        return sum(int(n) for n in found)      # a chained command (`a && b`) prints one line per suite
    tally = _PYTEST_TALLY.findall(output or "")
    if tally:
        return sum(int(n) for n in re.findall(r"(\d+) (?:passed|failed|error|errors)\b", tally[-1]))
    return None


def _first_error(text: str) -> str:
    """The line that says what went wrong in a pytest failure text (its last `E   ...` line)."""
    found = _E_LINE.findall(text)
    return found[-1].strip()[:200] if found else ""


def node_id(junit_name: str, files: list[str]) -> str | None:
    """A junit name ("tests.test_app.TestX::test_y") as a pytest node id, given the repo's files; a
    module that fails to collect ("::tests.test_app") as its file."""
    classname, _, test = junit_name.partition("::")
    if not classname and test:
        path = test.replace(".", "/") + ".py"
        return next((f for f in files if f == path or f.endswith("/" + path)), None)
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        path = "/".join(parts[:cut]) + ".py"
        matches = [f for f in files if f == path or f.endswith("/" + path)]
        if matches:
            return "::".join([matches[0], *parts[cut:], test])
    return None
