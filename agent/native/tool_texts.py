"""The research agent's tool texts on a C/C++ tree (registered for sanitizer and gdb reports by
agent/families.py): what the Python wording says of pytest node ids and parsing, said for C."""
from __future__ import annotations

TEXTS: dict[str, dict] = {
    "edit": {"description": (
        "Edit a file of the workspace: replace a snippet `old` that occurs exactly once with `new`, or replace "
        "lines `start`..`end` (inclusive, 1-based; end = start - 1 inserts before start) with `new`. The tree is "
        "C/C++: `reproduce`, `run_tests` and `gdb` rebuild it (incrementally) before they run, and show the "
        "compiler's errors when it does not build. Tests and CI files cannot be edited.")},
    "run_tests": {
        "description": ("Run the repository's test command (the build system's: make check, ctest, meson test, or "
                        "the configured one), after rebuilding your edits, and list which tests fail, marking those "
                        "that already failed before any edit; shows the failures, and how long the run took."),
        "parameters": {"type": "object", "properties": {}, "required": []}},
    "reproduce": {"description": (
        "Rebuild your edits, run the reproduction command once (with the sanitizer settings) and say whether the "
        "reported crash still happens. For a sanitizer report the crash is gone when no sanitizer report of the "
        "project's code remains; the command's own exit code is shown, not judged.")},
    "try_patch": {"description": (
        "Apply a unified diff to a scratch copy of the unedited tree and run the given tests or Python code "
        "there, then discard it. The copy is NOT rebuilt, so on this C tree it says nothing about the compiled "
        "program: prefer `edit`, then `reproduce` or `run_tests` (they rebuild), and `diff` to see your changes.")},
    "python": {
        "description": ("Run Python code given as a string (several lines are fine; no shell quoting) in the sandbox "
                        "workspace, e.g. to write an input file byte by byte or read a binary one. The tree is "
                        "C/C++: nothing of it is importable. Shows its exit code and output."),
        "summary": "a Python script given as a string, e.g. to write an input file; the C/C++ tree is not importable"},
}
