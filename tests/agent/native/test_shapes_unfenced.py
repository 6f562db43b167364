"""An input file the prose gives unfenced after a line that names it (bench/native_shapes, issue 39):
lcc#46's `./rcc -target=x86/linux file.c , where file.c the following piece of C code:` then the code."""
from __future__ import annotations

import base64
import re

from agent.native.recipe import recipes

CODE = 'int main()\n{\n    printf("Hello World\\n");\n    return 0;\n}\n'
REPORT = ("==3559653==ERROR: AddressSanitizer: SEGV on unknown address (pc 0x0000007ae8e3 T0)\n"
          "    #0 0x7ae8e3 in listnodes /home/u/lcc/src/dag.c:176:35\n")


def written(text: str) -> dict[str, bytes]:
    out = {}
    for r in recipes(text, []):
        for line in r.setup:
            m = re.fullmatch(r"printf %s (\S+) \| base64 -d > (\S+)", line)
            if m:
                out[m.group(2)] = base64.b64decode(m.group(1))
    return out


def test_the_unfenced_code_after_the_line_naming_the_file_is_written_to_it():
    text = ("To reproduce:\n\n./rcc -target=x86/linux file.c , where file.c the following piece of C code:\n\n"
            + CODE + "\nHere I attach the full ASAN report\n\n" + REPORT)
    assert [r.run for r in recipes(text, [])] == ["./rcc -target=x86/linux file.c"]
    assert written(text) == {"file.c": CODE.encode()}


def test_output_prose_or_two_names_are_not_a_file_s_text():
    run = "./rcc file.c , where file.c {}:\n\n"
    # the paragraph after is the crash's output, or prose: nothing written
    assert written(run.format("gives the following") + REPORT) == {}
    assert written(run.format("has the following content") + "Just a main that prints a line.\n") == {}
    # the line says output follows, or names two files: which file is unknown
    assert written(run.format("prints the following output") + CODE) == {}
    assert written("./rcc file.c , where file.c and lib.c hold the following:\n\n" + CODE) == {}
