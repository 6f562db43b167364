"""A reproduction that could not run because the input its command names is missing (the issue
attaches it) ends with one line saying so and what to give, not only "did not reproduce"."""
from __future__ import annotations

from agent.native.missing import missing_input

ENV = "ASAN_OPTIONS=halt_on_error=1:detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 "


def test_an_attached_input_is_named_with_its_link():
    text = "Download [poc.j2k.gz](https://github.com/o/img/files/6402272/poc.j2k.gz), then run it."
    line = missing_input(ENV + "./build/bin/decode -i ./poc.j2k -o out.png",
                         "[ERROR] failed to open ./poc.j2k for reading\n", text)
    assert line.startswith("the reproducer's input `./poc.j2k` is missing: the issue links it as an attachment "
                           "(https://github.com/o/img/files/6402272/poc.j2k.gz), which this run was not given (crashfix's App "
                           "downloads an issue's attachments; `crashfix run --input NAME=PATH` gives one to a run)")
    assert "base64" in line and "--repro-cmd" in line


def test_a_tool_that_says_it_in_its_own_words():
    line = missing_input(ENV + "./build/bin/decode -i ./poc.j2k", "!! infile cannot be read: ./poc.j2k !!\n", "")
    assert line and "`./poc.j2k` is missing" in line


def test_an_input_nothing_holds_is_named_as_such():
    line = missing_input(ENV + "./build/bin/tool ./poc", "tool: ./poc: No such file or directory\n", "run ./tool ./poc")
    assert "`./poc` is missing: neither the issue's text nor the tree holds it" in line


def test_a_run_that_read_its_input_or_a_missing_program_names_no_input():
    assert missing_input(ENV + "./tool in.json", "parse error at line 1\n", "") is None
    # the program itself missing is not an input (each program of a chain is its own head)
    assert missing_input("make && ./build/tool ./in.bin", "bash: ./build/tool: No such file or directory\n", "") is None


def test_the_question_to_the_reporter_asks_for_the_missing_file_by_name():
    from agent.records import Attempt, Reproduction
    from agent.reports import parse_issue
    from agent.run import Result
    from bot.conversation.question import question
    issue = ("==7==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffd at pc 0x1 bp 0x2 sp 0x3\n"
             "    #0 0x55 in main /src/tool/bin/tool.c:40:5\n\nRun `./tool ./poc` with [poc.zip]"
             "(https://github.com/o/tool/files/1/poc.zip)\n")
    rep = Reproduction()
    rep.attempts.append(Attempt("reproducer command", ENV + "./build/bin/tool ./poc", False, 1,
                                "tool: ./poc: No such file or directory\n", rung=1))
    result = Result(status="not_reproduced", error=None, error_kind=None, repo="o/tool", ref=None, strategy="templates",
                    sandbox="docker", test_cmd=None, report=parse_issue(issue), reproduction=rep, patch=None,
                    root_cause="", language="c")
    text = question(result, "someone", issue)
    assert "**The input file `./poc`**" in text and "links it as an attachment" in text and "base64" in text
    assert "likely needs something it does not show" not in text
    assert "The issue links it as an attachment, which this run was not given" in text
    # the App tried and the download failed: the question says why, and that it tried
    from dataclasses import replace
    from agent.inputs import InputFile
    from bot.conversation.checklist import attachment_lines
    failed = replace(result, inputs=(InputFile("poc.zip", None, "https://github.com/o/tool/files/1/poc.zip",
                                               "could not be downloaded: HTTP 404 Not Found"),))
    text = question(failed, "someone", issue)
    assert "The issue links it as an attachment, which could not be downloaded: HTTP 404 Not Found." in text
    assert "does not download" not in text and "not given" not in text
    assert attachment_lines(failed) == ["", "**Attachment not used:** `https://github.com/o/tool/files/1/poc.zip` "
                                            "`could not be downloaded: HTTP 404 Not Found`"]
    assert attachment_lines(result) == []


def test_an_attachment_whose_download_failed_says_why_not_that_crashfix_does_not_download():
    from pathlib import Path
    from agent.inputs import InputFile
    link = "https://github.com/o/img/files/6402272/poc.j2k.gz"
    text = f"Download [poc.j2k.gz]({link}), then run it."
    too_large = (InputFile("poc.j2k.gz", None, link, "could not be downloaded: too large (12 MiB > 10 MiB)"),)
    line = missing_input(ENV + "./build/bin/decode -i ./poc.j2k", "[ERROR] failed to open ./poc.j2k for reading\n",
                         text, too_large)
    assert (f"the issue links it as an attachment ({link}), which could not be downloaded: too large "
            "(12 MiB > 10 MiB); paste its bytes") in line and "not given" not in line
    other = (InputFile("poc.j2k.gz", Path("/x/0-poc.j2k.gz"), link), InputFile("crash.j2k", Path("/x/1-crash.j2k"), link))
    line = missing_input(ENV + "./build/bin/decode -i ./poc.j2k", "[ERROR] failed to open ./poc.j2k for reading\n",
                         text, other)
    assert f"({link}), which was downloaded but holds no file of that name (it holds `poc.j2k.gz`, `crash.j2k`)" in line
