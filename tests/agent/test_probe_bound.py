"""The pdb probe shows only values that exist at the crashing line, and says which ones a loop's
previous iteration left behind (real pdb, local sandbox)."""
import pytest

from agent.python.probe import expressions, loop_carried, probe
from gitrepo import make_repo
from sandbox.local import LocalSandbox

SORT = """\
def partition(arr):
    for i in range(len(arr) + 1):
        if i > 0:
            last = pivot
        pivot = arr[i] * 2
    return last
"""


@pytest.fixture
def sb(tmp_path):
    repo = make_repo(tmp_path / "repo", {"part.py": SORT, "run.py": "from part import partition\npartition([3, 1])\n"})
    box = LocalSandbox(repo, env={"PYTHONPATH": str(repo)})
    box.snapshot()
    yield box
    box.close()


def test_only_bound_names_are_evaluated_and_loop_leftovers_are_marked(sb):
    seen = probe(sb, "python run.py", "part.py", 5, "        pivot = arr[i] * 2")
    assert seen.error is None, seen.transcript
    assert "pivot" not in seen.values                   # written by the line, not read: no NameError fact
    assert seen.values["i"] == "2" and seen.values["arr"] == "[3, 1]"
    assert not any("NameError" in v for v in seen.values.values())
    assert "IndexError" in seen.values["arr[i]"]              # the crash itself: i is past the end


def test_a_name_assigned_later_in_the_loop_is_marked_as_a_leftover(sb):
    sb.write("acc.py", "def acc(arr):\n    for i in range(len(arr)):\n        if i:\n"
                       "            last = pivot + arr[i]\n        pivot = arr[i] * 2\n    return last\n")
    sb.write("run.py", "from acc import acc\nacc([3, None])\n")
    seen = probe(sb, "python run.py", "acc.py", 4, "            last = pivot + arr[i]")
    assert seen.error is None, seen.transcript
    assert seen.values["pivot"] == "6   (left from the previous iteration of the loop at line 2)"
    assert seen.values["i"] == "1" and seen.values["arr[i]"] == "None" and "last" not in seen.values
    assert loop_carried(SORT, 4) == {"pivot": 2} and loop_carried(SORT, 6) == {}


def test_unbound_names_are_skipped_not_shown_as_errors(sb):
    sb.write("late.py", "def f(rows):\n    total = rows[0] + extra\n    extra = 1\n    return total\n")
    sb.write("run.py", "from late import f\nf([1])\n")
    seen = probe(sb, "python run.py", "late.py", 2, "    total = rows[0] + extra")
    assert seen.error is None, seen.transcript
    assert seen.unbound == ["extra"] and "extra" not in seen.values and seen.values["rows[0]"] == "1"


def test_expressions_leave_out_what_the_line_assigns():
    assert set(expressions("    arr[0] = pivot + x.y")) == {"arr", "pivot", "x.y", "x"}
