"""Crashes reported on another architecture: build with Debian's cross compiler, run under QEMU
user-mode emulation (`qemu-aarch64 -L <sysroot>`), in the same C image and with the same sanitizers.

Supported: aarch64 (ASan + UBSan run under qemu-aarch64). riscv64 is refused with the reason:
Debian 12 has no riscv64 UBSan runtime and ASan aborts under qemu-riscv64 (allocator CHECK).
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Cross:
    arch: str
    triple: str            # the cross compiler's prefix: <triple>-gcc
    qemu: str              # the qemu user-mode binary
    sysroot: str           # the target's libraries, for qemu -L

    @property
    def runner(self) -> str:
        return f"{self.qemu} -L {self.sysroot}"


CROSS = {"aarch64": Cross("aarch64", "aarch64-linux-gnu", "qemu-aarch64", "/usr/aarch64-linux-gnu")}
UNSUPPORTED = {"riscv64": "Debian 12 ships no riscv64 UBSan runtime and ASan aborts under qemu-riscv64"}

_ARCH_WORDS = {"aarch64": r"\b(?:aarch64|arm64|ARM64|AArch64)\b", "riscv64": r"\b(?:riscv64|RISC-V 64|rv64gc)\b"}
_HOST_WORDS = r"\b(?:x86_64|x86-64|amd64|AMD64)\b"


def report_arch(text: str) -> str | None:
    """The architecture an issue says its crash happened on, when it names one other than x86-64
    (and does not name x86-64 too)."""
    if re.search(_HOST_WORDS, text):
        return None
    for arch, words in _ARCH_WORDS.items():
        if re.search(words, text):
            return arch
    return None


def runs_on(cmd: str, cross: Cross | None) -> str:
    """A command that starts with a program path (./x, build/x) run under qemu for a cross build."""
    if cross is None:
        return cmd
    first = cmd.split(maxsplit=1)[0] if cmd.strip() else ""
    return f"{cross.runner} {cmd}" if "/" in first else cmd
