"""Linux kernel console logs (KASAN, KMSAN, KCSAN, UBSAN, BUG, WARNING, oopses, lockdep,
hangs, RCU stalls, panics) and syzbot's report mails.

The rules follow the ones syzkaller uses to title kernel crashes (pkg/report/linux.go):
the first line of the log that carries a known oops header (and no suppression) starts
the report; the report is the following console lines of the same printk caller
context; the title comes from a table of formats, each with a title pattern, an
optional report pattern, and a recipe (``parts``) to find the guilty frame in the
stack: the first frame that is not reporting, sanitizer, allocator, locking or generic
helper code.  This is a re-implementation of those rules, not a port of the code.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Callable

from agent.reports.demangle import demangle
from agent.reports.model import Access, CrashReport, Frame
from agent.reports.scan import Scan, register, scan_of

# --------------------------------------------------------------------------------------
# Pattern building blocks.

_PC = r"\[\<?(?:0x)?[0-9a-f]+\>?\]"
# a function with its offset (`f+0x1a/0x40`, `f.cold+0x5`), or as scripts/decode_stacktrace.sh prints it
# (`f (net/mptcp/token.c:74 (inlined by) net/mptcp/token.c:82)`, `RIP: 0010:f (arch/x86/x.c:523)`)
_FUNC = r"([a-zA-Z0-9_]+)(?:\.|\+| \([a-zA-Z0-9\-_/.]+\.[a-z]+:[0-9])"
_SRC = r"([a-zA-Z0-9\-_/.]+\.[a-z]+:[0-9]+)"


def _c(pattern: str) -> re.Pattern:
    pattern = (pattern.replace("{{PC}}", _PC).replace("{{FUNC}}", _FUNC)
               .replace("{{SRC}}", _SRC).replace("{{ADDR}}", "0x[0-9a-f]+"))
    return re.compile(pattern)


_RIP = (r"(?:IP|NIP|pc |PC is at):? (?:(?:[0-9]+:)?(?:{{PC}} +){0,2}{{FUNC}}|(?:[0-9]+:)?0x[0-9a-f]+"
        r"|(?:[0-9]+:)?{{PC}} +\[< *\(null\)>\] +\(null\)|[0-9]+: +\(null\))")
RIP_FRAME = _c(_RIP)
# LKL (the Linux Kernel Library, a kernel linked into a user process) prints its own header.
CALL_TRACE = _c(r"(?:Call (?:T|t)race:)|(?:Backtrace:)|(?:Linux Kernel Library Stack Trace:)")
PARSE_STACK = None  # marker in a recipe: parse a stack trace from here

STACK_START = [re.compile(p) for p in (
    r"Call (?:T|t)race",
    r"Allocated:",
    r"Allocated by task [0-9]+:",
    r"Freed:",
    r"Freed by task [0-9]+:",
    r"[^k] backtrace(?: \(crc [0-9a-fA-F]*\))?:",
    r"Backtrace:",
    r"Uninit was stored to memory at",
    r"Linux Kernel Library Stack Trace:",
)]
_STACK_START_ANY = re.compile("|".join(p.pattern for p in STACK_START))
FRAME_RES = [
    _c(r"^ *(?:#[0-9]+ )?(?:{{PC}} ){0,2}{{FUNC}}"),
    # arm: "[<pc>] (callee) from [<pc>] (caller+0x..)"
    _c(r"^ *{{PC}} \(([a-zA-Z0-9_.]+)\) from {{PC}} \({{FUNC}}"),
]
CORRUPTED_LINES = [_c(r"^( \[\<?(?:0x)?[0-9a-f]+\>?\])? should_fail(slab)?(\.[a-z0-9.]+)?\+0x")]

# Frames that never name a bug: sanitizer runtime, reporting, allocator, locking,
# string/memory/list helpers, user copy, printk, device/kobject plumbing...
SKIP_FRAMES = [
    "__sanitizer", "__asan", "kasan", "hwasan", "__msan", "kmsan", "kcsan_setup_watchpoint",
    "check_memory_region", "check_heap_object", "check_object", "read_word_at_a_time",
    "(read|write)_once_.*nocheck", "print_address_description", "panic", "invalid_op",
    "report_bug", "fixup_bug", "print_report", "print_usage_bug", "do_error", r"_trap$|do_trap",
    "show_stack", "dump_stack", "walk_stack", "dump_backtrace", "warn_slowpath", "warn_alloc",
    "warn_bogus", "__warn", "alloc_page", "k?v?(?:m|z|c)alloc", "krealloc", "kmem_cache",
    "allocate_slab", "__alloc_frozen_pages_noprof", "folio_(?:alloc|unlock)",
    "filemap_alloc_folio", "__filemap_get_folio", "find_or_create_page", "do_read_cache_folio",
    "read_cache_page", "pagecache_get_page", "grab_cache_page_write_begin", "slab_",
    "debug_object", "timer_is_static_object", "work_is_static_object", "__might_fault",
    "print_unlock", "imbalance_bug", "lockdep", "bh_enable", "bh_disable", "perf_trace",
    "lock_acquire", "lock_release", "lock_class", "mark_lock", "(reacquire|mark)_held_locks",
    "raw_spin_rq", "spin_lock", "spin_trylock", "spin_unlock", "read_lock", "read_trylock",
    "write_lock", "write_trylock", "read_unlock", "write_unlock", "^down$", "down_read",
    "down_write", "down_trylock", "up_read", "up_write", "^mutex_", "^__mutex_", "^rt_mutex_",
    "owner_on_cpu", "osq_lock", "osq_unlock",
    "atomic(64)?_(dec|inc|read|set|or|xor|and|add|sub|fetch|xchg|cmpxchg|try)",
    "(set|clear|change|test)_bit", "__wake_up", "^refcount_", "^kref_", "ref_tracker",
    "seqprop_assert", "memcpy", "memcmp", "memset", "memchr", "memmove", "memdup", "strcmp",
    "strncmp", "strcpy", "strlcpy", "strncpy", "strscpy", "strlen", "strstr", "strnstr",
    "strnlen", "strchr", "strdup", "strndup", "copy_to_user", "copy_from_user", "copy_to_iter",
    "copy_from_iter", "copy_page_to_iter", "copy_page_from_iter", "copy_folio_to_iter",
    "^copyin$", "^copyout$", "put_user", "get_user", "might_fault", "might_sleep", "list_add",
    "list_del", "list_replace", "list_move", "list_splice", "^rb_", "^__rb_",
    "_indirect_thunk_", "string", "pointer", "snprintf", "scnprintf", "kasprintf", "kvasprintf",
    "printk", "va_format", "dev_info", "dev_notice", "dev_warn", "dev_err", "dev_alert",
    "dev_crit", "dev_emerg", "program_check_exception", "program_check_common", "del_timer",
    "flush_work", "__cancel_work_timer", "cancel_work_sync", "try_to_grab_pending",
    "flush_workqueue", "drain_workqueue", "destroy_workqueue", "queue_work", "finish_wait",
    "kthread_stop", "kobject_", "add_uevent_var", "get_device_parent", "device_add",
    "device_del", "device_unregister", "device_destroy", "device_release", "devres_release_all",
    "hwrng_unregister", "i2c_del_adapter", "__unregister_client", "device_for_each_child",
    "rollback_registered", "unregister_netdev", "sysfs_remove", "device_remove_file",
    "tty_unregister_device", "dummy_urb_enqueue", "usb_kill_urb", "usb_kill_anchored_urbs",
    "usb_control_msg", "usb_hcd_submit_urb", "usb_submit_urb", "^complete$",
    "wait_for_completion", "^kv?free$", "kfree_skb", "readb$", "readw$", "readl$", "readq$",
    "writeb$", "writew$", "writel$", "writeq$", "logic_in", "logic_out", r"^crc\d+",
    "crc_itu_t", "__might_resched", "assertfail", "^iput$", "^iput_final$", "^ihold$",
    "hex_dump_to_buffer", "print_hex_dump", "^klist_", "(trace|lockdep)_(hard|soft)irq",
    "^(un)?lock_page", "stack_trace_consume_entry", "arch_stack_walk", "stack_trace_save",
    "insert_work", "__queue_delayed_work", "queue_delayed_work_on", "ida_free",
    "do_(kernel|translation)_fault", "do_mem_abort", "el1_abort", "el1h_64_sync(?:_handler)?",
    "print_tainted", "xas_(?:start|load|find)", "find_lock_entries", "truncate_inode_pages_range",
    "__phys_addr", "__fortify_report", "cleanup_srcu_struct", "rhashtable_lookup",
    "extract_(user|iter)_to_sg", "drop_nlink", "^get_taint$", "^put_device$", "lock_timer_base",
    "__timer_delete_sync", "sk_stop_timer_sync", "__mod_timer", "fast_dput", "dput",
    # An address past the end of the kernel text (LKL builds without symbols for it): no name.
    "^_etext$",
]
# Syscall entry prefixes differ between arches and versions; each is stripped once, in order.
STRIP_PREFIXES = ("SYSC_", "SyS_", "sys_", "__x64_", "__ia32_", "__arm64_", "____sys_", "___sys_",
                  "__sys_", "__se_", "__se_sys_", "__do_sys_", "compat_SYSC_", "compat_SyS_", "ksys_")

STALL_ANCHORS = [re.compile(p) for p in (
    "process_one_work", "do_syscall_", "do_fast_syscall_", "sysenter_dispatch", "tracesys_phase2",
    "el0_svc_handler", "invoke_syscall", "ret_fast_syscall", "netif_receive_skb", "do_softirq",
    "call_timer_fn", "_run_timers", "run_timer_softirq", "hrtimer_run", "run_ksoftirqd",
    "smpboot_thread_fn", "^kthread$", "start_secondary", "cpu_startup_entry", "ret_from_fork",
    "vfs_write", "vfs_read", "vfs_iter_read", "vfs_iter_write", "do_iter_read", "do_iter_write",
    "call_read_iter", "call_write_iter", "new_sync_read", "new_sync_write", "vfs_ioctl",
    "ksys_ioctl", "compat_ioctl", "compat_sys_ioctl", "blkdev_driver_ioctl", "blkdev_ioctl",
    "do_iter_readv_writev", "^call_mmap", "mmap_region", "do_mmap", "do_dentry_open", "vfs_open",
    "^sock_sendmsg", "^sock_recvmsg", "^sock_release", "^__sock_release", "^setsockopt$",
    "kernel_setsockopt", "sock_common_setsockopt", "^listen$", "kernel_listen",
    "sk_common_release", "^sock_mmap", "^accept$", "kernel_accept", "^sock_do_ioctl",
    "^sock_ioctl", "^compat_sock_ioctl", "^nfnetlink_rcv_msg", "^rtnetlink_rcv_msg",
    "^netlink_dump", "^(sys_)?(socketpair|connect|ioctl)", "__do_fault", "do_page_fault",
    "^page_fault$", "__fput", "task_work_run", "exit_to_usermode", "smp_call_function",
    "tasklet_action", "tasklet_hi_action",
)]


def _stall_extractor(frames: list[str]) -> str:
    """Stalls loop somewhere: name them after the frame just above a dispatch anchor."""
    prev = frames[0]
    for frame in frames:
        if any(a.search(frame) for a in STALL_ANCHORS):
            if "smp_call_function" in frame:
                return "smp_call_function"
            return prev
        prev = frame
    return ""


_HANG_ANCHORS = (("rtnl_lock", ""), ("synchronize_rcu", "synchronize_rcu"),
                 ("synchronize_srcu", "synchronize_rcu"), ("synchronize_net", "synchronize_rcu"),
                 ("synchronize_sched", "synchronize_rcu"))
_HANG_SKIP = ("sched", "_lock", "_slowlock", "down", "rwsem", "completion", "kthread", "wait",
              "synchronize", "context_switch", "__switch_to", "cancel_delayed_work", "rcu_barrier")


def _hang_extractor(frames: list[str]) -> str:
    for frame in frames:
        for anchor, repl in _HANG_ANCHORS:
            if anchor in frame:
                return repl or frame
    for frame in frames:
        if not any(s in frame for s in _HANG_SKIP):
            return frame
    return ""


@dataclass
class Stack:
    parts: list
    parts2: list = field(default_factory=list)
    skip: tuple = ()
    extractor: Callable[[list[str]], str] | None = None
    _skip_re: re.Pattern | None = None

    def skip_re(self) -> re.Pattern:
        if self._skip_re is None:
            self._skip_re = re.compile("|".join(list(SKIP_FRAMES) + list(self.skip)))
        return self._skip_re


@dataclass
class Fmt:
    title: re.Pattern
    fmt: str
    report: re.Pattern | None = None
    stack: Stack | None = None
    no_stack: bool = False
    corrupted: bool = False


@dataclass
class Oops:
    header: str
    formats: list[Fmt]
    suppressions: list[re.Pattern] = field(default_factory=list)


def _warn_stack(*skip: str) -> Stack:
    return Stack(parts=[_c("(?:" + _RIP + "|--- interrupt: [0-9]+ at {{FUNC}})"), PARSE_STACK],
                 parts2=[CALL_TRACE, PARSE_STACK], skip=skip)


def _trace(*skip: str, extractor=None) -> Stack:
    return Stack(parts=[CALL_TRACE, PARSE_STACK], skip=skip, extractor=extractor)


def _rip_trace(*skip: str, extractor=None) -> Stack:
    return Stack(parts=[RIP_FRAME, CALL_TRACE, PARSE_STACK], skip=skip, extractor=extractor)


_LOCK_AT = "(?:.*\\n)+?.*at: (?:{{PC}} +)?{{FUNC}}"
_KFENCE_HEAD = _c(r"BUG: KFENCE: (?:[a-z\- ]+) in {{FUNC}}")

# Format strings use str.format: {0}, {1}... are the captured groups, then the frame(s).
OOPSES: list[Oops] = [
    Oops("BUG:", [
        Fmt(_c("BUG: KASAN:"), "KASAN: {0} {2} in {3}",
            report=_c(r"BUG: KASAN: ([a-z\-]+) in {{FUNC}}(?:.*\n)+?.*(Read|Write) (?:of size|at addr) (?:[0-9a-f]+)"),
            stack=Stack([_c(r"BUG: KASAN: (?:[a-z\-]+) in {{FUNC}}"), CALL_TRACE, PARSE_STACK],
                        skip=("kernel_fault", "tag_check", "mem_abort", "^el1_", "^el1h_"))),
        Fmt(_c("BUG: KASAN:"), "KASAN: invalid-free in {1}",
            report=_c("BUG: KASAN: (?:double-free or invalid-free|double-free|invalid-free) in {{FUNC}}"),
            stack=Stack([_c("BUG: KASAN: (?:double-free or invalid-free|double-free|invalid-free) in {{FUNC}}"),
                         CALL_TRACE, PARSE_STACK], skip=("slab_", "kfree", "vunmap", "vfree"))),
        Fmt(_c(r"BUG: KASAN: ([a-z\-]+) on address(?:.*\n)+?.*(Read|Write) of size ([0-9]+)"),
            "KASAN: {0} {1}"),
        Fmt(_c("BUG: KASAN: (.*)"), "KASAN: {0}", corrupted=True),
        Fmt(_c("BUG: KMSAN: kernel-usb-infoleak"), "KMSAN: kernel-usb-infoleak in {1}",
            report=_c("BUG: KMSAN: kernel-usb-infoleak in {{FUNC}}"),
            stack=Stack([PARSE_STACK, _c("(Local variable .* created at:|Uninit was created at:)"), PARSE_STACK],
                        skip=("alloc_skb", "usb_submit_urb", "usb_start_wait_urb", "usb_bulk_msg",
                              "usb_interrupt_msg", "usb_control_msg")), no_stack=True),
        Fmt(_c("BUG: KMSAN:"), "KMSAN: {0} in {2}",
            report=_c(r"BUG: KMSAN: ([a-z\-]+) in {{FUNC}}"),
            stack=Stack([PARSE_STACK, _c("(Local variable .* created at:|Uninit was created at:)"), PARSE_STACK],
                        skip=("alloc_skb", "netlink_ack", "netlink_rcv_skb", "_encrypt$",
                              "^(?:crypto|cipher|drbg|rng)_")), no_stack=True),
        Fmt(_c("BUG: KCSAN:"), "KCSAN: {0}", report=_c("BUG: KCSAN: (.*)"), no_stack=True),
        Fmt(_c("BUG: KFENCE: (use-after-free|out-of-bounds) (read|write) in {{FUNC}}"),
            "KFENCE: {0} {1} in {3}", stack=Stack([_KFENCE_HEAD, PARSE_STACK])),
        Fmt(_c("BUG: KFENCE: invalid free in {{FUNC}}"), "KFENCE: invalid free in {1}",
            stack=Stack([_KFENCE_HEAD, PARSE_STACK]), no_stack=True),
        Fmt(_c("BUG: KFENCE: invalid (read|write) in {{FUNC}}"), "KFENCE: invalid {0} in {2}",
            stack=Stack([_KFENCE_HEAD, PARSE_STACK])),
        Fmt(_c("BUG: KFENCE: memory corruption in {{FUNC}}"), "KFENCE: memory corruption in {1}",
            stack=Stack([_KFENCE_HEAD, PARSE_STACK]), no_stack=True),
        Fmt(_c("BUG: (?:unable to handle kernel paging request|unable to handle page fault for address"
               "|Unable to handle kernel data access)"),
            "BUG: unable to handle kernel paging request in {0}", stack=_rip_trace()),
        Fmt(_c("BUG: (?:unable to handle kernel NULL pointer dereference|kernel NULL pointer dereference"
               "|Kernel NULL pointer dereference)"),
            "BUG: unable to handle kernel NULL pointer dereference in {0}", stack=_rip_trace()),
        Fmt(_c("BUG: (?:unable to handle kernel|Unable to handle kernel)"), "BUG: unable to handle kernel",
            corrupted=True),
        Fmt(_c("BUG: (spinlock|rwlock) (lockup suspected|already unlocked|recursion|cpu recursion|bad magic"
               "|wrong owner|wrong CPU|trylock failure on UP)"),
            "BUG: {0} {1} in {2}", stack=_trace("spin_", "_lock", "_unlock")),
        Fmt(_c("BUG: soft lockup"), "BUG: soft lockup in {0}", stack=_rip_trace(extractor=_stall_extractor)),
        Fmt(_c("BUG: .*still has locks held!"), "BUG: still has locks held in {0}",
            report=_c("BUG: .*still has locks held!(?:.*\\n)+?.*{{PC}} +{{FUNC}}")),
        Fmt(_c("BUG: scheduling while atomic"), "BUG: scheduling while atomic in {0}",
            stack=_trace("schedule")),
        Fmt(_c("BUG: lock held when returning to user space"), "BUG: lock held when returning to user space in {0}",
            report=_c("BUG: lock held when returning to user space(?:.*\\n)+?.*leaving the kernel with locks still held"
                      + _LOCK_AT), no_stack=True),
        Fmt(_c("BUG: bad unlock balance detected!"), "BUG: bad unlock balance in {0}",
            stack=Stack([_c("{{PC}} +{{FUNC}}"), CALL_TRACE, PARSE_STACK])),
        Fmt(_c("BUG: held lock freed!"), "BUG: held lock freed in {0}",
            report=_c("BUG: held lock freed!(?:.*\\n)+?.*{{PC}} +{{FUNC}}")),
        Fmt(_c("BUG: Bad rss-counter state"), "BUG: Bad rss-counter state", no_stack=True),
        Fmt(_c("BUG: non-zero nr_ptes on freeing mm"), "BUG: non-zero nr_ptes on freeing mm", no_stack=True),
        Fmt(_c("BUG: non-zero nr_pmds on freeing mm"), "BUG: non-zero nr_pmds on freeing mm", no_stack=True),
        Fmt(_c("BUG: Dentry .* still in use"), "BUG: Dentry still in use in {0}",
            report=_c(r"BUG: Dentry .* still in use \([0-9]+\) \[(unmount) of ([^\]]+)\]")),
        Fmt(_c("BUG: Bad page (state|cache)"), "BUG: Bad page {0} in {1}",
            stack=Stack([_c("page last allocated"), PARSE_STACK],
                        skip=("(free|put|get|update|release)_page", "free_unref", "^_*folio",
                              "truncate_inode_pages", "page_frag_free", "alloc", "vmap", "page_owner"))),
        Fmt(_c("BUG: Bad page map"), "BUG: Bad page map"),
        Fmt(_c("BUG: workqueue lockup"), "BUG: workqueue lockup", no_stack=True),
        Fmt(_c("BUG: sleeping function called from invalid context at (.*)"),
            "BUG: sleeping function called from invalid context in {1}", stack=_trace()),
        Fmt(_c(r"BUG: using ([a-z_]+)\(\) in preemptible"), "BUG: using {0}() in preemptible code in {1}",
            stack=_trace("dump_stack", "preemption", "preempt", "debug_", "processor_id", "this_cpu")),
        Fmt(_c("BUG: workqueue leaked lock or atomic"), "BUG: workqueue leaked lock or atomic in {0}",
            report=_c("BUG: workqueue leaked lock or atomic(?:.*\\n)+?.*last function: ([a-zA-Z0-9_]+)\\n"),
            no_stack=True),
        Fmt(_c("BUG: memory leak"), "memory leak in {0}",
            stack=Stack([_c(r"backtrace(?: \(crc [0-9a-fA-F]*\))?:"), PARSE_STACK],
                        skip=("kmemleak", "mmap", "kmem", "slab", "alloc", "create_object", "idr_get",
                              "list_lru_init", "kasprintf", "kvasprintf", "pcpu_create", "strdup",
                              "strndup", "memdup"))),
        Fmt(_c("BUG: .*stack guard page was hit at"), "BUG: stack guard page was hit in {0}",
            stack=_rip_trace(extractor=_stall_extractor)),
        Fmt(_c("BUG: Invalid wait context"), "WARNING: locking bug in {0}",
            stack=_trace("lock_sock", "release_sock")),
        Fmt(_c(r"BUG:\s*(?:\n|$)"), "BUG: corrupted", corrupted=True),
    ], [_c("ODEBUG:"), _c("Boot_DEBUG:"), _c("xlog_status:"), _c("DEBUG:"),
        _c("BUG: no syscalls can create resource")]),
    Oops("WARNING:", [
        Fmt(_c(r"WARNING: .*lib/debugobjects\.c.* (?:debug_print|debug_check|at)"), "WARNING: ODEBUG bug in {0}",
            stack=_warn_stack("debug_", "rcu", "hrtimer_", "timer_", "work_", "percpu_", "vunmap", "vfree",
                              "__free_", "debug_check", "kobject_")),
        Fmt(_c(r"WARNING: .*mm/usercopy\.c.* (?:usercopy_warn|at)"), "WARNING: bad usercopy in {0}",
            stack=_warn_stack("usercopy", "__check")),
        Fmt(_c(r"WARNING: .*lib/kobject\.c.* (?:kobject_|at)"), "WARNING: kobject bug in {0}",
            stack=_warn_stack("kobject_")),
        Fmt(_c(r"WARNING: .*fs/proc/generic\.c.* (?:proc_register|at)"), "WARNING: proc registration bug in {0}",
            stack=_warn_stack("proc_")),
        Fmt(_c(r"WARNING: .*lib/refcount\.c.* (?:refcount_|at)"), "WARNING: refcount bug in {0}",
            stack=_warn_stack("refcount", "kobject_")),
        Fmt(_c(r"WARNING: .*kernel/locking/lockdep\.c.*lock_"), "WARNING: locking bug in {0}",
            stack=_warn_stack("lock_sock", "release_sock")),
        Fmt(_c("WARNING: .*still has locks held!"), "WARNING: still has locks held in {0}",
            report=_c("WARNING: .*still has locks held!(?:.*\\n)+?.*at: {{FUNC}}")),
        Fmt(_c("WARNING: Nested lock was not taken"), "WARNING: nested lock was not taken in {0}",
            stack=_warn_stack()),
        Fmt(_c("WARNING: lock held when returning to user space"),
            "WARNING: lock held when returning to user space in {0}",
            report=_c("WARNING: lock held when returning to user space(?:.*\\n)+?.*leaving the kernel with locks "
                      "still held" + _LOCK_AT), no_stack=True),
        Fmt(_c(r"WARNING: .*mm/.*\.c.* k?.?malloc"), "WARNING: kmalloc bug in {0}",
            stack=_warn_stack("kmalloc", "krealloc", "slab", "kmem")),
        Fmt(_c(r"WARNING: .*mm/vmalloc.c.*__vmalloc_node"), "WARNING: zero-size vmalloc in {0}",
            stack=_warn_stack()),
        Fmt(_c("WARNING: .* usb_submit_urb"), "WARNING in {0}/usb_submit_urb",
            stack=_warn_stack("usb_submit_urb", "usb_start_wait_urb", "usb_bulk_msg", "usb_interrupt_msg",
                              "usb_control_msg")),
        Fmt(_c(r"WARNING: {{SRC}} at 0x\d+, CPU#\d+"), "WARNING in {1}", stack=_warn_stack()),
        Fmt(_c("WARNING: .* at {{SRC}} {{FUNC}}"), "WARNING in {2}", stack=_warn_stack()),
        Fmt(_c("WARNING: {{SRC}} at {{FUNC}}"), "WARNING in {2}", stack=_warn_stack()),
        Fmt(_c(r"WARNING: \[.*\] {{SRC}} at {{FUNC}}.*"), "WARNING in {2}", stack=_warn_stack()),
        Fmt(_c("WARNING: possible circular locking dependency detected"), "possible deadlock in {0}",
            report=_c("WARNING: possible circular locking dependency detected(?:.*\\n)+?.*is trying to acquire lock"),
            stack=Stack([_c("at: (?:{{PC}} +)?{{FUNC}}"), _c("at: (?:{{PC}} +)?{{FUNC}}"), PARSE_STACK],
                        skip=("process_one_work", "flush_workqueue", "drain_workqueue", "destroy_workqueue"))),
        Fmt(_c("WARNING: possible irq lock inversion dependency detected"), "possible deadlock in {0}",
            report=_c("WARNING: possible irq lock inversion dependency detected(?:.*\\n)+?.*just changed the state "
                      "of lock" + _LOCK_AT)),
        Fmt(_c("WARNING: .*-safe -> .*-unsafe lock order detected"), "possible deadlock in {0}",
            stack=Stack([_c("which became (?:.*) at:"), PARSE_STACK])),
        Fmt(_c("WARNING: possible recursive locking detected"), "possible deadlock in {0}",
            report=_c("WARNING: possible recursive locking detected(?:.*\\n)+?.*is trying to acquire lock" + _LOCK_AT)),
        Fmt(_c("WARNING: inconsistent lock state"), "inconsistent lock state in {1}",
            report=_c("WARNING: inconsistent lock state(?:.*\\n)+?.*takes" + _LOCK_AT), stack=_trace()),
        Fmt(_c("WARNING: suspicious RCU usage"), "WARNING: suspicious RCU usage in {1}",
            report=_c("WARNING: suspicious RCU usage(?:.*\\n)+?.*?{{SRC}}"), stack=_trace("rcu", "kmem", "slab")),
        Fmt(_c("WARNING: kernel stack regs at [0-9a-f]+ in [^ ]* has bad '([^']+)' value"),
            "WARNING: kernel stack regs has bad '{0}' value", no_stack=True),
        Fmt(_c("WARNING: kernel stack frame pointer at [0-9a-f]+ in [^ ]* has bad value"),
            "WARNING: kernel stack frame pointer has bad value", no_stack=True),
        Fmt(_c("WARNING: bad unlock balance detected!"), "WARNING: bad unlock balance in {0}",
            stack=Stack([_c("{{PC}} +{{FUNC}}"), CALL_TRACE, PARSE_STACK])),
        Fmt(_c("WARNING: held lock freed!"), "WARNING: held lock freed in {0}",
            report=_c("WARNING: held lock freed!(?:.*\\n)+?.*at:(?: {{PC}})? +{{FUNC}}")),
        Fmt(_c("WARNING: kernel stack regs .* has bad 'bp' value"), "WARNING: kernel stack regs has bad value",
            no_stack=True),
        Fmt(_c("WARNING: kernel stack frame pointer .* has bad value"), "WARNING: kernel stack regs has bad value",
            no_stack=True),
        Fmt(_c(r"WARNING:\s*(?:\n|$)"), "WARNING: corrupted", corrupted=True),
    ], [_c("WARNING: /etc/ssh/moduli does not exist, using fixed modulus"),
        _c("WARNING: workqueue cpumask: online intersect > possible intersect"),
        _c("WARNING: [Tt]he mand mount option"),
        _c(r"WARNING: Unsupported flag value\(s\) of 0x%x in DT_FLAGS_1"),
        _c("WARNING: Unprivileged eBPF is enabled with eIBRS"),
        _c("WARNING: fbcon: Driver '(.*)' missed to adjust virtual screen size"),
        _c("WARNING: See https.* for mitigation options."),
        _c("WARNING: kernel not compiled with CPU_SRSO"),
        _c(r"EXT4-[Ff][Ss](?: \(.*\))?:"),
        _c(r"(?i)warning: .* uses (deprecated v2 capabilities|wireless extensions)"),
        _c(r"XFS \(\w+\): WARNING")]),
    Oops("INFO:", [
        Fmt(_c("INFO: possible circular locking dependency detected"), "possible deadlock in {0}",
            report=_c("INFO: possible circular locking dependency detected \\](?:.*\\n)+?.*is trying to acquire "
                      "lock(?:.*\\n)+?.*at: {{PC}} +{{FUNC}}")),
        Fmt(_c("INFO: possible irq lock inversion dependency detected"), "possible deadlock in {0}",
            report=_c("INFO: possible irq lock inversion dependency detected \\](?:.*\\n)+?.*just changed the state "
                      "of lock(?:.*\\n)+?.*at: {{PC}} +{{FUNC}}")),
        Fmt(_c("INFO: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected"), "possible deadlock in {0}",
            report=_c("INFO: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected \\](?:.*\\n)+?.*is trying to "
                      "acquire(?:.*\\n)+?.*at: {{PC}} +{{FUNC}}")),
        Fmt(_c("INFO: possible recursive locking detected"), "possible deadlock in {0}",
            report=_c("INFO: possible recursive locking detected \\](?:.*\\n)+?.*is trying to acquire "
                      "lock(?:.*\\n)+?.*at: {{PC}} +{{FUNC}}")),
        Fmt(_c("INFO: inconsistent lock state"), "inconsistent lock state in {0}",
            report=_c("INFO: inconsistent lock state \\](?:.*\\n)+?.*takes(?:.*\\n)+?.*at: {{PC}} +{{FUNC}}")),
        Fmt(_c("INFO: rcu_(?:preempt|sched|bh) (?:self-)?detected(?: expedited)? stall"),
            "INFO: rcu detected stall in {0}",
            stack=Stack([_c("apic_timer_interrupt"), RIP_FRAME, PARSE_STACK],
                        parts2=[_c("(?:apic_timer_interrupt|Exception stack|el1h_64_irq)"), PARSE_STACK],
                        skip=("apic_timer_interrupt", "rcu"), extractor=_stall_extractor)),
        Fmt(_c("INFO: trying to register non-static key"), "INFO: trying to register non-static key in {0}",
            stack=_trace("stack", "lock", "IRQ")),
        Fmt(_c("INFO: suspicious RCU usage"), "INFO: suspicious RCU usage in {1}",
            report=_c("INFO: suspicious RCU usage(?:.*\\n)+?.*?{{SRC}}"), stack=_trace("rcu", "kmem", "slab")),
        # The task name (comm) may itself contain a newline.
        Fmt(_c("INFO: task (?:.*\\n)?.* blocked for more than [0-9]+ seconds"), "INFO: task hung in {0}",
            stack=_trace(extractor=_hang_extractor)),
        Fmt(_c("INFO: task .* can't die for more than .* seconds"), "INFO: task can't die in {0}",
            stack=_trace("schedule")),
        Fmt(_c("INFO: (Freed|Allocated) in (.*)"), "INFO: {0} in {1}", corrupted=True),
        Fmt(_c(r"INFO:\s*(?:\n|$)"), "INFO: corrupted", corrupted=True),
    ], [_c("INFO: lockdep is turned off"), _c("INFO: Stall ended before state dump start"),
        _c("INFO: NMI handler"), _c("INFO: recovery required on readonly filesystem"),
        _c("(handler|interrupt).*took too long"), _c("INFO: sys_.* is not present in /proc/kallsyms"),
        _c("INFO: no syscalls can create resource"), _c("rmt_storage:INFO:"), _c("_INFO:"),
        # libFuzzer's own progress lines, e.g. around an LKL kernel running inside a fuzz target
        _c("INFO: (?:Seed:|Running with|Running in|Loaded [0-9]+ |-max_len|libFuzzer|found LLVMFuzzer|seed corpus"
           "|A corpus|to ignore leaks|exiting:|log from the inner|Instrumented|Use --)")]),
    Oops("Unable to handle kernel", [
        Fmt(_c("Unable to handle kernel (paging request|NULL pointer dereference|access to user memory)"),
            "BUG: unable to handle kernel {0} in {1}", stack=_rip_trace()),
    ]),
    Oops("general protection fault", [
        Fmt(_c("general protection fault.*:"), "general protection fault in {0}", stack=_rip_trace()),
    ], [_c(r"general protection fault .* error:\d+ in ")]),
    Oops("stack segment: ", [
        Fmt(_c("stack segment: "), "stack segment fault in {0}", stack=_rip_trace()),
    ]),
    Oops("Kernel panic", [
        Fmt(_c("Kernel panic - not syncing: stack-protector:"), "kernel panic: stack is corrupted in {0}",
            report=_c("Kernel panic - not syncing: stack-protector: Kernel stack is corrupted in: {{FUNC}}"),
            no_stack=True),
        Fmt(_c("Kernel panic - not syncing: stack-protector:"), "kernel panic: stack is corrupted in {0}",
            report=_c("Kernel panic - not syncing: stack-protector: Kernel stack is corrupted in: [a-f0-9]+"),
            stack=_trace("stack_chk")),
        Fmt(_c("Kernel panic - not syncing: corrupted stack end"), "kernel panic: corrupted stack end in {0}",
            report=_c("Kernel panic - not syncing: corrupted stack end detected inside scheduler"),
            stack=_trace("schedule", "retint_kernel", extractor=_stall_extractor)),
        Fmt(_c("Kernel panic - not syncing: kernel stack overflow"), "kernel stack overflow in {0}",
            stack=_trace("bad_stack", extractor=_stall_extractor)),
        Fmt(_c("Kernel panic - not syncing: Attempted to kill init!"), "kernel panic: Attempted to kill init!"),
        Fmt(_c("Kernel panic - not syncing: Couldn't open N_TTY ldisc for [^ ]+ --- error -[0-9]+"),
            "kernel panic: Couldn't open N_TTY ldisc"),
        Fmt(_c("Kernel panic - not syncing: Fatal exception"), "kernel panic: Fatal exception", corrupted=True),
        Fmt(_c("Kernel panic - not syncing: panic_on_warn set"), "kernel panic: panic_on_warn set", corrupted=True),
        Fmt(_c("Kernel panic - not syncing: hung_task: blocked tasks"), "kernel panic: hung_task: blocked tasks",
            corrupted=True),
        Fmt(_c("Kernel panic - not syncing: (.*)"), "kernel panic: {0}"),
    ]),
    Oops("PANIC: double fault", [
        Fmt(_c("PANIC: double fault"), "PANIC: double fault in {0}", stack=Stack([RIP_FRAME])),
    ]),
    Oops("rust_kernel: panicked", [
        Fmt(_c("rust_kernel: panicked"), "{0} in {1}", report=_c("rust_kernel: panicked at [^\n]*?\n(.+?)\n"),
            stack=_trace(re.escape("__rustc::rust_begin_unwind"))),
    ]),
    Oops("kernel BUG", [
        Fmt(_c("kernel BUG at mm/usercopy.c"), "BUG: bad usercopy in {0}", stack=_trace("usercopy", "__check")),
        Fmt(_c("kernel BUG at lib/list_debug.c"), "BUG: corrupted list in {0}", stack=_trace()),
        Fmt(_c("kernel BUG at (.*)"), "kernel BUG in {1}", stack=_rip_trace("^skb_")),
    ]),
    Oops("Kernel BUG", [Fmt(_c("Kernel BUG (.*)"), "kernel BUG {0}")]),
    Oops("BUG kmalloc-", [Fmt(_c("BUG kmalloc-.*: Object already free"), "BUG: Object already free")]),
    Oops("divide error:", [Fmt(_c("divide error: "), "divide error in {0}", stack=Stack([RIP_FRAME]))]),
    Oops("divide_error:", [Fmt(_c("divide_error: "), "divide error in {0}", stack=Stack([RIP_FRAME]))]),
    Oops("invalid opcode:", [Fmt(_c("invalid opcode: "), "invalid opcode in {0}", stack=Stack([RIP_FRAME]))]),
    Oops("UBSAN:", [
        Fmt(_c("UBSAN:"), "UBSAN: undefined-behaviour in {0}", report=_c("UBSAN: Undefined behaviour in"),
            stack=_trace("ubsan", "overflow")),
        Fmt(_c("UBSAN: array-index-out-of-bounds in"), "UBSAN: array-index-out-of-bounds in {0}",
            stack=_trace("ubsan", "overflow")),
        Fmt(_c("UBSAN:"), "UBSAN: {0} in {1}", report=_c("UBSAN: (.*?) in"), stack=_trace("ubsan", "overflow")),
    ]),
    Oops("Booting the kernel.", [Fmt(_c("^Booting the kernel"), "unexpected kernel reboot", no_stack=True)],
         [_c("Parsing ELF|Decompressing Linux|Unknown parameter '")]),
    Oops("unregister_netdevice: waiting for", [
        Fmt(_c("unregister_netdevice: waiting for (?:.*) to become free"),
            "unregister_netdevice: waiting for DEV to become free", no_stack=True)]),
    Oops("VFS: Close: file count is 0", [
        Fmt(_c("VFS: Close: file count is 0"), "VFS: Close: file count is zero (use-after-free)", no_stack=True)]),
    Oops("VFS: Busy inodes after unmount", [
        Fmt(_c("VFS: Busy inodes after unmount"), "VFS: Busy inodes after unmount (use-after-free)",
            no_stack=True)]),
    Oops("Internal error:", [Fmt(_c("Internal error:"), "Internal error in {0}", stack=_rip_trace())]),
    Oops("Unhandled fault:", [Fmt(_c("Unhandled fault:"), "Unhandled fault in {0}", stack=_rip_trace())]),
    Oops("Alignment trap:", [Fmt(_c("Alignment trap:"), "Alignment trap in {0}", stack=_rip_trace())]),
    Oops("trusty: panic", [
        Fmt(_c("trusty: panic.* ASSERT FAILED"), "trusty: ASSERT FAILED: {0}",
            report=_c(r"trusty: panic \(.*?\):(?: DEBUG)? ASSERT FAILED at \(.*?\): (.+)"), no_stack=True),
        Fmt(_c("trusty: panic.* ASSERT FAILED.*: *(.*)"), "trusty: ASSERT FAILED: {0}", corrupted=True),
        Fmt(_c("trusty: panic"), "trusty: panic: {0}", report=_c(r"trusty: panic \(.*?\): (.+)"), no_stack=True),
    ]),
    # Written by syzkaller itself, or by Go programs in the guest.
    Oops("SYZFAIL:", [Fmt(_c("SYZFAIL:(.*)"), "SYZFAIL:{0}", no_stack=True)]),
    Oops("SYZFATAL:", [Fmt(_c("SYZFATAL:(.*)"), "SYZFATAL:{0}", no_stack=True)]),
    # Go runtime crashes (gVisor, the fuzzer's own processes).
    Oops("fatal error:", [Fmt(_c("fatal error:"), "go runtime error", no_stack=True)],
         [_c("fatal error: runtime: out of memory"), _c("fatal error: runtime: cannot allocate memory"),
          _c("fatal error: unexpected signal during runtime execution")]),
    Oops("panic:", [
        Fmt(_c("panic: Sentry detected .* stuck task"), "panic: Sentry detected stuck tasks", no_stack=True),
        Fmt(_c("panic:(.*)"), "panic:{0}", no_stack=True),
    ], [_c("_panic:"), _c("xlog_status:"), _c(r"ddb\.onpanic:"), _c("evtlog_status:"),
        _c("panic: failed to start executor binary"), _c("panic: executor failed: pthread_create failed"),
        _c("panic: failed to create temp dir")]),
]

# Lines that never start a crash (syzkaller's suppressions: the fuzzer itself ran out of memory…).
GLOBAL_IGNORES = [re.compile(p) for p in (
    "fatal error: runtime: out of memory", "fatal error: runtime: cannot allocate memory",
    "panic: failed to start executor binary", "panic: executor failed: pthread_create failed",
    "panic: failed to create temp dir", "fatal error: unexpected signal during runtime execution",
    "signal SIGBUS: bus error", r"Out of memory: Kill process .* \(syz-fuzzer\)",
    r"Out of memory: Kill process .* \(sshd\)", r"Killed process .* \(syz-fuzzer\)",
    r"Killed process .* \(sshd\)", "lowmemorykiller: Killing 'syz-fuzzer'",
    "lowmemorykiller: Killing 'sshd'", "INIT: PANIC: segmentation violation!",
)]
# These may appear inside another report without starting a new one.
REPORT_START_IGNORES = [re.compile(p) for p in (
    "invalid opcode: 0000", "Kernel panic - not syncing", "unregister_netdevice: waiting for",
    "PANIC: double fault", "Internal error:")]
INFO_WITH_STACK = register(("vmalloc: allocation failure:", "FAULT_INJECTION: forcing a failure",
                            "FAULT_FLAG_ALLOW_RETRY missing"))

_HEADER_RE = re.compile("|".join(re.escape(o.header) for o in OOPSES))
_HEADERS = tuple(dict.fromkeys(o.header for o in OOPSES))
# Substrings that together cover every header (checked: each header contains one).
_ANCHORS = register(("BUG", "WARNING:", "INFO:", "able to handle kernel", "protection fault", "stack segment: ",
                     "anic", "PANIC", "rror:", "invalid opcode:", "UBSAN:", "Booting the kernel.",
                     "unregister_netdevice: waiting for", "VFS: ", "Unhandled fault:", "Alignment trap:",
                     "SYZF"))
assert all(any(a in h for a in _ANCHORS) for h in _HEADERS), "every oops header needs an anchor"
# (a shell's prompt the console line interrupted, `/ # [ 90.14] watchdog: BUG: soft lockup`, is no context of its own)
_CONSOLE_RE = re.compile(r"^(?:\*\* [0-9]+ printk messages dropped \*\* )?(?:.* login: )?(?:[\w~/.@:-]{0,60} ?[#$] )?"
                         r"(?:\<[0-9]+\>)?"
                         r"\[ *[0-9]+\.[0-9]+\](\[ *(?:C|T)[0-9]+\])? ")
_TASK_CTX = re.compile(r"\[ *T[0-9]+\]")
_CPU_CTX = re.compile(r"\[ *C[0-9]+\]")
_QUESTIONABLE = re.compile(r"(\[\<[0-9a-f]+\>\])? \? ")
# Bounds that keep parsing linear on huge logs: lines scanned after the oops line, lines kept
# in the report, and a run of foreign-context lines after which the report is over.
MAX_REPORT_LINES = 3000
MAX_KEPT_LINES = 600
MAX_FOREIGN_RUN = 400


def _match_oops(line: str) -> Oops | None:
    for oops in OOPSES:
        if oops.header in line:
            if any(s.search(line) for s in oops.suppressions) or any(g.search(line) for g in GLOBAL_IGNORES):
                continue
            return oops
    return None


def _context(line: str) -> str:
    if "[" not in line:
        return ""
    m = _CONSOLE_RE.match(line)
    if not m:
        return ""
    return m.group(1) or "console"


def _strip(line: str, ctx: str) -> tuple[str, bool]:
    if line.endswith("\r"):
        line = line[:-1]
    if not ctx:
        return line, False
    line = line[line.find("] ") + 2:]
    if "<EOI>" not in line:
        if " ? " in line and _QUESTIONABLE.search(line):
            return line[line.find(" ? ") + 2:], True
        if line.endswith(" (unreliable)"):
            return line[:-13], True
    return line, False


def find_first_oops(text: str, scan: Scan | None = None, after: int = 0) -> tuple[Oops, int] | None:
    """The first line (starting at `after` or later) holding an oops header that no suppression rules out.

    Candidate lines are the ones holding an anchor (each a substring of one or more headers),
    found by the one-pass `Scan`; only those lines are matched against the headers."""
    line_end = after - 1
    n = len(text)
    for best in scan_of(text, scan).at(_ANCHORS):
        if best <= line_end:
            continue                      # this line was judged already (or is before `after`)
        start = text.rfind("\n", 0, best) + 1
        line_end = text.find("\n", best)
        if line_end == -1:
            line_end = n
        line = text[start:line_end]
        if line.startswith("Subject:"):
            continue                      # a mail's subject names the crash; the report is in the body
        if _HEADER_RE.search(line):
            oops = _match_oops(line)
            if oops is not None:
                return oops, start
    return None


def _extract_frames(stack: Stack, text: str) -> tuple[list[str], bool]:
    frames, ok = _extract_frames_impl(stack, text, stack.parts)
    if ok or not stack.parts2:
        return frames, ok
    return _extract_frames_impl(stack, text, stack.parts2)


def _append(frames: list[str], m: re.Match | None, skip: re.Pattern) -> None:
    if not m:
        return
    for g in m.groups():
        if g is not None and g.startswith(("_R", "_ZN")):
            g = demangle(g)               # Rust: titles name the demangled path, as syzbot's do
        if g is not None and not skip.search(g):
            for p in STRIP_PREFIXES:
                if g.startswith(p):
                    g = g[len(p):]
            frames.append(g)
            break


def _extract_frames_impl(stack: Stack, text: str, parts: list) -> tuple[list[str], bool]:
    skip = stack.skip_re()
    lines = text.split("\n")
    n = len(lines)
    li = 0
    frames: list[str] = []
    results: list[str] = []
    ok = True
    num_traces = 0
    idx = 0
    while True:
        if idx == len(parts) or (parts[idx] is PARSE_STACK and num_traces > 0):
            key = ""
            if frames:
                key = stack.extractor(frames) if stack.extractor else frames[0]
            if not key:
                key, ok = "corrupted", False
            results.append(key)
            frames = []
        if idx == len(parts):
            break
        part = parts[idx]
        if part is PARSE_STACK:
            num_traces += 1
            while li < n:
                ln = lines[li]
                li += 1
                if any(r.search(ln) for r in CORRUPTED_LINES):
                    ok = False
                    break
                if _STACK_START_ANY.search(ln):
                    break
                if idx != len(parts) - 1:
                    m = parts[idx + 1].search(ln)
                    if m:
                        _append(frames, m, skip)
                        idx += 1
                        break
                m = None
                for r in FRAME_RES:
                    m = r.search(ln)
                    if m:
                        break
                _append(frames, m, skip)
        else:
            while li < n:
                ln = lines[li]
                li += 1
                if any(r.search(ln) for r in CORRUPTED_LINES):
                    ok = False
                    break
                m = part.search(ln)
                if m:
                    _append(frames, m, skip)
                    break
        idx += 1
    return results, ok


def _extract_description(report: str, oops: Oops) -> tuple[str, str, Fmt | None, list[str]]:
    desc, corrupted, fmt, frames_out = "", "", None, []
    start = len(report)
    matched_title = False
    for f in oops.formats:
        m = f.title.search(report)
        if not m or m.start() > start:
            continue
        if m.start() == start and desc:
            continue
        if m.start() < start:
            desc, fmt, start = "", None, m.start()
        matched_title = True
        if f.report is not None:
            m = f.report.search(report)
            if not m:
                continue
        args = [g if g is not None else "" for g in m.groups()]
        corrupted = ""
        frames: list[str] = []
        if f.stack is not None:
            frames, ok = _extract_frames(f.stack, report[m.start():])
            if not ok:
                corrupted = "no frames"
            args.extend(frames)
        try:
            desc = f.fmt.format(*args)
        except IndexError:
            desc = f.fmt.split(" in {")[0]
        fmt, frames_out = f, frames
    if not desc:
        if matched_title:
            corrupted = "matched title but not report regexp"
        pos = report.find(oops.header)
        if pos == -1:
            return "", corrupted, None, []
        end = report.find("\n", pos)
        desc = report[pos:end if end != -1 else len(report)]
    if not corrupted and fmt is not None and fmt.corrupted:
        corrupted = "format marked corrupted"
    return desc, corrupted, fmt, frames_out


def _is_corrupted(title: str, report: str, fmt: Fmt | None) -> bool:
    if re.search(r"\[ *[0-9]+\.[0-9]+\]", title):
        return True
    if fmt is None or fmt.no_stack:
        return False
    has_stack = False
    for key in STACK_START:
        m = key.search(report)
        if not m:
            continue
        lines = report[m.start():].split("\n")
        if len(lines) < 4:
            return True
        corrupted = True
        for ln in lines[1:16]:
            if _STACK_START_ANY.search(ln):
                break
            if "(stack is not available)" in ln or any(r.search(ln) for r in FRAME_RES):
                has_stack, corrupted = True, False
                break
        if corrupted:
            return True
    return not has_stack


_DYNAMIC = [
    (re.compile(r"syz-executor\.?[0-9]+((/|:)[0-9]+)?"), "syz-executor"),
    (re.compile(r"syzkaller[0-9]+((/|:)[0-9]+)?"), "syzkaller"),
    (re.compile(r"([^a-zA-Z0])(?:0x)?[0-9a-f]{6,}"), r"\1ADDR"),
    (re.compile(r"([0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3})"), "IP"),
    (re.compile(r"(\.\w+)(:[0-9]+)+"), r"\1:LINE"),
    (None, "strip offsets"),   # `([a-zA-Z][a-zA-Z0-9_.]+)\+0x[0-9a-z]+/0x[0-9a-z]+` -> `\1`: see _strip_offsets
    (re.compile(r"CPU#[0-9]+"), "CPU"),
    (re.compile(r"(\W)(\d+)(\W|$)"), r"\1NUM\3"),
]


_OFFSET = re.compile(r"\+0x[0-9a-z]+/0x[0-9a-z]+")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")


def _strip_offsets(title: str) -> str:
    """`re.sub(r"([a-zA-Z][a-zA-Z0-9_.]+)\\+0x[0-9a-z]+/0x[0-9a-z]+", r"\\1", title)` by index: the pattern
    tried each letter of a long word and scanned the rest of it (quadratic). A name is the word before
    the `+0x` from its first letter on (two characters at least)."""
    out, pos = [], 0
    for m in _OFFSET.finditer(title):
        e = m.start()
        if e < pos:
            continue
        k = e
        while k > pos and title[k - 1] in _NAME_CHARS:
            k -= 1
        while k < e - 1 and not (title[k].isascii() and title[k].isalpha()):     # to its first letter
            k += 1
        if k >= e - 1:
            continue
        out.append(title[pos:e])
        pos = m.end()
    out.append(title[pos:])
    return "".join(out)


def clean_title(title: str) -> str:
    for rx, repl in _DYNAMIC:
        for _ in range(10):
            new = _strip_offsets(title) if rx is None else rx.sub(repl, title)
            if new == title:
                break
            title = new
    out, prev = [], " "
    for ch in title[:120]:
        if ch == "\t":
            ch = " "
        elif ord(ch) < 0x20 or ord(ch) >= 0x7f:
            continue
        if ch == " " and prev == " ":
            continue
        out.append(ch)
        prev = ch
    return "".join(out).strip()


def _collect_report(text: str, oops: Oops, start: int, scan: Scan | None = None) -> tuple[str, str, list[str]]:
    """The lines of the crash: from the oops line on, of the oops' console context."""
    first_end = text.find("\n", start)
    first_line = text[start:first_end if first_end != -1 else len(text)]
    context = _context(first_line)
    out: list[str] = []
    report_end = 0
    second = False
    text_lines = 0
    skip_text = cpu_traceback = False
    min_lines = 16 if "BUG: KMSAN:" in first_line else 22
    pos = start
    count = 0
    foreign = 0
    n = len(text)
    # Lines that may start a second report: the ones holding a header anchor or an
    # info-with-stack message, taken in order from the one-pass scan as the loop advances.
    # an oops line the symbolizer expanded (`WARNING: ... at f.c:720 inlined_fn f.c:720 [inline]`, then the
    # same head with the calling function): its next lines repeat the head, and are not a second report
    inlined = first_line[:first_line.find(" at ") + 4] if first_line.rstrip().endswith("[inline]") \
        and " at " in first_line else ""
    scan = scan_of(text, scan)
    headers = scan.at(_ANCHORS)
    infos = scan.at(INFO_WITH_STACK)
    hi = bisect_left(headers, start)
    ii = bisect_left(infos, start)
    while pos < n and count < MAX_REPORT_LINES and len(out) < MAX_KEPT_LINES and foreign < MAX_FOREIGN_RUN:
        nxt = text.find("\n", pos)
        if nxt == -1:
            nxt = n
        line = text[pos:nxt]
        oops_line = pos == start
        header_here = info_here = False
        while hi < len(headers) and headers[hi] < nxt:
            header_here = header_here or headers[hi] >= pos
            hi += 1
        while ii < len(infos) and infos[ii] < nxt:
            info_here = info_here or infos[ii] >= pos
            ii += 1
        pos = nxt + 1
        count += 1
        ctx1 = _context(line)
        if not oops_line and not second:
            if header_here and inlined and line.startswith(inlined):
                pass                  # the symbolizer's next line of the oops line's own frame
            elif header_here and _match_oops(line) is not None:
                if not any(r.search(line) for r in REPORT_START_IGNORES):
                    second = True
            elif info_here:
                second = True
        if not oops_line and ctx1 != context and (not cpu_traceback or not _CPU_CTX.search(ctx1)):
            foreign += 1              # another task's or CPU's line
            continue
        stripped, questionable = _strip(line, ctx1)
        if not oops_line and questionable:
            foreign += 1
            continue
        foreign = 0
        text_lines += 1
        skip_line = skip_text
        if "Disabling lock debugging due to kernel taint" in line:
            skip_line = True
        elif "Sending NMI from CPU" in line:
            cpu_traceback = True
        elif text_lines > min_lines and ("Kernel panic - not syncing" in line
                                  or "WARNING: possible circular locking dependency detected" in line):
            skip_text = skip_line = True
        if not oops_line and skip_line:
            continue
        out.append(stripped)
        if not second or (context and context != "console"):
            report_end = len(out)
    return "\n".join(out[:report_end]) + "\n", "\n".join(out) + "\n", out


