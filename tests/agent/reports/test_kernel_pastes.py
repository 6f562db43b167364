"""Kernel reports as people paste them into issues: a stack decoded by scripts/decode_stacktrace.sh (`f
(file.c:74)` in place of `f+0x1a/0x40`), lines kept with syslog's or the journal's prefix, a console line
that interrupted a shell prompt, and a head quoted in a sentence above the whole report."""
from agent.reports import parse_issue

DECODED = '''KASAN: use-after-free in the ring lookup

```
==================================================================
BUG: KASAN: use-after-free in ring_slot_busy (ring.c:41 (inlined by) ring.c:57)
Read of size 4 at addr ffff88810abc1230 by task fuzz-run/812

CPU: 0 PID: 812 Comm: fuzz-run Not tainted 6.3.0-rc2 #4
Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.15.0-1 04/01/2014
Call Trace:
<TASK>
dump_stack_lvl (dump_stack.c:106 (discriminator 1))
print_report (report.c:319 (inlined by) report.c:430)
kasan_report (report.c:538)
ring_slot_busy (ring.c:41 (inlined by) ring.c:57)
ring_open (ring.c:160)
do_sys_openat2 (open.c:1356)
</TASK>
```
'''

DECODED_RIP = '''widget probe crashes at boot

general protection fault, probably for non-canonical address 0xdffffc0000000001: 0000 [#1] PREEMPT SMP KASAN
KASAN: null-ptr-deref in range [0x0000000000000008-0x000000000000000f]
CPU: 1 PID: 1 Comm: swapper/0 Not tainted 6.1.0 #1
RIP: 0010:probe_widget (drivers/misc/widget.c:212)
Code: 48 89 df e8 00 00 00 00 <48> 8b 43 08
Call Trace:
 <TASK>
widget_bind (drivers/misc/widget.c:301)
really_probe (drivers/base/dd.c:639)
 </TASK>
'''


def test_a_decoded_kasan_stack_is_titled_and_blamed_as_syzbot_would():
    rep = parse_issue(DECODED)
    assert rep.kind == "kernel" and not rep.corrupted
    assert rep.title == "KASAN: use-after-free Read in ring_slot_busy"
    assert rep.guilty.function == "ring_slot_busy" and (rep.guilty.file, rep.guilty.line) == ("ring.c", 41)
    assert [f.function for f in rep.frames][3:5] == ["ring_slot_busy", "ring_open"]


def test_a_decoded_rip_names_the_faulting_function():
    rep = parse_issue(DECODED_RIP)
    assert rep.title == "general protection fault in probe_widget"
    assert rep.guilty.function == "probe_widget"


JOURNAL = '''Oops after resume

<details><summary>journalctl -k</summary>

```
Mar 02 09:14:51 box kernel: ==================================================================
Mar 02 09:14:51 box kernel: BUG: KASAN: slab-out-of-bounds in gadget_fill+0x91/0x140 [gadget]
Mar 02 09:14:51 box kernel: Write of size 8 at addr ffff8881062d5f40 by task kworker/2:1/97
Mar 02 09:14:51 box kernel: CPU: 2 PID: 97 Comm: kworker/2:1 Tainted: G           OE     6.5.0 #1
Mar 02 09:14:51 box kernel: Hardware name: LENOVO 20XW/20XW, BIOS N32ET 05/10/2022
Mar 02 09:14:51 box kernel: Call Trace:
Mar 02 09:14:51 box kernel:  dump_stack_lvl+0x48/0x70
Mar 02 09:14:51 box kernel:  kasan_report+0xb8/0xf0
Mar 02 09:14:51 box kernel:  gadget_fill+0x91/0x140 [gadget]
Mar 02 09:14:51 box kernel:  gadget_resume+0x3c/0x90 [gadget]
Mar 02 09:14:51 box kernel:  process_one_work+0x1e2/0x3b0
```
</details>
'''


def test_journal_prefixed_lines_are_one_whole_report():
    rep = parse_issue(JOURNAL)
    assert rep.kind == "kernel" and not rep.corrupted
    assert rep.title == "KASAN: slab-out-of-bounds Write in gadget_fill"
    assert rep.guilty.function == "gadget_fill" and rep.guilty.module == "gadget"
    assert [f.function for f in rep.frames][:4] == ["dump_stack_lvl", "kasan_report", "gadget_fill", "gadget_resume"]


QUOTED_FIRST = '''KASAN: use-after-free in gadget_fill

Seen right after a `kernel BUG at drivers/gadget/core.c:88!` on the previous boot, maybe the same bug.
<details><summary>dmesg</summary><pre><code>
[  512.113201] ==================================================================
[  512.113230] BUG: KASAN: use-after-free in gadget_fill+0x91/0x140
[  512.113244] Read of size 8 at addr ffff8881062d5f40 by task cat/4411
[  512.113250] CPU: 3 PID: 4411 Comm: cat Not tainted 6.6.0 #2
[  512.113262] Call Trace:
[  512.113266]  dump_stack_lvl+0x48/0x70
[  512.113280]  kasan_report+0xb8/0xf0
[  512.113291]  gadget_fill+0x91/0x140
[  512.113303]  gadget_read+0x51/0x80
[  512.113311]  vfs_read+0xe1/0x2f0
</code></pre></details>
'''


def test_a_head_quoted_in_a_sentence_yields_to_the_whole_report_below():
    rep = parse_issue(QUOTED_FIRST)
    assert not rep.corrupted
    assert rep.title == "KASAN: use-after-free Read in gadget_fill"
    assert rep.guilty.function == "gadget_fill"


PROMPT = '''soft lockup under qemu

```
/ # [ 9021.140000] watchdog: BUG: soft lockup - CPU#0 stuck for 23s! [kworker/0:2:61]
[ 9021.140000] Modules linked in:
[ 9021.140000] CPU: 0 PID: 61 Comm: kworker/0:2 Not tainted 6.1.0 #3
[ 9021.140000] RIP: 0010:widget_poll+0x2d/0x60
[ 9021.140000] Call Trace:
[ 9021.140000]  widget_poll+0x2d/0x60
[ 9021.140000]  widget_work+0x19/0x40
[ 9021.140000]  process_one_work+0x1e2/0x3b0
[ 9021.140000]  worker_thread+0x50/0x3b0
```
'''


def test_a_console_line_after_a_shell_prompt_keeps_its_report():
    rep = parse_issue(PROMPT)
    assert rep.kind == "kernel" and not rep.corrupted
    assert rep.title == "BUG: soft lockup in widget_work"
    assert [f.function for f in rep.frames][:2] == ["widget_poll", "widget_work"]
