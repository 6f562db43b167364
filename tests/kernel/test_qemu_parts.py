"""The QEMU harness pieces that need no kernel: reproducer compile, initramfs, the patch mail's parts."""
from __future__ import annotations

import gzip
import subprocess

import pytest

from agent.history import Commit
from agent.kernel import mail
from agent.kernel.path import pick_reproducer
from agent.reports import parse
from sandbox.kernel.fixture import EXAMPLE
from sandbox.kernel.qemu import (
    SENTINEL,
    ReproducerBuildError,
    compile_reproducer,
    init_script,
    make_initramfs,
)


def test_reproducer_compiles_static_and_bad_c_is_a_clear_error(tmp_path):
    binary = compile_reproducer((EXAMPLE / "repro.c").read_text(), tmp_path / "ok")
    assert "statically linked" in subprocess.run(["file", str(binary)], capture_output=True, text=True).stdout \
        or b"ld-linux" not in binary.read_bytes()
    with pytest.raises(ReproducerBuildError) as err:
        compile_reproducer("int main(void) { return undeclared_thing; }\n", tmp_path / "bad")
    assert "undeclared_thing" in err.value.log


def test_initramfs_holds_init_busybox_repro_and_console(tmp_path):
    binary = compile_reproducer("int main(void) { return 0; }\n", tmp_path)
    initrd = make_initramfs(binary, tmp_path, runs=4)
    listing = subprocess.run(["cpio", "-itv", "--quiet"], input=gzip.decompress(initrd.read_bytes()),
                             capture_output=True, check=True).stdout.decode()
    names = {line.split()[-1]: line for line in listing.splitlines()}
    assert {"init", "repro", "bin/busybox", "dev/console", "proc", "sys", "tmp"} <= set(names)
    assert names["dev/console"].startswith("c") and names["init"].startswith("-rwxr-xr-x")
    out = tmp_path / "x"
    out.mkdir()
    subprocess.run(["cpio", "-id", "--quiet", "init"], input=gzip.decompress(initrd.read_bytes()), cwd=out, check=True)
    init = (out / "init").read_text()
    assert init == init_script(4) and "-lt 4" in init and SENTINEL in init and "reboot -f" in init


def test_pick_reproducer_takes_the_c_program():
    rep = parse((EXAMPLE / "report.txt").read_text())
    assert rep.kind == "kernel"
    src = pick_reproducer(rep.reproducers)
    assert src is not None and "/proc/crashfix_demo" in src
    assert pick_reproducer(["echo hi", "$ ./run.sh"]) is None


def test_mail_subject_and_tags():
    rep = parse((EXAMPLE / "report.txt").read_text())
    fixes = Commit("fc666cb82eb5d5814c43d1aec9c6c532e636a2eb",
                   "misc: add crashfix_demo, a /proc file that counts what is written to it", "Dana Demo", "0")
    subj = mail.subject(rep, "drivers/misc/crashfix_demo.c", fixes)
    assert subj.startswith("misc: crashfix_demo: fix ") and "use-after-free" in subj and "demo_write()" in subj
    body = mail.body(rep, "free msg after its last use", fixes, reported_by="syzbot+abc@syzkaller.appspotmail.com",
                     closes="https://github.com/o/r/issues/7", validation="Validated.")
    tags = body.rstrip().splitlines()[-3:]
    assert tags == ['Fixes: fc666cb82eb5 ("misc: add crashfix_demo, a /proc file that counts what is written to it")',
                    "Reported-by: syzbot+abc@syzkaller.appspotmail.com", "Closes: https://github.com/o/r/issues/7"]
    assert "BUG: KASAN" in body
    assert mail.reported_by(rep, "hi\nReported-by: Ann Dev <ann@example.org>\n") == "Ann Dev <ann@example.org>"
    assert mail.reported_by(rep, "no reporter here") is None


def test_init_bounds_each_run_and_mounts_what_reproducers_open():
    init = init_script(2, 7)
    assert "timeout -s KILL 7 /repro" in init and "kill -9 -1" in init
    for fs in ("mount -t sysfs sysfs /sys", "mount -t debugfs debugfs /sys/kernel/debug",
               "mount -t configfs configfs /sys/kernel/config"):
        assert fs in init


def test_a_run_stopped_at_its_bound_is_a_clean_no_crash_within_n_seconds(tmp_path):
    from agent.kernel.boots import judge
    from sandbox.kernel.qemu import INIT_MARK, RUN_MARK, STOPPED, BootResult
    console = (f"Linux version 6.1\n{INIT_MARK}\n{RUN_MARK} 1 start\n{RUN_MARK} 1 {STOPPED} 30 s\n"
               f"{RUN_MARK} 2 start\n{RUN_MARK} 2 {STOPPED} 30 s\n{SENTINEL}\n")
    judged = judge(BootResult(console, True, True, False, 70.0, "tcg", 0), "KASAN: use-after-free in demo_write",
                   tmp_path / "c.log", 30)
    assert judged.outcome == "clean" and judged.bound == 60
    assert "no crash within 60 s" in judged.describe()


@pytest.mark.kernel
def test_a_linked_syzbot_reproducer_is_asked_for_in_one_line(demo_repo, tmp_path):
    """syzbot's mail only links its C reproducer: the run asks for exactly that file, before anything is built."""
    from agent.pipeline import run_job
    from agent.run import RunConfig
    text = (EXAMPLE / "report.txt").read_text()
    head, _, rest = text.partition("```c\n")
    link = "https://syzkaller.appspot.com/x/repro.c?x=12ab34cd560000"
    mail = head + rest.partition("```\n")[2] + f"\nsyz repro:      https://syzkaller.appspot.com/x/repro.syz?x=1\n" \
                                              f"C reproducer:   {link}\n"
    run = run_job(RunConfig(repo=str(demo_repo), report_text=mail, out=tmp_path, sandbox="local",
                            kernel_allowed=True, strategy="templates"))
    assert run.status == "error" and link in run.error and "paste" in run.error and "\n" not in run.error
    assert not (tmp_path / "logs" / "kernel-build.log").exists()


@pytest.mark.slow
@pytest.mark.kernel
def test_a_reproducer_that_repeats_forever_ends_clean_at_its_bound(demo_build, tmp_path):
    """A syzbot repeat-mode reproducer (here one that loops forever and crashes nothing) on a real boot:
    stopped at its bound, the boot reaches the sentinel: "no crash within N s" (before: the boot ran to
    its time limit and was judged a hang, so every candidate was rejected)."""
    from agent.kernel.boots import Booter
    forever = "#include <unistd.h>\nint main(void) { for (;;) usleep(10000); }\n"
    initrd = make_initramfs(compile_reproducer(forever, tmp_path / "w"), tmp_path / "w", runs=2, run_seconds=5)
    judged = Booter(demo_build.bzimage, initrd, tmp_path / "logs", "KASAN: use-after-free in demo_write",
                    timeout=240, run_seconds=5).boot("forever")
    assert judged.outcome == "clean", judged.describe()
    assert judged.boot.stopped_runs == 2 and "no crash within 10 s" in judged.describe()
