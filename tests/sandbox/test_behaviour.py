"""Behaviour every backend must share (local and docker)."""
from __future__ import annotations

import time

import pytest

from sandbox import (CommandTimeout, PatchFailed, SandboxError, open_sandbox)

PROG = """\
def f(x):
    y = x * 2
    return 10 / (y - 4)


print(f(1))
print(f(3))
"""

SMALL_REPO = {"prog.py": PROG, ".gitignore": "build/\n",
              "hang.py": "x = 0\nwhile True:\n    x += 1\n", "pkg/mod.py": "VALUE = 1\n"}

BACKENDS = ["local", pytest.param("docker", marks=pytest.mark.docker)]

PATCH = """\
--- a/prog.py
+++ b/prog.py
@@ -1,6 +1,6 @@
 def f(x):
     y = x * 2
-    return 10 / (y - 4)
+    return 10 / (y - 5)
 
 
 print(f(1))
"""


@pytest.fixture(scope="module", params=BACKENDS)
def box(request, repo_factory):
    repo = repo_factory(SMALL_REPO)
    if request.param == "docker":
        image = request.getfixturevalue("sandbox_image")
        sb = open_sandbox("docker", repo, image=image,
                          limits=request.getfixturevalue("docker_limits"))
    else:
        sb = open_sandbox("local", repo)
    yield sb
    sb.close()


@pytest.fixture
def sb(box):
    box.reset()
    yield box
    box.reset()


def test_run_exit_code_and_merged_output(sb):
    r = sb.run("echo out; echo err >&2; exit 3")
    assert r.exit_code == 3 and not r.ok and not r.timed_out
    assert "out" in r.output and "err" in r.output


def test_timeout_kills_the_whole_group(sb):
    start = time.monotonic()
    r = sb.run("(sleep 30; echo child-survived) & sleep 30", timeout=1)
    assert r.timed_out and not r.ok
    assert time.monotonic() - start < 10
    time.sleep(0.2)
    assert "sleep 30" not in sb.run("ps -eo args 2>/dev/null || true").output


def test_output_is_capped_head_and_tail(sb):
    r = sb.run("echo FIRST; head -c 3000000 /dev/zero | tr '\\0' x; echo; echo LAST")
    assert r.ok
    assert len(r.output) < 1_100_000
    assert r.output.startswith("FIRST") and r.output.rstrip().endswith("LAST")
    assert "bytes of output cut" in r.output


def test_read_write_and_escape(sb):
    sb.write("new/dir/file.txt", "héllo\n")
    assert sb.read("new/dir/file.txt") == "héllo\n"
    assert "héllo" in sb.run("cat new/dir/file.txt").output
    with pytest.raises(SandboxError):
        sb.write("../outside.txt", "x")
    with pytest.raises(SandboxError):
        sb.read("../../etc/shadow")
    with pytest.raises(SandboxError):
        sb.read("does-not-exist.txt")


def test_reset_is_clean_after_writes_and_patches(sb):
    sb.write("prog.py", "broken\n")
    sb.write("untracked/new.py", "x = 1\n")
    sb.write("build/artifact.o", "ignored\n")   # ignored: survives resets
    sb.run("mkdir -p emptydir && echo data > pkg/extra.txt")
    sb.reset()
    assert sb.diff() == ""
    status = sb.run("git status --short --untracked-files=all").output
    assert status.strip() == ""
    assert "def f(x)" in sb.read("prog.py")
    assert sb.read("build/artifact.o") == "ignored\n"


def test_patch_apply_and_diff(sb):
    sb.apply_patch(PATCH)
    assert "y - 5" in sb.read("prog.py")
    sb.write("pkg/new.py", "NEW = 2\n")
    d = sb.diff()
    assert "--- a/prog.py\n+++ b/prog.py" in d
    assert "+    return 10 / (y - 5)" in d
    assert "+++ b/pkg/new.py" in d
    sb.reset()
    sb.apply_patch(d)          # the diff re-applies on a clean workspace
    assert sb.read("pkg/new.py") == "NEW = 2\n"