# --------------------------------------------------------------------------------------
# Frames, access and alloc/free stacks for the structured report.

_FRAME_LINE = re.compile(
    r"^\s*(?:#[0-9]+\s+)?(?:\[\<?(?:0x)?[0-9a-f]+\>?\]\s*){0,2}(?:[0-9]+:)?(?P<func>[A-Za-z_][A-Za-z0-9_.]*)"
    r"(?:\+0x[0-9a-f]+/0x[0-9a-f]+)?(?:\s+\[(?P<mod>[A-Za-z0-9_]+)\])?"
    r"(?:\s+(?P<file>[A-Za-z0-9_\-./]+\.[a-z]+):(?P<line>[0-9]+))?(?P<inl>\s+\[inline\])?"
    # decode_stacktrace.sh's place: `f (net/mptcp/token.c:74 (inlined by) net/mptcp/token.c:82)`
    r"(?:\s+\((?P<dfile>[A-Za-z0-9_\-./]+\.[a-z]+):(?P<dline>[0-9]+)[^\n]*\))?\s*$")
_ACCESS_RE = re.compile(r"(Read|Write) of size ([0-9]+) at addr ([0-9a-fx]+)")
_KMSAN_ACCESS = re.compile(r"(Read|Write) at addr ([0-9a-fx]+)")


