"""Formats beyond the corpora: Windows cdb stacks, Go frames with inexact (`?`) arguments."""
from __future__ import annotations

from agent.reports import parse, to_json

CDB_X64 = r"""
(2a3c.1f80): Access violation - code c0000005 (first chance)
First chance exceptions are reported before any exception handling.
ExceptionAddress: 00007ff6`1a2b1043 (parser!parse_row+0x0000000000000033)
   ExceptionCode: c0000005 (Access violation)
  ExceptionFlags: 00000000
NumberParameters: 2
   Parameter[0]: 0000000000000001
   Parameter[1]: 0000000000000010
Attempt to write to address 0000000000000010

0:000> k
Child-SP          RetAddr           Call Site
00000000`0014f3a0 00007ff6`1a2b1122 ucrtbase!memcpy+0x1d
00000000`0014f3a8 00007ff6`1a2b1199 parser!parse_row+0x33 [C:\src\inv\csv.c @ 42]
00000000`0014f3f0 00007ff6`1a2b1201 parser!load_file+0x59 [C:\src\inv\load.c @ 17]
00000000`0014f450 00007ffb`3c4d7034 parser!main+0x21 [C:\src\inv\main.c @ 9]
00000000`0014f480 00007ffb`3e0a2651 KERNEL32!BaseThreadInitThunk+0x14
00000000`0014f4b0 00000000`00000000 ntdll!RtlUserThreadStart+0x21
"""

CDB_STACK_OVERFLOW = """
(1b2c.3d4e): Stack overflow - code c00000fd (!!! second chance !!!)
   ExceptionCode: c00000fd (Stack overflow)
ChildEBP RetAddr
0022ff00 00401020 app!recurse+0x10
0022ff10 00401020 app!recurse+0x20
0022ff20 00401050 app!recurse+0x20
"""


def test_cdb_x64_stack_with_sources():
    rep = parse(CDB_X64)
    assert rep is not None and rep.kind == "cdb"
    assert rep.type == "access-violation"
    assert rep.access.op == "write" and rep.access.address == "0x0000000000000010"
    assert [f.function for f in rep.frames[:4]] == ["memcpy", "parse_row", "load_file", "main"]
    assert rep.guilty.function == "parse_row"          # ucrtbase!memcpy is C runtime
    assert (rep.guilty.file, rep.guilty.line, rep.guilty.module) == (r"C:\src\inv\csv.c", 42, "parser")
    assert rep.title == "access-violation WRITE in parse_row"
    j = to_json(rep)
    assert j["guilty"]["file"] == r"C:\src\inv\csv.c" and j["kind"] == "cdb"


def test_cdb_stack_overflow_from_the_first_line_and_code():
    rep = parse(CDB_STACK_OVERFLOW)
    assert rep.kind == "cdb" and rep.type == "stack-overflow" and rep.access is None
    assert [f.function for f in rep.frames] == ["recurse"] * 3


def test_cdb_without_a_stack_is_not_a_crash_report():
    assert parse("ExceptionCode: c0000005 (Access violation)\nno stack here\n") is None


GO_INEXACT = """panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a2f1b]

goroutine 1 [running]:
example.com/inv/csv.parseRow(0xc000012345?, {0x4c1e20?, 0x0})
	/src/inv/csv/row.go:42 +0x1b
example.com/inv/csv.Load({0x4c1e20, 0x3})
	/src/inv/csv/load.go:17 +0x59
main.main()
	/src/inv/main.go:9 +0x21
"""


def test_go_frames_with_inexact_arguments_are_kept_and_noted():
    rep = parse(GO_INEXACT)
    assert rep.kind == "go" and rep.type == "invalid memory address"
    assert [f.function for f in rep.frames] == ["example.com/inv/csv.parseRow", "example.com/inv/csv.Load",
                                                "main.main"]
    assert (rep.frames[0].file, rep.frames[0].line) == ("/src/inv/csv/row.go", 42)
    assert rep.extra["inexact_args"] == [0]
    assert rep.guilty.function == "example.com/inv/csv.parseRow"


LKL = """INFO: Seed: 1234
INFO: Loaded 1 modules   (100 inline 8-bit counters): 100 [0x1, 0x2),
[    0.051000] BUG: KASAN: use-after-free in _etext+0x1a/0x3121c4
[    0.051010] Read of size 8 at addr 00007f0000001000 by task kworker/0:1/11
[    0.051020]
[    0.051030] Linux Kernel Library Stack Trace:
[    0.051040] #0 [<0x0000000000600000>] print_address_description+0x6a/0x5c0
[    0.051050] #1 [<0x0000000000600100>] kasan_report+0x9/0x10
[    0.051060] #2 [<0x0000000000a00000>] _etext+0x1a/0x3121c4
[    0.051070] #3 [<0x0000000000800000>] inv_read_rows+0xa1/0xd0
[    0.051080] #4 [<0x0000000000800100>] inv_probe+0x35/0x78
[    0.051090]
[    0.051100] Kernel panic - not syncing: panic_on_warn set ...
fuzzer: lib/posix-host.c:401: void panic(void): Assertion `0' failed.
==1== ERROR: libFuzzer: deadly signal
"""


