"""What a candidate does on the reproducer, beside what the unpatched kernel did: the reproducer's
syscalls' return values (the prelude in sandbox/kernel/trace.py prints them) and the kernel's own
console lines after /init started. A patch that rejects the reproducer's input shows here as an error
code where the unpatched kernel crashed: a change a reviewer should see (and one that rejected every
input would show as errors everywhere)."""
from __future__ import annotations

import errno
import re
from dataclasses import dataclass

from sandbox.kernel.qemu import RUN_MARK, SENTINEL
from sandbox.kernel.trace import SYSCALL_MARK

_CALL = re.compile(rf"{SYSCALL_MARK} (\d+) (\d+) = (-?\d+)(?: errno (\d+))?")
_STAMP = re.compile(r"^\[\s*\d+\.\d+\](?:\[\s*[TC]\d+\])? ?")
_MAX_LINES = 20


@dataclass(frozen=True)
class Call:
    process: int          # the order of the process's first call in the run (pids differ between boots)
    nr: int
    ret: int
    errno: int | None

    def words(self, names: dict[int, str]) -> str:
        name = names.get(self.nr, f"syscall {self.nr}")
        if self.errno is not None:
            return f"{name} = -1 {errno.errorcode.get(self.errno, str(self.errno))}"
        return f"{name} = {self.ret}"


def syscall_names(table: str) -> dict[int, str]:
    """Numbers to names from the tree's arch/x86/entry/syscalls/syscall_64.tbl (`0 common read sys_read`)."""
    out: dict[int, str] = {}
    for line in table.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0].isdigit() and parts[1] in ("common", "64"):
            out[int(parts[0])] = parts[2]
    return out


def first_run(console: str) -> list[str]:
    """The console's lines of the reproducer's first run (after its start mark, before the next mark),
    timestamps off."""
    lines, inside = [], False
    for raw in console.splitlines():
        line = _STAMP.sub("", raw.rstrip("\r"))
        if line.startswith(f"{RUN_MARK} 1 start"):
            inside = True
            continue
        if inside and (line.startswith(RUN_MARK) or line.startswith(SENTINEL)):
            break
        if inside:
            lines.append(line)
    return lines


def calls(lines: list[str]) -> list[Call]:
    order: dict[int, int] = {}
    out = []
    for line in lines:
        m = _CALL.search(line)
        if m:
            pid = int(m.group(1))
            order.setdefault(pid, len(order))
            out.append(Call(order[pid], int(m.group(2)), int(m.group(3)), int(m.group(4)) if m.group(4) else None))
    return out


def kernel_lines(lines: list[str]) -> list[str]:
    """What the kernel (not the reproducer's trace) printed during the run, up to 20 lines."""
    return [ln for ln in lines if ln.strip() and SYSCALL_MARK not in ln][:_MAX_LINES]


def compare(unpatched_console: str, patched_console: str, names: dict[int, str], *, crashed: bool = True) -> dict:
    """The record of one candidate: both runs' calls and kernel lines, and one sentence for a reviewer."""
    before_lines, after_lines = first_run(unpatched_console), first_run(patched_console)
    before, after = calls(before_lines), calls(after_lines)
    said = _difference(before, after, names, crashed)
    return {"unpatched_syscalls": [c.words(names) for c in before][:64],
            "patched_syscalls": [c.words(names) for c in after][:64],
            "unpatched_console": kernel_lines(before_lines) if not crashed else [],
            "patched_console": kernel_lines(after_lines),
            "said": said}


def _difference(before: list[Call], after: list[Call], names: dict[int, str], crashed: bool) -> str:
    if not before and not after:
        return "the reproducer made no traced syscall() (its calls are not through syscall(), or none returned)"
    for process in sorted({c.process for c in before} | {c.process for c in after}):
        b = [c for c in before if c.process == process]
        a = [c for c in after if c.process == process]
        for k, (x, y) in enumerate(zip(b, a), 1):
            if (x.nr, x.ret, x.errno) != (y.nr, y.ret, y.errno):
                return (f"process {process + 1}, call {k}: unpatched {x.words(names)}, patched {y.words(names)}")
        if crashed and len(a) > len(b):
            y = a[len(b)]
            errs = sum(1 for c in a if c.errno is not None) - sum(1 for c in b if c.errno is not None)
            return (f"process {process + 1}: the unpatched kernel crashed inside call {len(b) + 1}; with the patch it "
                    f"returns: {y.words(names)}" + (f" ({errs} more failing call(s) in the run)" if errs > 0 else ""))
    if crashed:
        return "the same calls returned the same values up to where the unpatched kernel crashed"
    return "the same calls returned the same values"
