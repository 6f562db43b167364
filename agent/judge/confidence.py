"""How sure crashfix is of a validated patch: "high" or "speculative", with the reasons in words.

One place decides it, from the diff and the evidence (docs/confidence.md):
- speculative when the patch swallows the exception or turns it into a default return (`except X:
  return ""`, `pass`, an early `return None`) and the issue does not say that default is right; when
  it flips a condition that is not about the faulting value; when it changes a version or platform
  check; when the template's kind is suppression (or mutation, with no stated expectation met); when
  the validated candidates disagree on generated inputs; when the overfitting guard did not run; when
  the code does not give what the issue states it should; when the second opinion says it hides the
  symptom;
- high otherwise: the crash is gone, the tests pass, and the patch gives what the issue expects (or
  the issue states nothing and nothing above speaks against it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.judge.expectations import Expectation
from agent.judge.kinds import MUTATION, SUPPRESSION, kind_of

HIGH, SPECULATIVE = "high", "speculative"

_DEFAULT = r"(?:None|''|\"\"|0|0\.0|\[\]|\{\}|\(\)|False|set\(\)|dict\(\)|list\(\)|str\(\))"
_RETURN_DEFAULT = re.compile(rf"^\s*return(?:\s+{_DEFAULT})?\s*(?:#.*)?$")
_SWALLOW = re.compile(rf"^\s*(?:pass|continue|break|return(?:\s+{_DEFAULT})?)\s*(?:#.*)?$")
_EXCEPT = re.compile(r"^\s*except\b")
_VERSION = re.compile(r"\bsys\.version(?:_info)?\b|\bPY[23]\b|\bsix\.PY|\bsys\.platform\b|\bplatform\.\w+|"
                      r"\bos\.name\b|\bpython_version\b|\bIS_PY\w*|\bPYTHON[23]\b")
_OPS = {"==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "is", "in"}
_TOKEN = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d+)?|==|!=|<=|>=|[<>]|\S")
_NAME = re.compile(r"[A-Za-z_]\w*")


@dataclass(frozen=True)
class Confidence:
    level: str                                  # HIGH | SPECULATIVE
    why: str                                    # the reasons, in words (one or more sentences)
    reasons: tuple[str, ...] = field(default_factory=tuple)

    @property
    def high(self) -> bool:
        return self.level == HIGH


@dataclass(frozen=True)
class Evidence:
    """What the run knows beyond the diff, for every candidate alike."""
    expectation: Expectation | None = None      # what the issue says the call should give
    faulting: frozenset[str] = frozenset()      # names on the crash line and the values the debugger read there
    disagree: str = ""                          # the overfitting guard: validated candidates answer differently
    guard_skipped: str = ""                     # why the overfitting guard did not run ("" : it ran, or one candidate)
    skip_said: str = ""                         # the issue's words that the item should be skipped ("... skipping")


def judge(diff: str, template: str, evidence: Evidence, *, meets: bool | None = None, said: str = "",
          review: str = "") -> Confidence:
    """The confidence in one validated candidate. `meets`: whether the regression test's assertion of
    what the issue expects passed with it (None: there was none); `said`: its failure message;
    `review`: the second opinion's reason when it judged the patch to hide the symptom."""
    reasons: list[str] = []
    expect = evidence.expectation
    met = expect is not None and meets is True
    if expect is not None and meets is False:
        reasons.append(f"the issue expects the call to {expect.words()}, and with this patch it does not"
                       + (f" ({said})" if said else ""))
    elif expect is not None and meets is None:
        reasons.append(f"the issue expects the call to {expect.words()}, and no test checked that")
    added, removed = _changed(diff)
    skips = bool(evidence.skip_said) and skips_only(added)
    if not met and not skips:
        swallow = swallows(added)
        if swallow:
            reasons.append(f"it {swallow}, and nothing in the issue says that is the right answer")
    version = [ln.strip() for ln in added + removed if _VERSION.search(ln)]
    if version:
        reasons.append(f"it changes a Python-version or platform check (`{version[0][:80]}`)")
    for old, new in flips(removed, added):
        if not (set(_NAME.findall(old)) & evidence.faulting) and not version:
            reasons.append(f"it changes the condition `{old.strip()[:80]}` to `{new.strip()[:80]}`, which is not "
                           f"about the value that crashed")
            break
    kind = kind_of(template)
    if kind == SUPPRESSION and not skips and not met and not any(r.startswith("it ") for r in reasons):
        reasons.append("it keeps the crash from happening (a guard or a default) rather than changing what "
                       "produced the bad value")
    elif kind == MUTATION and not met and not reasons:
        reasons.append("it is a one-token change that ends the crash; the issue states no expected result "
                       "to confirm it is the intended behaviour")
    if evidence.disagree:
        reasons.append(f"the validated candidates disagree on inputs generated around the failing call "
                       f"({evidence.disagree[:200]})")
    if evidence.guard_skipped:
        reasons.append(f"the overfitting guard did not run ({evidence.guard_skipped})")
    if review:
        reasons.append(f"the second opinion says it hides the symptom: {review[:300]}")
    if reasons:
        return Confidence(SPECULATIVE, _sentence("Speculative: ", reasons), tuple(reasons))
    good = (f"with this patch the call does {expect.words()}, as the issue expects" if met else
            f"the patch skips the item, as the issue says the program should ({evidence.skip_said!r})" if skips else
            "the issue states no expected result; the patch adds no default answer and changes no condition "
            "away from the value that crashed")
    return Confidence(HIGH, f"High: the crash is gone, no test broke, and {good}.", (good,))


