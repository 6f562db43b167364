"""Every pdb answer ends with the current frame and the code around it, and what the program printed
while it ran (pytest's progress dots, banners, prints) is kept apart from pdb's own answer. Real pdb,
real pytest, a real local sandbox."""
from __future__ import annotations

import pytest

from agent.memory import Memory
from agent.research.tools import ToolContext
from agent.research.tools.dynamic import Pdb
from agent.research.tools.pdb_output import split
from gitrepo import make_repo
from sandbox import open_sandbox

TESTS = '''from calc import half


def test_passes_first():
    print("noise from a test")
    assert half(4) == 2


def test_half_of_none():
    assert half(None) == 0
'''
PROGRAM = "\n\n--- program output while it ran"
FRAME = "\n\n--- current frame: "


def test_a_progress_dot_glued_to_the_location_goes_to_the_program_output():
    answer, program = split("c", "noise\n.> /workspace/calc.py(3)half()\n-> return m // 2\n")
    assert answer == "> /workspace/calc.py(3)half()\n-> return m // 2"
    assert program == "noise\n."
    assert split("p m", "4\n") == ("4\n", "")                 # an inspection runs nothing


@pytest.fixture
def ctx(tmp_path):
    repo = make_repo(tmp_path / "calc", {"calc.py": "def half(n):\n    m = n\n    return m // 2\n",
                                         "tests/test_calc.py": TESTS})
    sb = open_sandbox("local", repo, install=False)
    context = ToolContext(sb=sb, source=repo, memory=Memory(), repro_cmd="python -m pytest -q tests/test_calc.py",
                          timeout=60)
    yield context
    Pdb().on_close(context)
    sb.close()


def test_every_answer_ends_with_the_frame_and_keeps_the_runner_output_apart(ctx):
    pdb = Pdb()
    answers = {c: pdb(ctx, command=c).text for c in ("b calc.py:3", "c")}
    answers["p m"] = pdb(ctx, command="p m").text
    answers["c2"] = pdb(ctx, command="c").text          # the second test: the breakpoint, then post-mortem
    answers["c3"] = pdb(ctx, command="c").text
    answers["q"] = pdb(ctx, command="q").text
    for text in answers.values():
        assert FRAME in text and text.rindex(FRAME) > text.rfind(PROGRAM)     # the frame comes last, always
    assert "pytest/__main__.py:1 in <module>() (outside the repository)\n->    1 " in answers["b calc.py:3"]
    own, rest = answers["c"].split(PROGRAM)
    assert own.endswith("calc.py(3)half()\n-> return m // 2") and "noise from a test" not in own
    assert "noise from a test" in rest.split(FRAME)[0]
    assert rest.split(FRAME)[1].startswith("calc.py:3 in half()\n") and "->    3     return m // 2" in rest
    assert answers["p m"].startswith("4" + FRAME) and PROGRAM not in answers["p m"]
    own, rest = answers["c2"].split(PROGRAM)
    assert not own.startswith(".") and rest.startswith(" (test runner progress, prints):\n.")   # the dot, apart
    assert "TypeError" in answers["c3"].split(FRAME)[0]          # post-mortem: pytest's traceback, kept apart
    assert answers["q"].endswith(FRAME + "none (no program is running; the next pdb call starts it)")
