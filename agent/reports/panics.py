"""Rust and Go panics: the frames of a Rust backtrace, the place a Rust panic names, and the guilty
frame of both (the innermost frame of the program's own code, never the runtime's, the standard
library's or the panic machinery's). Line by line, no pattern spans lines: linear in the text."""
from __future__ import annotations

import re

from agent.reports.model import Frame

_RUST_AT = re.compile(r"panicked at (?:'.*', )?(\S+?\.rs):(\d+)(?::\d+)?")
# a frame's whole symbol (`<hir_def::Loc<N> as hir_def::src::HasSource>::source` holds spaces), after a quote's `>`
_RUST_FRAME = re.compile(r"^\s*(?:>\s*)?\d+:\s+(?:0x[0-9a-f]+ - )?(\S.*)")
# a crate's disambiguator in a v0-mangled symbol's readable form (`std[e265cdaa12e58024]::thread`)
_DISAMBIGUATOR = re.compile(r"\[[0-9a-f]{16}\]")
_RUST_LOC = re.compile(r"^\s*at (\S+?\.rs):(\d+)(?::\d+)?")
_RUST_RUNTIME = ("std::", "core::", "alloc::", "rust_begin_unwind", "rust_panic", "__rust", "<alloc::",
                 "<core::", "<std::", "test::", "__libc_start", "_start", "main", "start_thread", "clone")
_RUST_STD_PATHS = ("/rustc/", "libcore/", "libstd/", "liballoc/", "library/core/", "library/std/",
                   "library/alloc/", "src\\libcore\\", "library\\core\\")
_GO_RUNTIME = ("runtime.", "panic(", "main.main", "testing.", "created by ")


def rust_frames(lines: list[str], start: int) -> list[Frame]:
    """The frames of `stack backtrace:` after line `start` (innermost first), each with its `at` place."""
    out: list[Frame] = []
    for j in range(start, min(len(lines), start + 2000)):
        s = lines[j]
        fm = _RUST_FRAME.match(s)
        if fm and not s.lstrip().startswith("at "):
            name = fm.group(1).rstrip()
            if "]::" in name:
                name = _DISAMBIGUATOR.sub("", name)
            out.append(Frame(function=_strip_hash(name)))
            continue
        lm = _RUST_LOC.match(s)
        if lm and out and out[-1].file is None:
            out[-1] = Frame(function=out[-1].function, file=lm.group(1), line=int(lm.group(2)))
            continue
        if out and s.strip() and not s.lstrip().startswith(("note:", "at ")):
            break
    return out


def _strip_hash(name: str) -> str:
    """`mylib::parse::h1a2b3c4d5e6f7a8b` -> `mylib::parse`."""
    head, _, tail = name.rpartition("::h")
    return head if head and len(tail) == 16 and all(c in "0123456789abcdef" for c in tail) else name


def rust_place(line: str) -> Frame | None:
    """The `file:line` a panic's first line names (`panicked at src/x.rs:88:14:`), as a frame."""
    m = _RUST_AT.search(line)
    if m is None or any(p in m.group(1) for p in _RUST_STD_PATHS):
        return None                     # `libcore/result.rs:945`: where unwrap is, not the caller
    return Frame(function="", file=m.group(1), line=int(m.group(2)))


def rust_guilty(frames: list[Frame]) -> Frame | None:
    """The innermost frame of the program's own code below the panic machinery: a panic hook's frames
    (`set_hook::{{closure}}`, the backtrace's printing) run inside the panic, above `rust_begin_unwind`
    and `std::panicking::*`, and did not crash."""
    last = max((i for i, f in enumerate(frames) if "panicking" in f.function or "rust_begin_unwind" in f.function
                or "begin_panic" in f.function), default=-1)
    for f in frames[last + 1:]:
        if not f.function.startswith(_RUST_RUNTIME) and not (f.file or "").startswith(("/rustc/", "/cargo/registry")) \
                and "/rustc/" not in (f.file or "") and "panicking" not in f.function:
            return f
    return None


def go_stdlib(function: str) -> bool:
    """`os/exec.(*Cmd).Run`, `text/template.errRecover`, `runtime.gopanic`: the standard library's
    packages have no dot in their first path element (a module path does: `github.com/...`)."""
    if function.startswith("_/"):
        return False                    # a package built outside GOPATH and modules: the program's own
    pkg = function.split("(", 1)[0].rsplit("/", 1)
    first = function.split("/", 1)[0] if "/" in function else pkg[-1].split(".", 1)[0]
    return "." not in first or function.startswith(_GO_RUNTIME)


def go_crash_frames(frames: list[Frame]) -> list[Frame]:
    """The frames from where the panic was raised on: a stack printed by a deferred handler
    (`runtime/debug.Stack`, the handler's own logger, then `panic(...)`) holds the handler's frames
    above the panic's; they did not crash."""
    last = max((i for i, f in enumerate(frames) if f.function in ("panic", "runtime.gopanic")), default=-1)
    return frames[last + 1:] if 0 <= last < len(frames) - 1 else frames


def go_guilty(frames: list[Frame]) -> Frame | None:
    """The innermost frame of a module's own code; the program's `main` package only when no other
    module's frame is on the stack (of the frames below a deferred handler's `panic(...)`, when the stack
    shows one); None when the stack shows only the standard library's and the runtime's frames
    (`runtime.throw`, `database/sql.(*DB).conn`): no frame of a program to blame."""
    frames = go_crash_frames(frames)
    own = [f for f in frames if not go_stdlib(f.function)]
    return own[0] if own else next((f for f in frames if f.function.startswith("main.")), None)
