"""A Go runtime panic is Go's by its own words, whatever precedes them or their case (issue 36): before,
these were read as a C assertion (`panic:`) and routed to the native family."""
from agent.reports import parse_issue
from agent.reports.families import family_for


def go(text):
    rep = parse_issue(text)
    assert rep is not None and family_for(rep.kind).name == "go", rep and (rep.kind, rep.type)
    return rep


def test_a_title_in_capitals_and_markdown_inside_the_message():
    rep = go("Panic: runtime error: invalid memory address or nil pointer dereference, signal 0xb code=0x1\n\n"
             "panic: runtime error: invalid memory address or **nil pointer** dereference\n"
             "[signal 0xb code=0x1 **addr=0x0** pc=0x47ab4b]\n\nIt panics early.\n")
    assert rep.type == "invalid memory address"


def test_no_blank_after_the_colons():
    rep = go("Having issue when executing the demo\n\npanic:runtime error:invalid memory address or nil pointer "
             "dereference\ngoroutine 1 [running]:\n")
    assert rep.type == "invalid memory address"


def test_a_web_frameworks_log_line_with_its_frames():
    log = ("Fix PANIC on event\n\n```\n"
           "Feb 26 07:08:28 srv srv[13880]: [Macaron] PANIC: assignment to entry in nil map\n"
           "Feb 26 07:08:28 srv srv[13880]: /usr/lib/go/src/runtime/map_faststr.go:204 (0x4144ac)\n"
           "Feb 26 07:08:28 srv srv[13880]: /build/src/github.com/acme/srv/pkg/db/task.go:86 (0x1c74fe4)\n```\n")
    assert go(log).message.startswith("assignment to entry in nil map")


def test_an_envoy_style_assertion_stays_native():
    rep = parse_issue("crash\n\n[2020-01-01 00:00:00.000][1][critical][assert] [source/common/x.cc:12] panic: not reached\n")
    assert rep is None or family_for(rep.kind).name != "go"
