"""Issue markdown (fences, <details>, quoted mail), syzbot mails, sanitizer/gdb snippets, paths."""
from __future__ import annotations

import json

from agent.judge.signature import same_title
from agent.reports import parse, to_json
from agent.reports.paths import map_to_repo

ASAN = """\
=================================================================
==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x55 bp 0x7f sp 0x7f
READ of size 4 at 0x602000000010 thread T0
    #0 0x4c1a2b in parse_header /src/proj/src/parser.c:42:13
    #1 0x4c1b3c in main /src/proj/src/main.c:10:5
    #2 0x7f1 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x21b96)

0x602000000010 is located 0 bytes inside of 4-byte region [0x602000000010,0x602000000014)
freed by thread T0 here:
    #0 0x49a0ad in free (/out/fuzzer+0x49a0ad)
    #1 0x4c1a00 in release /src/proj/src/parser.c:30:3

previously allocated by thread T0 here:
    #0 0x49a2d0 in malloc (/out/fuzzer+0x49a2d0)
    #1 0x4c19f0 in make /src/proj/src/parser.c:20:10

SUMMARY: AddressSanitizer: heap-use-after-free /src/proj/src/parser.c:42:13 in parse_header
"""

GDB = """\
Program received signal SIGSEGV, Segmentation fault.
0x0000555555555131 in crash (p=0x0) at crash.c:3
3\t  return *p;
(gdb) bt
#0  0x0000555555555131 in crash (p=0x0) at crash.c:3
#1  0x000055555555515a in main () at crash.c:8
"""

KERNEL = """\
[   42.364412] BUG: KASAN: use-after-free in tcp_v4_rcv+0x11c8/0x3730
[   42.365471] Read of size 8 at addr ffff88000969e798 by task swapper/0/0
[   42.366469]
[   42.366696] CPU: 0 PID: 0 Comm: swapper/0 Not tainted 5.0.0+ #41
[   42.368824] Call Trace:
[   42.369183]  dump_stack+0xb3/0x10b
[   42.369664]  print_address_description+0x73/0x290
[   42.370325]  kasan_report+0x252/0x370
[   42.372395]  tcp_v4_rcv+0x11c8/0x3730 net/ipv4/tcp_ipv4.c:1800
[   42.372999]  ip_local_deliver_finish+0x2e9/0xda0 net/ipv4/ip_input.c:215
[   42.397411] Allocated by task 3789:
[   42.397702]  save_stack_trace+0x16/0x20
[   42.402209]  sk_prot_alloc+0x7cb/0x930 net/core/sock.c:1500
[   42.403871] Freed by task 1794:
[   42.405167]  kfree+0xe8/0x2b0
[   42.405462]  sk_destruct+0x74/0xb0 net/core/sock.c:1600
[   42.419882] ==================================================================
"""


def test_asan_use_after_free():
    rep = parse(ASAN)
    assert rep.kind == "sanitizer" and rep.type == "heap-use-after-free"
    assert rep.access.op == "read" and rep.access.size == 4
    assert rep.frames[0].function == "parse_header" and rep.frames[0].line == 42
    assert rep.guilty.function == "parse_header"
    assert [f.function for f in rep.free_frames] == ["free", "release"]
    assert [f.function for f in rep.alloc_frames] == ["malloc", "make"]
    assert "0x" not in rep.signature and "42" not in rep.signature
    json.dumps(to_json(rep))


def test_asan_null_deref_and_guilty_skips_libc():
    text = ("==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x1 bp 0x2 sp 0x3 T0)\n"
            "==1==The signal is caused by a READ memory access.\n"
            "    #0 0x1 in strlen (/lib/x86_64-linux-gnu/libc.so.6+0x9dd9)\n"
            "    #1 0x2 in greet(char const*) /src/app/greet.cc:7:10\n"
            "    #2 0x3 in main /src/app/main.cc:3:3\n")
    rep = parse(text)
    assert rep.type == "null-dereference" and rep.access.op == "read"
    assert rep.frames[0].function == "strlen" and rep.guilty.function == "greet"


def test_ubsan_and_tsan():
    rep = parse("src/x.c:5:12: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented\n"
                "    #0 0x1 in add /src/x.c:5:12\n    #1 0x2 in main /src/x.c:9:3\n")
    assert rep.type == "integer-overflow" and rep.guilty.function == "add"
    rep = parse("==================\nWARNING: ThreadSanitizer: data race (pid=1)\n"
                "  Write of size 4 at 0x7b04 by thread T1:\n    #0 worker /src/r.c:4:5 (r+0x1)\n"
                "    #0 0x1 in worker /src/r.c:4:5\n")
    assert rep is not None and rep.type == "data-race"


