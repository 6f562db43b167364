"""Kernel configs: the fragment the QEMU harness needs, and how fragments merge."""
from __future__ import annotations

# Merged last onto any config (tinyconfig or the report's), then `make olddefconfig`.
# KASAN needs SLUB (tinyconfig picks SLOB); gzip is much faster than tinyconfig's XZ;
# DEBUG_INFO gives scripts/faddr2line the file:line of each frame.
HARNESS = """\
# What crashfix's QEMU harness needs on top of any config (merged last, then olddefconfig).
CONFIG_64BIT=y
CONFIG_PRINTK=y
CONFIG_PRINTK_TIME=y
CONFIG_EARLY_PRINTK=y
CONFIG_TTY=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_BLK_DEV_INITRD=y
CONFIG_RD_GZIP=y
CONFIG_BINFMT_ELF=y
CONFIG_BINFMT_SCRIPT=y
CONFIG_PROC_FS=y
CONFIG_SYSFS=y
CONFIG_DEVTMPFS=y
CONFIG_DEVTMPFS_MOUNT=y
CONFIG_TMPFS=y
CONFIG_FUTEX=y
CONFIG_MULTIUSER=y
CONFIG_HYPERVISOR_GUEST=y
CONFIG_PARAVIRT=y
CONFIG_KVM_GUEST=y
# CONFIG_SLOB is not set
CONFIG_SLUB=y
CONFIG_SLUB_DEBUG=y
CONFIG_DEBUG_KERNEL=y
CONFIG_KASAN=y
CONFIG_KASAN_GENERIC=y
CONFIG_KASAN_INLINE=y
CONFIG_STACKTRACE=y
CONFIG_KALLSYMS=y
CONFIG_KALLSYMS_ALL=y
# CONFIG_KERNEL_XZ is not set
CONFIG_KERNEL_GZIP=y
# CONFIG_UNWINDER_GUESS is not set
CONFIG_UNWINDER_ORC=y
CONFIG_BUG=y
CONFIG_PANIC_TIMEOUT=-1
# line numbers for the stack traces (scripts/faddr2line)
# CONFIG_DEBUG_INFO_NONE is not set
CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y
CONFIG_DEBUG_INFO_REDUCED=y
"""


def is_full_config(text: str) -> bool:
    """A whole .config (as syzbot attaches) rather than a fragment of a few options."""
    return "# Automatically generated file" in text or text.count("\nCONFIG_") > 300


def merge_fragments(texts: list[str]) -> str:
    """One fragment: the last setting of each option wins; settings the harness makes anyway are dropped."""
    harness = set(_settings(HARNESS).values())
    merged: dict[str, str] = {}
    for text in texts:
        merged.update(_settings(text))
    lines = [line for line in merged.values() if line not in harness]
    return "\n".join(lines) + "\n" if lines else ""


def _settings(text: str) -> dict[str, str]:
    """option -> its line, for `CONFIG_X=...` and `# CONFIG_X is not set` lines."""
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("CONFIG_") and "=" in line:
            out[line.split("=", 1)[0]] = line
        elif line.startswith("# CONFIG_") and line.endswith(" is not set"):
            out[line[2:].split()[0]] = line
    return out
