"""When two issues report one crash: the keys a parsed report is grouped on, and the groups they make.

Two reports are one crash when they share a key (then, transitively, a group: union-find over keys, never
a pairwise parse, so thousands of issues group in linear time). A report has at most two keys:

- its **signature** (`CrashReport.signature`, built by its parser): the exception and the guilty frame
  (the project's innermost frame), with the message where the exception's message names the data; a
  report with no frame has a repository-scoped, title-level signature or none (agent/reports/__init__.py);
- its **message key**, for the kinds whose crash is an exception with a message (Python, JVM, Go, Rust):
  the exception's short name and its normalised message, in one repository, and only when that message
  *discriminates*: it names something of the program (a quoted value, an identifier such as
  `get_throttling_function_name` or `streamingData`) and is not one of the runtime's generic messages
  (`'NoneType' object has no attribute 'x'`, `list index out of range`, `index out of range [N] with
  length N`, `called \\`Option::unwrap()\\` on a \\`None\\` value`...), which every program raises in many
  places. It joins reports of one crash whose stacks were cut at different frames, or that have none.

A native report (sanitizer, gdb, cdb) or a kernel report has no message key: its message is an address
and a type; its frames (in the signature) and, for the kernel, syzkaller's title say which crash it is.

`RULE` names this rule's version: a stored key made under another version is recomputed, never
compared with a key of this one (bot/backlog/signatures.py, bot/backlog/store.py).
"""
from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from agent.reports.model import CrashReport, Frame

RULE = "2"                 # "1": the signature alone (no message key; rows stored before this column)

MESSAGE_KINDS = ("python", "jvm", "java", "go", "rust")

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
# a message made comparable: its first line, quotes made straight, numbers `#`, addresses `0x`, paths `/…`
_CURLY = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_PATH = re.compile(r"(?:[A-Za-z]:)?[\\/][^\s'\",:)]+")
_NUM = re.compile(r"\d+")
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
    line = _NUM.sub("#", _PATH.sub("/…", _HEX.sub("0x", line)))
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
    """What a report is grouped on. Two reports are one crash when an anchor of one is among the
    anchors or reaches of the other: a signature is both an anchor and a reach; a framed report's
    message key anchors at its guilty frame and reaches every frame of its stack (one stack cut at
    another frame still meets it; two full stacks that crash in two places do not); a frameless
    report's message key is an anchor every framed report with that message reaches."""
    anchors: tuple[str, ...] = ()
    reaches: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.anchors)

    def same(self, other: Keys) -> bool:
        mine, theirs = set(self.anchors), set(other.anchors)
        return bool(mine & (theirs | set(other.reaches)) or theirs & set(self.reaches))

    def to_json(self) -> dict:
        return {"anchors": list(self.anchors), "reaches": list(self.reaches)}

    @classmethod
    def from_json(cls, d: dict | None) -> Keys:
        d = d or {}
        return cls(tuple(d.get("anchors") or ()), tuple(d.get("reaches") or ()))


def keys(report: CrashReport | None, repo: str | None) -> Keys:
    """The keys `report` groups on (none: it stands alone)."""
    if report is None:
        return Keys()
    anchors = [report.signature] if report.signature else []
    reaches: list[str] = []
    said = message_key(report, repo)
    if said and report.guilty is not None:
        anchors.append(f"{said}|{_frame_id(report.guilty)}")
        reaches += [said] + [f"{said}|{_frame_id(f)}" for f in report.frames]
    elif said:
        anchors.append(said)
    return Keys(tuple(dict.fromkeys(anchors)), tuple(k for k in dict.fromkeys(reaches) if k not in anchors))


def groups(items: Iterable[tuple[Hashable, Keys]]) -> list[list[Hashable]]:
    """Union-find over keys: items (id, keys) one crash by `Keys.same`, directly or through others,
    make one group; an item with no key stands alone. Linear in the number of keys (no pairwise
    comparison). Groups and their members keep the input's order."""
    items = list(items)
    parent: dict[Hashable, Hashable] = {}
    reached: dict[str, list[Hashable]] = {}          # key -> the items that have it (anchor or reach)
    for item, k in items:
        parent.setdefault(item, item)
        for key in dict.fromkeys(k.anchors + k.reaches):
            reached.setdefault(key, []).append(item)

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
    out: dict[Hashable, list[Hashable]] = {}
    for item in dict.fromkeys(i for i, _ in items):
        out.setdefault(find(item), []).append(item)
    return list(out.values())
