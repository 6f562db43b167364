"""A C crash described in words, with no sanitizer output or backtrace pasted ("a segmentation fault
happened in `cJSON_SetValuestring`", "Heap-based Buffer Overflow in modbus_reply"), but with something
to run (a program, a fragment, a recipe).

A maintainer handed such an issue runs its reproducer under the sanitizers and reads the report that
run prints. So does crashfix: the issue's words give a provisional report (the kind of memory error
and the functions they name, `extra["described"]`); a run of the issue's reproducer counts when its
sanitizer report passes through one of the named functions in the tree's code (or, when none is named,
is in the tree's code), and that report then stands for the crash (agent/native/path.py). An issue
with nothing to run is not a crash report here: nothing is built for it.
"""
from __future__ import annotations

import re

from agent.reports.fences import without_blocks
from agent.reports.model import CrashReport, Frame

# the memory error a reporter names, and the sanitizer's name for it
KINDS = [
    (r"heap[- ](?:based[- ])?buffer[- ]over(?:flow|read|write)", "heap-buffer-overflow"),
    (r"stack[- ](?:based[- ])?buffer[- ]over(?:flow|read|write)", "stack-buffer-overflow"),
    (r"global[- ](?:based[- ])?buffer[- ]over(?:flow|read|write)", "global-buffer-overflow"),
    (r"(?:heap[- ])?use[- ]after[- ]free", "heap-use-after-free"),
    (r"double[- ]free", "double-free"),
    # glibc's heap checks abort with these (`free(): invalid pointer`, `malloc(): unaligned tcache chunk
    # detected`, `munmap_chunk(): invalid pointer`): the heap was corrupted or a pointer freed twice
    (r"\b(?:free|malloc|realloc|munmap_chunk|malloc_consolidate)\(\):\s+(?:invalid|unaligned|corrupted|memory corruption)",
     "heap-corruption"),
    (r"\bcorrupted (?:double-linked list|size vs\.? prev_size|top size|unsorted chunks)", "heap-corruption"),
    (r"null[- ]pointer[- ](?:dereference|deref|access)", "SEGV"),
    (r"segmentation[- ]fault|\bsegfault|\bSEGV\b", "SEGV"),
    (r"memory[- ]leak", "leak"),
    # an assertion the input trips ("Input triggering assertion", "assertion failed"): the program's own
    # check, or, built without it (NDEBUG, a release build), undefined behaviour UBSan reports
    (r"\b(?:trigger\w*|hit\w*|lead\w* to|leading to|caus\w*)\s+(?:an?\s+|the\s+)?assert(?:ion)?s?\b"
     r"|\bassert(?:ion)?\s+(?:failure|failed|fails|violation)", "assert"),
]
CRASH = re.compile("|".join(f"(?P<k{i}>{p})" for i, (p, _) in enumerate(KINDS)), re.I)
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
# `name`, `name()`, name() in the prose; "in function name", "in name" when the name is not a word
NAMED = re.compile(rf"`({IDENT})(?:\(\))?`|\b({IDENT})\(\)|\bfunction\s+({IDENT})\b|\b(?:in|at)\s+(?!function\b)({IDENT})\b")
LIBC = {"strlen", "strcpy", "strcmp", "memcpy", "memmove", "memset", "malloc", "free", "calloc", "realloc",
        "printf", "sprintf", "snprintf", "fprintf", "main", "NULL", "strdup", "abort"}


def _prose(text: str) -> str:
    """The issue's words outside code fences (a quoted function's code names every callee)."""
    return without_blocks(text, sep="\n")


def _kind(prose: str) -> str | None:
    m = CRASH.search(prose)
    if m is None:
        return None
    return next(KINDS[int(k[1:])][1] for k, v in m.groupdict().items() if v)


def named_functions(prose: str) -> list[str]:
    """C functions the prose names: in backticks or with `()`, after "function", or after "in"/"at" when
    the name cannot be an English word (it holds `_` or an inner capital)."""
    out = []
    for m in NAMED.finditer(prose):
        name = next(g for g in m.groups() if g)
        loose = m.group(3) is not None or m.group(4) is not None
        if name in LIBC or (loose and not re.search(r"_|[a-z][A-Z]", name)):
            continue
        out.append(name)
    return list(dict.fromkeys(out))


def describe(text: str, reproducers: list[str]) -> CrashReport | None:
    """The provisional report of a crash described in words (None when the prose names no memory error)."""
    prose = _prose(text)
    kind = _kind(prose)
    if kind is None:
        return None
    names = named_functions(prose)
    where = f" in {names[0]}" if names else ""
    return CrashReport(kind="sanitizer", type=kind, title=f"{kind}{where} (described in the issue)",
                       message=CRASH.search(prose).group(0), frames=[Frame(function=n) for n in names[:1]],
                       guilty=Frame(function=names[0]) if names else None, reproducers=list(reproducers),
                       signature=f"described:{kind}:{names[0] if names else ''}",
                       # every memory error named here is AddressSanitizer's: the build uses it alone
                       # (agent/native/build.py sanitizers_for), so UBSan's object-size check cannot
                       # report the same overflow first under another name; an assertion builds with
                       # both (a release build's unreachable point is UBSan's)
                       extra={"described": True, "named": names,
                              **({} if kind == "assert" else {"tool": "AddressSanitizer"})})


def accepts(want: CrashReport, got: CrashReport | None, in_tree) -> bool:
    """A run's crash `got` is the described one: a sanitizer's report that passes through a function
    the issue names, in the tree's code (`in_tree(frame)`); none named: any sanitizer report in the tree's
    code (words are loose: glibc's "double free or corruption" of an out-of-bounds write is ASan's
    heap-buffer-overflow, or its SEGV when the write lands far away); an assertion described: the
    program's own assertion failing, too."""
    if got is None or not (got.kind == "sanitizer" or want.type == "assert" and got.type == "assert"):
        return False
    own = [f for f in got.frames if in_tree(f)]
    if not got.frames and want.type == "assert" and got.type == "assert" and (got.extra or {}).get("file"):
        own = [f for f in [Frame(function="", file=got.extra["file"])] if in_tree(f)]   # `md4c.c:3909: Assertion …`
    names = set(want.extra.get("named") or ())
    return any(f.function in names for f in own) if names else bool(own)


def stands_for(want: CrashReport, got: CrashReport) -> CrashReport:
    """The reproduced crash's report, standing for the one the issue described in words."""
    got.reproducers = list(want.reproducers)
    got.extra = {**(got.extra or {}), "described": True, "named": want.extra.get("named") or [],
                 "described_as": want.message}
    return got
