"""Words for what crashfix itself ran, made readable and inert: a scratch file named by its role (no
sandbox path reaches a human), a command by what it is, a run's outcome lines, and the judge's prose
with its code spans quoted again."""
from __future__ import annotations

import re

from agent.judge.proof import outcome, script_command
from agent.markdown_safe import quote_untrusted as q
from sandbox.base import SCRATCH_DIR

# a path under crashfix's scratch folder, as a command or a traceback shows it (absolute or relative)
# (the Docker sandbox's SCRATCH_DIR; the local backend's temporary crashfix-scratch-XXXX folder)
SCRATCH_PATH = re.compile(r"(?:\.\./)*(?:/[\w.\-/]*?)?\.?" + re.escape(SCRATCH_DIR.rsplit("/.", 1)[-1])
                          + r"(?:-\w+)?/([\w.\-/]+)")
RUNG_SCRIPT = re.compile(r"^rung\d+_\d+\.py$")


def role(path_name: str) -> str:
    """A scratch file by what it is to a reader: the issue's snippet, a test crashfix wrote, a helper. A
    ladder script holds the issue's code block or runs the issue's command line: "snippet" would be untrue
    for the second."""
    name = path_name.rsplit("/", 1)[-1]
    if name == "snippet.py":
        return "<the issue's snippet>"
    if RUNG_SCRIPT.match(name):
        return "<the issue's reproduction, as a script>"
    if name.startswith("test_"):
        return f"<crashfix's test {name}>"
    return f"<crashfix's {name}>"


def scrub(text: str) -> str:
    """`text` with every scratch path replaced by its role (what a human reads holds no sandbox path)."""
    return SCRATCH_PATH.sub(lambda m: role(m.group(1)), text or "")


_SPAN = re.compile(r"`([^`\n]+)`")
_PLAIN = re.compile(r"^[\w\s,.;:()'\"\-/=+%]*$")        # prose that GitHub renders as it is (no mention, link, HTML)


def judged(text: str) -> str:
    """The judge's words (agent/judge/confidence.py: prose with `code` spans around values from the run)
    as Markdown that stays inert: each span quoted again (its value may hold backticks), plain prose as it
    is, any other stretch quoted whole. So no ``High: …`` paragraph in one code span."""
    out, at = "", 0
    for m in _SPAN.finditer(text or ""):
        out = _join(_join(out, _prose(text[at:m.start()])), q(scrub(m.group(1)), 300))
        at = m.end()
    return _join(out, _prose((text or "")[at:]))


def _join(a: str, b: str) -> str:
    """Two pieces, a space between two code spans that would otherwise touch (and merge)."""
    return a + (" " if a.endswith("`") and b.startswith("`") else "") + b


def _prose(s: str) -> str:
    """Plain words as they are; a word GitHub would render (a mention, a link, HTML, `#12`) quoted."""
    return "".join(w if not w.strip() or (_PLAIN.match(w) and "://" not in w) else q(scrub(w), 200)
                   for w in re.split(r"(\s+)", s))


def command_words(result, command: str | None) -> str:
    """A command by its role when crashfix wrote it (the issue's snippet, the regression test), else quoted."""
    rep = result.reproduction
    if not command:
        return "no command"
    if command == script_command(rep):
        return "the issue's snippet"
    if rep is not None and command == rep.command and rep.regression_test is not None:
        return f"the regression test {q(rep.regression_test.path, 200)}"
    return q(scrub(command), 200)


def said(output: str, exit_code: int) -> str:
    lines = outcome(scrub(output), exit_code)
    return ", ".join(q(ln, 300) for ln in lines) if lines else "no output"
