"""A kernel WARNING whose head the symbolizer expanded into one line per inlined function (the shape of
real syzkaller reports in mptcp's tracker): the repeated heads are one report, titled by the function
that was not inlined, as syzkaller titles it."""
from agent.reports import parse_issue

REPORT = '''[syzkaller] WARNING in mptcp_incoming_options

```
------------[ cut here ]------------
WARNING: CPU: 1 PID: 30472 at net/mptcp/options.c:720 check_fully_established net/mptcp/options.c:720 [inline]
WARNING: CPU: 1 PID: 30472 at net/mptcp/options.c:720 mptcp_incoming_options+0xb89/0xba0 net/mptcp/options.c:826
Kernel panic - not syncing: panic_on_warn set ...
CPU: 1 PID: 30472 Comm: syz-executor.6 Not tainted 5.6.0 #68
Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS rel-1.12.1-0-ga5cab58e9a3f-prebuilt.qemu.org 04/01/2014
Call Trace:
 __dump_stack lib/dump_stack.c:77 [inline]
 dump_stack+0x11d/0x181 lib/dump_stack.c:118
 panic+0x210/0x63b kernel/panic.c:221
 __warn.cold+0x36/0x3f kernel/panic.c:582
 report_bug+0x1f4/0x230 lib/bug.c:195
 invalid_op+0x1e/0x30 arch/x86/entry/entry_64.S:1027
RIP: 0010:check_fully_established net/mptcp/options.c:720 [inline]
RIP: 0010:mptcp_incoming_options+0xb89/0xba0 net/mptcp/options.c:826
```
'''


def test_an_expanded_warning_head_is_one_report():
    rep = parse_issue(REPORT)
    assert rep.kind == "kernel" and rep.title == "WARNING in mptcp_incoming_options"
    assert rep.guilty is not None and rep.guilty.function.startswith("mptcp_incoming_options")
