"""Two guilty-frame rules from real reports (issue 36): a Go stack printed by a deferred handler (its
own frames above `panic(...)` did not crash), and a syzbot title's function when the pasted report is
cut before its stack."""
from agent.reports import parse_issue

LMD = '''Panic: assignment to entry in nil map

Something similar to #46 happens again: `assignment to entry in nil map`, located in:

        runtime/debug.Stack(0xc4201c4030, 0x9472c1, 0xe)
                /root/.gvm/gos/go1.9.2/src/runtime/debug/stack.go:24 +0xa7
        main.logPanicExitPeer(0xc42028a0c0)
                /src/github.com/sni/lmd/lmd/peer.go:2754 +0x12f
        panic(0x8b9ce0, 0x9a4dd0)
                /root/.gvm/gos/go1.9.2/src/runtime/panic.go:491 +0x283
        main.(*DataTable).AddItem(...)
                /src/github.com/sni/lmd/lmd/peer.go:153
        main.(*Peer).UpdateDeltaTables(0xc42028a0c0)
                /src/github.com/sni/lmd/lmd/peer.go:1128 +0x1453
'''


def test_a_deferred_handlers_frames_are_not_the_crash():
    for repo in (None, "sni/lmd"):
        rep = parse_issue(LMD, repo)
        assert rep.kind == "go" and rep.guilty.function == "main.(*DataTable).AddItem", (repo, rep.guilty)


SYZBOT = '''[syzbot] KASAN: use-after-free Read in skb_release_head_state

syzbot found the following issue on:

HEAD commit:    996e435f Merge tag 'zonefs-5.11-rc3'
git tree:       upstream
dashboard link: https://syzkaller.appspot.com/bug?extid=60c13361d933487eed83

```
==================================================================
BUG: KASAN: use-after-free in skb_dst_drop include/net/dst.h:269 [inline]
BUG: KASAN: use-after-free in skb_release_head_state+0x223/0x250 net/core/skbuff.c:653
Read of size 8 at addr ffff888020b57a58 by task syz-executor.3/23125

CPU: 0 PID: 23125 Comm: syz-executor.3 Not tainted 5.11.0-rc2-syzkaller #0
Call Trace:
__dump_stack lib/dump_stack.c:79 [inline]
kasan_report.cold+0x79/0xd5 mm/kasan/repor'''


def test_a_cut_syzbot_report_is_guilty_where_its_title_says():
    rep = parse_issue(SYZBOT)
    assert rep.kind == "kernel" and rep.guilty is not None
    assert rep.guilty.function == "skb_release_head_state"