def _parse_frames(lines: list[str], start: int, limit: int = 64) -> list[Frame]:
    frames: list[Frame] = []
    for ln in lines[start:start + 200]:
        s = ln.strip()
        if not s or s in ("<TASK>", "</TASK>", "<IRQ>", "</IRQ>", "<NMI>", "</NMI>", "<EOI>", "<SOFTIRQ>",
                          "</SOFTIRQ>"):
            if frames and not s:
                break
            continue
        if s.startswith("? ") or _STACK_START_ANY.search(ln) or s.startswith(("RIP:", "RSP:", "RAX:", "Code:")):
            if frames and not s.startswith("? "):
                break
            continue
        m = _FRAME_LINE.match(ln)
        if not m or ("+0x" not in ln and not m.group("file") and not m.group("dfile")):
            if frames:
                break
            continue
        file, line = (m.group("file"), m.group("line")) if m.group("file") else (m.group("dfile"), m.group("dline"))
        frames.append(Frame(function=demangle(m.group("func")), file=file, line=int(line) if line else None,
                            module=m.group("mod")))
        if len(frames) >= limit:
            break
    return frames


def _stack_after(lines: list[str], pred: Callable[[str], bool]) -> list[Frame]:
    for i, ln in enumerate(lines):
        if pred(ln):
            return _parse_frames(lines, i + 1)
    return []


