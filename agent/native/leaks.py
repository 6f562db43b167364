"""Leaks a candidate adds: LeakSanitizer on the reproduction and the tests, against the unpatched build.

The reproduction and the tests run with `detect_leaks=0` (a leak at exit is not the reported crash),
so "drop the free" would pass validation while it leaks. Once the crash is gone and the tests pass,
the same commands run again with `detect_leaks=1` and `LSAN_OPTIONS=exitcode=0` (leaks are printed,
the exit code is the program's own); every leak is keyed by its allocation stack (function names,
lines move with a patch) and compared with the same runs on the unpatched build. A stack that
leaks more bytes than before rejects the candidate.

LeakSanitizer works in the Docker sandbox with cap_drop=ALL: its tracer ptraces the threads of its
own process (same user, Docker's seccomp profile allows ptrace), no CAP_SYS_PTRACE needed.
Limits: the unpatched reproduction stops at the crash, so leaks it would have had after that point
are unknown. One kind is set aside, with a note, not counted as the patch's: on the reproduction, an
object the reproducer's own code got from the library (the outermost frame of the repository on its
allocation stack was called from code outside the tree: the issue's program) and never freed, when no
function on that stack is named anywhere in the patch (an issue's fragment `item = create(); set(item,
NULL);` that never deletes `item` leaks it under any fix). A cross build (qemu user mode) is not checked.
"""
from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field

from agent.reports.frames import first_stack, is_noise
from sandbox import Sandbox
from sandbox.base import WORKSPACE

LEAK_HEAD = re.compile(r"^\s*(Direct|Indirect) leak of (\d+) byte\(s\) in (\d+) object\(s\) allocated from:", re.M)
STACK_DEPTH = 4          # frames of the allocation stack that tell two leaks apart


@dataclass(frozen=True)
class Leak:
    kind: str                     # "Direct" | "Indirect"
    size: int                     # bytes
    stack: tuple[str, ...]        # function names of the allocation stack, innermost first (runtime, libc, main left out)
    where: str                    # the innermost in-program frame: "reserve (src/sbuf.c:21)"
    functions: tuple[str, ...] = ()   # every in-program function of the allocation stack
    held_by: str = ""             # the code outside the tree that called into it (the reproducer's own), if any
    command: int = 0              # which leak-check command found it (0: the reproduction)

    def describe(self, size: int | None = None) -> str:
        """"16 bytes allocated in reserve (src/sbuf.c:21), called from sbuf_append"."""
        callers = " <- ".join(self.stack[1:3])
        return (f"{self.size if size is None else size} bytes allocated in {self.where}"
                + (f", called from {callers}" if callers else ""))


def _in_tree(path: str | None, tree: str) -> bool:
    """A frame's file in the tree: under it, or relative and not above it (`../sysdeps/...`: the runtime's)."""
    return bool(path) and (path.startswith(tree.rstrip("/") + "/") or not path.startswith(("/", "../")))


def _held_by(frames: list, tree: str) -> str:
    """The caller, outside the tree, of the allocation stack's outermost frame in the tree ("" : none known)."""
    inner = [i for i, f in enumerate(frames) if not is_noise(f) and _in_tree(f.file, tree)]
    if not inner or inner[-1] + 1 >= len(frames):
        return ""
    caller = frames[inner[-1] + 1]
    return f"{caller.function} ({caller.file})" if caller.file and not _in_tree(caller.file, tree) else ""


def parse_leaks(output: str, command: int = 0, tree: str = WORKSPACE) -> list[Leak]:
    """Every `Direct/Indirect leak of N byte(s)` block of LeakSanitizer's output."""
    lines = output.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = LEAK_HEAD.match(line)
        if not m:
            continue
        frames, _ = first_stack(lines, i + 1)
        own = [f for f in frames if not is_noise(f)]
        stack = tuple(f.function for f in own[:STACK_DEPTH])
        top = own[0] if own else None
        where = "?" if top is None else top.function + (f" ({top.file}:{top.line})" if top.file else "")
        out.append(Leak(m.group(1), int(m.group(2)), stack, where, tuple(f.function for f in own),
                        _held_by(frames, tree), command))
    return out


