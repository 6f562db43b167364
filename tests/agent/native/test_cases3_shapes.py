"""Shapes of round 3's real C crash issues (bench/native_real, issue 39), unit tests over the issue's
text: a crash told by glibc's heap-check abort (`free(): invalid pointer`) with the command in an inline
code span, an inline input piped into a program named bare (`printf '…' | jq .`), and that program
resolved in each stage of the pipeline to the one the build made."""
from __future__ import annotations

import stat

from agent.native.described import describe
from agent.native.recipe import classify, recipes
from agent.native.reproduce import described_crash, resolve_bare, shell_snippets
from sandbox import open_sandbox

# jq #2276's shape: the crash in words (glibc's abort messages), the command inline in the prose
GLIBC_ISSUE = """# Consecutive newlines crash the tool with --raw-input

**Describe the bug**
Escaping such a string, the tool crashes with `malloc(): unaligned tcache chunk detected` or
`free(): invalid pointer`.

**To Reproduce**
`printf "hello \\n\\n world" | tinyq --ascii --raw .`

**Expected behavior**
no crash
"""


def test_glibc_heap_check_abort_is_a_described_crash():
    report = describe(GLIBC_ISSUE, [])
    assert report is not None and report.type == "heap-corruption"
    for words in ("munmap_chunk(): invalid pointer", "realloc(): invalid next size",
                  "free(): invalid next size (fast)"):
        assert describe(f"It aborts with `{words}` when run.", []) is not None, words
    # the names alone are no crash: a call of free() or malloc() in the prose
    assert describe("We call `free()` on the result of malloc(): is that right?", []) is None


def test_inline_input_piped_into_a_bare_program_is_a_run_line():
    run = 'printf "hello \\n\\n world" | tinyq --ascii --raw .'
    assert classify(run) == "run" and classify(run, loose=True) == "run"
    assert classify("echo '{}' | ./build/tinyq .") == "run"          # a path, as before
    # piped through filters, or into a build step or another writer: not a run of the program
    for line in ("echo abc | grep a", "printf 'x' | base64 -d", "echo a | cat", "echo x | xxd -r -p",
                 "echo foo | make"):
        assert classify(line) != "run", line
    report = described_crash(GLIBC_ISSUE)
    assert report is not None, "a crash in words with a command inline: something to run"
    got = recipes(GLIBC_ISSUE, shell_snippets(report))
    assert [r.run for r in got] == [run]


def test_pipeline_stages_split_outside_quotes():
    from agent.native.recipe import pipeline as _pipeline
    assert _pipeline('printf "a | b" | tinyq -a . || true') == ['printf "a | b" ', " tinyq -a . || true"]
    assert _pipeline("echo 'x|y'") == ["echo 'x|y'"]


def test_bare_program_after_a_pipe_resolves_to_the_built_one(tmp_path):
    repo = tmp_path / "repo"
    (repo / "build").mkdir(parents=True)
    prog = repo / "build" / "tinyq"
    prog.write_text("#!/bin/sh\ncat\n")
    prog.chmod(prog.stat().st_mode | stat.S_IXUSR)
    with open_sandbox("local", repo, install=False) as sb:
        assert resolve_bare(sb, "printf 'x' | tinyq -a .") == "printf 'x' | ./build/tinyq -a ."
        assert resolve_bare(sb, "tinyq -a . f") == "./build/tinyq -a . f"
        # a pipe inside the stage's quotes is no stage of its own (jq #2178: `jq -ja '. | @json'`)
        assert resolve_bare(sb, "echo '[1,\n2]' | tinyq -ja '. | @json'") == \
            "echo '[1,\n2]' | ./build/tinyq -ja '. | @json'"
        # on the PATH (a filter), or built nowhere: left as written
        assert resolve_bare(sb, "printf 'x' | sort") == "printf 'x' | sort"
        assert resolve_bare(sb, "printf 'x' | nosuchprog") == "printf 'x' | nosuchprog"
        out = sb.run(resolve_bare(sb, "printf 'hi' | tinyq"), timeout=30)
        assert out.ok and "hi" in out.output


# md4c #173's shape: an assertion the input trips, in words, and the command in a fence with a prompt
ASSERT_ISSUE = """# Input triggering assertion

The fuzzer found a testcase leading to assertion. It can be triggered from the command line:

```
$ echo "[[x]]" | tinymd --flag-a --flag-b
```

(Requires debug build. In release build anything can happen...)
"""


def test_an_assertion_in_words_is_a_described_crash_built_with_both_sanitizers():
    from agent.native.build import sanitizers_for

    report = described_crash(ASSERT_ISSUE)
    assert report is not None and report.type == "assert"
    # not AddressSanitizer's alone: a release build's unreachable point is UBSan's report
    assert set(sanitizers_for(report)) >= {"address", "undefined"}
    assert [r.run for r in recipes(ASSERT_ISSUE, shell_snippets(report))] == [
        'echo "[[x]]" | tinymd --flag-a --flag-b']
    for words in ("The input triggers an assertion:", "it hits an assert in the parser",
                  "assertion failure on this input"):
        assert describe(words, []) is not None, words
    for words in ("we assert that the input is valid", "an assertion in the docs is wrong"):
        assert describe(words, []) is None, words


