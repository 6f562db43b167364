"""The kernel's templates for syzbot's most frequent kinds, each on a real Debian 6.1 function with
the fix taken out (the files extracted from /usr/src/linux-source-6.1.tar.xz) and a report shaped like
syzbot's: an index checked against its array's length (snd_open), a put moved after the last use
(bnep_rx_frame), memory zeroed where KMSAN says it was made (xt_register_template's kzalloc,
nf_conntrack_ftp's help() local `cmd = {}`); and a report of one kind gets no candidate of another."""
from __future__ import annotations

import subprocess

import pytest

from agent.families import kernel_kind, kernel_templates
from agent.kernel import indexes, lifetimes, uninit
from agent.repair_context import RepairContext, Site

pytestmark = [pytest.mark.kernel]

FILES = ["sound/core/sound.c", "net/bluetooth/bnep/core.c", "net/netfilter/x_tables.c",
         "net/netfilter/nf_conntrack_ftp.c"]


@pytest.fixture(scope="module")
def linux61(linux61_files):
    return linux61_files(FILES)


def _added_removed(diff: str) -> tuple[list[str], list[str]]:
    lines = diff.splitlines()
    return ([ln[1:] for ln in lines if ln.startswith("+") and not ln.startswith("+++")],
            [ln[1:] for ln in lines if ln.startswith("-") and not ln.startswith("---")])


def _line(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)


def _ctx(path, text, line, func, exc_type, message="", **kw) -> RepairContext:
    return RepairContext(exc_type=exc_type, message=message, sites=[Site(path, line, func, 0)],
                         read=lambda p: text if p == path else "", files=[path], **kw)


# -- an index checked against its array's length ------------------------------------------------------
SND = "sound/core/sound.c"
SND_FIX = "\tif (minor >= ARRAY_SIZE(snd_minors))\n\t\treturn -ENODEV;\n"
SND_KASAN = """BUG: KASAN: global-out-of-bounds in snd_open+0x3ba/0x440 sound/core/sound.c:153
Read of size 8 at addr ffffffff8e3a1c40 by task syz-executor.2/5081

The buggy address belongs to the variable:
 snd_minors+0x800/0x820
"""
SND_UBSAN = """[   50.101][ T5000] ================================================================================
[   50.102][ T5000] UBSAN: array-index-out-of-bounds in sound/core/sound.c:153:9
[   50.103][ T5000] index 256 is out of range for type 'snd_minor *[256]'
[   50.104][ T5000] CPU: 0 PID: 5000 Comm: syz-executor.0 Not tainted 6.1.0-syzkaller #0
[   50.105][ T5000] Call Trace:
[   50.105][ T5000]  <TASK>
[   50.106][ T5000]  __dump_stack lib/dump_stack.c:88 [inline]
[   50.106][ T5000]  dump_stack_lvl+0xcd/0x134 lib/dump_stack.c:106
[   50.107][ T5000]  ubsan_epilogue+0xb/0x5a lib/ubsan.c:151
[   50.107][ T5000]  __ubsan_handle_out_of_bounds.cold+0x62/0x6c lib/ubsan.c:282
[   50.108][ T5000]  snd_open+0x3ba/0x440 sound/core/sound.c:153
[   50.108][ T5000]  chrdev_open+0x26a/0x770 fs/char_dev.c:414
[   50.109][ T5000]  </TASK>
"""


def test_the_index_check_is_the_one_taken_out(linux61):
    fixed = (linux61 / SND).read_text()
    assert fixed.count(SND_FIX) == 1
    buggy = fixed.replace(SND_FIX, "", 1)
    line = _line(buggy, "mptr = snd_minors[minor];")
    ctx = _ctx(SND, buggy, line, "snd_open", "KASAN-GLOBAL-OUT-OF-BOUNDS-READ")
    (cand,) = indexes.generate(ctx, SND_KASAN)
    added, removed = _added_removed(cand.diff)
    assert added == ["\tif (minor >= ARRAY_SIZE(snd_minors))", "\t\treturn -ENODEV;"] and removed == [], cand.diff
    # above mutex_lock(), where the stable tree has it: a return after it would leave sound_mutex held
    assert "+\t\treturn -ENODEV;\n \tmutex_lock(&sound_mutex);" in cand.diff, cand.diff
    assert cand.template == "kernel:index_check"
    # the fixed function already checks it: nothing to propose
    assert indexes.generate(_ctx(SND, fixed, _line(fixed, "mptr = snd_minors[minor];"), "snd_open",
                                 "KASAN-GLOBAL-OUT-OF-BOUNDS-READ"), SND_KASAN) == []
    # UBSAN's array-index-out-of-bounds is the same kind, and its candidates are this check's
    from agent.reports.kernel import parse_kernel
    seen = parse_kernel(SND_UBSAN)
    assert (seen.guilty.function, seen.guilty.line) == ("snd_open", 153) and kernel_kind(seen.type, seen.message) == "overflow"
    ubsan = _ctx(SND, buggy, line, "snd_open", seen.type, seen.message)
    assert [c.template for c in kernel_templates(ubsan, report_text=SND_UBSAN)][:1] == ["kernel:index_check"]


