"""Validation beyond "the reproducer stops crashing": the reproducer's syscalls' answers with a
candidate beside the unpatched kernel's (the prelude compiled into a real reproducer, run here: the
same binary runs in the guest), and the KUnit tests of the touched directory (options from the real
6.1 Kconfig files, results from KTAP)."""
from __future__ import annotations

import subprocess

import pytest

from agent.kernel import behaviour, kunit
from sandbox.kernel.qemu import RUN_MARK, SENTINEL, compile_reproducer

pytestmark = [pytest.mark.kernel]

FILES = ["arch/x86/entry/syscalls/syscall_64.tbl", "fs/ext4/Kconfig", "net/mptcp/Kconfig", "sound/core/Kconfig",
         "net/dns_resolver/Kconfig"]

REPRO = r"""
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
int main(void)
{
	syscall(__NR_getppid);
	syscall(__NR_close, 1000000);      /* the call that crashed the unpatched kernel, say */
	return 0;
}
"""


@pytest.fixture(scope="module")
def linux61(linux61_files):
    return linux61_files(FILES)


def _console(lines: list[str], end: str) -> str:
    stamp = "[   12.345678][  T123] "
    return "\n".join([f"{stamp}Run /init as init process", f"{RUN_MARK} 1 start"] + lines + [end]) + "\n"


def test_an_error_code_where_the_unpatched_kernel_crashed(linux61, tmp_path):
    binary = compile_reproducer(REPRO, tmp_path)          # jailed gcc, with the tracing prelude
    ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=30)
    traced = ran.stderr.splitlines()
    assert len(traced) == 2 and all(t.startswith("crashfix-syscall:") for t in traced), ran.stderr
    names = behaviour.syscall_names((linux61 / "arch/x86/entry/syscalls/syscall_64.tbl").read_text())
    assert names[3] == "close" and names[110] == "getppid"
    unpatched = _console(traced[:1], "BUG: KASAN: slab-out-of-bounds in close_fd+0x1/0x2\nKernel panic")
    patched = _console(traced + ["[   13.0] crashfix_demo: rejected"], f"{RUN_MARK} 1 exit 0\n{SENTINEL}")
    record = behaviour.compare(unpatched, patched, names)
    assert record["unpatched_syscalls"] == [record["patched_syscalls"][0]] and record["patched_syscalls"][0].startswith("getppid = ")
    assert record["patched_syscalls"][1] == "close = -1 EBADF"
    assert record["said"] == "process 1: the unpatched kernel crashed inside call 2; with the patch it returns: " \
                             "close = -1 EBADF (1 more failing call(s) in the run)"
    assert record["patched_console"] == ["crashfix_demo: rejected"]     # the kernel's lines during the run
    # a candidate that changes an earlier answer is named by that call
    other = _console([traced[0].replace("= ", "= -1 errno 22 #"), traced[1]], f"{RUN_MARK} 1 exit 0")
    assert "call 1: unpatched getppid = " in behaviour.compare(unpatched, other, names)["said"]


def test_libc_calls_are_traced_too(tmp_path):
    """The demo's reproducer calls open/write/close through libc: each answer is on the console."""
    from sandbox.kernel.fixture import EXAMPLE
    source = (EXAMPLE / "repro.c").read_text().replace("/proc/crashfix_demo", "/dev/null")
    ran = subprocess.run([str(compile_reproducer(source, tmp_path))], capture_output=True, text=True, timeout=30)
    calls = behaviour.calls(ran.stderr.splitlines())
    assert [c.nr for c in calls] == [2, 1, 3] and calls[0].ret >= 0, ran.stderr          # open, write, close
    assert (calls[1].ret, calls[2].ret) == (len("hello from crashfix"), 0)


