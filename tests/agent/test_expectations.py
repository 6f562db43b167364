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


def test_the_traceback_message_is_not_read_as_an_expectation():
    text = "Traceback (most recent call last):\nTypeError: expected: `str`, got int\n"
    assert parse(text, "TypeError") is None


# -- the forms real issues use (issue 34) --------------------------------------------------------------------
DECODE_ISSUE = """### Describe the bug
Unpacking a truncated payload crashes with a bare TypeError from deep inside the parser:

```
Traceback (most recent call last):
  File "repro.py", line 3, in <module>
    wirefmt.loads(b"\\x93\\x01")
  File "wirefmt/reader.py", line 41, in loads
    return _read(buf, 0)[0]
TypeError: 'NoneType' object is not subscriptable
```

The library documents `wirefmt.errors.DecodeError` for malformed input; it should catch this and
re-raise a proper DecodeError so callers can handle it.
"""


def test_re_raise_a_proper_library_error_names_that_class():
    exp = parse(DECODE_ISSUE, "TypeError")
    assert (exp.kind, exp.raises) == ("raises", ("DecodeError",))
    assert "re-raise a proper DecodeError" in exp.quote and exp.words() == "raise DecodeError"


def test_a_class_named_in_prose_beside_a_wish_is_the_expected_exception():
    assert parse("I'd expect a `ConfigError` here, like for the other bad keys.", "KeyError").raises == ("ConfigError",)
    exp = parse("Passing a str for `size` blows up. A `SizeError` would be more appropriate than this TypeError.",
                "TypeError")
    assert exp.raises == ("SizeError",)
    assert parse("It should fail with a clear `SchemaError` instead.", "AttributeError").raises == ("SchemaError",)
    # the class the reporter does not want is not read as the one they do
    assert parse("I'd expect something other than a ValueError, rather than a KeyError.", "TypeError") is None


def test_should_give_an_error_is_an_error_of_the_codes_own_not_the_reported_one():
    exp = parse("Instead of crashing with a KeyError it should give an error that says the column is missing.",
                "KeyError")
    assert (exp.kind, exp.raises, exp.instead_of) == ("raises", (), "KeyError")
    assert exp.words() == "raise an error of its own (not KeyError)"
    assert parse("I'd expect an exception telling me the file is empty.", "IndexError").instead_of == "IndexError"


def test_instead_of_crashing_it_should_return_a_plain_word_value():
    assert parse("Instead of crashing it should return None, like `find()` does.", "AttributeError").value == "None"
    exp = parse("For a blank query I would expect it to return an empty list.", "IndexError")
    assert (exp.kind, exp.value, exp.literal) == ("value", "[]", True)
    assert parse("`is_valid('')` should return False", "IndexError").value == "False"
    assert parse("it should just give an empty string back", "TypeError").value == "''"


def test_a_session_after_an_expected_cue_gives_the_value_or_the_exception():
    body = ("Actual:\n```pycon\n>>> ordinal(-1)\nTraceback (most recent call last):\n  File \"<stdin>\", line 1\n"
            "TypeError: unsupported operand\n```\n\nExpected behaviour:\n\n```pycon\n>>> ordinal(-1)\n'-1st'\n```\n")
    exp = parse(body, "TypeError")
    assert (exp.kind, exp.value, exp.literal, exp.quote) == ("value", "'-1st'", True, "Expected behaviour:")
    body = ("**Expected**\n```\n>>> wirefmt.loads(b'\\x93')\nTraceback (most recent call last):\n  ...\n"
            "wirefmt.errors.DecodeError: truncated array\n```\n")
    assert parse(body, "TypeError").raises == ("DecodeError",)
    # the crash session itself, after "should work", is not an expectation
    crash = "This should work:\n```\n>>> ordinal(-1)\nTraceback (most recent call last):\nTypeError: x\n```\n"
    assert parse(crash, "TypeError") is None


