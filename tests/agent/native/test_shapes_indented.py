"""A pasted run in markdown's indented code block, not a fence (bench/native_shapes, issue 39): iir1#70's
`    iir1/build/demo/ecg50hzfilt` then the sanitizer's report, under a heading."""
from __future__ import annotations

from agent.native.recipe import indented_blocks, recipes


def runs(text: str) -> list[str]:
    return [r.run for r in recipes(text, [])]


REPORT = ("    AddressSanitizer:DEADLYSIGNAL\n"
          "    ==789==ERROR: AddressSanitizer: SEGV on unknown address 0x0000000000c0 (pc 0x7fbe07a64bec T0)\n"
          "        #0 0x7fbe07a64bec in __vfscanf_internal stdio-common/vfscanf-internal.c:345\n")


def test_the_command_before_the_report_in_an_indented_block_runs():
    text = ("## I did this\nLaunched the demo\n\n## I got the following\n"
            "    iir1/build/demo/ecg50hzfilt\n" + REPORT)
    assert runs(text) == ["iir1/build/demo/ecg50hzfilt"]
    # after a blank line too
    assert runs("I got this:\n\n    ./tools/conv in.bin\n" + REPORT) == ["./tools/conv in.bin"]


def test_an_indented_line_that_goes_on_a_paragraph_or_a_list_item_is_not_a_block():
    # markdown: an indented line cannot interrupt a paragraph; a list item's indented paragraph is its text
    assert runs("I ran it and got\n    tools/conv in.bin\n" + REPORT) == []
    assert runs("- first I built it\n\n    tools/conv in.bin\n" + REPORT) == []
    assert indented_blocks("```\n    ./x a\n```\n") == []           # a fence's indented lines are the fence's


def test_an_indented_block_with_no_crash_in_it_gives_no_command():
    assert runs("Output:\n\n    ./configure done\n    src/x.c:3: warning: unused\n    build/tool ran\n") == []
