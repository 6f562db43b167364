"""What the issue says the code should do instead of crashing: a value ("I would expect `'-1st'`",
"should return X", "expected: X") or an exception ("should raise ValueError"), read from its prose.

Pure: text in, an `Expectation` (or None) out. Issue text is untrusted; what is kept is a Python
literal (checked by `ast.literal_eval`), a printed form in backticks, or exception class names.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# "I would expect `'-1st'`", "I'd expect it to return `3`", "expected `[]`", "should return `None`",
# "should be `'x'`", "the result should be `2`"
_VALUE = re.compile(
    r"(?:\b(?:I(?: would|'d)?|we(?: would|'d)?)\s+expect(?:ed)?(?:\s+(?:it|this|that|the\s+(?:result|output|call))"
    r"(?:\s+to\s+(?:be|return|give|print|output))?)?"
    r"|\bexpected(?:\s+(?:result|output|value|return(?:\s+value)?))?(?:\s*(?:is|was|would\s+be))?"
    r"|\bshould\s+(?:instead\s+)?(?:return|be|give|print|output|produce)"
    r"|\bought\s+to\s+(?:return|be))"
    r"\s*(?:[:=]\s*)?`([^`\n]{1,200})`", re.I)
# (one run of blanks between the cue and the value: `\s*(?:is|was)?\s*[:=]?\s*(?:\n\s*)?` was cubic on a
# run of blanks; `^[^\S\n]*`, not `^\s*`, below: a line's own blanks, not every blank line after it)
# "Expected: '-1st'" / "Expected output: 3" without backticks: a literal up to the end of the line
_VALUE_LINE = re.compile(r"^[^\S\n]*(?:[#>*-]\s*)?expected(?:\s+(?:result|output|value))?\s*:\s*(\S[^\n]{0,200})$", re.I | re.M)
# "should raise `ValueError`", "it would be preferable ... to raise `A` or `B`", "expected to raise a KeyError"
_RAISES = re.compile(
    r"(?<!not )(?<!n't )\b(?:should|would|must|to|expect(?:ed)?(?:\s+it)?\s+to)\s+(?:instead\s+)?raise\s+"
    r"((?:an?\s+)?`?[A-Za-z_][\w.]*`?(?:\s*(?:,|or|and/or)\s*(?:an?\s+)?`?[A-Za-z_][\w.]*`?){0,4})", re.I)
_CLASS = re.compile(r"`?([A-Za-z_][\w.]*)`?")
_TRACEBACK_LINE = re.compile(r"^\s*(?:File \"|Traceback \(|[\w.]+(?:Error|Exception|Warning)\b:)")


@dataclass(frozen=True)
class Expectation:
    """`kind` "value": the crashing call should give `value` (a literal when `literal`, else what
    print shows); kind "raises": it should raise one of `raises` (class names). `quote` is the
    sentence it was read from; `source` "issue" (this module) or "model" (the research strategy)."""
    kind: str
    value: str = ""
    literal: bool = False
    raises: tuple[str, ...] = ()
    quote: str = ""
    source: str = "issue"

    def words(self) -> str:
        """What is expected, in words: "return '-1st'", "raise JsonPatchConflict or InvalidJsonPatch"."""
        if self.kind == "raises":
            return "raise " + " or ".join(self.raises)
        return f"return {self.value}" if self.literal else f"print {self.value}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "value": self.value, "literal": self.literal, "raises": list(self.raises),
                "quote": self.quote, "source": self.source}


def parse(text: str, reported: str = "") -> Expectation | None:
    """The first stated expectation of `text`, or None. `reported` (the crash's exception type) is
    never an expected exception: the issue is about it."""
    prose = "\n".join(line for line in (text or "").splitlines() if not _TRACEBACK_LINE.match(line))
    found: list[tuple[int, Expectation]] = []
    # the first expectation of each kind is enough (the earliest of them wins): a body of a thousand
    # cues costs one sentence cut each, not a thousand
    for m in _VALUE.finditer(prose):
        exp = _value(m.group(1), _sentence(prose, m.start()))
        if exp:
            found.append((m.start(), exp))
            break
    for m in _VALUE_LINE.finditer(prose):
        exp = _value(m.group(1).strip().strip("`"), m.group(0).strip(), bare=True)
        if exp:
            found.append((m.start(), exp))
            break
    for m in _RAISES.finditer(prose):
        exp = _raises(m.group(1), reported, _sentence(prose, m.start()))
        if exp:
            found.append((m.start(), exp))
            break
    return min(found, key=lambda f: f[0])[1] if found else None


def _value(text: str, quote: str, *, bare: bool = False) -> Expectation | None:
    text = text.strip()
    if not text or len(text) > 200:
        return None
    try:
        ast.literal_eval(text)
        return Expectation("value", text, True, quote=quote)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    if (bare and " " in text) or re.search(r"[(){}\[\]=]|\b(?:raise|error|exception|work|crash)\b", text, re.I):
        return None      # a sentence or an expression, not a value: nothing to compare against
    return Expectation("value", text, False, quote=quote)


def _raises(group: str, reported: str, quote: str) -> Expectation | None:
    names = [n.rsplit(".", 1)[-1] for n in _CLASS.findall(re.sub(r"\b(?:an?|or|and)\b", " ", group))]
    wanted = tuple(dict.fromkeys(n for n in names if n[:1].isupper() and n != reported.rsplit(".", 1)[-1]))
    return Expectation("raises", raises=wanted, quote=quote) if wanted else None


def _sentence(text: str, at: int) -> str:
    dot, line = text.rfind(". ", 0, at), text.rfind("\n", 0, at)
    start = max(dot + 2 if dot != -1 else 0, line + 1)
    ends = [i for i in (text.find(". ", at), text.find("\n", at)) if i != -1]
    return text[start:min(ends) + 1 if ends else len(text)].strip()[:300]


# "no exception should be raised", "Expected: no error", "should not raise (an exception)", "shouldn't throw",
# "without raising an exception": the issue rules out any exception, not one class ("should not raise TypeError")
_NO_EXCEPTION = re.compile(
    r"\bno\s+(?:exceptions?|errors?|tracebacks?)\s+(?:should|is\s+expected|expected|at\s+all)"
    r"|\bexpected(?:\s+(?:behaviou?r|result|outcome))?\s*[:\-]\s*no\s+(?:exceptions?|errors?|crash|tracebacks?)\b"
    r"|\b(?:(?:should|must|would|to|does|do|will)\s+not|shouldn't|mustn't|wouldn't|won't|doesn't|never)\s+"
    r"(?:raise|throw)(?:\s+(?:an?|any)\s+(?:exceptions?|errors?)|\s+(?:exceptions?|errors?))?"
    r"(?=\s*(?:[.,;:!)]|$)|\s+(?:at\s+all|here|there|when|for|on|in|if|but|and|instead)\b)"
    r"|\bwithout\s+(?:raising|throwing)\s+(?:an?\s+|any\s+)?(?:exceptions?|errors?)", re.I | re.M)


def rules_out_exceptions(text: str) -> str:
    """The issue's sentence that says the call should raise no exception at all ("" when none does): then
    a patch that still raises another exception on the issue's input has not made the crash go away."""
    prose = "\n".join(line for line in (text or "").splitlines() if not _TRACEBACK_LINE.match(line))
    m = _NO_EXCEPTION.search(prose)
    return _sentence(prose, m.start()) if m else ""
