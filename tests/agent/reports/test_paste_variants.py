"""Crash reports as the triage benchmark (bench/bench_triage.py) found real users paste them and the
parsers missed: JVM frames pasted unindented, `at a.B.m (B.java:4)` (the Play Console's space), logcat
lines with a `date time:` prefix, frames whose exception is named only in the title, and a build
tool's own failure trace (not a crash)."""
from __future__ import annotations

import pytest

from agent.reports import parse_issue


def test_jvm_frames_pasted_without_indentation():
    text = ("App dies on start\n\n"
            "Exception in thread \"main\" java.lang.IllegalStateException: no config\n"
            "at org.acme.app.Settings.load(Settings.kt:31)\n"
            "at org.acme.app.Main.main(Main.kt:12)\n"
            "Press any key to continue . . .")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "jvm"
    assert rep.type == "java.lang.IllegalStateException"
    assert rep.guilty.function == "org.acme.app.Settings.load" and rep.guilty.line == 31


def test_jvm_frames_with_a_space_before_the_parenthesis_and_blank_lines_between():
    text = ("Crash report 2.1\n\n```\nCaused by: java.lang.IllegalArgumentException: \n\n \n"
            "  at org.acme.reader.core.Page.render (Page.java:88)\n\n \n"
            "  at org.acme.reader.ui.ReaderActivity.onCreate (ReaderActivity.java:40)\n```")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "jvm" and rep.type == "java.lang.IllegalArgumentException"
    assert rep.guilty.function == "org.acme.reader.core.Page.render" and rep.guilty.line == 88


def test_logcat_lines_with_a_date_and_time_prefix():
    text = ("Crash on rotate\n\n"
            "03-02 10:01:02.345: E/AndroidRuntime(4242): FATAL EXCEPTION: main\n"
            "03-02 10:01:02.345: E/AndroidRuntime(4242): java.lang.ArithmeticException: divide by zero\n"
            "03-02 10:01:02.345: E/AndroidRuntime(4242):    at org.acme.calc.Engine.ratio(Engine.java:17)\n"
            "03-02 10:01:02.345: E/AndroidRuntime(4242):    at android.os.Looper.loop(Looper.java:137)\n")
    rep = parse_issue(text)
    assert rep is not None and rep.type == "java.lang.ArithmeticException"
    assert rep.guilty.function == "org.acme.calc.Engine.ratio"


def test_frames_whose_exception_is_named_only_in_the_title():
    text = ("Crash: java.lang.NullPointerException while saving\n\n"
            "\tat org.acme.store.Vault.put(Vault.java:120)\n"
            "\tat org.acme.store.Vault.save(Vault.java:77)\n")
    rep = parse_issue(text)
    assert rep is not None and rep.type == "java.lang.NullPointerException"
    assert rep.guilty.function == "org.acme.store.Vault.put"


def test_frames_alone_with_no_exception_named_anywhere_are_no_report():
    text = "Slow start\n\nThe profiler shows\n    at org.acme.boot.Init.scan(Init.java:9)\n    at org.acme.boot.Init.run(Init.java:3)\n"
    assert parse_issue(text) is None


def test_a_build_tools_own_failure_trace_is_not_a_crash():
    text = ("Module does not build\n\n```\n"
            "[ERROR] /src/main/java/org/acme/App.java:[12,5] cannot find symbol\n"
            "org.apache.maven.lifecycle.LifecycleExecutionException: Failed to execute goal: Compilation failure\n"
            "    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:215)\n"
            "    at org.apache.maven.cli.MavenCli.main (MavenCli.java:199)\n"
            "Caused by: org.apache.maven.plugin.compiler.CompilationFailureException: Compilation failure\n"
            "    at org.apache.maven.plugin.compiler.AbstractCompilerMojo.execute (AbstractCompilerMojo.java:1215)\n"
            "```")
    assert parse_issue(text) is None


def test_a_crash_inside_the_build_tool_is_still_a_crash():
    text = ("NPE in the resolver\n\n"
            "java.lang.NullPointerException: version is null\n"
            "    at org.apache.maven.project.Resolver.pick (Resolver.java:40)\n"
            "    at org.apache.maven.cli.MavenCli.main (MavenCli.java:199)\n")
    rep = parse_issue(text)
    assert rep is not None and rep.type == "java.lang.NullPointerException"


