"""A chain of exceptions in the triage comment (issue 36: "the root of a chain of exceptions is named, the
wrapper too"): a JVM trace's crash is its root cause and the comment names the wrapper; a Python
traceback's crash is its last exception and the comment names where the chain starts."""
from __future__ import annotations

from pathlib import Path

from agent.reports import parse_issue
from agent.triage import triage

ECOSYSTEMS = Path(__file__).resolve().parent / "reports" / "ecosystems"
CHAINED = '''Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/shop/config.py", line 12, in load
    return json.loads(text)
  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/shop/config.py", line 20, in read
    raise ConfigError("bad config") from exc
shop.errors.ConfigError: bad config
'''


def test_a_jvm_root_cause_is_the_crash_and_the_comment_names_its_wrapper():
    comment = triage(parse_issue((ECOSYSTEMS / "jvm_caused_by.txt").read_text())).comment
    assert "parsed a **jvm** crash: `java.io.IOException`" in comment
    assert "_The root cause of the trace; it was wrapped in `java.lang.NullPointerException: " in comment


def test_a_python_chain_names_the_exception_it_starts_at_and_where():
    rep = parse_issue(CHAINED, "acme/shop")
    comment = triage(rep).comment
    assert rep.type == "shop.errors.ConfigError" and "`shop.errors.ConfigError`" in comment
    assert ("_Raised while handling an earlier exception: the chain starts at `json.decoder.JSONDecodeError: "
            "Expecting value: line 1 column 1 (char 0)` raised through `load` → `loads`._") in comment


def test_a_single_exception_says_nothing_of_a_chain():
    assert "chain" not in triage(parse_issue(CHAINED.split("\n\nThe above")[0] + "\n")).comment
