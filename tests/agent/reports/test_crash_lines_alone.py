"""Crash lines pasted without their report, read by general rules: Go's `invalid memory address` however the
line ends, Rust's own unwrap message retold with its place, a kernel oops pasted from its task line on (its
head not copied), a kernel title in the printk's words, a JVM program's crash report cut before its
exception. And what stays no crash."""
from agent.reports import parse_issue


def test_a_go_nil_dereference_line_ending_otherwise_is_a_go_crash():
    rep = parse_issue("Runtime error: invalid memory address when syncing two remotes\n\nhappens on `tool sync`")
    assert rep is not None and rep.kind == "go" and rep.type == "invalid memory address"


def test_rusts_unwrap_message_retold_with_its_place_is_a_rust_panic():
    text = ("Crash when the config is missing\n\nThe CLI stops at src/cli/args.rs:42:17 and says "
            "called `Result::unwrap()` on an `Err` value: Os { code: 2 }")
    rep = parse_issue(text, "someone/sometool")
    assert rep.kind == "rust" and rep.type == "panic"
    assert rep.message == "called `Result::unwrap()` on an `Err` value"
    assert (rep.guilty.file, rep.guilty.line) == ("src/cli/args.rs", 42)
    # with its place, one crash with a full report of the same panic there
    full = parse_issue("thread 'main' panicked at src/cli/args.rs:42:17:\ncalled `Result::unwrap()` on an `Err` value",
                       "someone/sometool")
    assert rep.signature and rep.signature == full.signature


def test_an_unwrap_in_a_refactoring_request_is_no_crash():
    assert parse_issue("Replace unwrap calls\n\nWe should replace `Option::unwrap()` with `?` in the parser.") is None


SOFT = '''Soft lockup on boot with the new driver

dmesg after the freeze:
```
[  301.442113] Modules linked in: widget(OE) snd_hda_intel
[  301.442120] CPU: 3 PID: 1 Comm: systemd Not tainted 5.10.0-21-amd64 #1 Debian 5.10.162-1
[  301.442124] Hardware name: Example Board/Example, BIOS 1.2 01/01/2021
[  301.442127] RIP: 0010:widget_poll+0x2d/0x60 [widget]
```
'''


def test_a_kernel_oops_pasted_from_its_task_line_on_is_a_kernel_crash_named_by_the_title():
    rep = parse_issue(SOFT)
    assert rep.kind == "kernel" and rep.type == "BUG: soft lockup" and rep.title == "BUG: soft lockup"
    assert rep.extra["exception_from"] == "title"          # the triage comment says where the kind was read


def test_without_words_for_its_kind_it_says_the_head_was_not_pasted():
    rep = parse_issue("Freeze\n\n" + SOFT.split("\n", 2)[2].replace("after the freeze", "output"))
    assert rep.kind == "kernel" and rep.type == "UNKNOWN"
    assert rep.title == "kernel oops (its first line not pasted)" and rep.signature == ""


def test_a_title_in_the_printks_words_is_a_kernel_crash():
    rep = parse_issue("kernel NULL pointer dereference in widget_open\n\nLoading the module and opening /dev/widget "
                      "kills the shell; dmesg shows the oops.")
    assert rep.kind == "kernel" and rep.type == "BUG: kernel NULL pointer dereference"


def test_a_minecraft_crash_report_cut_before_its_exception():
    text = ("Game crashed while loading a world\n\n---- Minecraft Crash Report ----\n// Oops.\n\n"
            "Time: 2024-01-02 10:11:12\nDescription: Ticking block entity\n")
    rep = parse_issue(text, "someone/somemod")
    assert rep.kind == "jvm" and rep.type == "Throwable"
    assert rep.title == "Minecraft crash report: Ticking block entity"
    assert rep.signature == ""          # the phase (`Ticking block entity`) is every such crash's