@pytest.mark.parametrize("line, place", [
    # the message on the location's own line (Rust >= 1.73, pasted on one line)
    ("thread 'main' panicked at src/cli/args.rs:41:17:    called `Option::unwrap()` on a `None` value", "args.rs"),
    ("thread panicked at 'called `Option::unwrap()` on a `None` value', src/codec/frame.rs:64:45", "frame.rs"),
    ("> thread 'main' panicked at 'index out of bounds: the len is 2 but the index is 2', src/grid.rs:9:5",
     "grid.rs"),
])
def test_rust_panic_lines_as_pasted(line, place):
    rep = parse_issue("It panics\n\n" + line + "\n\nAny idea?")
    assert rep is not None and rep.kind == "rust" and rep.type == "panic"
    assert rep.guilty is not None and rep.guilty.file.endswith(place)


def test_a_rust_panic_placed_in_the_standard_library_names_no_place_and_groups_nothing():
    a = parse_issue("Panics\n\n    panicked at 'called `Result::unwrap()` on an `Err` value: ()', libcore/result.rs:945")
    b = parse_issue("Crash\n\nthread '<main>' panicked at 'called `Result::unwrap()` on an `Err` value: ()', "
                    "/checkout/src/libcore/result.rs:729")
    assert a is not None and b is not None and a.kind == b.kind == "rust"
    assert a.guilty is None and b.guilty is None
    assert a.signature == "" and b.signature == ""


def test_a_go_runtime_panic_without_any_go_file_is_a_go_report_and_a_singleton():
    a = parse_issue("panic: runtime error: index out of range\n\nwhen I run `tool -c x.yml`")
    b = parse_issue("Crash\n\npanic: runtime error: index out of range\n")
    assert a is not None and a.kind == "go" and a.type == "index out of range"
    assert b is not None and b.kind == "go"
    assert a.signature == "" and b.signature == ""        # no place: two projects' panics are not one crash
    c = parse_issue("Workers die\n\nfatal error: concurrent map writes\n")
    assert c is not None and c.kind == "go" and c.signature == ""


def test_a_c_compilers_fatal_error_is_no_go_crash():
    assert parse_issue("Build fails\n\nfoo.c:1:10: fatal error: bar.h: No such file or directory\n"
                       "compilation terminated.") is None


@pytest.mark.parametrize("text, kind, typ", [
    ("Training stops\n\nRuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB", "python", "RuntimeError"),
    ("AttributeError: module 'numpy' has no attribute 'float'\n\nafter upgrading", "python", "AttributeError"),
    ("Loader fails\n\n```\nacme.errors.ConfigError: no [server] section\n```", "python", "acme.errors.ConfigError"),
    ("Fix crash in Main.kt line 40\n\n### Reason ###\n\njava.lang.IllegalStateException\n", "jvm",
     "java.lang.IllegalStateException"),
    ("FATAL EXCEPTION: main java.lang.RuntimeException: Unable to start activity\n\nplease fix", "jvm",
     "java.lang.RuntimeException"),
])
def test_an_exception_line_pasted_without_frames_is_a_crash_that_stands_alone(text, kind, typ):
    rep = parse_issue(text)
    assert rep is not None and rep.kind == kind and rep.type == typ
    assert rep.frames == [] and rep.guilty is None
    assert rep.signature == ""           # no place: never grouped with another project's same message


@pytest.mark.parametrize("text", [
    "what is a KeyError in Python?\n\nI get one when I index a dict.",
    "Feature: retry on TimeoutError\n\nIt would be nice to retry when a TimeoutError happens.",
    "Docs\n\nA NullPointerException occurs when you use a reference that is null.",
    "Build\n\n[ERROR] Failed to execute goal\n"
    "org.apache.maven.lifecycle.LifecycleExecutionException: Failed to execute goal: Compilation failure\n",
    "error: Microsoft Visual C++ 14.0 or greater is required.\nERROR: Failed building wheel for x",
    "Error: something\n\nException\n",
])
def test_a_sentence_that_names_an_exception_is_no_crash_line(text):
    assert parse_issue(text) is None


