"""Rust symbol demangling, for kernel stacks (the kernel prints Rust symbols mangled).

    demangle("_RNvXs1_CscPPBqWtAqum_11ashmem_rustNtB5_6AshmemNtNtCs43vyB533jt3_6kernel"
             "10miscdevice10MiscDevice4mmap")
        -> "<ashmem_rust::Ashmem as kernel::miscdevice::MiscDevice>::mmap"
    demangle("_ZN4core9panicking5panic17h0123456789abcdefE") -> "core::panicking::panic"

Both schemes are handled: v0 (`_R...`, RFC 2603) and legacy (`_ZN...17h<hash>E`). Output
follows rustc-demangle's alternate form (no hashes, no crate disambiguators). Anything that is
not a well-formed Rust symbol is returned unchanged; nothing here raises.
"""
from __future__ import annotations

import re

_BASIC = {"a": "i8", "b": "bool", "c": "char", "d": "f64", "e": "str", "f": "f32", "h": "u8", "i": "isize",
          "j": "usize", "l": "i32", "m": "u32", "n": "i128", "o": "u128", "s": "i16", "t": "u16", "u": "()",
          "v": "...", "x": "i64", "y": "u64", "z": "!", "p": "_"}
_MAX_DEPTH = 64
_MAX_STEPS = 4096          # backrefs can repeat subtrees: bound the work (and the output) per symbol
_LEGACY_HASH = re.compile(r"17h[0-9a-f]{16}E")
_LEGACY_ESC = {"$SP$": "@", "$BP$": "*", "$RF$": "&", "$LT$": "<", "$GT$": ">", "$LP$": "(", "$RP$": ")",
               "$C$": ","}


class _Bad(Exception):
    pass


class _V0:
    def __init__(self, s: str):
        self.s, self.i, self.depth, self.steps = s, 0, 0, 0

    def step(self) -> None:
        self.depth += 1
        self.steps += 1
        if self.depth > _MAX_DEPTH or self.steps > _MAX_STEPS:
            raise _Bad

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, c: str) -> bool:
        if self.peek() == c:
            self.i += 1
            return True
        return False

    def next(self) -> str:
        if self.i >= len(self.s):
            raise _Bad
        c = self.s[self.i]
        self.i += 1
        return c

    def b62(self) -> int:
        if self.eat("_"):
            return 0
        n = 0
        while True:
            c = self.next()
            if c == "_":
                return n + 1
            if c.isdigit():
                d = ord(c) - 48
            elif "a" <= c <= "z":
                d = ord(c) - 97 + 10
            elif "A" <= c <= "Z":
                d = ord(c) - 65 + 36
            else:
                raise _Bad
            n = n * 62 + d
            if n > 1 << 80:
                raise _Bad

    def opt_disambiguator(self) -> int:
        return self.b62() + 1 if self.eat("s") else 0

    def ident(self) -> str:
        self.opt_disambiguator()
        return self.ident_after_disambiguator()

    def backref(self, fn):
        at = self.i - 1                  # the "B"
        target = self.b62()              # an offset into the symbol after "_R"
        if target >= at:
            raise _Bad
        saved = self.i
        self.i = target
        try:
            return fn()
        finally:
            self.i = saved

    def path(self) -> str:
        self.step()
        try:
            c = self.next()
            if c == "C":
                return self.ident()
            if c == "M":
                self.opt_disambiguator()
                self.path()                     # the impl's own path: not printed
                return f"<{self.type()}>"
            if c == "X":
                self.opt_disambiguator()
                self.path()
                ty = self.type()
                return f"<{ty} as {self.path()}>"
            if c == "Y":
                ty = self.type()
                return f"<{ty} as {self.path()}>"
            if c == "N":
                ns = self.next()
                parent = self.path()
                dis = self.opt_disambiguator()
                name = self.ident_after_disambiguator()
                if ns.isupper():
                    kind = {"C": "closure", "S": "shim"}.get(ns, ns)
                    inner = f"{kind}" + (f":{name}" if name else "") + f"#{dis}"
                    return f"{parent}::{{{inner}}}"
                return f"{parent}::{name}" if name else parent
            if c == "I":
                base = self.path()
                args = []
                while not self.eat("E"):
                    args.append(self.generic_arg())
                return f"{base}::<{', '.join(a for a in args if a)}>"
            if c == "B":
                return self.backref(self.path)
            raise _Bad
        finally:
            self.depth -= 1

    def ident_after_disambiguator(self) -> str:
        punycode = self.eat("u")
        start = self.i
        while self.peek().isdigit():
            self.i += 1
        if start == self.i:
            raise _Bad
        n = int(self.s[start:self.i])
        self.eat("_")
        name = self.s[self.i:self.i + n]
        if len(name) != n:
            raise _Bad
        self.i += n
        return name if not punycode else "punycode{" + name + "}"

    def generic_arg(self) -> str:
        if self.eat("L"):
            self.b62()
            return ""
        if self.eat("K"):
            return self.const()
        return self.type()

    def const(self) -> str:
        if self.eat("B"):
            return self.backref(self.const)
        if self.eat("p"):
            return "_"
        ty = self.next()
        if ty not in _BASIC:
            raise _Bad
        neg = self.eat("n")
        start = self.i
        while self.peek() and self.peek() != "_":
            self.i += 1
        digits = self.s[start:self.i]
        self.eat("_")
        try:
            v = int(digits, 16) if digits else 0
        except ValueError:
            raise _Bad from None
        if ty == "b":
            return "true" if v else "false"
        return f"{'-' if neg else ''}{v}"

    def type(self) -> str:
        self.step()
        try:
            c = self.peek()
            if c in _BASIC:
                self.i += 1
                return _BASIC[c]
            if c in "CMXYNI":
                return self.path()
            self.i += 1
            if c == "B":
                return self.backref(self.type)
            if c == "A":
                ty = self.type()
                return f"[{ty}; {self.const()}]"
            if c == "S":
                return f"[{self.type()}]"
            if c == "T":
                items = []
                while not self.eat("E"):
                    items.append(self.type())
                return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
            if c in "RQ":
                if self.eat("L"):
                    self.b62()
                return ("&" if c == "R" else "&mut ") + self.type()
            if c in "PO":
                return ("*const " if c == "P" else "*mut ") + self.type()
            if c == "F":
                if self.eat("G"):
                    self.b62()
                unsafe = self.eat("U")
                if self.eat("K"):
                    if not self.eat("C"):
                        self.ident_after_disambiguator()
                args = []
                while not self.eat("E"):
                    args.append(self.type())
                ret = self.type()
                sig = f"{'unsafe ' if unsafe else ''}fn({', '.join(args)})"
                return sig + ("" if ret == "()" else f" -> {ret}")
            if c == "D":
                if self.eat("G"):
                    self.b62()
                bounds = []
                while not self.eat("E"):
                    bounds.append(self.path())
                    while self.eat("p"):
                        self.ident_after_disambiguator()
                        self.type()
                if self.eat("L"):
                    self.b62()
                return "dyn " + " + ".join(bounds)
            raise _Bad
        finally:
            self.depth -= 1


