"""bench/bench_native_real.py's score: the scoring PoC runs in the C image (as its uid 1000) on the buggy
tree, the candidate's and the maintainers'; a candidate that leaves the bug is not right, one that
behaves as the maintainers' fix is, and a PoC that cannot tell the buggy tree from the fixed one
scores nothing (right None, with the reason) instead of calling every candidate right. A crashfix run
past the bench's timeout is interrupted (so it can close its sandboxes), not waited on for an hour."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_native_real", ROOT / "bench" / "bench_native_real.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


LIB = "int first(const char *s)\n{\n    return s[0];\n}\n"
SCORE = '#include <stdio.h>\nint first(const char *s);\nint main(void) { printf("%d\\n", first(0)); return 0; }\n'
GUARD = """--- a/lib.c
+++ b/lib.c
@@ -1,4 +1,6 @@
 int first(const char *s)
 {
+    if (!s)
+        return -1;
     return s[0];
 }
"""
KEEP_GOING = """--- a/lib.c
+++ b/lib.c
@@ -1,4 +1,4 @@
-int first(const char *s)
+int first(const char *s) /* looked at */
 {
     return s[0];
 }
"""
CMD = "$CC -fsanitize=address -g lib.c $CASE/score.c -o score && ./score"


@pytest.fixture(scope="module")
def c_image(docker_engine) -> str:
    from sandbox.docker.images import ensure_image
    return ensure_image("c", log=lambda m: print(m, flush=True))


def _setup(tmp_path: Path, cmd: str) -> tuple[dict, Path, Path]:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "lib.c").write_text(LIB)
    subprocess.run(["git", "init", "-q"], cwd=tree, check=True)
    case_dir = tmp_path / "case"
    case_dir.mkdir()
    (case_dir / "score.c").write_text(SCORE)
    (case_dir / "fix.diff").write_text(GUARD)
    case = {"score_cmd": cmd}
    (case_dir / "case.json").write_text(json.dumps(case))
    return case, case_dir, tree


@pytest.mark.docker
@pytest.mark.slow
def test_a_candidate_that_leaves_the_crash_is_not_right_and_the_maintainers_fix_is(c_image, tmp_path):
    case, case_dir, tree = _setup(tmp_path, CMD)
    (tmp_path / "a").mkdir()
    wrong = bench.score(case, case_dir, tree, KEEP_GOING, tmp_path / "a")
    assert wrong["buggy"]["sanitizer"] and not wrong["maintainers"]["sanitizer"]
    assert wrong["maintainers"]["stdout"] == "-1"
    assert wrong["right"] is False and wrong["void"] is None
    (tmp_path / "b").mkdir()
    same = bench.score(case, case_dir, tree, GUARD, tmp_path / "b")
    assert same["right"] is True and same["candidate"]["stdout"] == "-1"


@pytest.mark.docker
@pytest.mark.slow
def test_a_poc_that_does_not_tell_buggy_from_fixed_scores_nothing(c_image, tmp_path):
    case, case_dir, tree = _setup(tmp_path, "echo same")
    res = bench.score(case, case_dir, tree, KEEP_GOING, tmp_path)
    assert res["right"] is None
    assert res["void"] == "the PoC behaves alike on the buggy and the maintainers' tree"


def test_a_case_without_poc_scores_nothing(tmp_path):
    case, case_dir, tree = _setup(tmp_path, "")
    assert bench.score({"score_cmd": None}, case_dir, tree, GUARD, tmp_path) == {
        "right": None, "void": "no scoring PoC"}


def test_a_run_past_the_timeout_is_interrupted_and_its_cleanup_runs(tmp_path):
    mark = tmp_path / "closed"
    child = ("import time, pathlib\n"
             "try:\n    time.sleep(60)\n"
             f"except KeyboardInterrupt:\n    pathlib.Path({str(mark)!r}).write_text('closed')\n")
    start = time.monotonic()
    code, timed_out = bench._crashfix([sys.executable, "-c", child], timeout=1)
    assert timed_out and time.monotonic() - start < 30
    assert mark.read_text() == "closed"
    assert bench._crashfix([sys.executable, "-c", "raise SystemExit(3)"], timeout=30) == (3, False)


def test_twelve_cases_or_more_each_complete():
    folders = sorted(p.parent for p in bench.CASES.glob("*/case.json"))
    assert len(folders) >= 12
    for folder in folders:
        case = json.loads((folder / "case.json").read_text())
        assert case["issue"].startswith("https://github.com/"), folder.name
        assert case["debian"]["package"] and case["debian"]["version"], folder.name
        assert isinstance(case["patches_before"], list) and case["fix"], folder.name
        assert (folder / "fix.diff").read_text().count("\n+++ ") >= 1, folder.name
        text = (folder / "issue.md").read_text()
        assert text.startswith("# ") and len(text) > 200, folder.name
        cmd = case.get("score_cmd")
        assert cmd is None or isinstance(cmd, str) and cmd, folder.name
        if cmd and "$CASE/score.c" in cmd:
            assert (folder / "score.c").exists(), folder.name
