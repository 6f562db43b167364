"""When two issues report one crash: the keys a parsed report is grouped on, and the groups they make.

The rule has one home, here: `crashfix backlog` (bot/backlog/summary.py), the triage job's duplicates
(bot/kinds/triage.py) and the triage benchmark (bench/bench_triage.py) all call it. Its evidence:

- the **signature** (`CrashReport.signature`, built by the report's parser): the exception and the
  guilty frame (the project's innermost frame), with the message where the exception's message names
  the data; a report with no frame has a repository-scoped, title-level signature or none
  (agent/reports/__init__.py). Two reports with one signature are one crash;
- the **message key**, for the kinds whose crash is an exception with a message (Python, JVM, Go,
  Rust): the exception's short name and its normalised message, in one repository, and only when that
  message *discriminates*: it names something of the program (a quoted value, an identifier such as
  `get_throttling_function_name` or `streamingData`) and is not one of the runtime's generic messages
  (`'NoneType' object has no attribute 'x'`, `list index out of range`, `index out of range [N] with
  length N`, `called Option::unwrap() on a None value`, a `NullPointerException`...), which every
  program raises in many places. Two framed reports with one message key are one crash when the guilty
  frame of one is on the other's stack (one paste cut at another frame; two full stacks that crash in
  two places are two crashes); a report with no frame joins the framed ones of its message key when
  they are one crash (when they are two, it could be either: it joins neither).

Keys are strings, so grouping is union-find over them, linear in their number (no pairwise parse,
thousands of issues at once): an *anchor* of one report meets the *anchors and reaches* of another
(`Keys`, `groups`).
A native report (sanitizer, gdb, cdb) or a kernel report has no message key: its message is an
address and a type; its frames (in the signature) and, for the kernel, syzkaller's title say which
crash it is.

`RULE` names this rule's version: a stored key made under another version is recomputed, never
compared with a key of this one (bot/backlog/signatures.py, bot/backlog/store.py).
"""
from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from agent.reports.families import ALL
from agent.reports.model import CrashReport, Frame

RULE = "2"                 # rows stored before this column (the signature alone) have none

# the rule in words, for the comments that name duplicates (each link of a group is one of these)
SAME_WORDS = "the same exception at the same place, or the same exception and message in this repository"

# the kinds whose crash is an exception with a message: their families say so (agent/reports/families.py)
MESSAGE_KINDS = tuple(k for f in ALL for k in f.kinds if f.by_message)

# the runtime's own messages: every program raises them in many places, so the message says nothing of
# which crash it is (the place does). Matched, case-insensitive, against the normalised message.
_GENERIC = re.compile("|".join((
    r"\bNoneType\b", r"\bnil\b", r"\bnull\b", r"NullPointer", r"\bundefined\b",  # a null dereference, any language
    r"index out of (?:range|bounds)", r"out of bounds", r"list index", r"string index", r"tuple index",
    r"slice bounds", r"\bindex #",
    r"Option::unwrap\(\)", r"Result::unwrap\(\)", r"Option::expect\(\)", r"\bunwrap\b",
    r"divi(?:de|sion) by zero", r"\bzero\b division", r"overflow", r"underflow", r"left == right",
    r"maximum recursion depth", r"stack overflow", r"out of (?:the )?memory", r"segmentation fault",
    r"values to unpack", r"concurrent map", r"deadlock", r"not subscriptable", r"not iterable",
    r"assignment to entry in nil map", r"invalid memory address", r"OutOfBounds", r"OutOfMemory",
    # Android's wrapper of any crash in a component's start (`Unable to start activity ComponentInfo{…}: …`)
    r"Unable to (?:start|create|resume|pause|stop|destroy|instantiate) (?:activity|service|receiver|application)",
)), re.I)

# what names something of the program: a quoted value with a letter in it, an identifier with `_`, a
# camelCase, PascalCase or dotted name, a `::` path
_QUOTED = re.compile(r"""'[^'\n]*[A-Za-z][^'\n]*'|"[^"\n]*[A-Za-z][^"\n]*"|`[^`\n]*[A-Za-z][^`\n]*`""")
_IDENTIFIER = re.compile(r"\b[A-Za-z]\w*_\w*[A-Za-z0-9]\b|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*"
                         r"|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b|\w::\w")
# a message made comparable: its first line, quotes made straight, numbers `#`, addresses `0x…`, paths `/…`
_CURLY = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_PATH = re.compile(r"(?:[A-Za-z]:)?[\\/][^\s'\",:)]+")
_NUM = re.compile(r"\d+(?!x…)")
_SPACE = re.compile(r"\s+")
# Python 2 and 3 say one AttributeError two ways: `'module' object has no attribute 'x'` and
# `module 'site' has no attribute 'x'`; both are (module, x)
_PY_ATTRIBUTE = re.compile(r"^(?:'(\w+)' object|(module) '[\w.]+') has no attribute '?(\w+)'?")


