"""How sure crashfix is of a validated patch (agent/judge/confidence.py): decided by evidence a reviewer can
check (the issue's expectation, the code's own conventions, the project's tests, the overfitting guard, the
suite's strength); the diff's shape only lowers it when nothing answers that shape."""
from __future__ import annotations

from agent.judge.behaviour import Suite, behaviour
from agent.judge.confidence import HIGH, SPECULATIVE, Evidence, judge
from agent.judge.conventions import follows
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
SUITE = Suite("python -m pytest -q", 12)

# a module whose `find` returns None for "no match" at two exits, and whose package has its own error
FINDER = '''\
"""A tiny lookup module."""


class LookupFailed(ValueError):
    """Raised for a malformed query."""


def find(rows, key):
    """The row named `key`, or None."""
    if not rows:
        return None
    for row in rows:
        if row.get("name") == key:
            return row
    if key.startswith("#"):
        return None
    return rows[0]["alias"][key]


def check(query):
    if not isinstance(query, str):
        raise LookupFailed("a query is a string")
    return query


def fulfil(items):
    """Ship what is stocked; items we do not stock are skipped."""
    out = []
    for item in items:
        out.append(item.sku)
    return out
'''
NONE_GUARD = """--- a/pkg/finder.py
+++ b/pkg/finder.py
@@ -16,2 +16,4 @@
         return None
+    if "alias" not in rows[0]:
+        return None
     return rows[0]["alias"][key]
"""
ZERO_GUARD = NONE_GUARD.replace("return None\n     return rows", "return 0\n     return rows")
OWN_ERROR = """--- a/pkg/finder.py
+++ b/pkg/finder.py
@@ -16,2 +16,4 @@
         return None
+    if "alias" not in rows[0]:
+        raise LookupFailed(f"no alias for {key!r}")
     return rows[0]["alias"][key]
"""
BUILTIN_ERROR = OWN_ERROR.replace("raise LookupFailed", "raise KeyError")
TOP_LEVEL_SWALLOW = """--- a/pkg/finder.py
+++ b/pkg/finder.py
@@ -16,2 +16,5 @@
         return None
-    return rows[0]["alias"][key]
+    try:
+        return rows[0]["alias"][key]
+    except (KeyError, TypeError):
+        return None
"""
SKIP_GUARD = """--- a/pkg/finder.py
+++ b/pkg/finder.py
@@ -29,2 +29,4 @@
     for item in items:
+        if item is None:
+            continue
         out.append(item.sku)
"""
IMPORT_FALLBACK = """--- a/pkg/compat.py
+++ b/pkg/compat.py
@@ -1,1 +1,4 @@
-from importlib.metadata import version
+try:
+    from importlib.metadata import version
+except ImportError:
+    from importlib_metadata import version
"""
FILES = ["pkg/__init__.py", "pkg/finder.py", "pkg/compat.py"]


def read(path: str) -> str:
    return {"pkg/finder.py": FINDER, "pkg/__init__.py": "", "pkg/compat.py": ""}[path]


def rated(diff: str, **given) -> object:
    return judge(Evidence(diff=diff, conventions=follows(diff, read, FILES), **{"suite": SUITE, **given}))


# -- convention-following patches are high; the same shape against no evidence is not ---------------
def test_a_return_none_that_follows_the_functions_own_exits_is_high():
    c = rated(NONE_GUARD)
    assert c.level == HIGH, c.why
    assert any("`find` already returns `None` at 2 other exits (lines 11, 16)" in r for r in c.reasons)
    assert any("returns a default (`return None`)" in r and "answers that" in r for r in c.reasons)


def test_a_default_the_function_never_returns_is_speculative():
    c = rated(ZERO_GUARD)
    assert c.level == SPECULATIVE and "returns a default (`return 0`)" in c.why


def test_raising_the_packages_own_exception_follows_convention_and_a_builtin_does_not():
    own = rated(OWN_ERROR)
    assert own.level == HIGH, own.why
    assert any("`LookupFailed` is the package's own exception (defined in pkg/finder.py, raised at 1 other "
               "place, e.g. pkg/finder.py:22)" in r for r in own.reasons)
    other = rated(BUILTIN_ERROR)
    assert other.level == SPECULATIVE and "replaces the crash with another exception (`KeyError`)" in other.why


def test_a_symptom_hiding_except_at_the_top_level_api_is_speculative_even_in_a_function_returning_none():
    c = rated(TOP_LEVEL_SWALLOW)
    assert c.level == SPECULATIVE and "catches the exception (`except (KeyError, TypeError):`)" in c.why
    # only behaviour answers a swallow: the issue's expectation met, or a failing project test now passing
    assert rated(TOP_LEVEL_SWALLOW, repaired=("tests/test_finder.py::test_alias",)).level == HIGH