def test_no_index_check_through_a_pointer_or_a_held_lock(linux61):
    """A pointer has no ARRAY_SIZE; a check that could only go after a lock taken in an outer block is
    not proposed."""
    src = ("static int f(struct s *p, int *tab, unsigned int i)\n{\n\tif (!p)\n\t\treturn -EINVAL;\n"
           "\treturn tab[i];\n}\n")
    assert indexes.generate(_ctx("x.c", src, 5, "f", "KASAN-SLAB-OUT-OF-BOUNDS-READ")) == []
    held = ("static int tab[4];\nstatic int f(unsigned int i)\n{\n\tif (!i)\n\t\treturn -EINVAL;\n"
            "\tspin_lock(&l);\n\tif (i > 1) {\n\t\tg(i);\n\t\treturn tab[i];\n\t}\n\tspin_unlock(&l);\n\treturn 0;\n}\n")
    assert indexes.generate(_ctx("x.c", held, 9, "f", "KASAN-GLOBAL-OUT-OF-BOUNDS-READ")) == []


# -- a use-after-free reordered ------------------------------------------------------------------------
BNEP = "net/bluetooth/bnep/core.c"
BNEP_RIGHT = "\tskb_copy_from_linear_data(skb, __skb_put(nskb, skb->len), skb->len);\n\tkfree_skb(skb);\n"
BNEP_WRONG = "\tkfree_skb(skb);\n\tskb_copy_from_linear_data(skb, __skb_put(nskb, skb->len), skb->len);\n"


def test_the_put_moves_after_the_last_use(linux61):
    fixed = (linux61 / BNEP).read_text()
    assert fixed.count(BNEP_RIGHT) == 1
    buggy = fixed.replace(BNEP_RIGHT, BNEP_WRONG, 1)
    use = _line(buggy, "skb_copy_from_linear_data(skb, __skb_put(nskb, skb->len)")
    freed = use - 1
    # with the free stack (its frame at the put's line, or the next: a return address), and without
    for free_sites in ([Site(BNEP, freed, "bnep_rx_frame", 0)], [Site(BNEP, freed + 1, "bnep_rx_frame", 0)], []):
        ctx = _ctx(BNEP, buggy, use, "bnep_rx_frame", "KASAN-USE-AFTER-FREE-READ", free_sites=free_sites)
        (cand,) = lifetimes.generate(ctx)
        assert cand.template == "kernel:put_after_use"
        patched = _apply(buggy, cand.diff)
        assert patched == fixed, cand.diff
    # the fixed function: the put is after its last use already
    assert lifetimes.generate(_ctx(BNEP, fixed, _line(fixed, "skb_copy_from_linear_data(skb, __skb_put"),
                                   "bnep_rx_frame", "KASAN-USE-AFTER-FREE-READ")) == []


def test_no_reorder_across_an_exit():
    """Moving a put past a `return` would leak the object on that path: not proposed."""
    src = ("static int f(struct x *o)\n{\n\tkfree(o);\n\tif (g())\n\t\treturn -EINVAL;\n\treturn o->n;\n}\n")
    assert lifetimes.generate(_ctx("x.c", src, 6, "f", "KASAN-USE-AFTER-FREE-READ")) == []


# -- uninitialised memory zeroed where it is made ------------------------------------------------------
XT = "net/netfilter/x_tables.c"
KMSAN_ALLOC = """BUG: KMSAN: uninit-value in xt_find_table+0x2be/0x3c0 net/netfilter/x_tables.c:1232
 xt_find_table+0x2be/0x3c0 net/netfilter/x_tables.c:1232

Uninit was created at:
 slab_post_alloc_hook+0x12f/0xb70 mm/slab.h:767
 slab_alloc_node mm/slub.c:3478 [inline]
 __kmem_cache_alloc_node+0x518/0x920 mm/slub.c:3517
 kmalloc_trace+0x51/0x200 mm/slab_common.c:1098
 kmalloc include/linux/slab.h:600 [inline]
 xt_register_template+0x1a2/0x520 net/netfilter/x_tables.c:1798
"""


