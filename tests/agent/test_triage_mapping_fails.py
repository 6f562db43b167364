"""Triage's frame mapping runs in the parser's child (agent/triage.py `bounded_triage`): when it raises on
the repository's file list (here a list with a non-path in it, as a bug would meet), the triage is the
one without the repository's files, as past the deadline, and the job goes on."""
from __future__ import annotations

from agent.reports import parse_issue
from agent.reports.guarded import GuardedParser
from agent.triage import bounded_triage

TB = ("Traceback (most recent call last):\n"
      '  File "/srv/venv/lib/python3.11/site-packages/shop/orders.py", line 22, in fulfil\n    n = item.quantity\n'
      "AttributeError: 'NoneType' object has no attribute 'quantity'\n")


def test_a_mapping_that_raises_gives_the_triage_without_the_files():
    report = parse_issue(TB, "acme/shop")
    with GuardedParser(timeout=30) as parser:
        mapped, ok = bounded_triage(parser, report, ["src/shop/orders.py"], "https://github.com/acme/shop/blob/main")
        t, done = bounded_triage(parser, report, ["src/shop/orders.py", None], "https://github.com/acme/shop/blob/main")
    assert ok and "[`src/shop/orders.py:22`]" in mapped.comment
    assert not done and "Guilty frame `fulfil`" in t.comment and "src/shop/orders.py:22" not in t.comment