def test_gdbs_stop_line_without_a_backtrace_is_frame_zero():
    text = ("Segfault in the decoder\n\n```\n(gdb) r sample.bin\nStarting program: /opt/tool/decode sample.bin\n\n"
            "Program received signal SIGSEGV, Segmentation fault.\n"
            "0x00005555555551a9 in read_block (ctx=ctx@entry=0x55555555a2a0,\n"
            "    kind=BLOCK_HEADER) at src/block.c:88\n"
            "88\t    return ctx->table[i].len;\n(gdb)\n```")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "gdb" and rep.type == "SIGSEGV"
    assert (rep.guilty.function, rep.guilty.file, rep.guilty.line) == ("read_block", "src/block.c", 88)
    assert rep.signature == "gdb:SIGSEGV:read_block:block.c"


def test_a_signal_line_without_a_stop_line_or_backtrace_has_no_frame():
    rep = parse_issue("Crash\n\nProgram received signal SIGSEGV, Segmentation fault.\n\nAny idea?")
    assert rep is not None and rep.type == "SIGSEGV" and rep.frames == [] and rep.signature == ""


def _lockup(prefix: str, cpu: int, task: str) -> str:
    return (f"Machine froze\n\n```\n{prefix}watchdog: BUG: soft lockup - CPU#{cpu} stuck for 23s! [{task}]\n"
            "Modules linked in: foo bar\n"
            f"CPU: {cpu} PID: 77 Comm: {task} Tainted: G L 6.1.0 #1\n"
            "Hardware name: QEMU Standard PC (i440FX + PIIX, 1996)\n```\n")


def test_two_machines_corrupted_kernel_reports_are_not_one_crash_by_their_generic_title():
    a = parse_issue(_lockup("[ 128.17] ", 3, "swapper/3:0"))
    b = parse_issue(_lockup("kernel: [405108.69] ", 2, "chia_plot:29632"))
    assert a is not None and b is not None and a.kind == b.kind == "kernel"
    if a.corrupted and b.corrupted:
        assert a.signature != b.signature
    again = parse_issue(_lockup("[ 128.17] ", 3, "swapper/3:0"))
    assert again.signature == a.signature           # the same report pasted twice still groups


def test_the_message_of_a_frameless_line_keeps_its_own_quotes():
    assert parse_issue("x\n\nKeyError: 'sig'\n").message == "'sig'"
    assert parse_issue('x\n\n"RuntimeError: CUDA out of memory"\n').message == "CUDA out of memory"


@pytest.mark.parametrize("text", [
    "It crashes\n\n```console\n$ tool export data.bin\nEnter passphrase:\nSegmentation fault (core dumped)\n```",
    "Crash\n\nError information:\nA signal 11 (Segmentation fault) was received.\n",
])
def test_a_segmentation_fault_announced_alone_is_a_native_crash_that_stands_alone(text):
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "gdb" and rep.type == "SIGSEGV"
    assert rep.frames == [] and rep.signature == ""


def test_prose_about_segmentation_faults_is_no_crash():
    assert parse_issue("Nicer handler\n\nA Segmentation fault message alone is not helpful; print the "
                       "signal's address too.") is None


def test_a_sanitizer_report_cut_to_its_summary_line_names_its_place():
    text = ("ASan in the session code\n\n```\n    #3 0x7f00 in start_thread\n\n"
            "SUMMARY: AddressSanitizer: heap-use-after-free /src/libnet/session.c:212 in session_close.part.0\n"
            "Shadow bytes around the buggy address:\n```")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "sanitizer" and rep.type == "heap-use-after-free"
    assert (rep.guilty.function, rep.guilty.file, rep.guilty.line) == ("session_close", "/src/libnet/session.c", 212)
    assert rep.signature == "sanitizer:heap-use-after-free:session_close:session.c"