def _kernel_type(title: str) -> str:
    t = title
    if t.startswith(("KASAN:", "KMSAN:", "KFENCE:")):
        head, _, rest = t.partition(": ")
        words = rest.split(" in ")[0].split()
        return "-".join([head] + [w.upper() for w in words])
    if t.startswith("KCSAN:"):
        return "KCSAN-DATARACE"
    if t.startswith("UBSAN:"):
        return "UBSAN"
    for prefix, typ in (("possible deadlock", "LOCKDEP"), ("inconsistent lock state", "LOCKDEP"),
                        ("WARNING: locking bug", "LOCKDEP"), ("WARNING: suspicious RCU", "LOCKDEP"),
                        ("INFO: suspicious RCU", "LOCKDEP"), ("WARNING: refcount bug", "REFCOUNT_WARNING"),
                        ("INFO: task hung", "HANG"), ("INFO: rcu detected stall", "HANG"),
                        ("BUG: soft lockup", "HANG"), ("memory leak", "LEAK"),
                        ("BUG: unable to handle kernel NULL", "NULL-POINTER-DEREFERENCE"),
                        ("BUG: unable to handle kernel", "MEMORY_SAFETY_BUG"),
                        ("general protection fault", "DoS"), ("BUG: sleeping function", "ATOMIC_SLEEP"),
                        ("BUG: scheduling while atomic", "ATOMIC_SLEEP"), ("kernel BUG", "BUG"),
                        ("BUG:", "BUG"), ("WARNING", "WARNING"), ("kernel panic", "DoS"),
                        ("PANIC", "DoS"), ("divide error", "DoS")):
        if t.startswith(prefix):
            return typ
    return "UNKNOWN"


