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
    from agent.native.reproduce import _pipeline
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
