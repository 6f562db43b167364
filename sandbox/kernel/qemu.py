"""Boot a kernel under QEMU with a reproducer in its initramfs and capture the serial console.

    binary = compile_reproducer(c_source, workdir)        # gcc -static; ReproducerBuildError
    initrd = make_initramfs(binary, workdir, runs=3)     # busybox + /init that runs it, then a sentinel
    boot = boot_kernel(bzimage, initrd, timeout=120)     # BootResult(console, finished, booted, ...)

The compile (the issue's C code: `#include` or `.incbin` of a host file) and QEMU run jailed
(`sandbox.isolate`): the compiler sees only /usr and its work dir, QEMU only /usr, the kernel image,
the initramfs and /dev/kvm when it is used. No network (`-nodefaults`, no NIC, and the jail's empty
network namespace), `-snapshot`, `-no-reboot` with `panic=-1 panic_on_warn=1 oops=panic`: QEMU
exits as soon as a report has printed, or when /init ends with `reboot -f`. KVM only when a short
probe boot shows it works (here /dev/kvm exists but guests hang in the decompressor); TCG otherwise.
"""
from __future__ import annotations

import gzip
import json
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from sandbox.base import SandboxError
from sandbox.isolate import isolated
from sandbox import variables
from sandbox.kernel.build import CACHE, tail
from sandbox.kernel.trace import PRELUDE

log = logging.getLogger(__name__)

SENTINEL = "crashfix-sentinel: all runs done"
INIT_MARK = "crashfix-init: started"
RUN_MARK = "crashfix-run:"
BUSYBOX = Path("/bin/busybox")
QEMU = "qemu-system-x86_64"
CMDLINE = "console=ttyS0 panic=-1 panic_on_warn=1 oops=panic nokaslr"
RUN_SECONDS = 30         # one run of the reproducer at most (a repeating one is stopped there)
STOPPED = "stopped at its bound of"


class ReproducerBuildError(SandboxError):
    """The C reproducer does not compile; `log` holds the compiler's output."""

    def __init__(self, message: str, log: str = ""):
        super().__init__(message)
        self.log = log


class QemuError(SandboxError):
    """QEMU or a harness tool is missing or cannot start."""


@dataclass(frozen=True)
class BootResult:
    console: str             # everything the serial console printed
    booted: bool             # /init started
    finished: bool           # the sentinel printed: every run of the reproducer returned
    timed_out: bool
    seconds: float
    accel: str
    exit_code: int | None

    @property
    def stopped_runs(self) -> int:
        """Runs of the reproducer still going at their bound (stopped there, no crash till then)."""
        return sum(1 for line in self.console.splitlines() if line.startswith(RUN_MARK) and STOPPED in line)

    def summary(self) -> str:
        state = ("finished" if self.finished else "timed out" if self.timed_out
                 else "stopped early" if self.booted else "did not boot")
        return f"{state} in {self.seconds:.1f} s under {self.accel}"


def compile_reproducer(source: str, workdir: Path, *, timeout: float = 120) -> Path:
    """gcc -static the reproducer (C) into workdir/repro, jailed with only workdir writable and no host
    file but /usr to include; ReproducerBuildError with gcc's output."""
    workdir = workdir.resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    src, binary = workdir / "repro.c", workdir / "repro"
    src.write_text(source)
    prelude = workdir / "crashfix-trace.h"        # each syscall()'s return to the console (behaviour)
    prelude.unlink(missing_ok=True)
    prelude.write_text(PRELUDE)
    res = isolated(["gcc", "-static", "-O1", "-pthread", "-w", "-include", str(prelude), "-o", str(binary), str(src)],
                   rw=[workdir],
                   cwd=workdir, timeout=timeout)
    if res.code != 0 or res.timed_out or binary.is_symlink() or not binary.is_file():
        raise ReproducerBuildError("the C reproducer does not compile (gcc -static)", tail(res.output, 60))
    return binary


def init_script(runs: int, run_seconds: int = RUN_SECONDS) -> str:
    """/init: the file systems reproducers open (proc, sys, dev, debugfs, configfs), then `runs` runs of
    /repro, each stopped at `run_seconds` (syzbot's C reproducers mostly repeat forever: a run still
    going at its bound, with no crash, is "no crash within N s"), its leftover processes killed."""
    return f"""#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t configfs configfs /sys/kernel/config 2>/dev/null
exec >/dev/console 2>&1 </dev/null
echo "{INIT_MARK}"
cd /tmp
i=0
while [ $i -lt {runs} ]; do
  i=$((i + 1))
  echo "{RUN_MARK} $i start"
  timeout -s KILL {run_seconds} /repro
  rc=$?
  kill -9 -1 2>/dev/null
  if [ $rc -eq 137 ]; then echo "{RUN_MARK} $i {STOPPED} {run_seconds} s"; else echo "{RUN_MARK} $i exit $rc"; fi
done
echo "{SENTINEL}"
reboot -f
"""


