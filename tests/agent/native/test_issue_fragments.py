"""Reproducers from a C issue as written (issue 39), read without running anything: a statement fragment
made a program, a crash described in words, a server recipe with its client lines, inline escapes."""
from __future__ import annotations

from agent.native.described import accepts, describe, named_functions
from agent.native.fragment import called, complete, is_fragment
from agent.native.recipe import decode_input, recipes
from agent.native.reproduce import described_crash, shell_snippets
from agent.reports import parse
from agent.reports.model import CrashReport, Frame

QUOTED = """char *tj_set_string(tj_value *v, const char *s)
{
    ···
    if (strlen(s) <= strlen(v->string))   // crashes here
    {
        strcpy(v->string, s);
        return v->string;
    }"""
FRAGMENT = """    tj_value *item = tj_create_string("apple");
    ...
    tj_set_string(item, NULL);"""
ISSUE = f"""# Segmentation fault in tj_set_string

Passing NULL as the new string to `tj_set_string` crashes (a null pointer dereference), here:

```c
{QUOTED}
```

PoC:

```c
{FRAGMENT}
```
"""
SERVER_ISSUE = """# Heap buffer overflow in proto_reply

The server overflows its register buffer on a short request.

```
./tinysrv
printf '\\x01\\x08AAAAAAAA' | nc 127.0.0.1 7707
```
"""


def test_a_fragment_of_statements_is_told_from_quoted_library_code_and_shell_lines():
    assert called(FRAGMENT) == ("tj_create_string", "tj_set_string")
    assert not is_fragment(QUOTED)                 # a function's definition, cut short: the library's code
    assert not is_fragment("./tinysrv\nprintf 'x' | nc 127.0.0.1 7707")
    assert not is_fragment("int main(void) { tj_set_string(0, 0); }")       # a program, not a fragment
    assert not is_fragment("x = 1;")                                         # calls nothing


def test_a_fragment_is_completed_with_the_trees_headers_and_without_its_elisions():
    src = complete(FRAGMENT, ["include/tjson.h"], "/home/sandbox/workspace")
    assert '#include "/home/sandbox/workspace/include/tjson.h"' in src and "#include <string.h>" in src
    assert "int main(void)" in src and "..." not in src and 'tj_create_string("apple");' in src
    assert src.index('#include "/home') < src.index("int main") < src.index("tj_set_string(item, NULL)")


def test_a_crash_described_in_words_with_a_fragment_to_run_is_a_provisional_report():
    assert parse(ISSUE) is None                     # no sanitizer output, no backtrace
    report = described_crash(ISSUE)
    assert report is not None and report.kind == "sanitizer" and report.type == "SEGV"
    assert report.extra["named"][0] == "tj_set_string" and report.guilty.function == "tj_set_string"
    assert FRAGMENT in report.reproducers and QUOTED in report.reproducers
    # the quoted library code alone gives nothing to run: not a crash report here
    assert described_crash(ISSUE.split("PoC:")[0]) is None
    assert describe("it crashes sometimes, see `tj_set_string`", []) is None        # no memory error named


def test_the_functions_named_are_the_c_ones_not_the_english_words():
    assert named_functions("a segfault in function parse_value, in the parser, at mnote_get() in Line 3") == \
        ["parse_value", "mnote_get"]


def test_a_described_crash_is_accepted_when_the_run_passes_through_a_named_function_in_the_tree():
    want = describe(ISSUE, [])
    in_tree = lambda f: f.file == "tjson.c"      # noqa: E731
    def got(fn: str, file: str) -> CrashReport:
        return CrashReport("sanitizer", "SEGV", "t", frames=[Frame("strlen", "../sanitizer/x.inc", 3),
                                                             Frame(fn, file, 12), Frame("main", "/s/repro_1.c", 9)])
    assert accepts(want, got("tj_set_string", "tjson.c"), in_tree)
    assert not accepts(want, got("tj_other", "tjson.c"), in_tree)
    assert not accepts(want, got("tj_set_string", "/s/repro_1.c"), in_tree)      # the issue's program, not the tree
    assert not accepts(want, None, in_tree)


