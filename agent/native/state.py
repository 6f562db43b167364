"""What a native (C/C++) run keeps between its phases (the build plan, the first build, the
issue's program, the unpatched build's leaks), and how a sandbox opened later catches up."""
from __future__ import annotations

from dataclasses import dataclass, field

from agent.limits import BUILD_TIMEOUT
from agent.native.arch import Cross
from agent.native.build import BuildPlan, BuildResult, build
from agent.native.leaks import LeakCheck
from agent.native.tests import read_results
from agent.judge.testrun import ensure_scratch
from sandbox import Sandbox, SandboxError


@dataclass
class NativeState:
    plan: BuildPlan
    build: BuildResult | None = None
    prepare_cmd: str | None = None         # compiles the reproducer program
    cross: Cross | None = None             # reported on another architecture: cross build, qemu
    scratch: dict[str, str] = field(default_factory=dict)    # its source, for sandboxes opened later
    leaks: LeakCheck | None = None         # the unpatched build's leaks (reproduction, tests)
    program_only: bool = False             # the program uses only headers: it is all a candidate rebuilds
    rebuild_only: str | None = None        # make: only the goals the reproduction needs (plan.rebuild_only)

    @property
    def build_log(self) -> str | None:
        """The first build's log (None before it ran)."""
        return self.build.log if self.build else None

    @property
    def rebuild_cmd(self) -> str:
        """What validation runs after applying a candidate: the incremental build, then the
        issue's program again (it links the rebuilt library)."""
        if self.program_only and self.prepare_cmd:
            return self.prepare_cmd
        return " && ".join(c for c in (self.rebuild_only or self.plan.rebuild, self.prepare_cmd) if c)

    def to_dict(self) -> dict:
        return {"arch": self.cross.arch if self.cross else None, "plan": self.plan.to_dict(),
                "first_build": self.build.to_dict() if self.build else None, "rebuild_cmd": self.rebuild_cmd,
                "leaks_before": self.leaks.to_dict() if self.leaks else None}


def validator_options(state: NativeState | None) -> dict:
    """What agent.judge.validate.Validator needs for native code: the rebuild, and per-test results."""
    if state is None:
        return {}
    # a candidate rebuilds only what the reproduction needs; the test command then builds the rest (its tests)
    rest = state.build.seconds if state.rebuild_only and state.build else 0.0
    return {"build_cmd": state.rebuild_cmd, "read_results": read_results, "leaks": state.leaks,
            "test_build_seconds": rest}


def ready(sb: Sandbox, state: NativeState | None, *, timeout: float = BUILD_TIMEOUT) -> Sandbox:
    """Bring a sandbox opened later (the research agent's) to where the first one was: the issue's
    program written, the tree built and protected, the program compiled. The sandbox is closed and
    SandboxError raised when that fails."""
    if state is None:
        return sb
    try:
        ensure_scratch(sb)
        for path, text in state.scratch.items():
            sb.write(path, text)
        done = build(sb, state.plan, timeout=timeout)
        if not done.ok:
            raise SandboxError(f"the build failed in a new sandbox: {done.log[-2000:]}")
        if state.prepare_cmd:
            res = sb.run(state.prepare_cmd, timeout=timeout)
            if not res.ok:
                raise SandboxError(f"the issue's program did not build in a new sandbox: {res.output[-2000:]}")
    except BaseException:
        sb.close()
        raise
    return sb