def test_a_title_holding_a_traceback_head_does_not_hide_the_pasted_traceback():
    text = ("Traceback (most recent call last): TypeError: 'NoneType' object is not subscriptable\n\n"
            "Traceback (most recent call last):\n"
            '  File "C:\\\\tools\\\\planner\\\\run.py", line 28, in <module>\n    jobs = load_jobs(cfg)\n'
            '  File "C:\\\\tools\\\\planner\\\\planner\\\\jobs.py", line 40, in load_jobs\n    job.name = info["name"]\n'
            "TypeError: 'NoneType' object is not subscriptable\n")
    rep = parse_issue(text)
    assert rep is not None and rep.type == "TypeError" and rep.guilty.function == "load_jobs"


def test_a_go_package_built_outside_gopath_is_the_programs_own_code():
    text = ("panic on start\n\npanic: runtime error: index out of range\n\ngoroutine 1 [running]:\n"
            "_/home/dev/tool/commands.init.3()\n\t/home/dev/tool/commands/root.go:78 +0x7df\n"
            "main.init()\n\t/home/dev/tool/main.go:46 +0x47\n")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "go"
    assert rep.guilty.function == "_/home/dev/tool/commands.init.3"


def test_a_jvm_trace_of_framework_frames_only_names_no_guilty_frame_but_is_still_told_apart():
    text = ("Crash on launch\n\njava.lang.RuntimeException: Unable to start activity\n"
            "\tat android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2059)\n"
            "\tat android.os.Looper.loop(Looper.java:137)\n")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "jvm" and rep.guilty is None
    assert rep.signature == "jvm:RuntimeException:android.app.ActivityThread.performLaunchActivity"


@pytest.mark.parametrize("text, typ, message", [
    ("Numpy\n\nI get the error 'AttributeError: module numpy has no attribute float' on 1.24",
     "AttributeError", "module numpy has no attribute float"),
    ("Training\n\nwhen I run train.py I find this error ```RuntimeError: CUDA out of memory. Tried```",
     "RuntimeError", "CUDA out of memory. Tried"),
    ("Streams\n\nAt **yt.streams** I'm getting this **KeyError: 'streamingData'** Error.", "KeyError",
     "'streamingData'"),
])
def test_an_exception_line_quoted_inside_a_sentence(text, typ, message):
    rep = parse_issue(text)
    assert rep is not None and rep.type == typ and rep.message == message and rep.signature == ""


@pytest.mark.parametrize("text", [
    "Retry\n\nPlease catch `TimeoutError` and retry.",
    "Docs\n\nThe function raises `ValueError` when x < 0.",
])
def test_an_exception_named_in_quotes_without_its_message_is_no_crash(text):
    assert parse_issue(text) is None


def test_a_rust_panic_line_in_inline_code():
    rep = parse_issue("Panics\n\n`thread 'main' panicked at 'attempt to subtract with overflow', src/board.rs:40:9`")
    assert rep is not None and rep.kind == "rust" and rep.guilty.file == "src/board.rs"


def test_a_go_runtime_error_pasted_without_its_panic_prefix():
    text = ("Crash\n\n```\nruntime error: index out of range [3] with length 3\n\ngoroutine 7 [running]:\n"
            "github.com/acme/tool/sched.(*Queue).Pop(0xc000010000)\n"
            "\t/src/github.com/acme/tool/sched/queue.go:52 +0x1b7\n```")
    rep = parse_issue(text)
    assert rep is not None and rep.kind == "go" and rep.type == "index out of range"
    assert rep.guilty.function == "github.com/acme/tool/sched.(*Queue).Pop"


def test_a_comprehensions_frame_stands_for_the_function_it_is_written_in():
    text = ("Traceback (most recent call last):\n"
            '  File "/usr/lib/python3.11/site-packages/tally/stats.py", line 30, in summarise\n'
            "    return [row[key] for row in rows]\n"
            '  File "/usr/lib/python3.11/site-packages/tally/stats.py", line 30, in <listcomp>\n'
            "    return [row[key] for row in rows]\n"
            "KeyError: 'total'\n")
    rep = parse_issue("KeyError in summarise\n\n" + text)
    assert rep is not None and rep.guilty.function == "summarise"
