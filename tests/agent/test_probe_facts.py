"""The probe's facts beyond the line's values (real pdb, local sandbox): the special method behind an
exception the interpreter raised itself, and the function under test of a failing assertion."""
import pytest

from agent.python.probe import probe
from agent.python.probe_facts import callees, involved
from gitrepo import make_repo
from sandbox.local import LocalSandbox

STORE = """\
class Shelf:
    def __init__(self):
        self.items = {}

    def __len__(self):
        if self.items:
            return len(self.items)


def summary(shelf):
    if shelf:
        return f"{len(shelf)} items"
    return "empty"
"""
CALC = """\
import functools


@functools.lru_cache(maxsize=None)
def half(n):
    return (n + 1) // 2
"""
TEST = """\
from calc import half


def test_half_of_five():
    assert half(5) == 2
"""


@pytest.fixture
def sb(tmp_path):
    repo = make_repo(tmp_path / "repo", {"shelf/__init__.py": "", "shelf/store.py": STORE, "calc.py": CALC,
                                         "tests/test_calc.py": TEST,
                                         "run.py": "from shelf.store import Shelf, summary\nsummary(Shelf())\n"})
    box = LocalSandbox(repo, env={"PYTHONPATH": str(repo)})
    box.snapshot()
    yield box
    box.close()


def test_an_interpreter_raised_type_error_names_the_type_and_its_special_method(sb):
    exc = "TypeError: 'NoneType' object cannot be interpreted as an integer"
    seen = probe(sb, "python run.py", "shelf/store.py", 11, "    if shelf:", exception=exc)
    assert seen.error is None, seen.transcript
    [special] = seen.specials
    assert (special.expr, special.cls, special.method) == ("shelf", "shelf.store.Shelf", "__len__")
    assert (special.path, special.line, special.returned) == ("shelf/store.py", 5, "None")
    text = special.text(exc, "    if shelf:")
    assert "`shelf` is a shelf.store.Shelf" in text and "truth test (`bool`) calls" in text
    assert "`__len__` (defined at shelf/store.py:5); `Shelf.__len__(shelf)` returns None" in text


def test_an_ordinary_exception_brings_no_special_method_fact(sb):
    seen = probe(sb, "python run.py", "shelf/store.py", 11, "    if shelf:", exception="KeyError: 'x'")
    assert seen.error is None and seen.specials == []
    assert involved("KeyError: 'x'") == () and involved("TypeError: __bool__ should return bool, returned int") \
        == ("__bool__",)


def test_a_failing_assertion_brings_the_function_under_test_with_its_code(sb):
    seen = probe(sb, "python -m pytest -q tests/test_calc.py::test_half_of_five", "tests/test_calc.py", 5,
                 "    assert half(5) == 2", exception="AssertionError: assert 3 == 2")
    assert seen.error is None, seen.transcript
    [called] = seen.definitions
    assert (called.expr, called.name, called.path, called.start, called.end) == ("half", "half", "calc.py", 4, 6)
    assert "    6     return (n + 1) // 2" in called.code and "the function under test" in called.text()
    assert callees("assert half(f(x)) == len(y) and c.get(1)") == ["half", "f", "c.get"]


@pytest.mark.docker
def test_the_run_records_the_special_method_as_a_fact(sandbox_image, tmp_path):
    import json

    from agent.pipeline import run_job
    from agent.run import RunConfig
    test = ("from shelf.store import Shelf, summary\n\n\ndef test_summary_of_an_empty_shelf():\n"
            "    assert summary(Shelf()) == 'empty'\n")
    repo = make_repo(tmp_path / "shelf", {"shelf/__init__.py": "", "shelf/store.py": STORE,
                                          "tests/test_store.py": test})
    report = ("tests/test_store.py::test_summary_of_an_empty_shelf fails:\n\nTraceback (most recent call last):\n"
              '  File "/src/shelf/tests/test_store.py", line 5, in test_summary_of_an_empty_shelf\n'
              "    assert summary(Shelf()) == 'empty'\n"
              '  File "/src/shelf/shelf/store.py", line 11, in summary\n    if shelf:\n'
              "TypeError: 'NoneType' object cannot be interpreted as an integer\n")
    out = tmp_path / "out"
    run_job(RunConfig(repo=str(repo), report_text=report, out=out, test_cmd="python -m pytest -q",
                           strategy="templates", sandbox="docker", image=sandbox_image, max_candidates=2))
    facts = [f["text"] for f in json.loads((out / "result.json").read_text())["memory"]]
    assert any("`shelf` is a shelf.store.Shelf" in f and "`__len__` (defined at shelf/store.py:5)" in f
               and "returns None" in f for f in facts), facts