def test_patch_with_wrong_hunk_counts_applies(sb):
    sloppy = PATCH.replace("@@ -1,6 +1,6 @@", "@@ -1,9 +1,11 @@")
    sb.apply_patch(sloppy)
    assert "y - 5" in sb.read("prog.py")


def test_bad_patch_raises(sb):
    bad = PATCH.replace("-    return 10 / (y - 4)", "-    return 99 / (y - 4)")
    with pytest.raises(PatchFailed) as e:
        sb.apply_patch(bad)
    assert "prog.py" in str(e.value)
    with pytest.raises(PatchFailed):
        sb.apply_patch("this is not a diff")
    assert sb.diff() == ""


def test_pdb_steps_through_a_program(sb):
    s = sb.session(["python3", "-m", "pdb", "prog.py"], "(Pdb) ")
    try:
        assert "prog.py(1)<module>()" in s.banner
        assert "Breakpoint 1" in s.send("break 3")
        assert "prog.py(3)f()" in s.send("continue")
        assert s.send("p x").strip() == "1"
        assert s.send("p y").strip() == "2"
        out = s.send("step")
        assert "--Return--" in out
        # second call: f(3) -> y == 6, then the program ends and pdb restarts it
        out = s.send("continue")
        assert "-5.0" in out and "prog.py(3)f()" in out   # f(1) printed, stopped in f(3)
        assert s.send("p x").strip() == "3"
        s.send("clear 1")
        out = s.send("continue")
        assert "5.0" in out and "restarted" in out
        assert s.alive
    finally:
        s.close()
    assert not s.alive


def test_session_survives_program_exit(sb):
    s = sb.session(["python3", "-c", "import sys\nprint('hello')\nline = input('> ')\n"
                    "print('got', line)\nsys.stderr.write('bye\\n')"], "> ")
    assert "hello" in s.banner
    out = s.send("world")
    # stdout and stderr are separate streams: their relative order is not kept exactly
    assert "got" in out and "world" in out and "bye" in out
    assert not s.alive
    with pytest.raises(SandboxError):
        s.send("again")
    s.close()


def test_session_on_hanging_program_times_out(sb):
    s = sb.session(["python3", "-m", "pdb", "hang.py"], "(Pdb) ")
    start = time.monotonic()
    with pytest.raises(CommandTimeout):
        s.send("continue", timeout=1.5)
    assert time.monotonic() - start < 8
    assert not s.alive
    time.sleep(0.3)
    assert "hang.py" not in sb.run("ps -eo args 2>/dev/null || true").output
    # the sandbox is still usable
    assert sb.run("echo still-here").output.strip() == "still-here"


def test_session_start_timeout(sb):
    with pytest.raises(CommandTimeout):
        sb.session(["python3", "-c", "import time; time.sleep(60)"], "(Pdb) ", timeout=1)


def test_multi_file_patch_without_git_headers(sb):
    """--recount alone would eat the next file's '--- ' header as a removed line."""
    patch = PATCH + "--- /dev/null\n+++ b/pkg/added.py\n@@ -0,0 +1 @@\n+ADDED = 1\n" + \
        "--- pkg/mod.py\n+++ pkg/mod.py\n@@ -1 +1 @@\n-VALUE = 1\n+VALUE = 2\n"
    sb.apply_patch(patch)
    assert "y - 5" in sb.read("prog.py")
    assert sb.read("pkg/added.py") == "ADDED = 1\n"
    assert sb.read("pkg/mod.py") == "VALUE = 2\n"


def test_bad_cwd_is_a_failed_result(sb):
    r = sb.run("true", cwd="no/such/dir")
    assert not r.ok and r.exit_code != 0
    with pytest.raises(SandboxError):
        sb.run("true", cwd="../..")
