"""Commands the prose names in a sentence that says they reproduce the crash (bench/native_shapes, issue 39):
"To reproduce: `r2 -A f`" (radare2#6816), "run with the command `mobitool -i7m $file`" (libmobi#16),
"CMD : radare2 -Acq i [FILE]" (radare2#6911), "run this command: ./yara -C [PoC](…/HBO_4) …" (yara#1946),
"Please use ./btoruntrace $POC to reproduce" (boolector#42), "ran '''./parda.x …'''" (parda#1). A sentence
that only looks like one gives nothing: a wrong command is worse than none."""
from __future__ import annotations

import pytest

from agent.native.recipe import recipes


def runs(text: str) -> list[str]:
    return [r.run for r in recipes(text, [])]


@pytest.mark.parametrize("text, want", [
    ("Payload in the PR.\n\nTo reproduce: `r2 -A r2_dex_parse_debug_item `\n", "r2 -A r2_dex_parse_debug_item"),
    ("We found it when we run with the command `mobitool -i7m $file`. Someone else found others.\n",
     "mobitool -i7m '$file'"),
    ("OS: Ubuntu 16.04.1 LTS x64\n\nCMD : radare2 -Acq i [FILE]\n\nASAN log:\n", "radare2 -Acq i '[FILE]'"),
    ("2, run this command: ./yara -C [PoC](https://example.org/seeds/yara/HBO_4) "
     "[binFile](https://example.org/seeds/yara/hello_gmon)\n", "./yara -C HBO_4 hello_gmon"),
    ("Here are the POC files. Please use ./btoruntrace $POC to reproduce the bug.\n", "./btoruntrace '$POC'"),
    ("I ran '''./parda.x --input=normal.trace --lines=137979 > seq.hist'''. Then it crashed.\n",
     "./parda.x --input=normal.trace --lines=137979 > seq.hist"),
])
def test_a_command_the_sentence_says_reproduces_the_crash_runs(text, want):
    assert runs(text) == [want]


@pytest.mark.parametrize("text", [
    "To reproduce: build with ASAN and run the test suite\n",
    "I was not able to reproduce: it does not crash on master.\n",
    "To reproduce: Open the file in the viewer\n",
    "Command: make check\n",
    "We wrote '''Hello world''' in the field.\n",
    "Please use the latest release to reproduce it.\n",
    "To reproduce: first build it, then run it -v\n",
])
def test_a_sentence_that_only_looks_like_a_command_gives_none(text):
    assert runs(text) == []


def test_a_cued_command_the_prose_already_runs_is_one_recipe_with_its_set_up():
    text = "To reproduce: `./prog f`\n\nThe file is made with `echo x > f` first.\n"
    assert [(r.setup, r.run) for r in recipes(text, [])] == [([], "./prog f")]


def test_unpacking_the_attachment_is_not_the_command():
    assert runs("CMD : tar -xf poc.tar.gz\n") == []
    assert runs("To reproduce: `unzip -o POC.zip`\n") == []
