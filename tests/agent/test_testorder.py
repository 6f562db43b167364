"""A long suite after a patch (real Docker): the test files that import the patched module run
first; when one of them breaks, the rest is not run; else the rest runs and the outcomes merge."""
from __future__ import annotations

import pytest
from gitrepo import make_repo

from agent.judge import testorder
from agent.judge.testrun import run_tests
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

FILES = {
    "calc/__init__.py": "",
    "calc/add.py": "def add(a, b):\n    return a + b\n",
    "calc/mul.py": "def mul(a, b):\n    return a * b\n",
    "tests/test_add.py": "from calc.add import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    "tests/test_mul.py": "from calc.mul import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n\n\n"
                         "def test_mul_zero():\n    assert mul(0, 3) == 0\n",
}
BREAK_ADD = """--- a/calc/add.py
+++ b/calc/add.py
@@ -1,2 +1,2 @@
 def add(a, b):
-    return a + b
+    return a - b
"""
KEEP_ADD = BREAK_ADD.replace("a - b", "b + a")


def test_the_tests_near_the_patch_run_first(sandbox_image, docker_limits, tmp_path, monkeypatch):
    monkeypatch.setattr(testorder, "LONG_SUITE", 0.0)        # the suite here takes a second, not minutes
    repo = make_repo(tmp_path / "calc", FILES)
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, steps=[]) as box:
        cmd = "python -m pytest -q"
        baseline = run_tests(box, cmd, timeout=120)
        assert len(baseline.passed) == 3
        assert testorder.near_tests(box.read, baseline, ["calc/add.py"], ["tests/test_add.py", "tests/test_mul.py"]) \
            == ["tests/test_add.py"]

        box.apply_patch(BREAK_ADD)
        after = testorder.run_near_first(box, cmd, baseline, ["calc/add.py"], timeout=120)
        assert after.failed == {"tests.test_add::test_add"} and not after.passed     # test_mul never ran
        assert "near the patch ran first and broke" in after.output
        box.reset()

        box.apply_patch(KEEP_ADD)
        after = testorder.run_near_first(box, cmd, baseline, ["calc/add.py"], timeout=120)
        assert after.passed == baseline.passed and not after.failed and after.exit_code == 0
        assert "--ignore=tests/test_add.py" in after.command
        box.reset()

        short = testorder.run_tests(box, cmd, timeout=120)
        monkeypatch.setattr(testorder, "LONG_SUITE", 1e9)                               # a short suite: one run
        assert testorder.run_near_first(box, cmd, baseline, ["calc/add.py"], timeout=120).command == short.command
