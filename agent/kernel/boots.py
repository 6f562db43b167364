"""One boot of the kernel with the reproducer, judged: the same crash (by title), another, clean, or no boot."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from agent.limits import KERNEL_BOOT_DEFAULT
from agent.reports.kernel import parse_kernel
from agent.reports.model import CrashReport
from agent.judge.signature import same_title
from sandbox.kernel.build import tail
from sandbox.kernel.qemu import CMDLINE, RUN_SECONDS, BootResult, boot_kernel

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Judged:
    boot: BootResult
    crash: CrashReport | None        # the first oops the console shows
    outcome: str                     # "same" | "other" | "clean" | "no-boot" | "hang"
    console_file: Path
    run_seconds: int = RUN_SECONDS

    @property
    def bound(self) -> int:
        """Seconds the reproducer ran at least, in all (each stopped run ran its whole bound)."""
        return self.boot.stopped_runs * self.run_seconds

    def describe(self) -> str:
        what = {"same": f"the same crash ({self.crash.title if self.crash else ''})",
                "other": f"another crash: {self.crash.title if self.crash else ''}",
                "clean": "clean: every reproducer run returned" if not self.boot.stopped_runs else
                         f"clean: no crash within {self.bound} s of the reproducer ({self.boot.stopped_runs} "
                         f"run(s) still repeating at the bound of {self.run_seconds} s were stopped)",
                "no-boot": "the kernel did not boot (/init never started)"
                + (f" after {self.crash.title}" if self.crash else ""),
                "hang": "no crash, but the runs did not finish (hang or time limit)"}[self.outcome]
        return f"{what}; {self.boot.summary()}; console: {self.console_file.name}"


def judge(boot: BootResult, title: str, console_file: Path, run_seconds: int = RUN_SECONDS) -> Judged:
    crash = parse_kernel(boot.console) if boot.console else None
    if crash is not None and same_title(crash.title, title):
        outcome = "same"
    elif not boot.booted:
        outcome = "no-boot"             # with or without a crash on the way: /init never ran
    elif crash is not None:
        outcome = "other"
    elif boot.finished:
        outcome = "clean"
    else:
        outcome = "hang"
    return Judged(boot, crash, outcome, console_file, run_seconds)


@dataclass
class Booter:
    """Boots one kernel build with one initramfs; every console goes to logs/console-<label>.log."""
    bzimage: Path
    initrd: Path
    logs: Path
    title: str
    timeout: float = KERNEL_BOOT_DEFAULT
    extra_cmdline: str = ""
    run_seconds: int = RUN_SECONDS     # the bound of one reproducer run (the initramfs's /init holds it)

    def boot(self, label: str) -> Judged:
        self.logs.mkdir(parents=True, exist_ok=True)
        console_file = self.logs / f"console-{label}.log"
        cmdline = f"{CMDLINE} {self.extra_cmdline}".strip()
        result = boot_kernel(self.bzimage, self.initrd, timeout=self.timeout, cmdline=cmdline,
                             console_file=console_file)
        judged = judge(result, self.title, console_file, self.run_seconds)
        log.info("boot %s: %s", label, judged.describe())
        return judged


def console_tail(judged: Judged, lines: int = 30) -> str:
    return tail(judged.boot.console, lines)
