"""What a validated candidate's code does on the issue's input, and how much the project's suite can say.

Read from what the validator recorded (`script_after`: the issue's own script with the patch, else
`repro_after`: the reproduction command's last run with it) and from the baseline test run. Pure; each
answer is one line a reviewer can check against the run's logs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_EXC_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|[A-Z]\w*))(?::\s?(.*))?$")
_PYTEST_NOISE = re.compile(r"^(?:=+.*=+|\.+|[.FEsx]+\s*\[\s*\d+%\]|-+|collected \d+ items?|platform .*|rootdir: .*|"
                           r"plugins: .*|cachedir: .*|configfile: .*|\d+ (?:passed|failed).*)$")


@dataclass(frozen=True)
class Behaviour:
    """`how`: "raises", "prints", "silent" or "hangs" (stopped by crashfix's time limit); `what`: the
    exception line, the last line printed, or the limit's words."""
    how: str
    what: str = ""
    source: str = ""               # "the script" | "the reproduction command"

    def line(self) -> str:
        where = f"on the issue's input ({self.source})" if self.source else "on the issue's input"
        if self.how == "raises":
            return f"{where} the patched code now raises `{self.what[:160]}`"
        if self.how == "hangs":
            return f"{where} the patched code no longer returns: {self.what[:160]}"
        if self.how == "prints":
            return f"{where} the patched code now gives `{self.what[:160]}`"
        return (f"{where} the patched code now ends without an error and shows no value (the reproduction "
                f"checks only that the crash is gone)")

    @property
    def exception(self) -> str:
        """The class the code raises (its last dotted part), or ""."""
        return self.what.split(":", 1)[0].rsplit(".", 1)[-1] if self.how == "raises" else ""


def behaviour(script_after: dict | None, repro_after: dict | None) -> Behaviour | None:
    """What the patched code gave on the issue's input, or None when no run was recorded."""
    for run, source in ((script_after, "the issue's script"), (repro_after, "the reproduction command")):
        if isinstance(run, dict) and isinstance(run.get("output"), str):
            return _read(run["output"], source)
    return None


_LIMIT = re.compile(r"timed out after [\d.]+ s \(command killed\)")


def _read(output: str, source: str) -> Behaviour:
    lines = [ln.rstrip() for ln in output.splitlines() if ln.strip()]
    hung = next((m.group(0) for ln in lines[-3:] if (m := _LIMIT.search(ln))), "")
    if hung:            # crashfix stopped it (sandbox/docker/sandbox.py, local.py): it never returned
        return Behaviour("hangs", f"crashfix stopped it ({hung})", source)
    if any(ln.startswith("Traceback (most recent call last)") for ln in lines):
        for ln in reversed(lines):
            m = _EXC_LINE.match(ln.strip())
            if m and not ln.startswith(" "):
                return Behaviour("raises", ln.strip(), source)
    shown = [ln for ln in lines if not _PYTEST_NOISE.match(ln.strip())]
    return Behaviour("prints", shown[-1].strip(), source) if shown else Behaviour("silent", "", source)


@dataclass(frozen=True)
class Suite:
    """How much the project's own tests can say about a patch: `counted` tests ran before it (per-test
    results or the runner's own summary line); `command`: the test command (None: there was none)."""
    command: str | None = None
    counted: int = 0
    failed_before: int = 0

    def weak(self) -> str:
        """Why the suite cannot vouch for a patch ("" when it can), in words for the PR."""
        if not self.command:
            return "no test command was given or found; validation only shows the crash is gone"
        if self.counted == 0:
            return ("this project has no tests (or crashfix could not count its test results); validation only "
                    "shows the crash is gone")
        return ""

    def line(self) -> str:
        return self.weak() or (f"the project's suite ran {self.counted} test(s) before the patch"
                               + (f" ({self.failed_before} failing already)" if self.failed_before else "")
                               + " and no passing one broke with it")
