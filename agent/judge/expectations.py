"""What the issue says the code should do instead of crashing: a value ("I would expect `'-1st'`",
"should return None", "expected: X", a `>>>` session after "Expected:") or an exception ("should
raise ValueError", "re-raise a proper DecodeError", "a DecodeError would be better", "should give an
error"), read from its prose.

Pure: text in, an `Expectation` (or None) out. Issue text is untrusted; what is kept is a Python
literal (checked by `ast.literal_eval`), a printed form, or exception class names. Every pattern is
linear (tests/security/test_parser_catastrophes.py): bounded repeats, no nested quantifiers over the
same characters, `[^\\S\\n]` where `\\s` would cross lines. Negated forms ("must NOT raise X", "should
not return None", "I don't expect a ValueError") are not read as the positive.
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
# "should raise `ValueError`", "it would be preferable ... to raise `A` or `B`", "expected to raise a KeyError",
# "should re-raise a proper DecodeError", "ought to throw a `ParseError`", "should fail with a ConfigError"
_ADJ = (r"(?:(?:proper|clear(?:er)?|custom|specific|meaningful|dedicated|informative|appropriate|better|nicer|"
        r"more\s+(?:specific|helpful|meaningful|informative|appropriate|descriptive))\s+)?")
_RAISES = re.compile(
    r"(?<!not )(?<!n't )\b(?:should|would|must|to|ought\s+to|please|expect(?:ed)?(?:\s+it)?\s+to)\s+(?:instead\s+)?"
    r"(?:rather\s+)?(?:re-?raise|raise|re-?throw|throw|fail\s+with)\s+((?:an?\s+|the\s+)?" + _ADJ +
    r"`?[A-Za-z_][\w.]{0,120}`?(?:\s*(?:,|or|and/or)\s*(?:an?\s+)?`?[A-Za-z_][\w.]{0,120}`?){0,4})", re.I)
_CLASS = re.compile(r"`?([A-Za-z_][\w.]*)`?")
# an exception class named in prose beside a wish: "I'd expect a DecodeError", "a proper `DecodeError`",
# "a DecodeError would be more appropriate" (the class name must look like one: ...Error/Exception/Warning)
_EXC = r"`?((?:[A-Za-z_]\w{0,60}\.){0,4}[A-Z]\w{0,60}(?:Error|Exception|Warning))`?"
_NAMED = re.compile(
    r"\b(?:expect(?:ed|ing)?|prefer|want(?:ed)?|rather\s+(?:get|see|have)|hope\s+for)\s+(?:to\s+(?:get|see|receive)\s+)?"
    r"(?:an?\s+|the\s+)?" + _ADJ + _EXC +
    r"|\b(?:an?|the)\s+" + _EXC + r"\s+(?:would|should|might|could)\s+be\s+(?:much\s+|far\s+|a\s+lot\s+)?"
    r"(?:better|appropriate|expected|correct|right|nicer|preferable|clearer|more\s+\w{1,20})"
    r"|\b(?:proper|dedicated|(?:the\s+)?(?:library|package|module)'s\s+own|its\s+own)\s+" + _EXC, re.I)
# "should give an error", "instead of crashing it should raise an exception", "I'd expect an error",
# "should fail with a clear error message"
_ERROR = re.compile(
    r"\b(?:should|would|must|ought\s+to|expect(?:ed)?(?:\s+it)?\s+to|I(?: would|'d)\s+expect|expected)\s+"
    r"(?:instead\s+|rather\s+|just\s+)?(?:(?:give|raise|throw|return|show|produce|fail\s+with|report|be)\s+)?"
    r"(?:an?\s+|some\s+(?:kind\s+of\s+)?)?" + _ADJ + r"(?:(?:user|input|validation|value)\s+)?(?:error|exception)\b"
    # "a clearer error would help", "a proper exception would be better"
    r"|\b(?:an?\s+)?(?:clear(?:er)?|proper|better|meaningful|nicer|more\s+(?:helpful|meaningful|specific|informative))"
    r"\s+(?:error|exception)(?:\s+message)?\s+(?:would|should|could)\s+(?:help|be\s+(?:better|nice|nicer|good|great|preferable))",
    re.I)
# "should return None", "I'd expect it to return an empty list", "instead of crashing it should return False"
_WORDS = {"none": "None", "true": "True", "false": "False", "zero": "0", "list": "[]", "dict": "{}",
          "dictionary": "{}", "string": "''", "str": "''", "tuple": "()", "set": "set()"}
_VALUE_WORD = re.compile(
    r"\b(?:should|would|must|ought\s+to|expect(?:ed)?\s+(?:it\s+|this\s+|that\s+)?to)\s+(?:instead\s+|just\s+|simply\s+)?"
    r"(?:return|give|be|yield|produce)\s+(?:back\s+)?"
    r"(None|True|False|zero|(?:an?\s+|the\s+)?empty\s+(list|dict(?:ionary)?|string|str|tuple|set))\b", re.I)
# "I'd expect the text back unchanged", "should return the input unchanged", "it should be a no-op": the call
# should give back what it was given; the value is the issue's own snippet's argument (`_given`)
_UNCHANGED = re.compile(
    r"\b(?:expect(?:ed)?|should|would|must|ought\s+to|want(?:ed)?)\s+(?:(?:it|this|that)\s+)?(?:to\s+)?"
    r"(?:(?:get|give|return|leave|have|see|be)\s+)?(?:(?:back|just|simply)\s+)?"
    r"(?:(?:the|my|its|their|our)\s+(?:text|string|input|value|data|argument|list|items?)\s+)?(?:back\s+)?"
    r"(?:unchanged|untouched|unmodified|as[^\S\n]+is\b|an?\s+no-?op\b)", re.I)
_FENCE = re.compile(r"^[^\S\n]*(?:```|~~~)[^\n]{0,40}\n(.{0,6000}?)^[^\S\n]*(?:```|~~~)", re.M | re.S)
# "I would expect `InvalidVersion` like for any other bad version, which we already catch": a bare CapWords
# name in a sentence about raising or catching is the class the call should raise, not a printed value
_CLASS_WORD = re.compile(r"(?:[A-Za-z_]\w{0,60}\.){0,4}[A-Z][a-z0-9]{1,30}(?:[A-Z][A-Za-z0-9]{0,30}){1,6}")
_ERROR_TALK = re.compile(r"\b(?:rais\w*|catch\w*|caught|throw\w*|except\w*|errors?)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no\s+longer|nor)\b|n't\b", re.I)
_UNWANTED = re.compile(r"(?:\binstead\s+of|\brather\s+than|\bnot|\bthan|\bof)\s+(?:an?\s+|the\s+)?`?$", re.I)
_TRACEBACK_LINE = re.compile(r"^\s*(?:File \"|Traceback \(|[\w.]+(?:Error|Exception|Warning)\b:)")
_EXC_LINE = re.compile(r"^[^\S\n]*((?:[A-Za-z_]\w{0,60}\.){0,4}[A-Z]\w{0,60})(?::|$)")
_SESSION_CUE = re.compile(r"\b(?:expect(?:ed|ing)?|should|desired|intended|correct\s+(?:output|behaviou?r))\b", re.I)
_PROMPT = re.compile(r"^[^\S\n]*(?:>>>|\.\.\.)(?: |$)")


@dataclass(frozen=True)
class Expectation:
    """`kind` "value": the crashing call should give `value` (a literal when `literal`, else what
    print shows); kind "raises": it should raise one of `raises` (class names), or, with `raises`
    empty, an exception the code raises on purpose other than `instead_of` (the reported one: "should
    give an error"). `quote` is the sentence it was read from; `source` "issue" (this module) or
    "model" (the research strategy)."""
    kind: str
    value: str = ""
    literal: bool = False
    raises: tuple[str, ...] = ()
    quote: str = ""
    source: str = "issue"
    instead_of: str = ""

    def words(self) -> str:
        """What is expected, in words: "return '-1st'", "raise JsonPatchConflict or InvalidJsonPatch"."""
        if self.kind == "raises":
            if not self.raises:
                return "raise an error of its own" + (f" (not {self.instead_of})" if self.instead_of else "")
            return "raise " + " or ".join(self.raises)
        return f"return {self.value}" if self.literal else f"print {self.value}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "value": self.value, "literal": self.literal, "raises": list(self.raises),
                "quote": self.quote, "source": self.source, "instead_of": self.instead_of or None}


def parse(text: str, reported: str = "") -> Expectation | None:
    """The first stated expectation of `text`, or None. `reported` (the crash's exception type) is
    never an expected exception: the issue is about it. A cue whose value cannot be read (a sentence,
    an expression) is skipped, never an error."""
    reported = (reported or "").rsplit(".", 1)[-1]
    # traceback lines blanked, not removed: positions stay those of `text`, so forms compare by place
    prose = "\n".join(" " * len(line) if _TRACEBACK_LINE.match(line) else line for line in (text or "").split("\n"))
    found: list[tuple[int, Expectation]] = []
    # the first expectation of each form is enough (the earliest of them wins): a body of a thousand
    # cues costs one sentence cut each, not a thousand
    for m in _VALUE.finditer(prose):
        said = _sentence(prose, m.start())
        exp = _raises(m.group(1), reported, said) if _CLASS_WORD.fullmatch(m.group(1).strip()) and \
            _ERROR_TALK.search(said) else _value(m.group(1), said)
        if exp and not _negated(prose, m.start(), m.start(1)):
            found.append((m.start(), exp))
            break
    for m in _VALUE_LINE.finditer(prose):
        exp = _value(m.group(1).strip().strip("`"), m.group(0).strip(), bare=True)
        if exp:
            found.append((m.start(), exp))
            break
    for m in _VALUE_WORD.finditer(prose):
        if not _negated(prose, m.start(), m.start(1)):
            word = (m.group(2) or m.group(1)).lower()
            found.append((m.start(), Expectation("value", _WORDS[word[:4] if word.startswith("dict") else word], True,
                                                 quote=_sentence(prose, m.start()))))
            break
    for m in _UNCHANGED.finditer(prose):
        given = _given(text or "")
        if given and not _negated(prose, m.start(), m.end()):
            found.append((m.start(), Expectation("value", given, True, quote=_sentence(prose, m.start()))))
        break
    for m in _RAISES.finditer(prose):
        exp = _raises(m.group(1), reported, _sentence(prose, m.start()))
        if exp and not _negated(prose, m.start(), m.start(1)):
            found.append((m.start(), exp))
            break
    for m in _NAMED.finditer(prose):
        at = next(i for i in (1, 2, 3) if m.group(i))
        if _negated(prose, m.start(), m.start(at)) or _UNWANTED.search(prose[max(0, m.start(at) - 20):m.start(at)]):
            continue
        exp = _raises(m.group(at), reported, _sentence(prose, m.start()))
        if exp:
            found.append((m.start(), exp))
            break
    for m in _ERROR.finditer(prose):
        if not _negated(prose, m.start(), m.end()):
            found.append((m.start(), Expectation("raises", quote=_sentence(prose, m.start()), instead_of=reported)))
            break
    session = _session(text or "", reported)
    if session:
        found.append(session)
    # at one place, the most specific reading: a value or named class before "an error"
    return min(found, key=lambda f: (f[0], not f[1].raises and f[1].kind == "raises"))[1] if found else None


_CUE = re.compile(r"\b(?:I(?: would|'d)\s+expect|expected(?:\s+(?:result|output|behaviou?r))?\s*:|should\s+(?:instead\s+)?"
                  r"(?:return|raise|give|be|print))\b", re.I)


def unread(text: str) -> str:
    """When `parse` found nothing: the first sentence that states an expectation crashfix cannot read
    (not a literal, a class name or an error), for a note; "" when the issue states none."""
    prose = "\n".join(" " * len(ln) if _TRACEBACK_LINE.match(ln) else ln for ln in (text or "").split("\n"))
    m = _CUE.search(prose)
    return _sentence(prose, m.start()) if m and not _negated(prose, m.start(), m.end()) else ""


def _negated(text: str, start: int, end: int) -> bool:
    """A negation between the cue and what it names, or just before the cue ("I do not expect")."""
    return bool(_NEGATED.search(text, max(0, start - 12), end))


def _value(text: str, quote: str, *, bare: bool = False) -> Expectation | None:
    text = text.strip()
    if not text or len(text) > 200 or text.startswith((">>>", "...")):
        return None      # a prompt: the session below the cue is read as a session (_session)
    try:
        ast.literal_eval(text)
        return Expectation("value", text, True, quote=quote)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    if (bare and " " in text) or re.search(r"[(){}\[\]=]|\b(?:raise|error|exception|work|crash)\b", text, re.I):
        return None      # a sentence or an expression, not a value: nothing to compare against
    return Expectation("value", text, False, quote=quote)


def _given(text: str) -> str:
    """The one literal the issue's snippet hands the call it prints (`print(cleaner.sub('a b'))`, `>>> f(x)` with
    `x = [1]` above it), as a literal's source; "" when the snippet has no such call, or several. Read with
    `ast` from the text (never run)."""
    found: list[str] = []
    for block in _FENCE.findall(text):
        lines = block.split("\n")
        if any(_PROMPT.match(ln) for ln in lines):      # a session: its prompts are the code, the rest output
            code = "\n".join(_PROMPT.sub("", ln, count=1) for ln in lines if _PROMPT.match(ln))
        else:
            code = block
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            continue
        bound: dict[str, str] = {}
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                if (lit := _literal(stmt.value)) is not None:
                    bound[stmt.targets[0].id] = lit
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                call = stmt.value
                if isinstance(call.func, ast.Name) and call.func.id == "print" and len(call.args) == 1:
                    call = call.args[0]
                if isinstance(call, ast.Call) and len(call.args) == 1 and not call.keywords:
                    arg = call.args[0]
                    lit = bound.get(arg.id) if isinstance(arg, ast.Name) else _literal(arg)
                    if lit is not None:
                        found.append(lit)
    return found[0] if len(set(found)) == 1 else ""


def _literal(node: ast.expr) -> str | None:
    """`node`'s source when it is a Python literal (a string, a number, a container of them), else None."""
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return ast.unparse(node)


def _raises(group: str, reported: str, quote: str) -> Expectation | None:
    names = [n.rsplit(".", 1)[-1] for n in _CLASS.findall(group)]
    wanted = tuple(dict.fromkeys(n for n in names if n[:1].isupper() and n != reported
                                 and n not in ("None", "True", "False")))
    return Expectation("raises", raises=wanted, quote=quote) if wanted else None


def _session(text: str, reported: str) -> tuple[int, Expectation] | None:
    """A `>>>` session right after a line that says what is expected ("Expected behaviour:", "it
    should give:"): the last prompt's output is the value (or the exception) the call should give."""
    lines = text.split("\n")
    cue, pos = -10, 0
    for i, line in enumerate(lines):
        if _PROMPT.match(line) and line.lstrip().startswith(">>>") and i - cue <= 4 and not _NEGATED.search(lines[cue]):
            out = _session_output(lines, i)
            if out is not None:
                exp = _output(out, reported, lines[cue].strip()[:300])
                if exp is not None:
                    return pos, exp
            cue = -10
        elif _SESSION_CUE.search(line) and not _PROMPT.match(line):
            cue = i
        pos += len(line) + 1
    return None


def _session_output(lines: list[str], first: int) -> list[str] | None:
    """The output lines after the session's last prompt (None when the session has none)."""
    last, out = None, []
    for line in lines[first:first + 60]:
        if not line.strip() or line.lstrip().startswith(("```", "~~~")):
            break
        if _PROMPT.match(line) and (line.lstrip().startswith(">>>") or not out):   # `...` in a traceback is output
            last, out = line, []
        elif last is not None:
            out.append(line.strip())
    return out or None


def _output(out: list[str], reported: str, quote: str) -> Expectation | None:
    if out[0].startswith("Traceback ("):
        m = _EXC_LINE.match(out[-1])
        return _raises(m.group(1), reported, quote) if m else None
    return _value(out[0], quote, bare=True) if len(out) == 1 else None


def _sentence(text: str, at: int) -> str:
    dot, line = text.rfind(". ", 0, at), text.rfind("\n", 0, at)
    start = max(dot + 2 if dot != -1 else 0, line + 1)
    ends = [i for i in (text.find(". ", at), text.find("\n", at)) if i != -1]
    return " ".join(text[start:min(ends) + 1 if ends else len(text)].split())[:300]


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