def discriminates(message: str, exc_type: str = "") -> bool:
    """Whether a normalised message names something of the program and is not a runtime's generic one
    (nor the message of a generic exception: a `NullPointerException` names the method it called on null)."""
    if not message or _GENERIC.search(message) or _GENERIC.search(exc_type):
        return False
    return bool(_QUOTED.search(message) or _IDENTIFIER.search(message))


def normalised(message: str, kind: str = "") -> str:
    """The message's first line made comparable across reports of one crash (long values are kept:
    two reports that differ in one are not matched by their message)."""
    line = (message or "").strip().split("\n", 1)[0][:400].translate(_CURLY)
    if kind == "python":
        m = _PY_ATTRIBUTE.match(line)
        if m:
            line = f"'{m.group(1) or m.group(2)}' object has no attribute '{m.group(3)}'"
    line = _NUM.sub("#", _PATH.sub("/…", _HEX.sub("0x…", line)))
    return _SPACE.sub(" ", line).strip()[:120]


def message_key(report: CrashReport, repo: str | None) -> str:
    """The exception and its discriminating message in one repository; "" when the report has no
    repository, is not an exception with a message, or its message could be any crash's."""
    if not repo or report.kind not in MESSAGE_KINDS:
        return ""
    said = normalised(report.message, report.kind)
    short = re.split(r"[.$]", (report.type or "").strip())[-1]
    if not discriminates(said, short):
        return ""
    return f"msg:{report.kind}:{short}:{said}@{repo.strip('/').lower()}"


def _frame_id(f: Frame) -> str:
    base = re.split(r"[\\/]", (f.file or "").strip())[-1]
    return f"{f.function}@{base}"


@dataclass(frozen=True)
class Keys:
    """What a report is grouped on.

    - `anchors` meet the anchors and `reaches` of another report: a signature is an anchor; a framed
      report's message key anchors at its guilty frame and reaches every frame of its stack (a stack
      cut at another frame still meets it; two whole stacks that crash in two places do not);
    - `joins`: a report with no frame and a discriminating message joins the framed reports of that
      message, when they are one crash; when they are two or more, it could be either and joins
      none of them (it still groups with the other frameless reports of its message)."""
    anchors: tuple[str, ...] = ()
    reaches: tuple[str, ...] = ()
    joins: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.anchors or self.joins)

    def to_json(self) -> dict:
        return {"anchors": list(self.anchors), "reaches": list(self.reaches), "joins": list(self.joins)}

    @classmethod
    def from_json(cls, d: dict | None) -> Keys:
        d = d or {}
        return cls(*(tuple(d.get(name) or ()) for name in ("anchors", "reaches", "joins")))


def keys(report: CrashReport | None, repo: str | None) -> Keys:
    """The keys `report` groups on (none: it stands alone)."""
    if report is None:
        return Keys()
    anchors = [report.signature] if report.signature else []
    said = message_key(report, repo)
    if not said:
        return Keys(tuple(anchors))
    if report.guilty is None:
        return Keys(tuple(anchors), joins=(said,))
    anchors.append(f"{said}|{_frame_id(report.guilty)}")
    # a frame also reaches its function with no file: a paste whose guilty frame lost its file (a frame's
    # tail quoted alone) anchors on `function@`
    reaches = [said] + [k for f in report.frames for k in (f"{said}|{_frame_id(f)}", f"{said}|{f.function}@")]
    return Keys(tuple(anchors), tuple(k for k in dict.fromkeys(reaches) if k not in anchors))


def groups(items: Iterable[tuple[Hashable, Keys]]) -> list[list[Hashable]]:
    """The rule over many reports: items (id, keys) that meet by their keys (`Keys`), directly or
    through others, make one group; an item with no key stands alone. Union-find, linear in the number
    of keys (no pairwise comparison). Groups and their members keep the input's order."""
    items = list(items)
    parent: dict[Hashable, Hashable] = {}
    reached: dict[str, list[Hashable]] = {}          # key -> the items whose anchors or reaches hold it
    joining: dict[str, list[Hashable]] = {}          # key -> the frameless items that join on it
    for item, k in items:
        parent.setdefault(item, item)
        for key in dict.fromkeys(k.anchors + k.reaches):
            reached.setdefault(key, []).append(item)
        for key in k.joins:
            joining.setdefault(key, []).append(item)

    def find(x: Hashable) -> Hashable:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: Hashable, b: Hashable) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra

    joined: dict[str, Hashable] = {}                 # an anchor whose reachers are already one set
    for item, k in items:
        for key in k.anchors:
            if key in joined:
                union(joined[key], item)
                continue
            for other in reached.get(key, ()):
                union(item, other)
            joined[key] = item
    for key, frameless in joining.items():
        for other in frameless[1:]:
            union(frameless[0], other)
        framed = {find(other) for other in reached.get(key, ())}
        if len(framed) == 1:                          # the framed reports of this message are one crash
            union(framed.pop(), frameless[0])
    out: dict[Hashable, list[Hashable]] = {}
    for item in dict.fromkeys(i for i, _ in items):
        out.setdefault(find(item), []).append(item)
    return list(out.values())
