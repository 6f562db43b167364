"""Add file:line to the stack frames of a console log, syzbot style, with the kernel's scripts/faddr2line."""
from __future__ import annotations

import logging
import re
from pathlib import Path

from sandbox.kernel_build import KernelTree, run_cmd

log = logging.getLogger(__name__)

# "[    3.1] ? demo_write+0x8e/0xc0" with nothing after the offset (not yet symbolized)
_FRAME = re.compile(r"^(?P<head>(?:\[[^\]]*\])*\s+)(?:\? )?(?P<sym>[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+/0x[0-9a-f]+)\s*$")
_ANSWER = re.compile(r"^(?P<func>\S+) at (?P<file>\S+?):(?P<line>\d+)")


def symbolize(console: str, tree: KernelTree, *, timeout: float = 120) -> str:
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


def locate(tree: KernelTree, syms: list[str], *, timeout: float = 120) -> dict[str, list[tuple[str, str]]]:
    """func+off/size -> [(function, "path:line"), ...] innermost inlined first, the symbol's own last."""
    script = tree.src / "scripts" / "faddr2line"
    res = run_cmd(["bash", str(script), str(tree.vmlinux), *syms], cwd=tree.src, timeout=timeout)
    if res.code != 0 and not res.output:
        log.warning("faddr2line failed: %s", res.output[-500:])
        return {}
    places: dict[str, list[tuple[str, str]]] = {}
    current, done = None, set()
    for ln in res.output.splitlines():
        if ln.endswith(":") and "+0x" in ln:
            current = ln[:-1].strip()
            continue
        m = _ANSWER.match(ln.strip().removeprefix("(inlined by) "))
        if not current or not m or current in done:
            continue
        places.setdefault(current, []).append((m.group("func"), f"{relative(m.group('file'), tree)}:{m.group('line')}"))
        if m.group("func") == current.split("+")[0]:
            done.add(current)          # several matches (ambiguous symbol): keep the first
    return places


def relative(path: str, tree: KernelTree) -> str:
    for root in (tree.src, tree.out):
        try:
            return str(Path(path).relative_to(root))
        except ValueError:
            continue
    return path.removeprefix("./")
