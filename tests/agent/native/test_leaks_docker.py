"""Validation catches a leaking patch: clib's double free, fixed by dropping a free (leaks) or by
clearing the pointer after the first free (does not), in the real C sandbox with LeakSanitizer."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.native.build import build, detect
from agent.native.leaks import leak_check
from agent.native.state import NativeState, validator_options
from agent.native.reproduce import env_prefix, reproduce
from agent.native.tests import read_results
from agent.path import repo_files
from agent.reports import parse
from agent.candidates import Candidate
from agent.judge.testrun import run_tests
from agent.judge.validate import Validator
from sandbox import open_sandbox

pytestmark = pytest.mark.docker
CLIB = Path(__file__).resolve().parents[3] / "examples" / "clib"

DROP_SECOND_FREE = """--- a/src/sbuf.c
+++ b/src/sbuf.c
@@ -60,6 +60,5 @@ void sbuf_free(sbuf *b)
 {
     if (b == NULL)
         return;
-    free(b->data);
     free(b);
 }
"""

CLEAR_AFTER_FREE = """--- a/src/sbuf.c
+++ b/src/sbuf.c
@@ -52,6 +52,7 @@ const char *sbuf_str(const sbuf *b)
 void sbuf_reset(sbuf *b)
 {
     free(b->data);
+    b->data = NULL;
     b->len = 0;
     b->cap = 0;
 }
"""


def test_a_patch_that_leaks_is_rejected_and_the_clean_fix_validates(c_image, docker_limits):
    files = repo_files(CLIB / "repo")
    want = parse((CLIB / "reports" / "double-free.txt").read_text())
    with open_sandbox("docker", CLIB / "repo", image=c_image, limits=docker_limits) as sb:
        plan = detect(files, sb.read)
        assert build(sb, plan, timeout=600).ok
        test_cmd = f"{env_prefix(want)} {plan.test_cmd}"
        before = read_results(run_tests(sb, test_cmd, timeout=120))
        found = reproduce(sb, want, plan, files, test_cmd, tries=1, timeout=60)
        rep = found.reproduction
        assert rep.reproduced and rep.how == "reproducer program"
        state = NativeState(plan, prepare_cmd=found.prepare_cmd)
        state.leaks = leak_check(sb, [rep.command, test_cmd], timeout=120)
        assert not state.leaks.baseline        # the unpatched build leaks nothing it gets to report
        assert state.to_dict()["leaks_before"]["commands"][0].startswith("LSAN_OPTIONS=exitcode=0 ")
        validator = Validator(sb, want, rep.command, test_cmd, before, tries=1, timeout=120,
                              **validator_options(state))

        leaking = validator.check(Candidate(DROP_SECOND_FREE, "drop the second free", files=("src/sbuf.c",)))
        assert leaking.clean_runs == 1 and not leaking.broken      # crash gone, tests pass: only the leak
        assert not leaking.validated
        # test_sbuf grows its buffer to 128 bytes, which sbuf_free no longer gives back
        assert leaking.reason == ("the patch leaks 128 bytes allocated in reserve (src/sbuf.c:21), "
                                  "called from sbuf_append"), leaking.reason
        assert any("leak check" in entry for entry in leaking.log)

        clean = validator.check(Candidate(CLEAR_AFTER_FREE, "clear b->data after free", files=("src/sbuf.c",)))
        assert clean.validated, clean.reason
        assert clean.reason == "crash gone and no passing test broke"

        # without the leak check the leaking patch would have passed: what this feature changes
        blind = Validator(sb, want, rep.command, test_cmd, before, tries=1, timeout=120,
                          **{**validator_options(state), "leaks": None})
        assert blind.check(Candidate(DROP_SECOND_FREE, "drop the second free", files=("src/sbuf.c",))).validated