def test_ubsan_member_access_on_null_is_a_null_dereference():
    rep = parse("src/rec.c:14:15: runtime error: member access within null pointer of type 'struct rec'\n"
                "    #0 0x1 in rec_name /src/rec.c:14:15\n    #1 0x2 in main /src/main.c:9:3\n")
    assert rep.type == "null-dereference" and rep.guilty.function == "rec_name"
    rep = parse("src/a.cc:7:3: runtime error: member access within address 0x602000000010 which does not "
                "point to an object of type 'Base'\n    #0 0x1 in f /src/a.cc:7:3\n")
    assert rep.type == "bad-cast"


def test_gdb_backtrace():
    rep = parse(GDB)
    assert rep.kind == "gdb" and rep.type == "SIGSEGV"
    assert [f.function for f in rep.frames] == ["crash", "main"]
    assert rep.frames[0].file == "crash.c" and rep.frames[0].line == 3
    assert rep.guilty.function == "crash"


def test_kernel_structured_fields():
    rep = parse(KERNEL)
    assert rep.kind == "kernel" and rep.title == "KASAN: use-after-free Read in tcp_v4_rcv"
    assert rep.access.op == "read" and rep.access.size == 8
    assert rep.guilty.function == "tcp_v4_rcv" and rep.guilty.file == "net/ipv4/tcp_ipv4.c"
    assert any(f.function == "sk_prot_alloc" for f in rep.alloc_frames)
    assert any(f.function == "sk_destruct" for f in rep.free_frames)


def test_issue_with_fence_and_reproducer():
    body = ("I get this crash when running the script below.\n\n```python\nimport app\napp.run()\n```\n\n"
            "<details><summary>log</summary>\n\n```\nTraceback (most recent call last):\n"
            '  File "/repo/app/core.py", line 12, in run\n    return cfg["x"]\nKeyError: \'x\'\n```\n</details>\n')
    rep = parse(body)
    assert rep.kind == "python" and rep.type == "KeyError" and rep.guilty.function == "run"
    assert rep.reproducers == ["import app\napp.run()"]


def test_quoted_mail():
    quoted = "\n".join("> " + ln for ln in KERNEL.splitlines())
    rep = parse("On Mon someone wrote:\n" + quoted + "\n\nThanks")
    assert rep is not None and rep.title == "KASAN: use-after-free Read in tcp_v4_rcv"


def test_syzbot_mail():
    mail = ("Subject: [syzbot] [net?] KASAN: use-after-free Read in tcp_v4_rcv\n\nHello,\n\n"
            "syzbot found the following issue on:\n\n"
            "HEAD commit:    1234abcd Merge tag 'net-6.1'\n"
            "git tree:       upstream\n"
            "console output: https://syzkaller.appspot.com/x/log.txt?x=1\n"
            "kernel config:  https://syzkaller.appspot.com/x/.config?x=2\n"
            "syz repro:      https://syzkaller.appspot.com/x/repro.syz?x=3\n"
            "C reproducer:   https://syzkaller.appspot.com/x/repro.c?x=4\n\n"
            "IMPORTANT: if you fix the issue, please add the following tag to the commit:\n"
            "Reported-by: syzbot+abc123@syzkaller.appspotmail.com\n\n"
            + "\n".join(ln.split("] ", 1)[1] if "] " in ln else "" for ln in KERNEL.splitlines()))
    rep = parse(mail)
    assert rep.kind == "kernel" and rep.title == "KASAN: use-after-free Read in tcp_v4_rcv"
    facts = rep.extra["syzbot"]
    assert facts["head_commit"].startswith("1234abcd") and facts["git_tree"] == "upstream"
    assert facts["reported_by"] == "syzbot+abc123@syzkaller.appspotmail.com"
    assert "https://syzkaller.appspot.com/x/repro.c?x=4" in rep.reproducers
    assert "https://syzkaller.appspot.com/x/repro.syz?x=3" in rep.reproducers


SYZBOT_HEAD = ("Hello,\n\nsyzbot found the following issue on:\n\n"
               "dashboard link: https://syzkaller.appspot.com/bug?extid=e6979a5d2f10ecb700e4\n"
               "C reproducer:   https://syzkaller.appspot.com/x/repro.c?x=1538ac55980000\n\n"
               "IMPORTANT: if you fix the issue, please add the following tag to the commit:\n"
               "Reported-by: syzbot+e6979a5d2f10ecb700e4@syzkaller.appspotmail.com\n\n")


