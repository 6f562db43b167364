import pytest

from etlsteps import REGISTRY, run_pipeline

ROWS = [{"name": "  Ada ", "email": " ADA@Example.org"}]


def test_builtins_registered():
    assert {"strip", "lower-email", "clean-contact"} <= set(REGISTRY)


def test_unknown_step():
    with pytest.raises(KeyError):
        run_pipeline(ROWS, ["strip", "nope"])


def test_two_steps():
    assert run_pipeline(ROWS, ["strip", "lower-email"]) == [{"name": "Ada", "email": "ada@example.org"}]


def test_composite_step():
    assert run_pipeline(ROWS, ["clean-contact"]) == [{"name": "Ada", "email": "ada@example.org"}]
