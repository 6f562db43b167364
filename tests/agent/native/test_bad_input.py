"""Issue 39's bad input: an inline input too large to write is said in one line (it was noted on the
recipe and dropped, and the run then said the issue held no input)."""
from __future__ import annotations

import base64

from agent.native.recipe import MAX_INPUT, recipes, unused_inputs

BIG = base64.b64encode(bytes(range(256)) * (MAX_INPUT // 256 + 1)).decode()
ISSUE_BIG = f"Run `./tcfgarea crash.bin` on this file:\n\n```base64\n{BIG}\n```\n"
LINE = (f"the issue's inline input for `crash.bin` is {MAX_INPUT + 256} bytes, more than the 1 MiB crashfix writes "
        "into the sandbox: not written; give the command that makes the file with `--repro-cmd`")


def test_an_inline_input_too_large_is_one_line_and_not_written():
    (rec,) = recipes(ISSUE_BIG, [])
    assert rec.run == "./tcfgarea crash.bin" and rec.setup == []
    assert unused_inputs(ISSUE_BIG, []) == [LINE]
    small = "Run `./tcfgarea crash.bin` on this file:\n\n```base64\n" + base64.b64encode(b"w=3 and a little more").decode() + "\n```\n"
    assert unused_inputs(small, []) == [] and recipes(small, [])[0].setup
    assert unused_inputs(ISSUE_BIG, [], exists=lambda p: p == "crash.bin") == []     # the tree has the file
