"""How sure crashfix is of a validated patch (agent/judge/confidence.py): the shapes issue 26 measured on
real projects are speculative; a patch that gives what the issue expects is high."""
from __future__ import annotations

from agent.judge.confidence import HIGH, SPECULATIVE, Evidence, judge
from agent.judge.expectations import Expectation

SWALLOW = """--- a/inflect/__init__.py
+++ b/inflect/__init__.py
@@ -3606,4 +3606,7 @@
-        mo = ordinal_suff.search(str_num)
+        try:
+            mo = ordinal_suff.search(str_num)
+        except TypeError:
+            return ""
"""
VERSION_FLIP = """--- a/croniter/croniter.py
+++ b/croniter/croniter.py
@@ -10,1 +10,1 @@
-if sys.version_info[0] >= 3:
+if sys.version_info[0] > 3:
"""
RETURN_NONE = """--- a/jsonpatch.py
+++ b/jsonpatch.py
@@ -318,2 +318,4 @@
     def _get_operation(self, operation):
+        if not isinstance(operation, dict):
+            return None
         op = operation['op']
"""
REPAIR = """--- a/inflect/__init__.py
+++ b/inflect/__init__.py
@@ -3586,3 +3586,3 @@
-        if DIGIT.match(str(num)):
+        if DIGIT.match(str(num).lstrip("-")):
"""
FLIP_ELSEWHERE = """--- a/app.py
+++ b/app.py
@@ -4,1 +4,1 @@
-    if retries < limit:
+    if retries <= limit:
"""
EXPECT = Expectation("value", "'-1st'", True, quote="I would expect `'-1st'`")


def test_an_exception_swallowed_into_a_default_is_speculative_when_the_issue_expects_otherwise():
    c = judge(SWALLOW, "catch", Evidence(expectation=EXPECT), meets=False, said="gave ''")
    assert c.level == SPECULATIVE
    assert "expects the call to return '-1st'" in c.why and "catches the exception" in c.why


def test_a_swallow_is_speculative_even_when_the_issue_states_nothing():
    assert judge(SWALLOW, "llm", Evidence()).level == SPECULATIVE


def test_a_version_check_flipped_is_speculative():
    c = judge(VERSION_FLIP, "compare_op", Evidence(faulting=frozenset({"sys", "version_info"})))
    assert c.level == SPECULATIVE and "Python-version or platform check" in c.why


def test_an_early_return_none_is_speculative():
    c = judge(RETURN_NONE, "none_guard", Evidence(faulting=frozenset({"operation"})))
    assert c.level == SPECULATIVE and "returns a default (`return None`)" in c.why


def test_a_condition_flipped_away_from_the_faulting_value_is_speculative():
    c = judge(FLIP_ELSEWHERE, "llm", Evidence(faulting=frozenset({"total", "count"})))
    assert c.level == SPECULATIVE and "not about the value that crashed" in c.why
    assert judge(FLIP_ELSEWHERE, "llm", Evidence(faulting=frozenset({"retries"}))).level == HIGH


def test_a_patch_that_gives_what_the_issue_expects_is_high():
    c = judge(REPAIR, "llm", Evidence(expectation=EXPECT), meets=True)
    assert c.level == HIGH and "as the issue expects" in c.why


def test_a_suppressing_template_is_speculative_at_best_even_when_its_diff_looks_clean():
    assert judge(REPAIR, "none_guard", Evidence()).level == SPECULATIVE
    assert judge(REPAIR, "compare_op", Evidence()).level == SPECULATIVE     # a guess, nothing confirms it
    assert judge(REPAIR, "compare_op", Evidence(expectation=EXPECT), meets=True).level == HIGH
    assert judge(REPAIR, "missing_return", Evidence()).level == HIGH


def test_disagreeing_candidates_a_skipped_guard_and_the_second_opinion_lower_it():
    assert judge(REPAIR, "llm", Evidence(disagree="f(1): 'a' returned 1; 'b' returned 2")).level == SPECULATIVE
    skipped = judge(REPAIR, "llm", Evidence(guard_skipped="the reproduction reached no module-level function"))
    assert skipped.level == SPECULATIVE and "overfitting guard did not run" in skipped.why
    reviewed = judge(REPAIR, "llm", Evidence(expectation=EXPECT), meets=True, review="it only strips the sign")
    assert reviewed.level == SPECULATIVE and "second opinion" in reviewed.why


def test_an_expectation_no_test_checked_is_not_high():
    assert judge(REPAIR, "llm", Evidence(expectation=EXPECT), meets=None).level == SPECULATIVE


SKIP = """--- a/src/stockroom/orders.py
+++ b/src/stockroom/orders.py
@@ -21,2 +21,4 @@
         item = inventory.find(sku)
+        if item is None:
+            continue
         available = min(wanted, item.quantity)
"""


def test_a_guard_that_skips_is_high_only_when_the_issue_says_the_item_is_skipped():
    from agent.judge.confidence import skip_words
    said = skip_words("warning: GH-404 is not stocked, skipping\nTraceback ...")
    assert "skipping" in said
    c = judge(SKIP, "none_guard", Evidence(faulting=frozenset({"item"}), skip_said=said))
    assert c.level == HIGH and "skips the item" in c.why
    assert judge(SKIP, "none_guard", Evidence(faulting=frozenset({"item"}))).level == SPECULATIVE
    assert judge(RETURN_NONE, "none_guard", Evidence(skip_said=said)).level == SPECULATIVE
