"""What an issue says the crashing call should give, read from its prose (agent/judge/expectations.py)."""
from __future__ import annotations

from agent.judge.expectations import parse


def test_a_backticked_value_the_reporter_expects_is_a_literal():
    exp = parse("`p.ordinal(\"-1\")` does not crash. For the int I would expect `'-1st'`.", "TypeError")
    assert (exp.kind, exp.value, exp.literal) == ("value", "'-1st'", True)
    assert exp.words() == "return '-1st'" and "I would expect" in exp.quote


def test_should_return_and_expected_colon_give_values():
    assert parse("It should return `None` for an empty list.").value == "None"
    assert parse("Expected: 3\nActual: crash").value == "3"
    assert parse("expected `-1st`").literal is False           # a printed form, compared with str()


def test_the_exceptions_the_issue_prefers_are_read_and_the_reported_one_is_not():
    exp = parse("This should raise `InvalidJsonPatch` or `JsonPatchConflict`, not a TypeError.", "TypeError")
    assert exp.kind == "raises" and exp.raises == ("InvalidJsonPatch", "JsonPatchConflict")
    assert parse("it should raise a ValueError", "ValueError") is None


def test_sentences_that_state_no_result_give_none():
    assert parse("I would expect it to work") is None
    assert parse("this should not raise ValueError") is None
    assert parse("Expected: it works fine") is None
    assert parse("A clearer error would help here.") is None


def test_the_traceback_message_is_not_read_as_an_expectation():
    text = "Traceback (most recent call last):\nTypeError: expected: `str`, got int\n"
    assert parse(text, "TypeError") is None
