"""Rust panics as real issues show them (issue 36): the panic's line as the issue's title (`Panicked at
src/x.rs:48:5`, `'main' panicked at '...'` without `thread`) with the backtrace in the body, and a
panic hook's frames (run inside the panic) never taken for the crash."""
from agent.reports import parse_issue

HOOKED = '''Panicked at crates/hir-ty/src/next_solver/normalize.rs:48:5

```
 right: []
stack backtrace:
   0:        0x100f7e53c - <std::sys::backtrace::BacktraceLock::print::DisplayBacktrace as core::fmt::Display>::fmt::h616cb314f2809ae5
   1:        0x1007f653c - core::fmt::write::h18ff235c5756333a
   6:        0x100fdc318 - base_db::DbPanicContext::enter::set_hook::{{closure}}::h4c16bc48867d42ab
   7:        0x100f5c5e0 - std::panicking::panic_with_hook::hc216de099a2fe04e
  10:        0x100f45560 - __rustc[de0091b922c53d7e]::rust_begin_unwind
  11:        0x100f45600 - core::panicking::panic_fmt::h1111111111111111
  12:        0x100f45700 - hir_ty::next_solver::normalize::deeply_normalize::h2222222222222222
```
'''


def test_a_title_panicked_at_with_the_backtrace_in_the_body():
    rep = parse_issue(HOOKED)
    assert rep is not None and rep.kind == "rust"
    assert rep.guilty.function == "hir_ty::next_solver::normalize::deeply_normalize"


def test_a_panic_hooks_frames_are_not_the_crash():
    cut = HOOKED.split("  11:")[0] + "```\n"          # the paste stops inside the panic machinery
    rep = parse_issue(cut)
    assert rep is not None and rep.kind == "rust" and rep.guilty is None


def test_a_thread_name_without_thread():
    rep = parse_issue("'main' panicked at 'index out of bounds: the len is 1 but the index is 1'\n\n```\n"
                      "   4:     0x55bedc49c5ac - core::fmt::write::hba4337c43d992f49\n```\n")
    assert rep is not None and rep.kind == "rust" and "index out of bounds" in rep.message
