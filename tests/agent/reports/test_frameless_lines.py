"""Crash lines pasted without any frame, as real reports paste them (issue 36): a JVM class named
inside a line, a sanitizer's line without `==PID==ERROR:`, a kernel oops's first line, a Go runtime
panic alone, a Python exception after a few words and a colon, CPython's message without its name.
Each stands alone (signature ""), never grouped with another project's."""
from agent.reports import parse_issue


def one(text):
    rep = parse_issue(text)
    assert rep is not None and rep.extra.get("frameless") and rep.signature == ""
    return rep


def test_a_jvm_class_inside_a_dashboard_line_a_log_line_or_a_title():
    bugsnag = ("java.lang.RuntimeException in StartActivity\n\n## Error in App\n\n"
               "**java.lang.RuntimeException** in **StartActivity**\nUnable to start activity ComponentInfo{a/b}\n\n"
               "## Stacktrace\n\n    ActivityThread.java:2684 - android.app.ActivityThread.performLaunchActivity\n")
    assert one(bugsnag).type == "java.lang.RuntimeException"
    log = ("Index 0 out-of-bounds\n\n在运行时报错，2019-06-05 00:47:00 ERROR [LoginWeibo] [loginAndGetGsid] "
           "java.lang.IndexOutOfBoundsException: Index 0 out-of-bounds for length 0  如上所示\n")
    rep = one(log)
    assert (rep.kind, rep.type) == ("jvm", "java.lang.IndexOutOfBoundsException")
    title = "The game crashed whilst ticking entity Error: java.lang.NullPointerException: Ticking entity\n\nkilling mobs"
    assert one(title).message == "Ticking entity"
    assert one("异常上报：kotlin.UninitializedPropertyAccessException: lateinit property x has not been initialized"
               "\n\n如题").type == "kotlin.UninitializedPropertyAccessException"


def test_a_sanitizer_line_without_its_pid_header():
    rep = one("AddressSanitizer: stack-buffer-overflow in testdrive in to_standard_notation_string\n\n"
              "```\n    [14256, 14280) 'v159'\n```\n")
    assert (rep.kind, rep.type, rep.guilty.function) == ("sanitizer", "stack-buffer-overflow", "to_standard_notation_string")
    log = ("WebRTC crash\n\n[2023-03-03 10:55:38.405][ERROR][1][a7][0] SUMMARY: AddressSanitizer: heap-use-after-free "
           "(/usr/local/srs/objs/srs+0x438f0f) in __interceptor_memcpy.part.0\n")
    rep = one(log)
    assert rep.type == "heap-use-after-free" and rep.guilty is None       # an interceptor is no culprit


def test_a_kernel_oops_first_line_alone():
    rep = one("Page fault (kernel oops)\n\nSimilar to #16\n\n"
              "`cachyos kernel: BUG: unable to handle page fault for address: 0000000000002420`\n")
    assert (rep.kind, rep.type) == ("kernel", "BUG: unable to handle page fault")
    arm = one("Kernel NULL pointer dereference\n\nsaw:\n` Unable to handle kernel NULL pointer dereference at virtual "
              "address 00000328`\n")
    assert arm.type == "BUG: kernel NULL pointer dereference"        # the title syzkaller gives it
    assert one("NMI watchdog: BUG: soft lockup - CPU stuck error\n\ntext").type == "BUG: soft lockup"
    assert parse_issue("Soft lockup\n\nthe machine feels like a soft lockup when busy") is None


def test_a_go_runtime_panic_alone():
    rep = parse_issue("Panic: assignment to entry in nil map\n\nThanks a lot!")     # Go's words (check.py)
    assert (rep.kind, rep.signature) == ("go", "") and rep.title.startswith("Panic: assignment to entry in nil map")
    rep = one("Fatal error: concurrent map writes\n\nit happens under load")
    assert (rep.type, rep.title) == ("fatal-error", "fatal error: concurrent map writes")
    assert parse_issue("slice index out of range when empty\n\nplease guard it") is None


def test_a_python_exception_after_words_and_a_colon_or_cpythons_message_alone():
    rep = one("运行报错：AttributeError: module 'numpy' has no attribute 'float'\n\n降级 numpy 即可")
    assert (rep.type, rep.message) == ("AttributeError", "module 'numpy' has no attribute 'float'")
    assert one("[BUG] 'NoneType' object is not subscriptable\n\nafter running the code").type == "TypeError"
    assert one("cannot import name fixup\n\nSince the last update").type == "ImportError"
    assert parse_issue("Docs: explain why a 'str' object is not callable here\n\nplease") is None


def test_more_lines_real_titles_and_logs_carry():
    # a title naming an ASan kind and the sanitizer in words
    rep = one("There is a heap-use-after-free detected by AddressSanitizer\n\nfixed when fixing #2072, thanks for the poc")
    assert (rep.kind, rep.type) == ("sanitizer", "heap-use-after-free")
    # java.lang's own simple name in a title (a game's crash report linked, not pasted)
    rep = one("NullPointerException while Ticking entity\n\nServer crashed.\n\nCrash log: https://pastebin.pl/view/d3c587c7")
    assert (rep.kind, rep.type) == ("jvm", "NullPointerException")
    # a blank inside the code span, the whole in bold
    rep = one("`AttributeError` in a Django project\n\nI get **` AttributeError: 'NoneType' object has no attribute "
              "'is_package'`**.\n")
    assert (rep.type, rep.message) == ("AttributeError", "'NoneType' object has no attribute 'is_package'")
    # python logging's default format, the program printing `Exception: ` before CPython's message
    rep = one("Fix exception\n\n```console\nERROR:Karl:Exception: 'NoneType' object is not subscriptable\n```\n")
    assert rep.type == "TypeError"
    assert parse_issue("Heap use after free?\n\nIs AddressSanitizer available on Windows?") is None