def test_negative_forms_are_not_read_as_the_positive():
    assert parse("Calling it twice must NOT raise ValueError.", "TypeError") is None
    assert parse("It shouldn't return None here.", "TypeError") is None
    assert parse("The empty row should not be skipped and should not give an error.", "IndexError") is None
    assert parse("I don't expect a DecodeError for valid input.", "TypeError") is None
    assert parse("It should never return None.", "TypeError") is None


def test_unreadable_cues_are_ignored_not_errors():
    assert parse("I'd expect `foo(` to work", "TypeError") is None
    assert parse("should raise `(`", "TypeError") is None
    assert parse("Expected:\n>>> \n", "TypeError") is None
    assert parse("", "") is None and parse(None, "") is None


def test_a_wish_for_a_clearer_error_is_an_error_of_the_codes_own():
    exp = parse("patch.apply crashes with a TypeError.\n\nA clearer error would help here.", "TypeError")
    assert (exp.kind, exp.raises, exp.instead_of) == ("raises", (), "TypeError")
    assert parse("A clearer error message would not help much.", "TypeError") is None


def test_an_expectation_that_cannot_be_read_is_found_for_a_note():
    from agent.judge.expectations import unread
    text = "Traceback (most recent call last):\nTypeError: x\n\nI would expect the totals to add up somehow."
    assert parse(text, "TypeError") is None
    assert unread(text) == "I would expect the totals to add up somehow."
    assert unread("It crashes. Please fix.") == "" and unread("It should not raise here.") == ""


# -- "the text back unchanged": the call should give back what the issue's snippet hands it ------------------
UNCHANGED_ISSUE = """MultiReplace with no rules raises KeyError: None

```python
from boltons.strutils import MultiReplace

RULES = {}  # loaded from the tenant's settings; may be empty

cleaner = MultiReplace(RULES)
print(cleaner.sub('order #1234 shipped'))
```

```
Traceback (most recent call last):
  File "/tmp/home/priya/etl/main.py", line 6, in <module>
    print(cleaner.sub('order #1234 shipped'))
KeyError: None
```

With no rules I'd expect the text back unchanged.
"""


def test_the_text_back_unchanged_is_the_snippets_own_argument():
    exp = parse(UNCHANGED_ISSUE, "KeyError")
    assert (exp.kind, exp.value, exp.literal) == ("value", "'order #1234 shipped'", True)
    assert "unchanged" in exp.quote
    # a name bound to a literal above the call, in a `>>>` session; "a no-op" is the same wish
    session = "```pycon\n>>> from tidy import squash\n>>> words = ['a', 'b']\n>>> squash(words)\nTraceback (most " \
              "recent call last):\nIndexError: list index out of range\n```\nWith one word it should be a no-op."
    assert parse(session, "IndexError").value == "['a', 'b']"
    assert parse(session.replace("should be a no-op", "should return the list unchanged"), "IndexError").value == "['a', 'b']"


def test_unchanged_with_no_single_literal_argument_or_negated_is_not_read():
    no_literal = UNCHANGED_ISSUE.replace("cleaner.sub('order #1234 shipped')", "cleaner.sub(read_order())")
    assert parse(no_literal, "KeyError") is None
    two = UNCHANGED_ISSUE.replace("print(cleaner.sub('order #1234 shipped'))",
                                  "print(cleaner.sub('a'))\nprint(cleaner.sub('b'))")
    assert parse(two, "KeyError") is None                      # which one comes back: not said
    assert parse(UNCHANGED_ISSUE.replace("I'd expect", "I don't expect"), "KeyError") is None
    assert parse("The output is unchanged after the upgrade.\n```\nprint(f('x'))\n```") is None


def test_a_backticked_class_name_in_a_sentence_about_catching_is_the_class_to_raise_not_a_printed_value():
    said = "I would expect `InvalidVersion` like for any other bad version, which we already catch."
    exp = parse(said, "TypeError")
    assert (exp.kind, exp.raises) == ("raises", ("InvalidVersion",))
    # a CapWords value in a sentence that says nothing of errors is still what the call prints
    assert parse("I would expect `ColorRed` to be printed").kind == "value"
    assert parse("I would expect `Foo`, which we catch").kind == "value"      # one hump: not a class name
