"""A prompt session's answer keeps what the program wrote before its prompt but that arrived after it
(stdout and stderr are read apart: pdb prints an uncaught exception's traceback on stderr, then its
prompt on stdout); it must not open the next command's answer."""
from __future__ import annotations

from sandbox.session import PromptSession


class Scripted(PromptSession):
    """A program whose output for each line sent arrives in the given (stream, bytes) order."""

    def __init__(self, answers):
        super().__init__("(Pdb) ")
        self.answers, self.pending = list(answers), []

    def _send_bytes(self, data):
        self.pending += self.answers.pop(0)

    def _recv(self, timeout):
        if not self.pending:
            raise TimeoutError
        return self.pending.pop(0)

    def _kill(self):
        pass


def test_stderr_written_before_the_prompt_but_read_after_it_stays_with_its_command():
    s = Scripted([
        [(1, b"(Pdb) "), (2, b"Traceback (most recent call last):\nIndexError: list index out of range\n")],
        [(1, b"[3, 1]\n(Pdb) ")],
    ])
    first = s.send("continue")
    assert "IndexError" in first
    assert s.send("p arr") == "[3, 1]\n"
