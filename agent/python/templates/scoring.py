"""How well each fix template matches the evidence (exception type and message)."""
from __future__ import annotations

import re


def _none_related(exc: str, msg: str) -> bool:
    return "NoneType" in msg or (exc in ("AttributeError", "TypeError") and "None" in msg)


def relevance(template: str, exc: str, msg: str) -> float:
    exc = exc.rsplit(".", 1)[-1]
    none = _none_related(exc, msg)
    empty = bool(re.search(r"empty sequence|iterable argument is empty|pop from empty|empty list|no elements", msg))
    table: dict[str, float]
    if none:
        table = dict(none_guard=50, missing_return=46, decorator_return=48, wrong_var=22, widen_except=25, catch=12, compare_op=14,
                     return_in_loop=30, recursion_base=10)
    elif exc in ("KeyError",):
        table = dict(key_get=50, key_typo=47, key_guard=46, wrong_var=26, widen_except=34, catch=24, off_by_one=12)
    elif exc == "IndexError":
        table = dict(index_guard=46, off_by_one=47, size_mismatch=46, compare_op=36, empty_guard=44 if empty else 30,
                     arith_op=22, wrong_var=22, widen_except=34, catch=22)
    elif exc == "ZeroDivisionError":
        table = dict(zero_guard=50, empty_guard=46, off_by_one=24, wrong_var=20, compare_op=20, arith_op=20,
                     widen_except=34, catch=22)
    elif exc == "RecursionError":
        table = dict(recursion_base=50, arith_op=38, off_by_one=36, compare_op=34, wrong_var=24)
    elif exc == "AssertionError":
        mentions_none = bool(re.search(r"\bNone\b", msg))
        table = dict(compare_op=36, arith_op=36, off_by_one=36, wrong_var=32,
                     missing_return=46 if mentions_none else 33, return_in_loop=35, swap_args=32,
                     recursion_base=20, none_guard=10, key_get=8, index_guard=8, zero_guard=8, empty_guard=8,
                     widen_except=5)
    elif exc in ("NameError", "UnboundLocalError"):
        table = dict(wrong_var=50, init_var=46 if exc == "UnboundLocalError" else 30, missing_return=10)
    elif exc == "StopIteration":
        table = dict(empty_guard=48, widen_except=36, catch=26)
    elif exc == "ValueError" and empty:
        table = dict(empty_guard=50, widen_except=30, catch=22)
    elif exc == "TypeError":
        swap = 36 if re.search(r"unsupported operand|not supported between|must be|expected|argument", msg) else 26
        table = dict(type_fix=44, arity=44, swap_args=swap, wrong_var=32, arith_op=20, widen_except=34, catch=24, compare_op=12,
                     off_by_one=10, missing_return=14)
    elif exc == "AttributeError":
        table = dict(attr_typo=46, type_fix=44, wrong_var=30, swap_args=24, widen_except=30, catch=20, missing_return=14)
    else:
        table = dict(widen_except=42, catch=28, compare_op=20, arith_op=16, off_by_one=18, wrong_var=18,
                     swap_args=16, missing_return=12)
    return float(table.get(template, 10.0 if template in _MUTATIONS else 5.0))


_MUTATIONS = {"compare_op", "arith_op", "off_by_one", "wrong_var", "swap_args", "missing_return", "return_in_loop"}