def with_leaks(cmd: str) -> str:
    """The command with leak detection on, leaks printed but not turned into a failing exit code."""
    if "detect_leaks=" in cmd:
        cmd = re.sub(r"detect_leaks=\d", "detect_leaks=1", cmd)
    elif "ASAN_OPTIONS=" in cmd:
        cmd = re.sub(r"ASAN_OPTIONS=(\S+)", r"ASAN_OPTIONS=\1:detect_leaks=1", cmd, count=1)
    else:
        cmd = f"ASAN_OPTIONS=detect_leaks=1 {cmd}"
    return f"LSAN_OPTIONS=exitcode=0 {cmd}"


def totals(leaks: list[Leak]) -> Counter:
    sums: Counter = Counter()
    for leak in leaks:
        sums[leak.stack] += leak.size
    return sums


@dataclass
class LeakCheck:
    """The leak runs (reproduction, tests) and what they leaked on the unpatched build."""
    commands: list[str]
    baseline: Counter = field(default_factory=Counter)     # allocation stack -> bytes leaked
    reproduces: bool = True                                # commands[0] is the reproduction
    tree: str = WORKSPACE                                  # where the tree is in the sandbox (frames in it are the tree's)
    seconds: float = 0.0                                   # the baseline runs' time

    def to_dict(self) -> dict:
        return {"commands": self.commands, "seconds": round(self.seconds, 3),
                "baseline": [{"stack": list(stack), "bytes": size} for stack, size in self.baseline.items()]}

    def measure(self, sb: Sandbox, *, timeout: float) -> tuple[list[Leak], str, float]:
        """Run every command with leak detection: the leaks, the log, the seconds."""
        leaks, log, start = [], [], time.monotonic()
        for n, cmd in enumerate(self.commands):
            res = sb.run(cmd, timeout=timeout)
            found = parse_leaks(res.output, n, self.tree)
            leaks += found
            log.append(f"$ {cmd}   # leak check, exit {res.exit_code}, {len(found)} leak(s)\n"
                       + "\n".join(f"  {leak.kind} leak of {leak.describe()}" for leak in found))
        return leaks, "\n".join(log), time.monotonic() - start

    def reproducers_own(self, leaks: list[Leak], diff: str) -> list[Leak]:
        """The reproduction's leaks of objects the reproducer's own code got from the tree and kept, when the
        patch names no function of their allocation stack (module docstring): the reproducer's, not the patch's."""
        if not diff or not self.reproduces:
            return []
        named = set(re.findall(r"[A-Za-z_]\w*", diff))
        return [leak for leak in leaks if leak.command == 0 and leak.held_by and leak.functions
                and not named & set(leak.functions)]

    def added(self, leaks: list[Leak]) -> str | None:
        """Why the candidate is rejected for its leaks, or None when it leaks nothing the unpatched build did not."""
        now = totals(leaks)
        grown = {stack: size - self.baseline.get(stack, 0) for stack, size in now.items()
                 if size > self.baseline.get(stack, 0)}
        if not grown:
            return None
        first = {}
        for leak in leaks:
            first.setdefault(leak.stack, leak)
        parts = [first[s].describe(grown[s]) for s in sorted(grown, key=lambda s: -grown[s])]
        return "the patch leaks " + "; ".join(parts[:3]) + (f" (and {len(parts) - 3} more)" if len(parts) > 3 else "")

    def judge(self, sb: Sandbox, *, timeout: float, diff: str = "") -> tuple[str | None, str, str, float]:
        """(reason to reject or None, what was set aside ("" : nothing), log, seconds) for the patched build in `sb`."""
        leaks, log, seconds = self.measure(sb, timeout=timeout)
        aside = self.reproducers_own(leaks, diff)
        note = ""
        if aside:
            leaks = [leak for leak in leaks if leak not in aside]
            note = ("LeakSanitizer also reports " + "; ".join(
                f"{leak.size} bytes allocated in {leak.where} for {leak.held_by}" for leak in aside[:3])
                + ", objects the reproducer's own code got from the tree and never freed; the patch names no "
                  "function of their allocation stack, so they are not counted as its leaks")
        return self.added(leaks), note, log, seconds


def leak_check(sb: Sandbox, commands: list[str | None], *, timeout: float) -> LeakCheck:
    """Measure the unpatched build's leaks for the reproduction and test commands (None ones left out)."""
    check = LeakCheck([with_leaks(c) for c in commands if c], reproduces=bool(commands and commands[0]),
                      tree=sb.workdir)
    leaks, _, check.seconds = check.measure(sb, timeout=timeout)
    check.baseline = totals(leaks)
    return check
