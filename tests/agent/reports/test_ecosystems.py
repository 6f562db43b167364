"""Crash reports of every ecosystem the README lists, as users paste them (issue 36): each kind has one
family that says how it is labelled, matched and whether crashfix fixes it; the guilty frame is the
innermost frame of the program's own code (never the reporter's script, the runtime or the standard
library); signatures tell different crashes apart and are never one generic key for frameless reports."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.reports import parse
from agent.reports.families import ALL, FAMILIES, family_for
from agent.reports.python import signature
from agent.triage import triage

HERE = Path(__file__).resolve().parent / "ecosystems"
REPORTS = Path(__file__).resolve().parents[3] / "agent" / "reports"

# file -> (kind, type, guilty function, guilty file's name)
GOLDEN = {
    "jvm_caused_by.txt": ("jvm", "java.io.IOException", "com.example.lib.Io.read", "Io.java"),
    "android_logcat.txt": ("jvm", "java.lang.IndexOutOfBoundsException", "com.acme.widgets.ListAdapter.onBind",
                           "ListAdapter.kt"),
    "rust_no_backtrace.txt": ("rust", "panic", "", "parser.rs"),
    "rust_backtrace.txt": ("rust", "panic", "mylib::lexer::Lexer::next_token", "lexer.rs"),
    "go_http_panic_serving.txt": ("go", "index out of range", "example.com/svc/handlers.(*API).Get", "api.go"),
    "go_nil_map.txt": ("go", "invalid memory address", "github.com/acme/tool/pkg/config.(*Loader).Load",
                       "loader.go"),
    "ipython8_site_packages.txt": ("python", "KeyError", "load", "core.py"),
    "headless.txt": ("python", "KeyError", "load", "core.py"),            # no `Traceback (most recent...` line
    "unindented.txt": ("python", "KeyError", "load", "core.py"),          # indentation lost in the paste
    "asan_noheader.txt": ("sanitizer", "heap-buffer-overflow", "parse_value", "json.c"),   # no ==PID==ERROR:
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_each_ecosystem_parses_with_the_programs_own_frame(name):
    kind, typ, function, file = GOLDEN[name]
    rep = parse((HERE / name).read_text())
    assert rep is not None and (rep.kind, rep.type) == (kind, typ)
    assert rep.guilty.function == function and rep.guilty.file.endswith(file)
    assert rep.signature.startswith(f"{kind}:") and ("sanitizer" not in rep.signature or kind == "sanitizer")


def test_the_jvm_root_cause_is_the_crash_and_the_wrapper_is_kept():
    rep = parse((HERE / "jvm_caused_by.txt").read_text())
    assert rep.extra["wrapper"]["type"] == "java.lang.NullPointerException"
    # `... 3 more`: the enclosing trace's last three frames complete the cause's
    assert [f.function for f in rep.frames][-2:] == ["com.example.lib.Api.load", "Main.main"]


def test_a_jvm_trace_inside_a_fenced_issue_with_prose_around_it():
    body = ("The server dies when the config is empty.\n\n```\n" + (HERE / "jvm_caused_by.txt").read_text()
            + "```\nRunning on Java 17.")
    rep = parse(body)
    assert rep is not None and rep.kind == "jvm" and rep.guilty.function == "com.example.lib.Io.read"


def test_go_standard_library_frames_are_never_guilty():
    rep = parse((HERE / "go_http_panic_serving.txt").read_text())
    assert not rep.guilty.function.startswith(("net/http.", "runtime.", "panic("))


def test_every_kind_a_parser_emits_has_exactly_one_family():
    emitted = set()
    for src in REPORTS.glob("*.py"):
        emitted |= set(re.findall(r"""kind\s*=\s*["'](\w+)["']""", src.read_text()))
    declared = [k for f in ALL for k in f.kinds]
    assert len(declared) == len(set(declared))                  # no kind in two families
    assert emitted <= set(FAMILIES), emitted - set(FAMILIES)     # every emitted kind is declared
    assert {"go", "rust", "jvm", "java", "cdb", "kernel", "gdb", "sanitizer", "python"} <= set(FAMILIES)


def test_kinds_crashfix_does_not_fix_have_their_own_label_and_no_path():
    for name in ("go_nil_map.txt", "rust_backtrace.txt", "jvm_caused_by.txt"):
        rep = parse((HERE / name).read_text())
        fam = family_for(rep.kind)
        assert not fam.fixes and fam.path is None
        assert triage(rep).labels == [f"crash:{fam.name}"]        # not crash:sanitizer, not the Python family


def test_python_blames_the_library_not_the_reporters_script_and_keeps_the_script_as_context():
    text = ('Traceback (most recent call last):\n'
            '  File "/home/bob/repro.py", line 3, in <module>\n    main()\n'
            '  File "/home/bob/repro.py", line 2, in main\n    pkgx.load("a")\n'
            '  File "/usr/lib/python3/dist-packages/pkgx/core.py", line 61, in load\n    return d["sig"]\n'
            '  File "/usr/lib/python3.11/json/__init__.py", line 9, in loads\n    raise x\n'
            "KeyError: 'sig'\n")
    rep = parse(text)
    assert rep.guilty.function == "load" and rep.extra["reporter_frame"]["function"] == "main"


def test_the_same_crash_from_two_scripts_has_one_signature_and_another_key_another():
    def tb(script: str, key: str) -> str:
        return ('Traceback (most recent call last):\n'
                f'  File "/home/u/{script}", line 3, in <module>\n    pkgx.load("a")\n'
                '  File "/venv/lib/python3.11/site-packages/pkgx/core.py", line 61, in load\n    return d[k]\n'
                f"KeyError: '{key}'\n")
    a, b, c = parse(tb("one.py", "sig")), parse(tb("other_name.py", "sig")), parse(tb("one.py", "url"))
    assert a.signature == b.signature and "one.py" not in a.signature
    assert a.signature != c.signature


def test_a_report_without_frame_or_message_is_no_generic_group():
    assert signature("ValueError", "", None) == ""
    assert signature("KeyError", "'x'", None) != signature("KeyError", "'y'", None)
    assert triage(parse("thread 'main' panicked at src/a.rs:1:2:\nboom\n")).signature != \
        triage(parse("thread 'main' panicked at src/b.rs:1:2:\nboom\n")).signature


def test_triage_reads_the_issue_as_the_fix_run_does_nothing_github_hides():
    from agent.reports.guarded import GuardedParser
    # (not the IPython paste: its `---> 61` arrow ends an HTML comment on GitHub too, and what follows
    # it, `KeyError: 'sig'`, is shown)
    hidden = "Thanks!\n<!--\n" + (HERE / "headless.txt").read_text() + "-->\n"
    with GuardedParser(timeout=30) as p:
        assert p.parse(hidden).report is None
        assert p.parse(hidden.replace("<!--", "").replace("-->", "")).report.type == "KeyError"


def test_a_frame_whose_path_is_glued_to_its_function_names_the_function():
    rep = parse((HERE / "asan_noheader.txt").read_text())
    assert [(f.function, f.file) for f in rep.frames][1] == ("json_parse", "/src/json/json.c")