def skip_words(issue_text: str) -> str:
    """The issue's (or the program's own output's) words that the item is to be skipped, or ""."""
    # The pattern is searched only around the first "skip" (a match holds it and starts at most 60
    # characters before it): searched over the whole text it tried 60 characters at every offset.
    first = _SKIP_WORD.search(issue_text or "")
    if not first:
        return ""
    m = _SKIP_CONTEXT.search(issue_text, max(0, first.start() - 60), first.start() + 200)
    if not m:
        return ""
    words = m.group(0).split()
    return " ".join(words[1:] if m.start() and issue_text[m.start() - 1].isalnum() else words)


_SKIP_WORD = re.compile(r"\bskip(?:s|ped|ping)?\b", re.I)
_SKIP_CONTEXT = re.compile(r"[^\n.]{0,60}\bskip(?:s|ped|ping)?\b[^\n.]{0,40}", re.I)


def skips_only(added: list[str]) -> bool:
    """The added lines are one guard whose body is `continue` (the item skipped, nothing else)."""
    code = [ln.strip() for ln in added if ln.strip()]
    return len(code) == 2 and code[0].startswith("if ") and code[0].endswith(":") and code[1] == "continue"


def swallows(added: list[str]) -> str:
    """How the added lines hide the exception ("" when they do not): a caught exception answered with a
    default or nothing, or an early default return."""
    for i, line in enumerate(added):
        if _EXCEPT.match(line):
            body = next((ln for ln in added[i + 1:] if ln.strip()), "")
            if _SWALLOW.match(body):
                return f"catches the exception (`{line.strip()[:60]}`) and answers `{body.strip()[:40]}`"
            return f"catches the exception (`{line.strip()[:60]}`)"
    for line in added:
        if _RETURN_DEFAULT.match(line):
            return f"returns a default (`{line.strip()[:40]}`) where the code crashed"
    if any(re.search(r"\bdefault\s*=", ln) for ln in added):
        return "gives a default value where the code crashed"
    return ""


def flips(removed: list[str], added: list[str]) -> list[tuple[str, str]]:
    """(old, new) line pairs that differ only in comparison or boolean operators."""
    out = []
    for old, new in zip(removed, added):
        a, b = _TOKEN.findall(old), _TOKEN.findall(new)
        diff = [(x, y) for x, y in zip(a, b) if x != y]
        if len(a) == len(b) and diff and all(x in _OPS and y in _OPS for x, y in diff):
            out.append((old, new))
        elif len(a) != len(b) and set(a) ^ set(b) <= _OPS and (set(a) ^ set(b)):
            out.append((old, new))          # `not` added or dropped, `and`/`or` changed in length
    return out


def faulting_names(*texts: str) -> frozenset[str]:
    """The identifiers in the crash line and the debugger's expressions."""
    return frozenset(n for t in texts for n in _NAME.findall(t or "") if n not in _OPS)


def _changed(diff: str) -> tuple[list[str], list[str]]:
    added = [ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    removed = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    return added, removed


def _sentence(head: str, reasons: list[str]) -> str:
    return head + "; ".join(reasons) + "."