def test_lkl_kernel_report_inside_a_fuzz_target_wins_over_the_abort_it_causes():
    rep = parse(LKL)
    assert rep.kind == "kernel" and not rep.corrupted
    assert rep.title == "KASAN: use-after-free Read in inv_read_rows"   # `_etext+...` names nothing
    assert rep.access.op == "read" and rep.access.size == 8
    assert [f.function for f in rep.frames][:4] == ["print_address_description", "kasan_report", "_etext",
                                                    "inv_read_rows"]


def test_a_fuzzer_log_quoting_a_kernel_title_stays_a_user_space_crash():
    text = ("loop: vm-0: crash: UBSAN: Undefined behaviour in net/ipv4/tcp_ipv4.c:1631:25\n"
            "panic: runtime error: invalid memory address or nil pointer dereference\n\n"
            "goroutine 1 [running]:\nmain.main()\n\t/src/m.go:3 +0x1\n")
    rep = parse(text)
    assert rep.kind == "go" and rep.type == "invalid memory address"


# -- Rust symbols in kernel stacks -------------------------------------------------------------
import pytest  # noqa: E402

from agent.reports.demangle import demangle  # noqa: E402


@pytest.mark.parametrize("mangled,want", [
    ("_RNvCs1234_5inv_c4main", "inv_c::main"),
    ("_RNvMNtCs1234_3inv3rowNtB2_3Row5parse", "<inv::row::Row>::parse"),              # inherent impl, backref
    ("_RNvXs0_Cs1_3invNtB5_3RowNtNtCs2_4core3fmt7Display3fmt", "<inv::Row as core::fmt::Display>::fmt"),
    ("_RNCNvCs1234_5inv_c4main0B3_", "inv_c::main::{closure#0}"),                      # closure, crate suffix
    ("_RINvCs1_3foo3barlEB2_", "foo::bar::<i32>"),                                     # generic args
    ("_RNvYSRhNtCs1_3inv5Parse5parse", "<[&u8] as inv::Parse>::parse"),
    ("_ZN4core9panicking5panic17h0123456789abcdefE", "core::panicking::panic"),      # legacy
    ("_ZN66_$LT$alloc..vec..Vec$LT$T$GT$$u20$as$u20$core..ops..drop..Drop$GT$4drop17h0123456789abcdefE",
     "<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop"),
])
def test_rust_demangling(mangled, want):
    assert demangle(mangled) == want


@pytest.mark.parametrize("sym", ["kasan_report", "_R", "_RB_", "_RNvB0_1a", "_RNvNtB2_1a1b", "_RNv" + "N" * 5000,
                                 "_ZN3foo3barE", "_ZN3foo17h0123E", "_RNvCs_99abc", "_RIB_E"])
def test_not_rust_or_malformed_is_returned_unchanged(sym):
    assert demangle(sym) == sym


RUST_OOPS = """[   60.000000][ T2148] rust_kernel: panicked at rust/kernel/inv.rs:60:5:
[   60.000000][ T2148] attempt to add with overflow
[   60.000001][ T2148] kernel BUG at rust/helpers/bug.c:7!
[   60.000002][ T2148] Oops: invalid opcode: 0000 [#1] PREEMPT SMP KASAN PTI
[   60.000003][ T2148] CPU: 0 UID: 0 PID: 2148 Comm: syz.0.595 Not tainted 6.12.23 #0
[   60.000004][ T2148] RIP: 0010:rust_helper_BUG+0x8/0x10
[   60.000005][ T2148] Call Trace:
[   60.000006][ T2148]  <TASK>
[   60.000007][ T2148]  _RNvCscSpY9Juk0HT_7___rustc17rust_begin_unwind+0x15b/0x160
[   60.000008][ T2148]  _RNvNtCs9jEwPDbx20M_4core9panicking9panic_fmt+0x84/0x90
[   60.000009][ T2148]  _RNvMNtCs1234_3inv3rowNtB2_3Row5parse+0xe44/0xfb0
[   60.000010][ T2148]  do_mmap+0xb6d/0x13c0
[   60.000011][ T2148]  </TASK>
"""


def test_kernel_title_names_the_demangled_rust_frame():
    rep = parse(RUST_OOPS)
    assert rep.kind == "kernel"
    assert rep.title == "attempt to add with overflow in <inv::row::Row>::parse"
    assert "core::panicking::panic_fmt" in [f.function for f in rep.frames]
    assert rep.guilty.function == "<inv::row::Row>::parse"


def _b62(n: int) -> str:
    if n == 0:
        return "_"
    digits, out, n = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "", n - 1
    while True:
        out, n = digits[n % 62] + out, n // 62
        if n == 0:
            return out + "_"


def test_a_backref_bomb_is_cut_short():
    # each tuple repeats the previous one twice through backrefs: 2**40 leaves if expanded
    sym, prev = "_RINvCs_1a1fTuuE", 10
    for _ in range(40):
        start = len(sym) - 2
        sym += f"TB{_b62(prev)}B{_b62(prev)}E"
        prev = start
    sym += "E"
    out = demangle(sym)
    assert isinstance(out, str) and len(out) < 100_000