_SKIP_RE = re.compile("|".join(SKIP_FRAMES))


def is_noise_frame(function: str) -> bool:
    """Reporting, sanitizer, allocator, locking or generic helper code: never the guilty frame."""
    return not function or _SKIP_RE.search(function) is not None


# A symbolized report (syzbot's mails) repeats its first line once per inlined frame, the frame that was
# inlined ending the line with "[inline]": one report, whose title is its last such line's frame.
_INLINED_HEADER = re.compile(r"^(?P<h>(?:\[[ 0-9.]+\] )?BUG: K(?:ASAN|FENCE|MSAN): [^\n]*? in )[^\n]*\[inline\]\n"
                             r"(?=(?P=h))", re.M)


# syslog's or the journal's prefix of each kernel line (`Aug 19 15:55:03 nixos kernel: `, `2023-03-19T00:33:13.123+0100
# host kernel: `): a console line after it
_SYSLOG = re.compile(r"^(?:[A-Z][a-z]{2} +[0-9]{1,2} |[0-9]{4}-[0-9]{2}-[0-9]{2}T)[0-9]{2}:[0-9]{2}:[0-9]{2}"
                     r"(?:[.,][0-9]+)?(?:[+-][0-9]{2}:?[0-9]{2}|Z)? [^\s:]{1,64} kernel: ", re.M)