def test_a_program_that_serves_and_its_client_lines_make_a_server_recipe():
    report = described_crash(SERVER_ISSUE)
    assert report is not None and report.type == "heap-buffer-overflow" and report.extra["named"] == ["proto_reply"]
    (rec,) = recipes(SERVER_ISSUE, shell_snippets(report))
    assert rec.server == "./tinysrv" and rec.port == 7707 and "nc 127.0.0.1 7707" in rec.run
    script = rec.script()
    # the server in the background, the clients once it listens (7707 = 0x1E1B in /proc/net/tcp), then stopped
    assert "./tinysrv >\"$log\" 2>&1 &" in script and ":1E1B " in script
    assert script.index("&\nsrv=$!") < script.index("nc 127.0.0.1 7707") < script.index("kill $srv")
    assert "exit $rc" in script and "/dev/tcp/" in script        # nc, or bash's /dev/tcp where the image has none


def test_quoted_c_code_is_not_read_as_shell_lines():
    report = CrashReport("sanitizer", "SEGV", "t", reproducers=[QUOTED])
    assert shell_snippets(report) == []          # `return v->string;` is not a command to run


def test_inline_inputs_of_c_escapes_are_decoded():
    assert decode_input(r"\x7b\x22a\x22\x3a") == b'{"a":'
    assert decode_input('"\\x00\\x01AB"\n"\\xff\\xfe"') == b"\x00\x01AB\xff\xfe"
    assert decode_input('printf("\\x41\\x42 and a sentence of prose around it");') is None


def test_a_sentence_of_output_in_a_shell_fence_is_not_a_command():
    fence = "./bin/tool -h\nThis is the tool utility from the project.\n./bin/tool -i poc -o out"
    assert [r.run for r in recipes("", [fence])] == ["./bin/tool -h", "./bin/tool -i poc -o out"]


def test_a_described_crash_naming_no_function_takes_a_sanitizer_report_in_the_trees_code():
    want = describe("The PoC below crashes with a heap buffer overflow.", [])
    assert want is not None and want.extra["named"] == []
    in_tree = lambda f: f.file == "lib.c"      # noqa: E731
    far = CrashReport("sanitizer", "SEGV", "t", frames=[Frame("lib_write", "lib.c", 7)])   # the write landed far
    assert accepts(want, far, in_tree)
    assert not accepts(want, CrashReport("sanitizer", "SEGV", "t", frames=[Frame("main", "/s/repro_0.c", 3)]), in_tree)


def test_a_server_started_in_one_fence_serves_the_client_of_the_next():
    text = "Start it:\n\n```\n./srv --port 1502\n```\n\nthen:\n\n```\necho AAAA | base64 -d | nc localhost 1502\n```\n"
    (rec,) = recipes(text, ["./srv --port 1502", "echo AAAA | base64 -d | nc localhost 1502"])
    assert rec.server == "./srv --port 1502" and rec.port == 1502 and rec.run.endswith("nc localhost 1502")
    again = text + "\nThe server is `./srv --port 1502`.\n"          # named again alone: not a recipe of its own
    assert [r.server for r in recipes(again, ["./srv --port 1502", "echo AAAA | base64 -d | nc localhost 1502"])] \
        == ["./srv --port 1502"]


def test_a_fragment_may_end_with_a_block_but_a_whole_function_is_the_librarys_code():
    assert called("for (int i = 0; i < 3; i++) {\n    x_parse(buf, i);\n}") == ("x_parse",)
    assert not is_fragment("int foo(int a)\n{\n    return bar(a);\n}")


def test_a_fragment_in_an_untagged_fence_joins_the_reproducers():
    from agent.native.fragment import untagged_fragments
    text = ISSUE.replace("```c\n    tj_value", "```\n    tj_value")
    assert untagged_fragments(text, []) == [FRAGMENT]
    assert untagged_fragments(ISSUE, []) == []                    # tagged: the issue parser keeps it already
    report = described_crash(text)
    assert report is not None and FRAGMENT in report.reproducers
