"""The fix the reporter wrote in the issue becomes a candidate (agent/python/templates/reporter.py): a diff block
with the reporter's own paths, a code block holding the patched function, a sentence "changing line N to `...`".
Each is mapped onto this tree and asserted as a diff; what does not map is left out, never an error."""
from __future__ import annotations

from agent.judge.kinds import KINDS, REPAIR
from agent.python.templates import generate
from agent.python.templates.locate import Repo
from agent.python.templates.reporter import candidates
from agent.repair_context import RepairContext, Site

CART = '''\
"""Totals of a shopping cart."""


def total(items):
    result = 0
    for item in items:
        result += item.price * item.qty
    return result


def count(items):
    return len(items)
'''
FILES = {"shop/__init__.py": "", "shop/cart.py": CART,
         "tests/test_cart.py": "from shop.cart import count\n\n\ndef test_count():\n    assert count([]) == 0\n"}
TRACE = ("Traceback (most recent call last):\n  File \"app.py\", line 9, in <module>\n    print(total(cart))\n"
         "  File \"/usr/lib/python3/site-packages/shop/cart.py\", line 7, in total\n"
         "    result += item.price * item.qty\nAttributeError: 'NoneType' object has no attribute 'price'\n")
FIXED_DIFF = ("diff --git a/shop/cart.py b/shop/cart.py\n--- a/shop/cart.py\n+++ b/shop/cart.py\n"
              "@@ -4,6 +4,8 @@\n def total(items):\n     result = 0\n     for item in items:\n"
              "+        if item is None:\n+            continue\n         result += item.price * item.qty\n"
              "     return result\n \n")


def ctx(issue: str, files=FILES) -> RepairContext:
    return RepairContext(exc_type="AttributeError", message="'NoneType' object has no attribute 'price'",
                         sites=[Site("shop/cart.py", 7, "total", 0)], read=lambda p: files[p], files=list(files),
                         issue_text=issue)


def test_a_diff_block_with_the_reporters_own_paths_is_mapped_onto_the_tree():
    issue = TRACE + ("\nThis patch fixes it for me:\n\n```diff\n"
                     "--- /usr/lib/python3/site-packages/shop/cart.py\n+++ /usr/lib/python3/site-packages/shop/cart.py\n"
                     "@@ -20,6 +20,8 @@ def total(items):\n     result = 0\n     for item in items:\n"
                     "+        if item is None:\n+            continue\n         result += item.price * item.qty\n"
                     "     return result\n```\n")
    cands = generate(ctx(issue))
    assert cands[0].template == "reporter_fix" and KINDS["reporter_fix"] == REPAIR
    assert cands[0].diff == FIXED_DIFF and cands[0].files == ("shop/cart.py",)
    assert "a diff" in cands[0].description


def test_a_code_block_that_is_the_patched_function_replaces_it():
    issue = TRACE + ("\nI changed `total` like this and it works:\n\n```python\ndef total(items):\n    result = 0\n"
                     "    for item in items:\n        if item is None:\n            continue\n"
                     "        result += item.price * item.qty\n    return result\n```\n")
    found = candidates(ctx(issue), Repo(ctx(issue)))
    assert [c.diff for c in found] == [FIXED_DIFF] and "patched function" in found[0].description


def test_changing_a_line_as_the_sentence_says():
    issue = TRACE + "\nChanging `result += item.price * item.qty` to `result += item.price * item.qty if item else 0` fixes it."
    found = candidates(ctx(issue), Repo(ctx(issue)))
    assert len(found) == 1
    assert ("-        result += item.price * item.qty\n"
            "+        result += item.price * item.qty if item else 0\n") in found[0].diff
    issue = TRACE + "\nchanging line 7 to `result += (item.price * item.qty) if item is not None else 0` fixes it"
    found = candidates(ctx(issue), Repo(ctx(issue)))
    assert "+        result += (item.price * item.qty) if item is not None else 0\n" in found[0].diff


def test_what_does_not_map_is_left_out_without_an_error():
    unknown = TRACE + "\n```diff\n--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -1,2 +1,2 @@\n-    gone = 1\n+    gone = 2\n```\n"
    broken = TRACE + "\n```python\ndef total(items):\n    return sum(i.price for i in items if i\n```\n"
    same = TRACE + "\n```python\n" + CART + "```\n"
    tests_only = TRACE + ("\n```diff\n--- a/tests/test_cart.py\n+++ b/tests/test_cart.py\n@@ -5 +5 @@\n"
                          "-    assert count([]) == 0\n+    assert True\n```\n")
    other_line = TRACE + "\nchanging line 2 to `if item:` fixes it"     # line 2 of this tree is blank
    for issue in (unknown, broken, same, tests_only, other_line, "", "```diff\n@@ -1 +1 @@\n```"):
        assert candidates(ctx(issue), Repo(ctx(issue))) == []
    # the templates still run when the reporter's fix is not usable
    assert generate(ctx(unknown)) and all(c.template != "reporter_fix" for c in generate(ctx(unknown)))


def test_a_block_of_the_patched_lines_around_the_crashing_line_is_mapped_into_the_function():
    issue = TRACE + ("\nAdding a check before the sum fixes it:\n\n```python\n    for item in items:\n"
                     "        if item is None:\n            continue\n        result += item.price * item.qty\n```\n")
    found = candidates(ctx(issue), Repo(ctx(issue)))
    assert [c.diff for c in found] == [FIXED_DIFF] and "patched lines" in found[0].description
    # one line only, at the crashing line, indented differently in the issue
    issue = TRACE + "\n```\nif item is None:\n    continue\nresult += item.price * item.qty\n```\n"
    assert [c.diff for c in candidates(ctx(issue), Repo(ctx(issue)))] == [FIXED_DIFF]
    # the reporter's script is not a patch: none of its lines is the function's
    script = TRACE + "\n```python\nfrom shop.cart import total\nprint(total([None]))\n```\n"
    assert candidates(ctx(script), Repo(ctx(script))) == []
    excerpt = TRACE + "\n```python\n    for item in items:\n        ...\n        result += item.price * item.qty\n```\n"
    assert candidates(ctx(excerpt), Repo(ctx(excerpt))) == []


def test_a_shown_fix_that_does_not_map_is_said_in_a_note():
    unknown = TRACE + "\n```diff\n--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -1,2 +1,2 @@\n-    gone = 1\n+    gone = 2\n```\n"
    notes: list[str] = []
    cands = generate(ctx(unknown), notes=notes)
    assert cands and all(c.template != "reporter_fix" for c in cands)
    assert notes == ["the issue shows a fix (a diff block) that does not map onto this tree (its lines or its "
                     "function are not the crash site's here): not tried"]
    notes.clear()
    generate(ctx(TRACE), notes=notes)
    assert notes == []
