"""Translate our sanitizer/gdb reports into ClusterFuzz's conventions, for the golden tests.

Where the conventions differ we normalise here rather than bend the parser:
- crash type: we say `heap-buffer-overflow` + Access(read, 4); ClusterFuzz says
  `Heap-buffer-overflow\\nREAD 4`. Our `null-dereference` is their `Null-dereference`
  (+ ` READ`/` WRITE` for UBSan null loads/stores), our `SEGV` on a non-null address their
  `UNKNOWN` (+ access), signals `BUS`/`ILL`/`ABRT` their `Bus`/`Ill`/`Abrt`, our
  `check-failure` their `CHECK failure`; gdb signals (`SIGTRAP`) are kept.
- Windows cdb: ClusterFuzz types an access violation by its access alone (`READ`, `WRITE`);
  our type is `access-violation` with Access(read).
- Go: ClusterFuzz's Go frame pattern accepts no `?` in the arguments, so frames whose values Go
  marks as inexact (`f(0x1234?)`, Go >= 1.18) never enter its state; the parser keeps them and
  notes their indexes in `extra["inexact_args"]`, and the comparison leaves them out.
- kernel reports (LKL, a kernel inside a fuzz target): ClusterFuzz's type is
  `Kernel failure\\n` + the bug (`Slab-out-of-bounds\\nWRITE 4`, `General-protection-fault`);
  frames are judged by the kernel parser's own skip list.
- frames: ClusterFuzz puts a message (e.g. `Bad-cast to X from Y`, the CHECK condition) in
  front of the stack frames for some crash types; the tests drop that entry and compare the
  function frames that follow it.
"""
from __future__ import annotations

import re

MESSAGE_FIRST = {"Bad-cast", "CHECK failure", "Security DCHECK failure", "ASSERT", "Fatal error",
                 "DCHECK failure", "RUNTIME_ASSERT", "V8 API error"}

_SIMPLE = {
    "BUS": "Bus", "ILL": "Ill", "ABRT": "Abrt", "FPE": "Floating-point-exception",
    "check-failure": "CHECK failure", "security-dcheck-failure": "Security DCHECK failure", "deadly-signal": "UNKNOWN", "timeout": "Timeout",
    "out-of-memory": "Out-of-memory", "allocation-size-too-big": "Out-of-memory", "dcheck-failure": "DCHECK failure",
    "security-check-failure": "Security CHECK failure", "fatal-error": "Fatal error", "assert": "ASSERT",
    "runtime-assert": "RUNTIME_ASSERT", "v8-api-error": "V8 API error", "uncaught-exception": "Uncaught exception", "fuzz-target-exited": "Unexpected-exit",
    "data-race": "Data race", "use-of-uninitialized-value": "Use-of-uninitialized-value",
}
_WITH_ACCESS = {"heap-buffer-overflow", "stack-buffer-overflow", "global-buffer-overflow",
                "heap-use-after-free", "stack-use-after-return", "stack-use-after-scope",
                "container-overflow", "use-after-poison", "dynamic-stack-buffer-overflow",
                "stack-buffer-underflow", "unknown-crash"}


def cf_type(rep) -> str | None:
    if rep is None:
        return None
    t = rep.type
    if rep.kind == "gdb":
        return t
    if rep.kind == "kernel":
        return "Kernel failure\n" + _cf_kernel_type(rep)
    if rep.kind == "rust" and t == "panic":      # ClusterFuzz names a Rust panic an assertion
        return "ASSERT"
    if rep.kind == "cdb":
        if t == "access-violation" and rep.access is not None:
            return rep.access.op.upper()
        return t[0].upper() + t[1:]
    acc = rep.access
    if t in _SIMPLE:
        return _SIMPLE[t]
    if t == "null-dereference":
        if rep.extra.get("tool") == "UndefinedBehaviorSanitizer" and acc is not None:
            return f"Null-dereference {acc.op.upper()}"
        return "Null-dereference"
    if t == "SEGV":
        return "UNKNOWN" + (f" {acc.op.upper()}" if acc is not None else "")
    if t in _WITH_ACCESS and acc is not None and acc.size:
        return f"{t[0].upper()}{t[1:]}\n{acc.op.upper()} {acc.size}"
    return t[0].upper() + t[1:]


def _cf_kernel_type(rep) -> str:
    title = rep.title
    if title.startswith(("KASAN: ", "KFENCE: ", "KMSAN: ")):
        bug = title.split(": ", 1)[1].split(" ")[0]
        acc = rep.access
        tail = f"\n{acc.op.upper()} {acc.size}" if acc is not None and acc.size else ""
        return bug[0].upper() + bug[1:] + tail
    head = title.split(" in ")[0].strip()
    return head[0].upper() + head[1:].replace(" ", "-") if head else "UNKNOWN"


def norm(name: str) -> str:
    name = re.sub(r"\s+", " ", name.strip())
    return name[:80]   # ClusterFuzz caps each state line at 80 characters


def cf_frames(rep, expected: list[str] | None = None, n: int = 3) -> list[str]:
    """Our top frames with ClusterFuzz's skipping rules (noise frames dropped)."""
    if rep is None:
        return []
    from agent.reports.frames import is_noise
    if rep.kind == "kernel":
        from agent.reports.kernel import is_noise_frame
        return [norm(f.function) for f in rep.frames if not is_noise_frame(f.function)][:n]
    # ClusterFuzz fills its 3-frame state from the following stacks (free, then alloc)
    # when the crashing stack is shorter.
    inexact = set(rep.extra.get("inexact_args") or [])
    frames = [f for i, f in enumerate(rep.frames) if i not in inexact]
    frames += list(rep.free_frames) + list(rep.alloc_frames)
    head = rep.extra.get("state_head") or []
    if rep.extra.get("state_complete"):
        # The message lines are the whole state; the tests compare what follows the first.
        return [norm(x) for x in head[1:]][:n]
    out = []
    for f in frames:
        if f.function == "LLVMFuzzerTestOneInput":
            # ClusterFuzz names the fuzz target's entry point after its source file.
            if f.file:
                out.append(norm(f.file.replace("\\", "/").rsplit("/", 1)[-1]))
        elif not is_noise(f):
            # Go functions are named by their last path element (`github.com/a/b/pkg.F` -> `pkg.F`)
            out.append(norm(f.function.rsplit("/", 1)[-1] if rep.kind == "go" else f.function))
    if rep.type == "stack-overflow":
        out = _cycle(out) or out
    if not out and rep.type:
        return ["NULL"]   # ClusterFuzz's state when a crash has no usable frame
    return out[:n]


def _cycle(frames: list[str], max_len: int = 10, repeats: int = 3) -> list[str] | None:
    """ClusterFuzz's state for a stack overflow: the first cycle repeated 3 times."""
    for i in range(len(frames)):
        for k in range(1, max_len + 1):
            if i + repeats * k >= len(frames):
                continue
            first = frames[i:i + k]
            if all(frames[i + r * k:i + (r + 1) * k] == first for r in range(1, repeats)):
                return first
    return None


def expected_frames(crash_type: str, top: list[str]) -> list[str]:
    if crash_type in MESSAGE_FIRST and top:
        return [norm(x) for x in top[1:3]]
    return [norm(x) for x in top[:3]]
