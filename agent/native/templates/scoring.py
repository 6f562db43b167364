"""How much each fix family fits each class of sanitizer crash (one place for the ranking)."""
from __future__ import annotations

import re

# crash class -> the families that fix it, with a relevance weight
RELEVANCE = {
    "null": {"entry_guard": 10, "null_guard": 10, "null_guard_caller": 8, "propagate": 6, "init": 2,
             "check_result": 6},
    "segv": {"null_guard": 7, "bounds_guard": 5, "loop_bound": 5, "null_guard_caller": 5, "alloc_size": 3,
             "init": 3, "free_later": 2, "null_after_free": 2, "scan_bound": 6, "read_check": 4, "compare_edge": 4,
             "propagate": 4, "own_guard": 5, "entry_guard": 7, "length_underflow": 6,
             "check_result": 5},
    "overflow": {"loop_bound": 9, "alloc_size": 9, "bounds_guard": 8, "size_overflow": 6, "widen": 3,
                 "scan_bound": 9, "read_check": 8, "compare_edge": 7, "propagate": 6, "own_guard": 9,
                 "length_underflow": 9, "check_result": 6},
    "uaf": {"free_later": 10, "null_after_free": 5, "drop_free": 4, "null_guard": 1},
    "double_free": {"null_after_free": 10, "drop_free": 9, "free_later": 3},
    "uninit": {"init": 10, "calloc": 9, "memset": 7, "check_result": 4},
    "int_overflow": {"size_overflow": 10, "widen": 9, "bounds_guard": 2},
    "leak": {"release_context": 10, "release_local": 10},
}


def crash_class(exc_type: str, message: str = "") -> str:
    """The class of a sanitizer/gdb crash type: null, segv, overflow, uaf, double_free, uninit, int_overflow."""
    t = (exc_type or "").lower()
    if "null" in t or "null pointer" in message.lower():
        return "null"
    if "double-free" in t or "invalid-free" in t or "bad-free" in t or "free-not-malloc" in t:
        return "double_free"
    if "use-after" in t:
        return "uaf"
    if "uninit" in t:
        return "uninit"
    if "integer-overflow" in t or "allocation-size-too-big" in t or "negative-size" in t or "shift" in t:
        return "int_overflow"
    if "overflow" in t or "underflow" in t or "out-of-bounds" in t or "container-overflow" in t:
        return "overflow"
    if "leak" in t:
        return "leak"
    if "segv" in t or "sigsegv" in t or "sigbus" in t or "access-violation" in t:
        m = re.search(r"(?:address|addr)\s+(?:0x)?([0-9a-f]+)", message.lower())
        if m and int(m.group(1), 16) < 4096 or "null" in message.lower():
            return "null"
        return "segv"
    return "segv"


def relevance(family: str, klass: str) -> float:
    return float(RELEVANCE.get(klass, {}).get(family, 0))
