"""Reading a pdb answer: the debugger's own lines apart from what the program printed while it ran
(a test runner's progress dots, banners, captured prints, its post-mortem traceback).

A sample of what `c` answers under `python -m pdb -m pytest -s --pdb` (the dot is pytest's progress,
printed on the line pdb then writes its location to)::

    noise from a test
    .> /workspace/calc.py(3)half()
    -> return m // 2
"""
from __future__ import annotations

import re

LOCATION = re.compile(r"^> (.+?)\((\d+)\)(\S*)\(\)", re.M)
# pytest's progress characters glued in front of pdb's location line
_GLUED = re.compile(r"^([.FEsxX]+)(?=> \S.*\(\d+\)\S*\(\))", re.M)
# commands that let the program run (its output comes before pdb's answer)
RUNS = {"c", "cont", "continue", "n", "next", "s", "step", "r", "return", "unt", "until", "j", "jump",
        "restart", "run"}
NOTICE = re.compile(r"^(--Return--|--Call--|The program finished and will be restarted|The program exited via "
                    r"sys\.exit\(\)\..*|Post mortem debugger finished\..*|Uncaught exception\. Entering post "
                    r"mortem debugging|Running 'cont' or 'step' will restart the program|Breakpoint \d+ at .+|"
                    r"Deleted breakpoint .+|\*\*\* .+)$")


def unglue(out: str) -> str:
    """Put pytest's progress characters on a line of their own, off pdb's location line."""
    return _GLUED.sub(lambda m: m.group(1) + "\n", out)


def locations(text: str) -> list[tuple[str, str, str]]:
    """Every `> path(line)function()` pdb printed, in order."""
    return LOCATION.findall(unglue(text))


def split(command: str, out: str) -> tuple[str, str]:
    """(pdb's answer, the program's output) of one command. Only a command that runs the program
    has program output: what came before pdb's last location line, pdb's own notices excepted."""
    word = command.strip().split(" ", 1)[0]
    text = unglue(out)
    if word not in RUNS:
        return text, ""
    lines = text.splitlines()
    last = max((i for i, ln in enumerate(lines) if LOCATION.match(ln)), default=len(lines))
    answer = [ln for ln in lines[:last] if NOTICE.match(ln)] + lines[last:]
    program = [ln for ln in lines[:last] if not NOTICE.match(ln)]
    while program and not program[-1].strip():
        program.pop()
    return "\n".join(answer), "\n".join(program).strip("\n")