def make_initramfs(binary: Path, workdir: Path, *, runs: int = 3, run_seconds: int = RUN_SECONDS) -> Path:
    """A gzip'd newc cpio: /bin/busybox, /repro, /init; /dev/console as a device node (no root needed)."""
    if not BUSYBOX.exists():
        raise QemuError(f"{BUSYBOX} is missing: apt-get install busybox-static")
    files = {"bin/busybox": (BUSYBOX.read_bytes(), 0o755), "repro": (binary.read_bytes(), 0o755),
             "init": (init_script(runs, run_seconds).encode(), 0o755)}
    dirs = ["bin", "dev", "proc", "sys", "tmp", "root"]
    out = workdir / "initramfs.cpio.gz"
    out.unlink(missing_ok=True)                 # never write through what a jail may have left there
    with gzip.open(out, "xb", compresslevel=1) as fh:
        ino = 1
        for d in dirs:
            fh.write(_cpio_entry(ino, d, 0o040755, b""))
            ino += 1
        fh.write(_cpio_entry(ino, "dev/console", 0o020600, b"", rdev=(5, 1)))
        ino += 1
        for name, (data, mode) in files.items():
            fh.write(_cpio_entry(ino, name, 0o100000 | mode, data))
            ino += 1
        fh.write(_cpio_entry(0, "TRAILER!!!", 0, b""))
    return out


def _cpio_entry(ino: int, name: str, mode: int, data: bytes, rdev: tuple[int, int] = (0, 0)) -> bytes:
    fields = [ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(name) + 1, 0]
    head = b"070701" + b"".join(b"%08X" % f for f in fields)
    name_b = name.encode() + b"\0"
    pad1 = b"\0" * ((4 - (len(head) + len(name_b)) % 4) % 4)
    pad2 = b"\0" * ((4 - len(data) % 4) % 4)
    return head + name_b + pad1 + data + pad2


def qemu_command(bzimage: Path, initrd: Path, *, accel: str, memory_mb: int = 1024,
                 cmdline: str = CMDLINE) -> list[str]:
    return [QEMU, "-accel", accel, "-m", str(memory_mb), "-smp", "1", "-no-reboot", "-nodefaults",
            "-display", "none", "-serial", "stdio", "-snapshot", "-kernel", str(bzimage),
            "-initrd", str(initrd), "-append", cmdline]


def boot_kernel(bzimage: Path, initrd: Path, *, timeout: float = 180, accel: str | None = None,
                memory_mb: int = 1024, cmdline: str = CMDLINE, console_file: Path | None = None) -> BootResult:
    """Boot once; the console is returned (and written to console_file when given)."""
    if not shutil.which(QEMU):
        raise QemuError(f"{QEMU} is missing: apt-get install qemu-system-x86")
    if not bzimage.exists():
        raise QemuError(f"no kernel image at {bzimage}")
    accel = accel or choose_accel(bzimage)
    cmd = qemu_command(bzimage, initrd, accel=accel, memory_mb=memory_mb, cmdline=cmdline)
    res = _jailed_qemu(cmd, [bzimage, initrd], accel, timeout, console_file)
    console = res.output.replace("\r\n", "\n")
    if res.code not in (0, None) and not res.timed_out and INIT_MARK not in console and "Linux version" not in console:
        log.warning("qemu exited %s: %s", res.code, tail(console, 5))
    return BootResult(console, INIT_MARK in console, SENTINEL in console, res.timed_out, res.seconds,
                      accel, res.code)


def choose_accel(bzimage: Path, *, probe_seconds: float = 15) -> str:
    """kvm when a probe boot under KVM prints the kernel banner within probe_seconds, else tcg.

    CRASHFIX_QEMU_ACCEL=kvm|tcg overrides; the answer is kept per host kernel in the cache dir."""
    forced = variables.value("QEMU_ACCEL")
    if forced in ("kvm", "tcg"):
        return forced
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return "tcg"
    host = f"{os.uname().nodename} {os.uname().release}"
    memo = CACHE / "accel-probe.json"
    try:
        seen = json.loads(memo.read_text())
    except (OSError, ValueError):
        seen = {}
    if host in seen:
        return seen[host]
    cmd = [QEMU, "-accel", "kvm", "-m", "256", "-smp", "1", "-no-reboot", "-nodefaults", "-display", "none",
           "-serial", "stdio", "-kernel", str(bzimage), "-append", "console=ttyS0 panic=-1"]
    res = _jailed_qemu(cmd, [bzimage], "kvm", probe_seconds)
    accel = "kvm" if "Linux version" in res.output else "tcg"
    log.info("KVM probe boot: %s after %.1f s -> %s", "banner seen" if accel == "kvm" else "no banner",
             res.seconds, accel)
    seen[host] = accel
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        memo.write_text(json.dumps(seen))
    except OSError as exc:
        log.warning("cannot keep the KVM probe's answer in %s: %s", memo, exc)
    return accel


def _jailed_qemu(cmd: list[str], files: list[Path], accel: str, timeout: float, console_file: Path | None = None):
    """QEMU in the jail, seeing only the files it boots (and /dev/kvm under KVM)."""
    return isolated(cmd, ro=files, devices=["/dev/kvm"] if accel == "kvm" else [], timeout=timeout,
                    log_file=console_file)


def qemu_available() -> bool:
    return shutil.which(QEMU) is not None and BUSYBOX.exists() and shutil.which("gcc") is not None


__all__ = ["BootResult", "QemuError", "ReproducerBuildError", "RUN_SECONDS", "SENTINEL", "boot_kernel", "choose_accel",
           "compile_reproducer", "make_initramfs", "qemu_available"]