def test_kunit_options_come_from_the_touched_directory(linux61):
    read = lambda p: (linux61 / p).read_text()          # noqa: E731
    assert kunit.options_for(read, "fs/ext4") == ["CONFIG_EXT4_KUNIT_TESTS"]
    assert kunit.options_for(read, "net/mptcp") == ["CONFIG_MPTCP_KUNIT_TEST"]
    assert kunit.options_for(read, "sound/core") == []
    assert kunit.options_for(read, "net/dns_resolver") == []
    assert kunit.options_for(read, "drivers/nowhere") == []
    assert kunit.fragment(["CONFIG_EXT4_KUNIT_TESTS"]) == ["CONFIG_KUNIT=y", "CONFIG_EXT4_KUNIT_TESTS=y"]
    assert kunit.fragment([]) == []


KTAP = """[    2.101][    T1] KTAP version 1
[    2.101][    T1] 1..2
[    2.102][    T1]     KTAP version 1
[    2.102][    T1]     # Subtest: ext4_inode_test
[    2.102][    T1]     1..1
[    2.103][    T1]         KTAP version 1
[    2.103][    T1]         # Subtest: inode_test_xtimestamp_decoding
[    2.104][    T1]         ok 1 - 1901-12-13 Lower bound of 32bit < 0 timestamp, no extra bits
[    2.104][    T1]         not ok 2 - 2038-01-19 Upper bound of 32bit >=0 timestamp, no extra bits
[    2.105][    T1]     # inode_test_xtimestamp_decoding: pass:1 fail:1 skip:0 total:2
[    2.105][    T1]     not ok 1 - inode_test_xtimestamp_decoding
[    2.105][    T1] # Totals: pass:1 fail:1 skip:0 total:2
[    2.106][    T1] not ok 1 - ext4_inode_test
[    2.106][    T1]     KTAP version 1
[    2.106][    T1]     # Subtest: mptcp-token
[    2.107][    T1]     ok 1 - mptcp_token_test_req_basic
[    2.107][    T1]     ok 2 - mptcp_token_test_msk_basic # SKIP no net
[    2.108][    T1] ok 2 - mptcp-token
"""


def test_ktap_results_at_boot():
    cases = kunit.results(KTAP)
    assert [(c.suite, c.ok, c.skipped) for c in cases] == [
        ("inode_test_xtimestamp_decoding", True, False), ("inode_test_xtimestamp_decoding", False, False),
        ("mptcp-token", True, False), ("mptcp-token", True, True)]
    assert kunit.summary(cases) == {"passed": 2, "skipped": 1,
                                    "failed": ["inode_test_xtimestamp_decoding.2038-01-19 Upper bound of 32bit >=0 "
                                               "timestamp, no extra bits"]}
    assert kunit.results("[    1.0] Run /init as init process\n") == []


def test_kunit_options_keep_their_dependencies(demo_repo):
    """olddefconfig keeps a KUnit option only with what it depends on (ext4's tests need EXT4_FS)."""
    from agent.kernel.kconfig import with_dependencies
    lines = with_dependencies(demo_repo, kunit.fragment(kunit.options_for(lambda p: (demo_repo / p).read_text(),
                                                                          "fs/ext4")))
    assert lines[:2] == ["CONFIG_KUNIT=y", "CONFIG_EXT4_KUNIT_TESTS=y"] and "CONFIG_EXT4_FS=y" in lines


FORKING = r"""
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void)
{
	int i, j;

	syscall(__NR_getpid);
	for (i = 0; i < 50; i++) {          /* a repeat-mode reproducer: a child per round */
		if (fork() == 0) {
			for (j = 0; j < 20; j++)
				syscall(__NR_getppid);
			_exit(0);
		}
		wait(0);
	}
	return 0;
}
"""


def test_a_forking_reproducer_prints_a_bounded_trace(tmp_path):
    """1001 calls in 51 processes: 256 lines in all, not a console flooded under TCG."""
    ran = subprocess.run([str(compile_reproducer(FORKING, tmp_path))], capture_output=True, text=True, timeout=60)
    calls = behaviour.calls(ran.stderr.splitlines())
    assert len(calls) == 256 and calls[0].process == 0 and max(c.process for c in calls) >= 12
