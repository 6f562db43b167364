"""Add file:line to the stack frames of a console log, syzbot style, with the kernel's scripts/faddr2line."""
from __future__ import annotations

import logging
import re
from pathlib import Path

from agent.limits import SYMBOLIZE_TIMEOUT
from sandbox.isolate import isolated
from sandbox.kernel.build import KernelTree

log = logging.getLogger(__name__)

# "[    3.1] ? demo_write+0x8e/0xc0" with nothing after the offset (not yet symbolized)
_FRAME = re.compile(r"^(?P<head>(?:\[[^\]]*\])*\s+)(?:\? )?(?P<sym>[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+/0x[0-9a-f]+)\s*$")
_SYM = re.compile(r"^([A-Za-z_][A-Za-z0-9_.]*)\+0x([0-9a-f]+)/0x([0-9a-f]+)$")


def symbolize(console: str, tree: KernelTree, *, timeout: float = SYMBOLIZE_TIMEOUT) -> str:
    """The console with ` path/file.c:LINE` after every frame faddr2line can place; functions inlined
    into a frame come first on lines of their own, marked ` [inline]` (syzbot's layout)."""
    lines = console.split("\n")
    wanted = sorted({m.group("sym") for ln in lines if (m := _FRAME.match(ln)) and "RIP:" not in ln})
    if not wanted or not tree.vmlinux.exists():
        return console
    places = locate(tree, wanted, timeout=timeout)
    out = []
    for ln in lines:
        m = _FRAME.match(ln)
        chain = places.get(m.group("sym")) if m and "RIP:" not in ln else None
        if not chain:
            out.append(ln)
            continue
        head = m.group("head") + ("? " if ln[m.end("head"):].startswith("? ") else "")
        out += [f"{head}{func} {place} [inline]" for func, place in chain[:-1]]
        out.append(f"{ln.rstrip()} {chain[-1][1]}")
    return "\n".join(out)


def locate(tree: KernelTree, syms: list[str], *, timeout: float = SYMBOLIZE_TIMEOUT) -> dict[str, list[tuple[str, str]]]:
    """func+off/size -> [(function, "path:line"), ...] innermost inlined first, the symbol's own last.

    What scripts/faddr2line does, in two commands for all frames (it takes ~1 s per frame): `nm -S`
    for the symbols' addresses (the one whose size matches, among same-named static functions),
    then one `addr2line -a -f -i`. Both run jailed: vmlinux is what the tree's build made."""
    image = [tree.vmlinux]
    nm = isolated(["nm", "-S", "--defined-only", str(tree.vmlinux)], ro=image, timeout=timeout)
    table: dict[str, list[tuple[int, int]]] = {}
    for ln in nm.output.splitlines():
        parts = ln.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            table.setdefault(parts[3], []).append((int(parts[0], 16), int(parts[1], 16)))
    addrs: dict[int, str] = {}
    for sym in syms:
        m = _SYM.match(sym)
        entries = table.get(m.group(1), []) if m else []
        if not entries:
            continue
        off, size = int(m.group(2), 16), int(m.group(3), 16)
        start = next((s for s, n in entries if n == size), entries[0][0])
        addrs[start + off] = sym
    if not addrs:
        return {}
    res = isolated(["addr2line", "-a", "-f", "-i", "-e", str(tree.vmlinux), *(hex(a) for a in addrs)],
                   ro=image, timeout=timeout)
    places: dict[str, list[tuple[str, str]]] = {}
    lines = res.output.splitlines()
    current, i = None, 0
    while i < len(lines):
        ln = lines[i].strip()
        if ln.startswith("0x"):
            current = addrs.get(int(ln, 16))
            i += 1
            continue
        if current and i + 1 < len(lines) and ":" in lines[i + 1]:
            path, _, line = lines[i + 1].strip().split(" ")[0].rpartition(":")
            if line.isdigit() and path != "??":
                places.setdefault(current, []).append((ln, f"{relative(path, tree)}:{line}"))
        i += 2
    return places


def relative(path: str, tree: KernelTree) -> str:
    for root in (tree.src, tree.out):
        try:
            return str(Path(path).relative_to(root))
        except ValueError:
            continue
    return path.removeprefix("./")
