"""Parse untrusted text in a child process under a deadline: a hostile issue body costs at most
`timeout` seconds of a child's CPU, never the worker's GIL (its lease keeper goes on beating).

    with GuardedParser(timeout=5) as p:
        out = p.parse(body)        # Parsed(report=CrashReport | None, too_slow=bool)

`call(arg, fn=..., timeout=...)` runs another top-level function in the same child (triage's frame
mapping, agent/triage.py `bounded_triage`), under what is left of the same deadline.
One child serves many parses (an issue and the others it is compared with); a child that runs
past the deadline is killed and the next parse starts a fresh one. The child is started with
`spawn` (a fork of a threaded worker is unsafe) and returns the CrashReport as data (pickled
dataclasses of our own code).
"""
from __future__ import annotations

import multiprocessing as mp
from dataclasses import dataclass
from typing import Any, Callable

from agent.reports import parse_issue as _parse
from agent.reports.model import CrashReport

DEFAULT_TIMEOUT = 10.0
START_TIMEOUT = 120.0                # a child's start-up (spawn, imports): not the text's parse time
TOO_SLOW = "report too slow to parse"
FAILED = "the parser failed on this text"


class ParserFailed(RuntimeError):
    """The function run in the child raised (a parser's bug met by some text): the text has no answer, and
    a caller going through many texts (a backlog scan) goes on with the next one."""


class ParserUnavailable(RuntimeError):
    """The child did not start: no text was read (the machine's problem, not the text's)."""


@dataclass(frozen=True)
class Parsed:
    report: CrashReport | None
    too_slow: bool = False           # the deadline passed: the text is not parsed (and says so)


def _parse_in_repo(arg: tuple[str, str]) -> CrashReport | None:
    text, repo = arg
    return _parse(text, repo)


def _serve(conn, fn: Callable[[Any], Any]) -> None:
    conn.send(("ready", None))           # imported and listening: the deadline counts from here
    while True:
        try:
            other, arg = conn.recv()
        except EOFError:
            return
        try:
            conn.send(("ok", (other or fn)(arg)))
        except Exception as exc:  # noqa: BLE001 - a parser bug is an answer, not a dead child
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class GuardedParser:
    """`fn` (default: `agent.reports.parse_issue`, the issue as GitHub shows it) run in a child; each call
    waits at most `timeout` s."""

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, fn: Callable[[Any], Any] = _parse):
        self.timeout, self.fn = timeout, fn
        self._ctx = mp.get_context("spawn")
        self._proc = self._conn = None
        self.killed = 0

    def __enter__(self) -> GuardedParser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        self._proc = self._ctx.Process(target=_serve, args=(child, self.fn), daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent
        # the deadline is the parse's, not the start-up's: a loaded machine slow to spawn and
        # import must not make an innocent issue "too slow to parse"
        if not parent.poll(START_TIMEOUT) or parent.recv()[0] != "ready":
            self._kill()
            self.killed -= 1
            raise ParserUnavailable(f"the parser's child process did not start within {START_TIMEOUT:g} s")

    def call(self, arg: Any, fn: Callable[[Any], Any] | None = None, timeout: float | None = None) -> tuple[bool, Any]:
        """(True, fn(arg)) or (False, None) when the deadline passed (the child is then killed);
        `ParserFailed` when ``fn`` raised (the child lives on). ``fn``: another top-level function than
        the parser's (None: the parser's); ``timeout``: this call's deadline (None: the parser's)."""
        if self._proc is None or not self._proc.is_alive():
            self._start()
        self._conn.send((fn, arg))
        if not self._conn.poll(self.timeout if timeout is None else max(timeout, 0.0)):
            self._kill()
            return False, None
        try:
            status, value = self._conn.recv()
        except EOFError:             # the child died (out of memory...): as good as too slow
            self._kill()
            return False, None
        if status == "error":
            raise ParserFailed(f"parser failed in the child: {value}")
        return True, value

    def parse(self, text: str, repo: str | None = None) -> Parsed:
        """`repo`: the issue's repository (`owner/name`), passed on to the default parser
        (agent.reports.parse_issue) so its guilty frame is the project's. Another `fn` takes the text
        alone: a repository given with it is refused, never dropped."""
        if repo and self.fn is not _parse:
            raise ValueError("a repository is passed only to the default parser (agent.reports.parse_issue)")
        done, report = self.call((text, repo), fn=_parse_in_repo) if repo else self.call(text)
        return Parsed(report=report, too_slow=not done)

    def _kill(self) -> None:
        self.killed += 1
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(5)
        if self._conn is not None:
            self._conn.close()
        self._proc = self._conn = None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._proc is not None:
            self._proc.join(2)
            if self._proc.is_alive():
                self._proc.kill()
                self._proc.join(2)
        self._proc = self._conn = None