def parse_kernel(text: str, scan: Scan | None = None, later: bool = True) -> CrashReport | None:
    """The first oops of `text`; when it is corrupted and `later`, the first whole one after it."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if "[inline]\n" in text and _INLINED_HEADER.search(text):
        text, scan = _INLINED_HEADER.sub("", text), None
    scan = scan_of(text, scan)
    found = find_first_oops(text, scan)
    if found is None:
        return None
    if _SYSLOG.match(text, found[1]) is not None:
        return _unprefixed(text, later)
    first = _parse_oops(text, scan, *found)
    after = found[1]
    for _ in range(_LATER_OOPSES if later else 0):
        if first is None or not first.corrupted or (eol := text.find("\n", after)) == -1 \
                or not _quoted_head(text[after:eol], found[0]):
            break
        # a corrupted first oops that is a head quoted in a sentence (`a splat from `kernel BUG at
        # f.c:1332!` before it`) before a whole report: the whole one is the crash (a console log's own
        # corrupted first oops stays the crash, as syzkaller has it)
        found = find_first_oops(text, scan, eol + 1)
        if found is None:
            break
        if _SYSLOG.match(text, found[1]) is not None:
            return _unprefixed(text, later) or first
        after = found[1]
        later = _parse_oops(text, scan, *found)
        if later is not None and not later.corrupted:
            return later
    return first


def _unprefixed(text: str, later: bool) -> CrashReport | None:
    """The oops line holds syslog's prefix (`Aug 19 15:55:03 nixos kernel: BUG: ...`): the console lines after
    it too; parsed without them (once: no prefix is left)."""
    text = _SYSLOG.sub("", text)
    return parse_kernel(text, Scan(text), later) if _SYSLOG.search(text) is None else None


_LATER_OOPSES = 3       # later oops lines tried after a corrupted first one (each parse is bounded)


def _quoted_head(line: str, oops: Oops) -> bool:
    """Whether the oops header on `line` sits inside inline code or quotes, words before it."""
    at = line.find(oops.header)
    return at > 0 and any(q in line[:at] for q in "`\"'“‘") and any(c.isalpha() for c in line[:at])


def _parse_oops(text: str, scan: Scan, oops: Oops, start: int) -> CrashReport | None:
    report_cut, report_full, report_lines = _collect_report(text, oops, start, scan)
    title, corrupted, fmt, frames = _extract_description(report_cut, oops)
    report = report_cut
    if not title:
        report = report_full
        title, corrupted, fmt, frames = _extract_description(report, oops)
    if not title:
        return None
    is_corrupted = bool(corrupted) or _is_corrupted(title, report, fmt)
    title = clean_title(title)
    lines = report.split("\n")

    # Structured facts: main stack, access, alloc/free stacks.
    main = _stack_after(lines, lambda ln: bool(CALL_TRACE.search(ln)))
    rip = None
    for ln in lines[:80]:
        m = RIP_FRAME.search(ln)
        if m and m.groups() and m.group(1):
            rip = m.group(1)
            break
    if rip and (not main or main[0].function != rip):
        main = [Frame(function=rip)] + main
    if not main:
        main = _parse_frames(lines, 1)
    alloc = _stack_after(lines, lambda ln: ln.startswith(("Allocated by task", "Allocated:"))
                         or "Uninit was created at:" in ln or ("backtrace" in ln and "stack backtrace" not in ln))
    free = _stack_after(lines, lambda ln: ln.startswith(("Freed by task", "Freed:")))
    access = None
    m = _ACCESS_RE.search(report)
    if m:
        access = Access(op=m.group(1).lower(), size=int(m.group(2)), address=m.group(3))
    key = frames[0] if frames else ""
    guilty = None
    if key and key != "corrupted":
        for fr in main + alloc:
            name = fr.function.split(".")[0]
            if name == key or name.endswith("_" + key) or name.endswith(key):
                guilty = fr
                break
        if guilty is None:
            guilty = Frame(function=key)
    message = lines[0].strip() if lines else ""
    return CrashReport(
        kind="kernel", type=_kernel_type(title), title=title, message=message, frames=main,
        guilty=guilty, corrupted=is_corrupted,
        signature="kernel:" + title, access=access, alloc_frames=alloc, free_frames=free,
        extra={"report": report[:20000]},
    )
