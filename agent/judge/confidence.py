"""How sure crashfix is of a validated patch: "high" or "speculative", each reason one checkable line.

The one place that decides (docs/confidence.md), from evidence a reviewer can check:
- (e) the reporter's words: the issue's stated expectation met (or not, or never checked);
- (a) what the patched code now gives on the issue's input (agent/judge/behaviour.py);
- (b) the code's own conventions the patch follows (agent/judge/conventions.py): the function's other
  exits, its documented skips, the package's own exception classes;
- the project's own tests that failed before the patch and pass with it (failing on two runs of the unpatched
  tree: a flaky test, failing once and passing once there, is no evidence either way: agent/judge/flaky.py);
- (c) the overfitting guard: the candidate crashing on inputs generated around the failing call, or
  answering them differently from another validated candidate that does not crash there;
- (d) the suite: no tests, or results that could not be counted, give at most speculative, in words;
- the model's second opinion, when it says the patch hides the symptom.
The diff's shape (an exception swallowed, a default returned, a condition flipped, a version check
changed, a one-token guess, another exception raised) only lowers it when no evidence above answers
that shape: the same code gets the same level whoever wrote it (no template name is read here).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.judge.behaviour import Behaviour, Suite
from agent.judge.conventions import Convention
from agent.judge.expectations import Expectation
from agent.judge.flaky import FLAKY_BREAK, Discounted

HIGH, SPECULATIVE = "high", "speculative"

_DEFAULT = r"(?:None|''|\"\"|0|0\.0|\[\]|\{\}|\(\)|False|set\(\)|dict\(\)|list\(\)|str\(\))"
_RETURN_DEFAULT = re.compile(rf"^\s*return(?:\s+{_DEFAULT})?\s*(?:#.*)?$")
_SKIP = re.compile(r"^\s*(?:continue|break)\s*(?:#.*)?$")
# C: an early return of a constant (`return -1;`, `return NULL;`, `return -EINVAL;`), a guard's body on its line
_C_RETURN = re.compile(r"\breturn\s+(?:-?\d+|NULL|false|0x[0-9a-fA-F]+|-E[A-Z0-9_]+)\s*;")
_SWALLOW = re.compile(rf"^\s*(?:pass|continue|break|return(?:\s+{_DEFAULT})?|\.\.\.)\s*(?:#.*)?$")
_EXCEPT = re.compile(r"^\s*except\b\s*\(?\s*([\w., ]*?)\s*\)?\s*(?:\bas\s+\w+\s*)?:")
_RAISE = re.compile(r"^\s*raise\s+([A-Za-z_][\w.]*)")
# `.get(k)`, `.setdefault(k, [])`, `default=`, `getattr(o, n, d)`, `x if cond else ""`, `(x or [])`
_GIVES_DEFAULT = re.compile(rf"\.get\(|\.setdefault\(|\bdefault\s*=|\bgetattr\([^)]*,[^)]*,|"
                           rf"\bif\b[^:]*\belse\s+{_DEFAULT}(?![\w.(\[])|\bor\s+{_DEFAULT}(?![\w.(\[])")
_IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError"}
_VERSION = re.compile(r"\bsys\.version(?:_info)?\b|\bPY[23]\b|\bsix\.PY|\bsys\.platform\b|\bplatform\.\w+|"
                      r"\bos\.name\b|\bpython_version\b|\bIS_PY\w*|\bPYTHON[23]\b")
_OPS = {"==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "is", "in", "+", "-", "*", "/", "//", "%"}
_TOKEN = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d+)?|==|!=|<=|>=|//|[<>]|\S")
_NAME = re.compile(r"[A-Za-z_]\w*")
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")

# which evidence answers which shape: an exception swallowed, a condition flipped, a version check or a
# one-token guess only by behaviour (the expectation met, a failing project test now passing); a
# default answer or another exception also by the code's own convention for it
_ANSWERS = {"swallow": {"expect", "test"}, "flip": {"expect", "test"}, "version": {"expect", "test"},
            "guess": {"expect", "test"}, "default": {"expect", "test", "return", "skip"},
            "raise": {"expect", "test", "raise"}}


@dataclass(frozen=True)
class Confidence:
    level: str                                  # HIGH | SPECULATIVE
    why: str                                    # the reasons as one paragraph ("Speculative: ...", "High: ...")
    reasons: tuple[str, ...] = field(default_factory=tuple)   # each one checkable fact, what decided first

    @property
    def high(self) -> bool:
        return self.level == HIGH


@dataclass(frozen=True)
class Evidence:
    """What the run knows about one validated candidate (the run's part shared by every candidate)."""
    diff: str = ""
    expectation: Expectation | None = None      # what the issue says the call should give
    meets: bool | None = None                   # the regression test's assertion of it (None: none ran)
    said: str = ""                              # that assertion's failure message
    behaviour: Behaviour | None = None          # what the patched code gave on the input
    conventions: tuple[Convention, ...] = ()    # the code's own conventions the patch follows
    repaired: tuple[str, ...] = ()              # the project's tests failing before the patch, passing with it
    discounted: tuple[Discounted, ...] = ()     # test results set aside: flaky on the unpatched tree, or unconfirmed
    suite: Suite | None = None                  # the project's tests before the patch (None: not known here)
    faulting: frozenset[str] = frozenset()      # names on the crash line and the values the debugger read there
    crashes_around: str = ""                    # the guard: an input around the failing call where it still crashes
    disagree: str = ""                          # the guard: an input where another validated candidate answers otherwise
    guard_skipped: str = ""                     # why the overfitting guard did not run ("" : it ran, or one candidate)
    review: str = ""                            # the second opinion's reason when it judged the patch to hide the symptom


def judge(ev: Evidence) -> Confidence:
    """The confidence in one validated candidate."""
    against: list[str] = []
    support: list[tuple[str, str]] = []         # (what kind of evidence, its line)
    facts: list[str] = []
    exp = ev.expectation
    if exp is not None and ev.meets is True:
        support.append(("expect", f"with this patch the call does {exp.words()}, as the issue expects"))
    elif exp is not None and ev.meets is False:
        against.append(f"the issue expects the call to {exp.words()}, and with this patch it does not"
                       + (f" ({ev.said})" if ev.said else ""))
    elif exp is not None:
        against.append(f"the issue expects the call to {exp.words()}, and no test checked that")
    did = ev.behaviour
    asks_error = exp is not None and exp.kind == "raises"
    if did is not None and did.how == "hangs":
        against.append(did.line())
    elif did is not None and did.how == "raises" and not asks_error:
        # the crash turned into another exception (the package's own included) where the issue asks for none:
        # the later releases of real projects mostly return a value there (bench/bench_templates.py, trust30)
        against.append(f"{did.line()}, and the issue does not say an error is the answer")
    elif did is not None:
        facts.append(did.line())
    own_raise = did is not None and did.how == "raises" and not asks_error
    support += [(c.what, c.line) for c in ev.conventions if not (own_raise and c.what == "raise")]
    facts += [c.line for c in ev.conventions if own_raise and c.what == "raise"]
    if ev.repaired:
        support.append(("test", f"the project's own test(s) failing before the patch pass with it: "
                                f"{', '.join(ev.repaired[:3])}"))
    if ev.crashes_around:
        against.append(f"on inputs generated around the failing call it still raises the reported exception, or "
                       f"raises where the unpatched code returned (e.g. {ev.crashes_around[:160]})")
    if ev.disagree and not (exp is not None and ev.meets is True):
        against.append(f"another validated candidate answers inputs generated around the failing call "
                       f"differently ({ev.disagree[:200]})")
    # a flaky test is no evidence: a repair it seemed to show is not counted (said), a break it seemed to show
    # leaves the suite unable to vouch for the patch
    broke = [d.line() for d in ev.discounted if d.why == FLAKY_BREAK]
    noted = [d.line() for d in ev.discounted if d.why != FLAKY_BREAK]
    against += broke
    if ev.suite is not None:
        weak = ev.suite.weak()
        if weak or not broke:
            (against if weak else facts).append(weak or ev.suite.line())
    if ev.review:
        against.append(f"the second opinion says it hides the symptom: {ev.review[:300]}")
    kinds = {k for k, _ in support}
    for shape, line in shapes(ev.diff, ev.faulting, {c.name for c in ev.conventions if c.what == "raise"}):
        if _ANSWERS[shape] & kinds:
            facts.append(f"{line}; the evidence above answers that")
        else:
            against.append(f"{line}, and nothing shows that is the intended behaviour")
    if ev.guard_skipped:
        facts.append(f"the overfitting guard did not run ({ev.guard_skipped})")
    lines = [line for _, line in support]
    aside = "".join(f" {line}." for line in noted)
    if against:
        return Confidence(SPECULATIVE, "Speculative: " + "; ".join(against) + "." + aside,
                          tuple(against + noted + lines + facts))
    good = lines or ["the patch adds no default answer, catches no exception and changes no condition away from "
                     "the value that crashed"]
    return Confidence(HIGH, "High: the crash is gone, no test broke, and " + "; ".join(good) + "." + aside,
                      tuple(good + noted + facts))


def shapes(diff: str, faulting: frozenset[str] = frozenset(), own: set[str] = frozenset()) -> list[tuple[str, str]]:
    """What the diff's shape suggests, each (shape, line): it may hide the crash rather than fix it.
    `own`: the package's own exception classes the patch raises (not "another exception")."""
    added, removed = _changed(diff)
    found: list[tuple[str, str]] = []
    swallow = swallows(added) or skips(added, removed)
    if swallow:
        found.append(("swallow" if "catches" in swallow else "default", f"it {swallow}"))
    raised = [m.group(1).rsplit(".", 1)[-1] for ln in added if (m := _RAISE.match(ln))]
    other = [r for r in raised if r not in own and r[:1].isupper()]
    if other and not any(_RAISE.match(ln) for ln in removed):
        found.append(("raise", f"it replaces the crash with another exception (`{other[0]}`)"))
    version = [ln.strip() for ln in added + removed if _VERSION.search(ln)]
    if version and not _import_fallback(added):
        found.append(("version", f"it changes a Python-version or platform check (`{version[0][:80]}`)"))
    for old, new in flips(removed, added):
        if not (set(_NAME.findall(old)) & faulting) and not version:
            found.append(("flip", f"it changes the condition `{old.strip()[:80]}` to `{new.strip()[:80]}`, which "
                                  f"is not about the value that crashed"))
            break
    else:
        guess = guesses(removed, added)
        if guess:
            found.append(("guess", f"it is a one-token change ({guess}) that ends the crash"))
    return found


def swallows(added: list[str]) -> str:
    """How the added lines hide the exception ("" when they do not): a caught exception answered with a
    default or nothing, or an early default answer (`return None`, `continue`, `.get()`). An `except
    ImportError` fallback and an `except` that raises are not hiding anything."""
    for i, line in enumerate(added):
        m = _EXCEPT.match(line)
        if m:
            caught = {n.strip().rsplit(".", 1)[-1] for n in m.group(1).split(",") if n.strip() and n.strip() != "as"}
            body = next((ln for ln in added[i + 1:] if ln.strip()), "")
            if caught and caught <= _IMPORT_ERRORS or body.strip().startswith("raise"):
                continue
            if _SWALLOW.match(body):
                return f"catches the exception (`{line.strip()[:60]}`) and answers `{body.strip()[:40]}`"
            return f"catches the exception (`{line.strip()[:60]}`)"
    for line in added:
        if _RETURN_DEFAULT.match(line):
            return f"returns a default (`{line.strip()[:40]}`) where the code crashed"
        if (m := _C_RETURN.search(line)) and not line.lstrip().startswith(("#", "//", "*")):
            return f"returns early (`{m.group(0)}`) where the code crashed"
        if _SKIP.match(line):
            return f"skips the item (`{line.strip()}`) where the code crashed"
    if any(_GIVES_DEFAULT.search(ln) for ln in added):
        return "gives a default value where the code crashed"
    return ""


_CHECK = r"(?:[\w.\[\]'\"]+\s+is\s+not\s+None|[\w.\[\]'\"()]+\s*!=\s*0|len\([^)]*\)\s*>\s*\d+|[\w.]+)"
_WRAP = re.compile(rf"^\s*if\s+{_CHECK}\s*:\s*$")
_FILTER = re.compile(rf"\bfor\b.+\bif\s+{_CHECK}\s*[\])}}]")
_CLAMP = re.compile(r"\bmax\([^,()]+,\s*1\)")


def skips(added: list[str], removed: list[str]) -> str:
    """How the added lines step around the crashing code ("" when they do not): the crashing statement
    wrapped in a check (skipped when it fails), None items filtered out of a comprehension, a divisor
    clamped to at least 1."""
    old = {ln.strip() for ln in removed if ln.strip()}
    for i, line in enumerate(added):
        if _WRAP.match(line) and any(ln.strip() in old for ln in added[i + 1:i + 4]):
            return f"runs the crashing statement only when `{line.strip()[3:-1].strip()[:60]}` (it is skipped otherwise)"
        if _FILTER.search(line) and not _FILTER.search(" ".join(removed)):
            return f"filters the items that crashed out (`{line.strip()[:60]}`)"
        if _CLAMP.search(line) and not any(_CLAMP.search(r) for r in removed):
            return f"clamps the divisor (`{_CLAMP.search(line).group(0)}`)"
    return ""


def flips(removed: list[str], added: list[str]) -> list[tuple[str, str]]:
    """(old, new) line pairs that differ only in comparison or boolean operators."""
    out = []
    for old, new in zip(removed, added):
        a, b = _TOKEN.findall(old), _TOKEN.findall(new)
        diff = [(x, y) for x, y in zip(a, b) if x != y]
        if len(a) == len(b) and diff and all(x in _OPS - {"+", "-", "*", "/", "//", "%"} and
                                             y in _OPS - {"+", "-", "*", "/", "//", "%"} for x, y in diff):
            out.append((old, new))
        elif len(a) != len(b) and set(a) ^ set(b) <= {"not", "and", "or", "is", "in", "==", "!="} and (set(a) ^ set(b)):
            out.append((old, new))          # `not` added or dropped, `and`/`or` changed in length
    return out


def guesses(removed: list[str], added: list[str]) -> str:
    """A line changed in one operator or number, or its names reordered ("" when not): a guess at the
    intended behaviour. A name changed to a near spelling (a typo repaired) is not a guess."""
    if len(removed) != len(added) or len(added) > 2:
        return ""
    for old, new in zip(removed, added):
        a, b = _TOKEN.findall(old), _TOKEN.findall(new)
        if len(a) == len(b) and a != b and sorted(a) == sorted(b):
            return f"`{old.strip()[:60]}` to `{new.strip()[:60]}`: the same names in another order"
        diff = [(x, y) for x, y in zip(a, b) if x != y]
        if len(a) == len(b) and len(diff) == 1:
            x, y = diff[0]
            if (x in _OPS and y in _OPS) or (_NUMBER.match(x) and _NUMBER.match(y)) or \
                    (_NAME.fullmatch(x) and _NAME.fullmatch(y) and _distance(x, y) > 2 and not _dunder(x, y)):
                return f"`{x}` to `{y}`"
    return ""


def _dunder(a: str, b: str) -> bool:
    """One name is the other's dunder spelling (`next` and `__next__`: Python 2's and 3's iterator protocol), the
    same protocol, not an unrelated name."""
    return a == f"__{b}__" or b == f"__{a}__"


def faulting_names(*texts: str) -> frozenset[str]:
    """The identifiers in the crash line and the debugger's expressions."""
    return frozenset(n for t in texts for n in _NAME.findall(t or "") if n not in _OPS)


def _import_fallback(added: list[str]) -> bool:
    """The added lines are an `except ImportError` fallback (for another Python or a missing module)."""
    return any((m := _EXCEPT.match(ln)) and set(n.strip() for n in m.group(1).split(",") if n.strip()) <= _IMPORT_ERRORS
               and m.group(1).strip() for ln in added)


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (short names only)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _changed(diff: str) -> tuple[list[str], list[str]]:
    added = [ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    removed = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    return added, removed