def test_an_exception_swallowed_into_a_default_is_speculative_when_the_issue_expects_otherwise():
    c = judge(Evidence(diff=SWALLOW, expectation=EXPECT, meets=False, said="gave ''", suite=SUITE))
    assert c.level == SPECULATIVE
    assert "expects the call to return '-1st'" in c.why and "catches the exception" in c.why


def test_an_import_error_fallback_is_not_a_swallow():
    c = rated(IMPORT_FALLBACK)
    assert c.level == HIGH and "catches the exception" not in c.why and "version" not in c.why


def test_a_version_check_flipped_and_a_condition_flipped_elsewhere_are_speculative():
    c = judge(Evidence(diff=VERSION_FLIP, faulting=frozenset({"sys", "version_info"}), suite=SUITE))
    assert c.level == SPECULATIVE and "Python-version or platform check" in c.why
    c = judge(Evidence(diff=FLIP_ELSEWHERE, faulting=frozenset({"total"}), suite=SUITE))
    assert c.level == SPECULATIVE and "not about the value that crashed" in c.why


def test_the_same_code_gets_the_same_level_whoever_wrote_it():
    # no template name reaches the judge: a guard is judged by what it does, not by who wrote it
    assert "template" not in Evidence.__dataclass_fields__
    assert rated(NONE_GUARD).level == HIGH


def test_a_patch_that_gives_what_the_issue_expects_is_high_and_one_nobody_checked_is_not():
    c = judge(Evidence(diff=REPAIR, expectation=EXPECT, meets=True, suite=SUITE))
    assert c.level == HIGH and "as the issue expects" in c.why
    assert judge(Evidence(diff=REPAIR, expectation=EXPECT, meets=None, suite=SUITE)).level == SPECULATIVE


# -- the skip rule shaped around the bundled example is gone ------------------------------------------
def test_a_skip_guard_is_high_only_from_the_functions_own_words_never_from_the_issues():
    import agent.judge.confidence as confidence
    assert not hasattr(confidence, "skip_words")
    c = rated(SKIP_GUARD)
    assert c.level == HIGH and "docstring says such items are skipped" in c.why
    # the same guard in a function that says nothing about skipping: the issue saying "must NOT be
    # skipped", or pytest's "1 skipped", cannot make it high, and nothing else does either
    quiet = FINDER.replace("; items we do not stock are skipped", "")
    c = judge(Evidence(diff=SKIP_GUARD, suite=SUITE, conventions=follows(SKIP_GUARD, lambda p: quiet, FILES)))
    assert c.level == SPECULATIVE and "skips the item (`continue`)" in c.why


# -- the suite's strength ---------------------------------------------------------------------------
def test_a_project_with_no_tests_gives_at_most_speculative_and_says_so():
    c = rated(OWN_ERROR, suite=Suite("python -m pytest -q", 0))
    assert c.level == SPECULATIVE
    assert "this project has no tests (or crashfix could not count its test results); validation only shows " \
           "the crash is gone" in c.why
    assert rated(OWN_ERROR, suite=Suite(None, 0)).level == SPECULATIVE


def test_unittests_ran_line_is_counted():
    from agent.judge.testrun import TestOutcome, ran_count
    out = "....\n----------------------------------------------------------------------\nRan 85 tests in 0.012s\n\nOK\n"
    assert ran_count(out) == 85
    assert TestOutcome("python -m unittest", 0, out, ran=ran_count(out)).counted == 85
    assert ran_count("hello\n") is None


# -- the overfitting guard and the second opinion -----------------------------------------------------
def test_disagreeing_candidates_and_crashes_around_the_call_lower_it_unless_the_issue_decides():
    c = rated(OWN_ERROR, disagree="find([], 'x'): 'a' returned None; 'b' raised KeyError")
    assert c.level == SPECULATIVE and "another validated candidate answers" in c.why
    assert rated(OWN_ERROR, crashes_around="find([{}], '')").level == SPECULATIVE
    met = Expectation("raises", raises=("LookupFailed",))
    assert rated(OWN_ERROR, expectation=met, meets=True, disagree="find(...): ...").level == HIGH


def test_a_skipped_guard_is_said_but_decides_nothing_and_the_second_opinion_lowers_it():
    c = rated(OWN_ERROR, guard_skipped="the reproduction is not a pytest command: nothing to trace")
    assert c.level == HIGH and any("overfitting guard did not run" in r for r in c.reasons)
    assert rated(OWN_ERROR, review="it only strips the sign").level == SPECULATIVE


