"""What a native (C/C++) run keeps between its phases: the build plan, the first build, the
issue's program and the unpatched build's leaks."""
from __future__ import annotations

from dataclasses import dataclass, field

from agent.native.arch import Cross
from agent.native.build import BuildPlan, BuildResult
from agent.native.leaks import LeakCheck


@dataclass
class NativeState:
    plan: BuildPlan
    build: BuildResult | None = None
    prepare_cmd: str | None = None         # compiles the reproducer program
    cross: Cross | None = None             # reported on another architecture: cross build, qemu
    scratch: dict[str, str] = field(default_factory=dict)    # its source, for sandboxes opened later
    leaks: LeakCheck | None = None         # the unpatched build's leaks (reproduction, tests)

    @property
    def rebuild_cmd(self) -> str:
        """What validation runs after applying a candidate: the incremental build, then the
        issue's program again (it links the rebuilt library)."""
        return " && ".join(c for c in (self.plan.rebuild, self.prepare_cmd) if c)

    def to_dict(self) -> dict:
        return {"arch": self.cross.arch if self.cross else None, "plan": self.plan.to_dict(),
                "first_build": self.build.to_dict() if self.build else None, "rebuild_cmd": self.rebuild_cmd,
                "leaks_before": self.leaks.to_dict() if self.leaks else None}
