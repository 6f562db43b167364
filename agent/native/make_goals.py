"""What `make` builds by default, read from a Makefile: when the default goal also runs tests (an
`all: lib tests` whose recipe runs `./tests`), the goals to name so that make only compiles."""
from __future__ import annotations

import re

TESTISH = re.compile(r"^(?:tests?|check|run|runtests|run-tests|(?:test|check)[-_](?:all|unit|run|suite))$")
RUNS = re.compile(r"(?:^|[\s;&|(])(?:\./|\$[({]\w*(?:TEST|RUN)\w*[)}])|\b(?:valgrind|ctest|make\s+(?:test|check))\b")
ASSIGN = re.compile(r"^(?:export\s+|override\s+)?([A-Za-z_][\w.]*)\s*(?::{1,3}|\?|\+)?=\s*(.*)$")
RULE = re.compile(r"^([^\t#:=][^:=]*?)\s*::?(?!=)\s*([^=;]*?)\s*(?:;.*)?$")
TOKEN = re.compile(r"(?:\$\([^)]*\)|\$\{[^}]*\}|[^\s$])+")
VAR = re.compile(r"\$[({]([A-Za-z_][\w.]*)[)}]")


def _parse(text: str) -> tuple[dict[str, str], list[tuple[list[str], list[str], list[str]]], str | None]:
    """(variables, rules as (targets, prerequisites, recipe lines), .DEFAULT_GOAL)."""
    text = re.sub(r"\\\n", " ", text)
    variables: dict[str, str] = {}
    rules: list[tuple[list[str], list[str], list[str]]] = []
    default = None
    for line in text.splitlines():
        if line.startswith("\t"):
            if rules:
                rules[-1][2].append(line.strip())
            continue
        line = line.split("#", 1)[0].rstrip()
        assign = ASSIGN.match(line)
        if assign:
            name, value = assign.groups()
            variables[name] = (variables.get(name, "") + " " + value).strip() if "+=" in line else value
            if name == ".DEFAULT_GOAL":
                default = value.strip()
            continue
        rule = RULE.match(line)
        if rule:
            rules.append((rule.group(1).split(), TOKEN.findall(rule.group(2)), []))
    return variables, rules, default


def _expand(word: str, variables: dict[str, str], depth: int = 0) -> list[str]:
    if "$" not in word:
        return [word]
    if depth > 5:
        return []
    out = VAR.sub(lambda m: variables.get(m.group(1), "$?"), word)
    return [w for part in TOKEN.findall(out) for w in _expand(part, variables, depth + 1)] if out != word else []


def build_goals(text: str) -> list[str] | None:
    """The goals that compile without running anything, or None when plain `make` does just that
    (or when the Makefile cannot be read so far: its default goal is then used as it is)."""
    variables, rules, default = _parse(text)
    real = [r for r in rules if not any(t.startswith(".") or "%" in t for t in r[0])]
    if not real:
        return None
    goal = default or real[0][0][0]
    prereqs: list[str] = []
    recipe: list[str] = []
    for targets, deps, lines in real:
        if goal in targets:
            prereqs += [w for d in deps for w in _expand(d, variables)]
            recipe += lines
    runners = {t for targets, _, lines in real for t in targets if any(RUNS.search(r) for r in lines)}
    is_runner = lambda name: bool(TESTISH.match(name)) or name in runners  # noqa: E731
    if not (is_runner(goal) or any(is_runner(p) for p in prereqs)):
        return None
    if any(not RUNS.search(r) for r in recipe):
        return None         # the goal's own recipe compiles and runs: no goal builds without running
    goals = [p for p in dict.fromkeys(prereqs) if not is_runner(p) and not re.search(r"[$%(]", p)]
    return goals or None