def test_a_syzbot_mail_s_subject_is_not_its_report():
    """syzbot's mail for bug e6979a5d2f10ecb700e4, headers kept: the subject names the crash, the body holds
    it. Before: the report was taken from the Subject line on, cut at the body's Oops line: no frame."""
    mail = ("Subject: [syzbot] [net?] general protection fault in reuseport_add_sock (3)\n"
            "From: syzbot <syzbot+e6979a5d2f10ecb700e4@syzkaller.appspotmail.com>\n\n" + SYZBOT_HEAD +
            "Oops: general protection fault, probably for non-canonical address 0xdffffc0000000002: 0000 [#1] "
            "PREEMPT SMP KASAN PTI\n"
            "KASAN: null-ptr-deref in range [0x0000000000000010-0x0000000000000017]\n"
            "CPU: 1 UID: 0 PID: 10230 Comm: syz-executor119 Not tainted 6.10.0-syzkaller-12585-g301927d2d2eb #0\n"
            "RIP: 0010:reuseport_add_sock+0x27e/0x5e0 net/core/sock_reuseport.c:350\n"
            "Call Trace:\n <TASK>\n"
            " __sctp_hash_endpoint net/sctp/input.c:762 [inline]\n"
            " sctp_hash_endpoint+0x52a/0x600 net/sctp/input.c:790\n"
            " sctp_listen_start net/sctp/socket.c:8570 [inline]\n"
            " sctp_inet_listen+0x767/0xa20 net/sctp/socket.c:8625\n"
            " __sys_listen+0x1b7/0x230 net/socket.c:1894\n"
            " </TASK>\n")
    rep = parse(mail)
    # syzbot's subject without its "(3)" (the third bug filed under that title): the title a boot's console gives
    assert rep.title == "general protection fault in reuseport_add_sock"
    assert same_title(rep.title, rep.extra["parsed_title"])      # the report's own, from the body
    assert rep.guilty.function == "reuseport_add_sock"
    assert [f.function for f in rep.frames[:3]] == ["reuseport_add_sock", "__sctp_hash_endpoint", "sctp_hash_endpoint"]


def test_a_symbolized_report_repeats_its_first_line_per_inlined_frame():
    """syzbot's report for bug 58c872f7790a4d2ac951: one "BUG: KASAN:" line per inlined frame, the title the
    last one's. Before: the second line started a "second report", the first (instrument_atomic_read) was the
    title and the report one line long."""
    mail = (SYZBOT_HEAD + "==================================================================\n"
            "BUG: KASAN: slab-out-of-bounds in instrument_atomic_read include/linux/instrumented.h:68 [inline]\n"
            "BUG: KASAN: slab-out-of-bounds in _test_bit include/asm-generic/bitops/instrumented-non-atomic.h:141 "
            "[inline]\n"
            "BUG: KASAN: slab-out-of-bounds in bitmap_ip_do_add net/netfilter/ipset/ip_set_bitmap_ip.c:83 [inline]\n"
            "BUG: KASAN: slab-out-of-bounds in bitmap_ip_add+0xdf/0x8d0 net/netfilter/ipset/ip_set_bitmap_gen.h:136\n"
            "Read of size 8 at addr ffff888032b3df08 by task syz-executor701/5308\n\n"
            "Call Trace:\n <TASK>\n"
            " kasan_report+0x143/0x180 mm/kasan/report.c:601\n"
            " bitmap_ip_do_add net/netfilter/ipset/ip_set_bitmap_ip.c:83 [inline]\n"
            " bitmap_ip_add+0xdf/0x8d0 net/netfilter/ipset/ip_set_bitmap_gen.h:136\n"
            " bitmap_ip_uadt+0x78a/0xbb0 net/netfilter/ipset/ip_set_bitmap_ip.c:186\n"
            " call_ad+0x279/0xa70 net/netfilter/ipset/ip_set_core.c:1746\n"
            " </TASK>\n")
    rep = parse(mail)
    assert rep.title == "KASAN: slab-out-of-bounds Read in bitmap_ip_add"
    assert rep.guilty.function == "bitmap_ip_add" and rep.access.size == 8
    assert "bitmap_ip_uadt" in [f.function for f in rep.frames]
    # one line per inlined frame in a console with timestamps too
    stamped = "\n".join(("[   12.345678] " + ln) if ln.startswith(("BUG:", "Read of", "Call Trace", " ")) else ln
                         for ln in mail.splitlines())
    rep = parse(stamped)
    assert rep.title == "KASAN: slab-out-of-bounds Read in bitmap_ip_add" and rep.guilty.function == "bitmap_ip_add"


def test_no_crash():
    assert parse("") is None
    assert parse("all good\nWARNING: /etc/ssh/moduli does not exist, using fixed modulus\n") is None
    assert to_json(None) is None


def test_map_to_repo():
    files = ["src/pkg/mod.py", "tests/mod.py", "mod.py", "src/other/util.py"]
    assert map_to_repo("/home/ci/build/proj/src/pkg/mod.py", files) == "src/pkg/mod.py"
    assert map_to_repo("C:\\work\\proj\\tests\\mod.py", files) == "tests/mod.py"
    assert map_to_repo("/x/y/mod.py", files) == "mod.py"
    assert map_to_repo("/usr/lib/python3.11/json/decoder.py", files) is None
    assert map_to_repo("", files) is None and map_to_repo("a.py", []) is None
