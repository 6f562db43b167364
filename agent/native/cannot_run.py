"""A reproducer command that could not run at all: its program is not in the tree, not made by the
build, or not executable (the shell's exit 127 or 126), said in one line.

    ./fuzz_parse poc   ->  sh: 1: ./fuzz_parse: not found   (exit 127)
"""
from __future__ import annotations

from agent.native.missing import stages

_SAID = ("not found", "No such file or directory", "Permission denied")


def programs(command: str) -> list[str]:
    """The program each part of a shell chain runs (`VAR=value` words left out)."""
    return [stage[0] for stage in stages(command)]


def cannot_run(command: str, exit_code: int | None, output: str) -> str | None:
    """One line naming the program of `command` that the shell could not run, and what to give; None
    when the run started (any other exit code, or the shell names none of the command's programs)."""
    if exit_code not in (126, 127):
        return None
    lines = (output or "").splitlines()[-20:]
    for prog in programs(command):
        said = next((s for s in _SAID for line in lines if f"{prog}: {s}" in line or f"{prog}: command {s}" in line), None)
        if said is None:
            continue
        if said == "Permission denied":
            why = "is not an executable file"
        else:
            why = "is neither in the tree nor made by its build" if "/" in prog else "is not installed in the sandbox image"
        return (f"the reproducer's program `{prog}` {why}, so its command could not run; give the command that "
                f"builds and runs it with `--repro-cmd` (or the build with `--build-cmd`)")
    return None