# -- what the code does on the issue's input ------------------------------------------------------
def test_the_behaviour_line_says_the_value_or_the_exception_not_exit_0():
    raised = behaviour({"exit": 1, "output": "Traceback (most recent call last):\n  File \"x.py\", line 1\n"
                                             "pkg.errors.LookupFailed: no alias for 'x'\n"}, None)
    assert raised.how == "raises" and raised.exception == "LookupFailed"
    printed = behaviour(None, {"exit": 0, "output": "None\n"})
    assert printed.line() == "on the issue's input (the reproduction command) the patched code now gives `None`"
    c = rated(OWN_ERROR, behaviour=raised)
    assert any("now raises `pkg.errors.LookupFailed: no alias for 'x'`" in r for r in c.reasons)


# -- what the patched code does on the issue's input decides over the convention (bench/bench_templates.py,
# eval/trust30: 5 of 5 own-error patches raising on a silent issue's input disagreed with the later release)
def test_raising_on_the_issues_input_is_speculative_unless_the_issue_asks_for_an_error():
    raised = behaviour({"exit": 1, "output": "Traceback (most recent call last):\n  File \"r.py\", line 1\n"
                                            "pkg.finder.LookupFailed: no sku\n"}, None)
    silent = rated(OWN_ERROR, behaviour=raised)
    assert silent.level == SPECULATIVE
    assert "now raises `pkg.finder.LookupFailed: no sku`, and the issue does not say an error is the answer" \
        in silent.why
    asked = rated(OWN_ERROR, behaviour=raised, meets=True,
                  expectation=Expectation("raises", raises=("LookupFailed",), quote="should raise LookupFailed"))
    assert asked.level == HIGH, asked.why


def test_a_patch_whose_code_hangs_on_the_issues_input_is_never_high():
    hung = behaviour({"exit": -9, "output": "partial\n[crashfix: timed out after 20 s (command killed)]\n"}, None)
    assert hung.how == "hangs"
    c = rated(NONE_GUARD, behaviour=hung)
    assert c.level == SPECULATIVE and "no longer returns: crashfix stopped it (timed out after 20 s" in c.why


def test_a_c_guard_returning_a_constant_where_the_code_crashed_is_a_default_nothing_answers():
    guard = ("--- a/src/stats.c\n+++ b/src/stats.c\n@@ -19,3 +19,4 @@\n     for (i = 1; i <= n; i++)\n"
             "-        if (v[i] > best)\n+        { if (i >= n) return -1; if (v[i] > best)\n"
             "+            best = v[i]; }\n")
    c = judge(Evidence(diff=guard))
    assert c.level == SPECULATIVE and "returns early (`return -1;`) where the code crashed" in c.why


# -- the reporter's "the text back unchanged", checked on the issue's input ---------------------------------
KEY_GET = """--- a/boltons/strutils.py
+++ b/boltons/strutils.py
@@ -1221,3 +1221,3 @@
     def _get_value(self, match):
-        return self.group_map[match.lastgroup]
+        return self.group_map.get(match.lastgroup)
"""


def test_a_default_that_gives_the_text_back_unchanged_as_the_reporter_asks_is_high():
    from agent.judge.expectations import parse
    from tests.agent.test_expectations import UNCHANGED_ISSUE
    exp = parse(UNCHANGED_ISSUE, "KeyError")
    shown = behaviour({"output": "order #1234 shipped\n", "exit": 0}, None)
    c = judge(Evidence(diff=KEY_GET, expectation=exp, meets=True, behaviour=shown, suite=SUITE))
    assert c.level == HIGH and "return 'order #1234 shipped', as the issue expects" in c.why
    # the same `.get()` with the wish unread, or not met (the regression test's assertion failed): speculative
    assert judge(Evidence(diff=KEY_GET, behaviour=shown, suite=SUITE)).level == SPECULATIVE
    assert judge(Evidence(diff=KEY_GET, expectation=exp, meets=False, suite=SUITE)).level == SPECULATIVE


def test_a_name_renamed_to_its_dunder_spelling_is_not_a_guess_but_an_unrelated_name_is():
    py3 = """--- a/texttable.py
+++ b/texttable.py
@@ -401,2 +401,2 @@
-            if hasattr(rows, '__iter__') and hasattr(rows, 'next'):
-                self.header(rows.next())
+            if hasattr(rows, '__iter__') and hasattr(rows, '__next__'):
+                self.header(next(rows))
"""
    assert judge(Evidence(diff=py3, suite=SUITE)).level == HIGH
    unrelated = py3.replace("'__next__'", "'header'")
    c = judge(Evidence(diff=unrelated, suite=SUITE))
    assert c.level == SPECULATIVE and "one-token change (`next` to `header`)" in c.why
