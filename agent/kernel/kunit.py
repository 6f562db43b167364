"""The kernel's own unit tests (KUnit) for the directory a patch touches: which options build them
(a `config X` of the directory's Kconfig that depends on KUNIT), and what they said at boot (KTAP:
built-in KUnit suites run before /init and print `ok N - name` / `not ok N - name`)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

_ENTRY = re.compile(r"(?m)^(?:menu)?config\s+(\w+)\s*\n((?:(?:[ \t]+.*)?\n)*)")
_RESULT = re.compile(r"^(?P<indent>\s*)(?P<ok>not ok|ok) (?P<n>\d+)(?: -)? (?P<name>[^#]*?)\s*(?:#\s*(?P<directive>.*))?$")
_SUBTEST = re.compile(r"^\s*# Subtest: (\S+)")
_STAMP = re.compile(r"^\[\s*\d+\.\d+\](?:\[\s*[TC]\d+\])? ?")


def options_for(read: Callable[[str], str], directory: str) -> list[str]:
    """CONFIG_ names of the KUnit tests declared in directory/Kconfig ([] when it has none or no Kconfig)."""
    try:
        kconfig = read(f"{directory}/Kconfig")
    except (OSError, UnicodeError, ValueError, Exception):       # a tree reader's own error for a missing file
        return []
    out = []
    for m in _ENTRY.finditer(kconfig):
        body = m.group(2)
        depends = " ".join(re.findall(r"(?m)^\s*depends on\s+(.*)$", body))
        prompt = re.search(r"(?m)^\s*(?:tristate|bool)\s+\"", body)
        if re.search(r"\bKUNIT\b", depends) and prompt:
            out.append(f"CONFIG_{m.group(1)}")
    return out


def fragment(options: list[str]) -> list[str]:
    """The config lines that build them in (built-in suites run at boot)."""
    return ["CONFIG_KUNIT=y"] + [f"{o}=y" for o in options] if options else []


@dataclass(frozen=True)
class Case:
    suite: str
    name: str
    ok: bool
    skipped: bool


def results(console: str) -> list[Case]:
    """The test cases' results the console printed (KTAP), each with its suite; suites' own summary
    lines are not cases."""
    out, suites = [], []
    for raw in console.splitlines():
        line = _STAMP.sub("", raw.rstrip("\r"))
        sub = _SUBTEST.match(line)
        if sub:
            suites.append(sub.group(1))
            continue
        m = _RESULT.match(line)
        if not m or not suites:
            continue
        name = m.group("name").strip()
        if name == suites[-1]:
            suites.pop()                                  # the suite's own line closes it
            continue
        skipped = (m.group("directive") or "").upper().startswith("SKIP")
        out.append(Case(suites[-1], name, m.group("ok") == "ok", skipped))
    return out


def summary(cases: list[Case]) -> dict:
    return {"passed": sum(1 for c in cases if c.ok and not c.skipped),
            "failed": [f"{c.suite}.{c.name}" for c in cases if not c.ok],
            "skipped": sum(1 for c in cases if c.skipped)}
