"""A run's progress said in words, with the time it has taken: "reproducing the crash, 42 s so far;
waiting for: 3 runs of `pytest ...`".

`now_line()` is the one current line (the CLI, the status comment and the dashboard show the same);
`Heartbeat` repeats it while a phase is long: it wraps a progress listener (agent/run.py `Progress`
events) and, when no event came for ``every`` seconds, emits the current line again, so a long
set-up, reproduction or validation is never silent. The status comment takes the line only when the
phase changes (GitHub's write budget), the CLI every ``every`` seconds.
"""
from __future__ import annotations

import re
import threading
import time
from typing import Callable

from agent.markdown_safe import quote_untrusted
from agent.run import Progress

# agent/run.py PHASES in words
WORDS = {"parse": "parsing the crash report", "prepare": "setting up the project in a sandbox",
         "reproduce": "reproducing the crash", "analyse": "investigating the cause",
         "candidates": "writing candidate patches", "validate": "validating candidate patches",
         "research": "researching the cause with the model", "finish": "finishing the run"}
# the steps a run announces as "name…" (agent/path.py Steps.step): what the run waits for, in words
STEPS = {"parse": "the report to be parsed", "prepare": "a copy of the repository",
         "environment": "the project's environment to be worked out (Python, install, tests)",
         "image": "the sandbox image", "sandbox": "the sandbox to open and the project to install",
         "tests_before": "the test suite, run before any patch", "reproduce": "the crash to happen in the sandbox",
         "reproducer": "a reproducer to be written", "analyse": "the evidence at the crash site",
         "pdb": "the debugger (pdb) at the crash site", "gdb": "the debugger (gdb) at the crash site",
         "history": "the git history of the crashing lines", "synthesis": "candidate patches from the templates",
         "agent": "the research agent and its model", "overfitting": "the overfitting check of the patches",
         "checkout": "the kernel tree", "configure": "the kernel configuration", "build": "the build",
         "leaks_before": "the leak check before any patch", "mail": "the patch mail"}
EVERY = 12.0                           # seconds of silence before the current line is said again


def words(phase: str) -> str:
    return WORDS.get(phase, phase)


VALIDATING = re.compile(r"^validating (\d+)/(\d+): (.+)$", re.S)


def doing(text: str, quote=lambda text: text) -> str:
    """An event's text as what the run waits for: a step's name ("sandbox…") in words, a candidate's
    validation said so; else the text. ``quote`` wraps what is not crashfix's own words (a markdown text
    quotes it: agent/markdown_safe.py)."""
    text = text.strip()
    name = text.rstrip("…").strip()
    if name in STEPS:
        return STEPS[name]
    m = VALIDATING.match(name)
    if m:
        return f"candidate patch {m.group(1)} of {m.group(2)} to pass validation: {quote(m.group(3))}"
    return quote(name.rstrip(".")) if name else ""


def seconds(value: float) -> str:
    """42 s, 3 min 05 s"""
    value = int(round(value))
    return f"{value} s" if value < 60 else f"{value // 60} min {value % 60:02d} s"


def now_line(phase: str, what: str, elapsed: float, total: float | None = None) -> str:
    """The current line: the phase in words, its elapsed time (and the run's), what it waits for."""
    run = f", {seconds(total)} into the run" if total is not None and total - elapsed >= 1 else ""
    wait = doing(what)
    return f"{words(phase)}, {seconds(elapsed)} so far{run}" + (f"; waiting for: {wait}" if wait else "")


def comment_line(phase: str, what: str, since, total: float | None = None) -> str:
    """The current line for a text that is not rewritten every few seconds (the status comment): when
    the phase began (a time stays true), the run's time so far when it did, what it waits for."""
    run = f", {seconds(total)} into the run" if total is not None and total >= 1 else ""
    wait = doing(what, lambda text: quote_untrusted(text, 200))
    return f"{words(phase)} (since {since.strftime('%H:%M:%S')} UTC{run})" + (f"; waiting for: {wait}" if wait else "")


def event_line(event: Progress) -> str:
    """A progress event as the CLI says it: a step's name in words ("setting up the project in a sandbox
    (waiting for: the sandbox to open ...)"), any other text as it is."""
    name = event.text.strip().rstrip("…").strip()
    return f"{words(event.phase)} (waiting for: {STEPS[name]})" if name in STEPS else event.text


class Heartbeat:
    """Wraps a progress listener; `emit(line)` gets the current line after ``every`` seconds without
    an event, and every ``every`` seconds after that, until `stop()` (or the end of a ``with``)."""

    def __init__(self, emit: Callable[[str], None], every: float | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.emit, self.every, self.clock = emit, every if every is not None else EVERY, clock
        self.started = clock()
        self.phase, self.doing = "parse", ""
        self.phase_at = self.last = self.started
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def wrap(self, listener: Callable[[Progress], None] = lambda event: None) -> Callable[[Progress], None]:
        def on(event: Progress) -> None:
            self.saw(event)
            listener(event)
        return on

    def saw(self, event: Progress) -> None:
        with self._lock:
            now = self.clock()
            if event.phase != self.phase:
                self.phase, self.phase_at = event.phase, now
            self.doing, self.last = event.text, now

    def line(self) -> str:
        with self._lock:
            now = self.clock()
            return now_line(self.phase, self.doing, now - self.phase_at, now - self.started)

    def tick(self) -> bool:
        """Emit the line when ``every`` seconds passed without an event or a line; whether it did."""
        with self._lock:
            due = self.clock() - self.last >= self.every
        if due:
            text = self.line()
            with self._lock:
                self.last = self.clock()
            self.emit(text)
        return due

    def start(self) -> "Heartbeat":
        def loop() -> None:
            while not self._stop.wait(min(1.0, self.every / 4)):
                try:
                    self.tick()
                except Exception:  # noqa: BLE001 - a heartbeat never stops a run
                    pass
        self._thread = threading.Thread(target=loop, name="crashfix-heartbeat", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> "Heartbeat":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
