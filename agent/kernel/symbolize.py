"""Add file:line to the stack frames of a console log, syzbot style, with the kernel's scripts/faddr2line."""
from __future__ import annotations

import logging
import re
from pathlib import Path

from sandbox.kernel_build import KernelTree, run_cmd

log = logging.getLogger(__name__)

# "[    3.1] ? demo_write+0x8e/0xc0" with nothing after the offset (not yet symbolized)
_FRAME = re.compile(r"^(?P<head>.*?[\s\]])(?:\? )?(?P<sym>[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+/0x[0-9a-f]+)\s*$")
_ANSWER = re.compile(r"^(?P<func>\S+) at (?P<file>\S+?):(?P<line>\d+)")


def symbolize(console: str, tree: KernelTree, *, timeout: float = 120) -> str:
    """The console with ` path/file.c:LINE` appended to every frame faddr2line can place."""
    lines = console.split("\n")
    wanted = sorted({m.group("sym") for ln in lines if (m := _FRAME.match(ln)) and "RIP:" not in ln})
    if not wanted or not tree.vmlinux.exists():
        return console
    places = locate(tree, wanted, timeout=timeout)
    out = []
    for ln in lines:
        m = _FRAME.match(ln)
        place = places.get(m.group("sym")) if m and "RIP:" not in ln else None
        out.append(f"{ln.rstrip()} {place}" if place else ln)
    return "\n".join(out)


def locate(tree: KernelTree, syms: list[str], *, timeout: float = 120) -> dict[str, str]:
    """func+off/size -> "path:line" relative to the source tree (innermost inlined place)."""
    script = tree.src / "scripts" / "faddr2line"
    res = run_cmd(["sh", str(script), str(tree.vmlinux), *syms], cwd=tree.src, timeout=timeout)
    if res.code != 0 and not res.output:
        log.warning("faddr2line failed: %s", res.output[-500:])
        return {}
    places: dict[str, str] = {}
    current = None
    for ln in res.output.splitlines():
        if ln.endswith(":") and "+0x" in ln:
            current = ln[:-1].strip()
            continue
        m = _ANSWER.match(ln.strip())
        if current and m and current not in places:
            places[current] = f"{relative(m.group('file'), tree)}:{m.group('line')}"
    return places


def relative(path: str, tree: KernelTree) -> str:
    for root in (tree.src, tree.out):
        try:
            return str(Path(path).relative_to(root))
        except ValueError:
            continue
    return path.removeprefix("./")