def _v0(sym: str) -> str | None:
    body = sym[2:] if sym.startswith("_R") else sym[3:]   # "_R" or "__R"
    p = _V0(body)
    try:
        while p.peek().isdigit():       # encoding version
            p.i += 1
        out = p.path()
    except (_Bad, RecursionError, ValueError):
        return None
    return out


def _legacy(sym: str) -> str | None:
    # `_ZN` <length-prefixed parts> `17h<16 hex>E`: read with indexes, as rustc-demangle does (the
    # former pattern `((?:\d+[^\d][^E]*?)+)17h...` was exponential on a long run after `_ZN`).
    start = 4 if sym.startswith("__ZN") else 3 if sym.startswith("_ZN") else -1
    if start == -1 or len(sym) < start + 21 or not _LEGACY_HASH.fullmatch(sym, len(sym) - 20):
        return None
    body, parts, i = sym[start:len(sym) - 20], [], 0
    if not body or not body[0].isdigit():
        return None
    while i < len(body):
        j = i
        while j < len(body) and body[j].isdigit():
            j += 1
        if j == i or j - i > 6:         # no part is a megabyte long (and int() refuses huge digit runs)
            return None
        n = int(body[i:j])
        part = body[j:j + n]
        if len(part) != n:
            return None
        parts.append(part)
        i = j + n
    out = []
    for part in parts:
        if part.startswith("_$"):
            part = part[1:]
        part = part.replace("..", "::")
        part = re.sub(r"\$u([0-9a-f]{2,6})\$", lambda m: chr(int(m.group(1), 16)), part)
        for k, v in _LEGACY_ESC.items():
            part = part.replace(k, v)
        out.append(part)
    return "::".join(out)


def demangle(symbol: str) -> str:
    """The Rust symbol's readable path, or `symbol` unchanged when it is not a Rust symbol."""
    if not isinstance(symbol, str) or len(symbol) > 4096:
        return symbol
    if symbol.startswith(("_R", "__R")):
        return _v0(symbol) or symbol
    if "_ZN" in symbol[:4] and symbol.endswith("E"):
        return _legacy(symbol) or symbol
    return symbol
