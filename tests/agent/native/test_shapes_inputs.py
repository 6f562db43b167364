"""Inputs a real issue shows in a fence that it names (bench/native_shapes, issue 39): `example.s:` on
the line before the fence (stoke#544), "Save the content below as `hex.txt`" before an xxd dump that
`xxd -r hex.txt > PoCfile` turns into the file `r2 PoCfile` reads (radare2#20354), and a prose line's
command cut where its sentence goes on (`./rcc -target=x86/linux file.c , where file.c …`, lcc#46)."""
from __future__ import annotations

import base64
import re
import shutil

import pytest

from agent.native.recipe import recipes

STOKE = """example.s:

```
  .text
  .globl example
example:
  retq
```

Then:

```
$ stoke testcase --target example.s
Error on line 0: syntax error, unexpected COLON, expecting ENDL
```
"""

R2 = """2. Make a PoC file with size of just 32 bytes. Save the content below as `hex.txt`
```
00000000: 5841 4c5a 0000 0010 009a 454c 4680 009a  XALZ......ELF...
```
`xxd -r hex.txt > PoCfile` to create the poc file
3. `r2 PoCfile`, the program will crash immediately
"""


def written(setup: str) -> bytes:
    m = re.match(r"printf %s (\S+) \| base64 -d > (\S+)$", setup)
    assert m, setup
    return base64.b64decode(m.group(1))


def test_a_fence_named_by_the_line_before_it_is_the_file_the_command_reads():
    [rec] = recipes(STOKE, [])
    assert rec.run == "stoke testcase --target example.s"
    assert len(rec.setup) == 1 and rec.setup[0].endswith("> example.s")
    assert written(rec.setup[0]) == b"  .text\n  .globl example\nexample:\n  retq\n"


def test_a_file_of_the_tree_is_never_overwritten_by_a_named_fence():
    [rec] = recipes(STOKE, [], exists=lambda p: p == "example.s")
    assert rec.setup == []


def test_a_program_named_bare_runs_when_it_reads_the_file_a_set_up_line_made():
    [rec] = recipes(R2, [])
    assert rec.run == "r2 PoCfile"
    assert rec.setup[1] == "xxd -r hex.txt > PoCfile"                       # the issue's own step, after
    assert written(rec.setup[0]).startswith(b"00000000: 5841 4c5a")          # the dump it reads, as shown
    # the same program named bare with nothing made for it is prose, not a command
    assert recipes("Run `r2 PoCfile` to see it.", []) == []


def test_a_prose_command_ends_where_its_sentence_goes_on():
    text = "To reproduce:\n\n./rcc -target=x86/linux file.c , where file.c the following piece of C code:\n"
    assert [r.run for r in recipes(text, [])] == ["./rcc -target=x86/linux file.c"]
    quoted = "./prog --sep ', ' in.csv\n"
    assert [r.run for r in recipes(quoted, [])] == ["./prog --sep ', ' in.csv"]


def test_an_input_given_whole_in_inline_code_is_written_to_the_file_the_run_reads():
    # Buzz#48: the input file's entire content is the inline code, the run names the file
    text = ("An example input file causing a crash is: `r|r#` (yes, that's the entire program)\n\n"
            "The file can be executed as `./bzzasm id_filename /tmp/1 /tmp/2` to cause a seg fault.\n")
    [rec] = recipes(text, [])
    assert rec.run == "./bzzasm id_filename /tmp/1 /tmp/2"
    assert len(rec.setup) == 1 and rec.setup[0].endswith("> id_filename") and written(rec.setup[0]) == b"r|r#"
    # inline code that is not said to be the input stays prose
    other = "The option `r|r#` is odd.\n\n`./bzzasm id_filename /tmp/1 /tmp/2`\n"
    assert [r.setup for r in recipes(other, [])] == [[]]


ASAN = """```
=================================================================
==31337==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000013 at pc 0x5612 bp 0x7ffc sp 0x7ffc
READ of size 1 at 0x602000000013 thread T0
    #0 0x561234 in tini_value /home/me/tini/tini.c:10
    #1 0x561235 in main /home/me/tini/tinicat.c:11

SUMMARY: AddressSanitizer: heap-buffer-overflow /home/me/tini/tini.c:10 in tini_value
```
"""


@pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("make") is None, reason="no gcc/make on this host")
def test_the_named_fence_is_the_file_the_real_run_crashes_on(tmp_path):
    """The local sandbox and the host's gcc (tests/support/tini: tinicat reads a file; a file without '='
    makes tini_value read past it): the issue shows `bad.ini:` in a fence and runs `./tinicat bad.ini`."""
    from gitrepo import make_repo
    from tini import HEADER, LIB, MAKEFILE, TOOL

    from agent.native.build import detect
    from agent.native.reproduce import reproduce
    from agent.reports import parse
    from sandbox import open_sandbox
    text = ("heap-buffer-overflow in tini_value\n\nbad.ini:\n\n```\n[section]\nkey\n```\n\n"
            "```\n$ ./tinicat bad.ini\n```\n\n" + ASAN)
    repo = make_repo(tmp_path / "r", {"tini.c": LIB, "tini.h": HEADER, "tinicat.c": TOOL, "Makefile": MAKEFILE})
    files = ["Makefile", "tini.c", "tini.h", "tinicat.c"]
    rep = parse(text)
    with open_sandbox("local", repo) as sb:
        assert sb.run("make CFLAGS='-fsanitize=address -g' LD='gcc -fsanitize=address'", timeout=120).ok
        found = reproduce(sb, rep, detect(files, lambda p: MAKEFILE), files, None, tries=1, text=text)
    got = found.reproduction
    assert got.reproduced, [(a.how, a.command, a.output_tail[-600:]) for a in got.attempts]
    assert got.how == "reproducer recipe" and "> bad.ini" in got.command
    assert got.observed.guilty.function == "tini_value"
