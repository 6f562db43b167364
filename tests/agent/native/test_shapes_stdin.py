"""What the reporter typed at the prompt of the program the session started is that program's stdin
(bench/native_shapes, issue 39): osquery#953's `~ $ osqueryi` then `osquery> select …;`, quickjs-ng#1122's
`./qjs --include ./stanc.js` then `qjs > stanc(…)`. The run line stays the program's; the script feeds it."""
from __future__ import annotations

import subprocess

from agent.native.recipe import recipes

FENCE = "```\n{}\n```\n"
QUERY = "select * from process_open_files WHERE pid = (select pid from processes where name = 'mosh');"


def found(text: str):
    return recipes(text, [])


def test_a_query_typed_at_the_program_s_own_prompt_is_fed_to_its_stdin(tmp_path):
    text = "# osqueryi segfaulting\n\n" + FENCE.format(
        "~ $ osqueryi\n[...]\nConnected to a transient in-memory database.\nosquery> " + QUERY
        + "\nfish: Job 1, 'osqueryi' terminated by signal SIGSEGV (Address boundary error)")
    [rec] = found(text)
    assert rec.run == "osqueryi" and rec.stdin == [QUERY]
    # the script gives the program those lines on its stdin, as typed (quotes and all): run by a real shell
    # with `osqueryi` standing for a program that echoes its stdin
    tool = tmp_path / "osqueryi"
    tool.write_text("#!/bin/sh\ncat\n")
    tool.chmod(0o755)
    out = subprocess.run(["bash", "-c", rec.script()], capture_output=True, text=True,
                         env={"PATH": f"{tmp_path}:/usr/bin:/bin"}, check=True)
    assert out.stdout == QUERY + "\n"


def test_a_shell_snippet_s_repl_line_is_the_stdin_of_the_program_just_started():
    fence = "wget https://example.org/stanc.js\n./qjs --include ./stanc.js \nqjs > stanc(\"model_name\",\"data{}\")\n"
    [rec] = recipes(FENCE.format(fence.rstrip("\n")), [fence.rstrip("\n")])
    assert rec.run == "./qjs --include ./stanc.js" and rec.stdin == ['stanc("model_name","data{}")']


def test_a_prompt_of_another_program_or_output_is_not_stdin():
    # `db> …` is no prompt of osqueryi: output, left out
    [rec] = found(FENCE.format("$ osqueryi\ndb> select 1;\nSegmentation fault"))
    assert rec.stdin == [] and rec.script() == "osqueryi"
    # the run line gives its own stdin: the typed line is not piped over it
    [rec] = found(FENCE.format("$ ./qjs < in.js\nqjs > 1+1\nSegmentation fault"))
    assert rec.stdin == []


def test_a_redirect_to_a_file_is_not_typed_at_the_prompt():
    # `tool > out.txt` after `./tool a`: one word that names a file, not a line typed at tool's prompt
    fence = "./tool a\ntool > out.txt"
    [rec] = recipes(FENCE.format(fence), [fence])
    assert rec.stdin == []
