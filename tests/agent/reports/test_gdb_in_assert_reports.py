"""A glibc assert pasted with a gdb backtrace (`bt`) of the abort: gdb's frames (`in f (args) at
file.c:N`, arguments wrapped onto the next lines) are read as gdb writes them, and when the pasted
stack stops in the runtime (raise, abort, __assert_fail), the function glibc's message names is the
guilty frame."""
from __future__ import annotations

from agent.reports import parse_issue
from agent.reports.frames import first_stack

REPORT = """Running the tool on this input aborts:

```
$ ./tool parse <<< '[1, {"a": 0}]'
tool: src/conv.c:212: conv_join: Assertion `kind_of(v) == KIND_STR' failed.
Aborted (core dumped)
```

```
(gdb) bt
#0  0x00007ffff7a42e97 in __GI_raise (sig=sig@entry=6) at ../sysdeps/unix/sysv/linux/raise.c:51
#1  0x00007ffff7a44801 in __GI_abort () at abort.c:79
#2  0x00007ffff7a3439a in __assert_fail_base (fmt=0x7ffff7bbb7d8 "%s%s%s:%u: %s%sAssertion `%s' failed.\\n%n", assertion=assertion@entry=0x5555 "kind_of(v) == KIND_STR", 
    file=file@entry=0x5555 "src/conv.c", line=line@entry=212, 
    function=function@entry=0x5556 <__PRETTY_FUNCTION__.3> "conv_join") at assert.c:92
#3  0x00007ffff7a34412 in __GI___assert_fail (assertion=0x5555 "kind_of(v) == KIND_STR", file=0x5555 "src/conv.c", 
```
"""


def test_gdb_frames_keep_their_function_names():
    frames, _ = first_stack(REPORT.split("\n"), 0)
    assert [f.function for f in frames] == ["__GI_raise", "__GI_abort", "__assert_fail_base", "__GI___assert_fail"]
    assert (frames[0].file, frames[0].line) == ("../sysdeps/unix/sysv/linux/raise.c", 51)


def test_the_asserting_function_is_guilty_when_the_stack_stops_in_the_runtime():
    rep = parse_issue(REPORT, "owner/tool")
    assert rep is not None and rep.type == "assert"
    assert (rep.guilty.function, rep.guilty.file, rep.guilty.line) == ("conv_join", "conv.c", 212)
    assert rep.signature == "sanitizer:assert:conv_join:conv.c"


def test_a_program_frame_on_the_stack_is_still_the_guilty_one():
    more = REPORT.rstrip("`\n") + "\n#4  0x0000555555561234 in conv_list (v=...) at src/conv.c:240\n```\n"
    rep = parse_issue(more, "owner/tool")
    assert rep.guilty.function == "conv_list"
