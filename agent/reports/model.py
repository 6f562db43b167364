"""The values every report parser produces."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Frame:
    function: str
    file: str | None = None
    line: int | None = None
    in_repo: bool | None = None      # None: unknown until mapped to a repo
    module: str | None = None        # binary or Python module, where the report names it
    code: str | None = None          # the source line the report shows, if any


@dataclass(frozen=True)
class Access:
    op: str                          # "read" | "write"
    size: int | None = None
    address: str | None = None


@dataclass
class CrashReport:
    kind: str                        # "python" | "sanitizer" | "gdb" | "kernel"
    type: str                        # e.g. "KeyError", "heap-buffer-overflow", "KASAN-USE-AFTER-FREE-READ"
    title: str                       # syzbot-style for kernel; "KeyError in load_config" style for others
    message: str = ""
    frames: list[Frame] = field(default_factory=list)
    guilty: Frame | None = None
    corrupted: bool = False
    signature: str = ""              # stable key for deduplication
    reproducers: list[str] = field(default_factory=list)
    access: Access | None = None
    alloc_frames: list[Frame] = field(default_factory=list)
    free_frames: list[Frame] = field(default_factory=list)
    extra: dict = field(default_factory=dict)   # family-specific facts (syzbot links, exception chain…)

    def to_dict(self) -> dict:
        return asdict(self)
