"""The gates every candidate patch meets (protected paths, diff size) and publish's last checks
(a patch holding a secret, comments redacted)."""
from __future__ import annotations


import pytest

from agent.path import Steps
from agent.python.path import PythonPath
from agent.judge.protect import is_protected_default
from agent.redact import MASK
from agent.reports import parse
from agent.records import Reproduction
from agent.run import Result, Run, RunConfig
from agent.candidates import Candidate
from agent.judge.validate import MAX_DIFF_LINES, Validator, Verdict, diff_paths, gate
from bot.conversation.publish import publish_result
from gitrepo import make_repo
from sandbox.local import LocalSandbox

TRACE = 'Traceback (most recent call last):\n  File "app.py", line 2, in f\n    return 1 / x\nZeroDivisionError: division by zero\n'


def lines_diff(path: str, n: int) -> str:
    body = "".join(f"+line {i}\n" for i in range(n))
    return f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,{n} @@\n{body}"


def test_diff_paths_sees_new_deleted_and_renamed_files():
    diff = (lines_diff("src/new.py", 1) + "diff --git a/old.py b/old.py\ndeleted file mode 100644\n--- a/old.py\n"
            "+++ /dev/null\n@@ -1 +0,0 @@\n-x\n" + "diff --git a/src/a.py b/.github/workflows/a.yml\n"
            "similarity index 100%\nrename from src/a.py\nrename to .github/workflows/a.yml\n")
    assert diff_paths(diff) == ["src/new.py", "old.py", "src/a.py", ".github/workflows/a.yml"]
    assert gate(diff, is_protected_default, 200) == "changes protected paths: .github/workflows/a.yml"


@pytest.mark.parametrize("path, n, why", [
    (".github/workflows/ci.yml", 1, "changes protected paths: .github/workflows/ci.yml"),
    ("tests/test_app.py", 1, "changes protected paths: tests/test_app.py"),
    ("conftest.py", 1, "changes protected paths: conftest.py"),
    ("src/app.py", MAX_DIFF_LINES + 1, f"is too large: {MAX_DIFF_LINES + 1} changed lines (the limit is 200)"),
    ("src/app.py", MAX_DIFF_LINES, None),
])
def test_gate(path, n, why):
    assert gate(lines_diff(path, n), is_protected_default, MAX_DIFF_LINES) == why


def test_a_refused_candidate_never_touches_the_workspace(tmp_path):
    repo = make_repo(tmp_path / "r", {"app.py": "def f(x):\n    return 1 / x\n", ".github/workflows/ci.yml": "on: push\n"})
    sb = LocalSandbox(repo)
    sb.snapshot()
    seen = []
    real_run = sb.run
    sb.run = lambda cmd, **kw: seen.append(cmd) or real_run(cmd, **kw)
    v = Validator(sb, parse(TRACE), "python -c 'import app; app.f(0)'", None, None, tries=1)
    v.protected = is_protected_default
    verdict = v.check(Candidate(lines_diff(".github/workflows/evil.yml", 2), "evil", "llm"))
    assert not verdict.validated and not verdict.applied
    assert verdict.reason == "refused: the patch changes protected paths: .github/workflows/evil.yml"
    v.max_diff_lines = 3
    verdict = v.check(Candidate(lines_diff("src/big.py", 4), "big", "llm"))
    assert verdict.reason == "refused: the patch is too large: 4 changed lines (the limit is 3)"
    assert not any("apply" in c or "app.f" in c for c in seen)           # nothing applied, nothing run
    assert sb.diff().strip() == ""


def test_the_pipeline_gates_with_the_run_config(tmp_path):
    repo = make_repo(tmp_path / "r", {"app.py": "def f(x):\n    return 1 / x\n"})
    cfg = RunConfig(repo=str(repo), report_text=TRACE, out=tmp_path, max_diff_lines=7,
                    protected=lambda p: p.startswith("docs/"))
    run = Run(cfg, report=parse(TRACE), reproduction=Reproduction(command="python -c 'import app; app.f(0)'"))
    path = PythonPath(run, Steps(run))
    try:
        v = path.new_validator(LocalSandbox(repo))
    finally:
        path.close()
    assert v.max_diff_lines == 7
    assert v.protected("docs/x.md") and v.protected(".github/workflows/ci.yml") and v.protected("tests/t.py")
    assert not v.protected("src/app.py")


def fixed_run(tmp_path, diff: str, status: str = "fixed", notes: tuple[str, ...] = ()):
    """The run folder and the real Result of a run that ended `status` (fixed: with `diff` validated)."""
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    best = Verdict(Candidate(diff, "fix"), validated=True) if status == "fixed" else None
    run = Run(RunConfig(repo=".", report_text="", out=run_dir), status=status, best=best,
              verdicts=[best] if best else [], notes=list(notes))
    return run_dir, Result.of(run)


def test_publish_refuses_a_patch_that_holds_a_secret(tmp_path, gh):
    api = gh.FakeAPI()
    secret = "ghp_" + "k" * 36
    run_dir, run = fixed_run(tmp_path, f"--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-x = 1\n+TOKEN = '{secret}'\n")
    out = publish_result(api, gh.REPO, 3, run_dir, run, None)
    assert out["pr"] is None and out["reason"].startswith("the patch holds a secret")
    assert [c[0] for c in api.calls] == ["get_issue"]                   # no push, no PR, no comment


def test_status_comments_go_out_redacted(tmp_path, gh):
    from bot.conversation.status import StatusComment
    from bot.db import Database
    api, db = gh.FakeAPI(), Database(f"sqlite:///{tmp_path / 'bot.db'}")
    db.create()
    secret = "sk-" + "q" * 40
    StatusComment(api, db, gh.REPO, 3).triage(f"the test printed {secret}")
    bodies = [c[3] for c in api.named("comment")]
    assert bodies and secret not in bodies[0] and MASK in bodies[0]
    assert secret not in db.issue_comment(gh.REPO, 3, "status")["body"]
