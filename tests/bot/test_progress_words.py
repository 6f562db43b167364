"""A long phase is never silent (issue 27): the CLI says the phase in words, its elapsed time and what it
waits for every few seconds (bot/conversation/progress_words.py Heartbeat), a first image build streams a line
per debootstrap stage or a heartbeat (sandbox/docker/images.py _sh)."""
from __future__ import annotations

import re
import time
from datetime import datetime, timezone

import pytest

from bot.conversation.progress_words import Heartbeat, comment_line, doing, now_line
from agent.run import Progress


def test_a_slow_phase_is_said_again_with_its_elapsed_seconds():
    lines: list[str] = []
    heard: list[Progress] = []
    with Heartbeat(lines.append, every=0.4) as beat:
        listener = beat.wrap(heard.append)
        listener(Progress("reproduce", "reproduce…"))
        time.sleep(1.5)                                    # the fake slow phase
        said = len(lines)
        listener(Progress("validate", "validating 1/2: guard None (item)"))
        time.sleep(0.2)
        assert len(lines) == said                          # an event resets the silence: no line right after it
        time.sleep(0.6)
    stopped = len(lines)
    time.sleep(0.6)
    assert len(lines) == stopped                           # nothing after the end
    assert heard[0].text == "reproduce…" and len(heard) == 2      # the wrapped listener still hears every event
    slow = [line for line in lines if line.startswith("reproducing the crash")]
    assert len(slow) >= 2, lines
    assert all("waiting for: the crash to happen in the sandbox" in line for line in slow)
    elapsed = [int(re.search(r", (\d+) s so far", line).group(1)) for line in slow]
    assert elapsed == sorted(elapsed) and elapsed[-1] >= 1
    assert any(line.startswith("validating candidate patches") and "candidate patch 1 of 2 to pass validation"
               in line for line in lines[said:]), lines


def test_the_lines_are_words_not_internal_names():
    assert now_line("prepare", "sandbox…", 95, 120) == ("setting up the project in a sandbox, 1 min 35 s so far, "
                                                         "2 min 00 s into the run; waiting for: the sandbox to open "
                                                         "and the project to install")
    assert doing("tests_before…") == "the test suite, run before any patch"
    since = datetime(2026, 11, 27, 10, 4, 5, tzinfo=timezone.utc)
    line = comment_line("validate", "validating 2/4: guard @someone", since, 61)
    assert line == ("validating candidate patches (since 10:04:05 UTC, 1 min 01 s into the run); waiting for: "
                    "candidate patch 2 of 4 to pass validation: `guard @someone`")      # untrusted text quoted


def test_crashfix_run_says_a_slow_phase_on_stderr(tmp_path, monkeypatch, capsys):
    """The CLI with a fake slow pipeline: heartbeat lines with the phase in words and elapsed seconds."""
    from agent.run import Result, Run
    from bot.cli.main import main
    monkeypatch.setattr("bot.conversation.progress_words.EVERY", 0.4)

    def slow(config, on_progress):
        on_progress(Progress("prepare", "sandbox…"))
        time.sleep(1.3)
        run = Run(config, status="not_reproduced")
        run.result = Result.of(run)
        return run
    monkeypatch.setattr("agent.pipeline.run_job", slow)
    (tmp_path / "repo").mkdir()
    report = tmp_path / "report.txt"
    report.write_text("Traceback (most recent call last):\n  File \"app.py\", line 1, in <module>\n"
                      "ZeroDivisionError: division by zero\n")
    main(["run", "--repo", str(tmp_path / "repo"), "--report", str(report), "--out", str(tmp_path / "out"),
          "--sandbox", "local", "--strategy", "templates"])
    err = capsys.readouterr().err
    assert "crashfix: setting up the project in a sandbox (waiting for: the sandbox to open" in err
    beats = re.findall(r"^crashfix: … setting up the project in a sandbox, (\d+) s so far.*waiting for: the sandbox "
                       r"to open and the project to install$", err, re.M)
    assert len(beats) >= 2, err


def test_an_image_build_step_streams_its_stages_and_a_heartbeat(monkeypatch):
    from sandbox.docker import images
    said: list[str] = []
    script = ("echo 'I: Retrieving InRelease'; echo 'I: Retrieving libc6 2.36'; echo 'I: Retrieving zlib1g';"
              "sleep 1.3; echo 'I: Extracting libc6...'; echo 'I: Extracting zlib1g...'")
    images._sh(["sh", "-c", script], said.append, heartbeat=0.5)
    stages = [line for line in said if line.startswith("  I: ")]
    assert [line.split()[1] for line in stages] == ["Retrieving", "Extracting"]       # one line per stage
    assert re.search(r"\(\d+ s\)$", stages[1])
    beats = [line for line in said if line.startswith("  still running sh: ")]
    assert beats and "last: I: Retrieving zlib1g" in beats[0]
    with pytest.raises(images.ImageMissing, match="I: fails here"):
        images._sh(["sh", "-c", "echo 'I: fails here'; exit 3"], said.append)