def test_the_programs_own_assertion_is_the_described_one():
    from agent.native.described import accepts
    from agent.reports.model import CrashReport, Frame

    want = describe(ASSERT_ISSUE, [])
    own = Frame(function="md_analyze", file="src/md.c", line=3)
    aborted = CrashReport(kind="check", type="assert", title="assert", message="Assertion failed",
                          frames=[own])
    assert accepts(want, aborted, lambda f: f.file == "src/md.c")
    # a memory error described in words is not shown by an assertion's abort
    assert not accepts(describe("a heap-buffer-overflow in `md_analyze`", []), aborted,
                       lambda f: f.file == "src/md.c")


# jq #2178's shape: a command whose quoted input spans lines, in a bash fence; glibc's
# "corrupted double-linked list" in the title
MULTILINE_ISSUE = """# SIGABRT / corrupted double-linked list

**To Reproduce**
```bash
echo '[ {
    "a" : "x | y",
    "b" : 3
  } ]' | tinyq -ja '. | @json'
```
"""

# jq #1788's shape: a bash session pasted with its `user@host:dir$ ` prompts, the crashing program
# run by its installed path, the output between the commands
SESSION_ISSUE = """Building from the fork fixes the problem:

```
me@box:~/tinyq$ /usr/local/bin/tinyq -ar '.foo' <<< '{ "foo": "bar" }'
"bar"
Segmentation fault
me@box:~/tinyq$ ./tinyq -ar '.foo' <<< '{ "foo": "bar" }'
bar
me@box:~/tinyq$ git log | head -5
commit a3b18f8010ab43122bf55b7148d580cbb6323f55
me@box:~/tinyq$ 
```
"""


def test_a_quoted_input_spanning_lines_is_one_command():
    from agent.native.recipe import logical_lines

    report = described_crash(MULTILINE_ISSUE)
    assert report is not None and report.type == "heap-corruption"
    runs = [r.run for r in recipes(MULTILINE_ISSUE, shell_snippets(report))]
    assert len(runs) == 1 and runs[0].startswith("echo '[ {\n") and runs[0].endswith("| tinyq -ja '. | @json'")
    # a backslash continues a line; a comment's apostrophe opens nothing; a quote never closed: lines as is
    assert logical_lines("ls \\\n -l\n# it's\necho ok\necho 'open") == ["ls \\\n -l", "# it's", "echo ok", "echo 'open"]
    # output or prose in the fence opens no quote: the next command stays its own
    assert logical_lines("$ ./prog x\nCouldn't open file\n$ ./prog 'y'") == [
        "$ ./prog x", "Couldn't open file", "$ ./prog 'y'"]


def test_a_session_with_user_host_prompts_and_an_installed_path():
    report = described_crash(SESSION_ISSUE) or __import__("agent.reports", fromlist=["parse"]).parse(SESSION_ISSUE)
    assert report is not None
    runs = [r.run for r in recipes(SESSION_ISSUE, shell_snippets(report))]
    assert runs == ["/usr/local/bin/tinyq -ar '.foo' <<< '{ \"foo\": \"bar\" }'",
                    "./tinyq -ar '.foo' <<< '{ \"foo\": \"bar\" }'"], runs


def test_an_installed_path_resolves_to_the_built_program(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    prog = repo / "tinyq"
    prog.write_text("#!/bin/sh\necho built\n")
    prog.chmod(prog.stat().st_mode | stat.S_IXUSR)
    with open_sandbox("local", repo, install=False) as sb:
        assert resolve_bare(sb, "/usr/local/bin/tinyq -ar .foo") == "./tinyq -ar .foo"
        assert resolve_bare(sb, "/bin/sh -c true") == "/bin/sh -c true"        # there: as written
        assert resolve_bare(sb, "/usr/bin/nosuch x") == "/usr/bin/nosuch x"


def test_a_programs_own_assert_macro_names_its_file_and_shows_the_described_assertion():
    from agent.native.described import accepts
    from agent.reports import parse

    # md4c's MD_ASSERT in a debug build: `MD4C: file:line: Assertion '…' failed.`, then exit(1), no stack
    got = parse("MD4C: /workspace/src/md.c:3909: Assertion 'closer->ch == 'D'' failed.\n")
    assert got is not None and got.type == "assert" and got.extra["file"] == "md.c"
    want = describe(ASSERT_ISSUE, [])
    assert accepts(want, got, lambda f: f.file == "md.c")
    assert not accepts(want, got, lambda f: f.file == "other.c")     # an assertion elsewhere: not the tree's