def test_kmalloc_becomes_kzalloc_where_kmsan_says_it_was_made(linux61):
    from agent.reports.kernel import parse_kernel
    from agent.repair_context import frame_sites
    fixed = (linux61 / XT).read_text()
    needle = "t = kzalloc(sizeof(*t), GFP_KERNEL);"
    assert fixed.count(needle) == 1
    buggy = fixed.replace(needle, "t = kmalloc(sizeof(*t), GFP_KERNEL);", 1)
    report = parse_kernel(KMSAN_ALLOC)
    files = [XT, "mm/slab.h", "mm/slub.c", "mm/slab_common.c", "include/linux/slab.h"]
    alloc = frame_sites(report.alloc_frames, files)
    assert alloc and alloc[0].path.startswith("mm/")     # the allocator's frames come first, and are skipped
    ctx = RepairContext(exc_type=report.type, message=report.message, sites=[Site(XT, 1232, "xt_find_table", 0)],
                        read=lambda p: buggy if p == XT else "", files=files, alloc_sites=alloc)
    cands = kernel_templates(ctx, report_text=KMSAN_ALLOC)
    assert cands[0].template == "kernel:zero_alloc"
    assert _apply(buggy, cands[0].diff) == fixed, cands[0].diff
    assert not any(c.template in ("kernel:length_check", "kernel:index_check", "kernel:put_after_use",
                                  "c:null_guard", "c:loop_bound") for c in cands), [c.template for c in cands]
    # already zeroed: nothing
    ctx_fixed = RepairContext(exc_type=report.type, message="", sites=ctx.sites, read=lambda p: fixed if p == XT else "",
                              files=files, alloc_sites=alloc)
    assert uninit.generate(ctx_fixed, KMSAN_ALLOC) == []


FTP = "net/netfilter/nf_conntrack_ftp.c"
KMSAN_LOCAL = """BUG: KMSAN: uninit-value in find_pattern+0x2c1/0x5e0 net/netfilter/nf_conntrack_ftp.c:351
 find_pattern+0x2c1/0x5e0 net/netfilter/nf_conntrack_ftp.c:351
 help+0x9c6/0x1b50 net/netfilter/nf_conntrack_ftp.c:456

Local variable cmd created at:
 help+0x5c/0x1b50 net/netfilter/nf_conntrack_ftp.c:370
"""


def test_a_local_is_initialised_where_it_is_declared(linux61):
    fixed = (linux61 / FTP).read_text()
    needle = "\tstruct nf_conntrack_man cmd = {};\n"
    assert fixed.count(needle) == 1
    buggy = fixed.replace(needle, "\tstruct nf_conntrack_man cmd;\n", 1)
    ctx = _ctx(FTP, buggy, 351, "find_pattern", "KMSAN-UNINIT-VALUE")
    (cand,) = uninit.generate(ctx, KMSAN_LOCAL)
    assert cand.template == "kernel:zero_local" and _apply(buggy, cand.diff) == fixed, cand.diff


def _apply(text: str, diff: str) -> str:
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        path = diff.splitlines()[0].split(" b/", 1)[1]
        target = Path(d) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        subprocess.run(["git", "apply", "-"], input=diff, text=True, cwd=d, check=True)
        return target.read_text()


def test_no_reorder_past_an_exit_that_uses_the_object():
    """`if (err) { log(o); return err; }` after the use: the put moved past it would be skipped on that path."""
    src = ("static int f(struct x *o)\n{\n\tint err;\n\tkfree(o);\n\terr = o->n;\n"
           "\tif (err) {\n\t\tlog(o);\n\t\treturn err;\n\t}\n\treturn 0;\n}\n")
    assert lifetimes.generate(_ctx("x.c", src, 5, "f", "KASAN-USE-AFTER-FREE-READ")) == []
    # without that exit's use, the put goes after the last use, before the exit
    plain = src.replace("\t\tlog(o);\n", "")
    (cand,) = lifetimes.generate(_ctx("x.c", plain, 5, "f", "KASAN-USE-AFTER-FREE-READ"))
    assert "\terr = o->n;\n\tkfree(o);\n\tif (err) {" in _apply(plain, cand.diff), cand.diff


GOLDEN = __import__("pathlib").Path(__file__).resolve().parents[1] / "agent" / "reports" / "golden" / "kernel"


@pytest.mark.parametrize("name, kind", [("413.txt", "uaf"), ("672.txt", "uninit"), ("700.txt", "uninit"),
                                        ("343.txt", "overflow"), ("469.txt", "overflow"), ("511.txt", "uaf")])
def test_real_syzbot_consoles_go_to_their_kinds_templates(name, kind):
    """Real syzbot consoles (the shared corpora: KASAN slab/stack out-of-bounds, use-after-free, KMSAN
    uninit-value) are of the kind whose templates can fix them."""
    from agent.reports.kernel import parse_kernel
    report = parse_kernel((GOLDEN / name).read_text())
    assert kernel_kind(report.type, report.message) == kind, report.type
