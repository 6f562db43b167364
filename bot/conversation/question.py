"""The one question to the reporter of a crash that did not reproduce: what crashfix ran (the ladder's
attempts, agent/python/reproduce.py) and exactly what would let it make the crash happen. Posted once per
issue, never a diagnosis: nothing in it claims a cause."""
from __future__ import annotations

import re

from agent.markdown_safe import quote_untrusted
from agent.render import attempt_lines
from agent.run import Result
from bot.conversation.status import QUESTION, BotComment

LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
MISSING_MODULE = re.compile(r"\b(?:ModuleNotFoundError|ImportError)\b")
ASKED = "crashfix asked the reporter for what would make the crash happen (the question below)."


def asks(result: Result) -> list[str]:
    """What would make the crash reproducible, from what was tried and what the report holds."""
    rep, report = result.reproduction, result.report
    attempts = rep.attempts if rep else []
    own = [a for a in attempts if a.rung == 1]
    out = []
    if not own:
        where = f" that calls {quote_untrusted(report.guilty.function, 80)}" if report and report.guilty else ""
        out.append(f"**The code or the command that crashes**: a short script{where}, or the exact command line "
                   "you ran, as a code block. The issue holds none that crashfix could run.")
    else:
        out.append("**The input**: the issue's own code ran without the crash, so it likely needs something it "
                   "does not show: the data or file it reads, its arguments, environment variables, the "
                   "configuration in use.")
    if any(MISSING_MODULE.search(a.output_tail or "") for a in attempts):
        out.append("**The dependencies**: a run stopped on a missing module; which packages (and versions) "
                   "does your setup have (`pip freeze`)?")
    if not result.facts("frame"):
        out.append("**The version**: no frame of the traceback maps to a file of this repository's default "
                   "branch; which release or commit were you running?")
    else:
        out.append("**The versions**: this project's release or commit, the Python (or compiler) version, "
                   "and the operating system.")
    return out


def question(result: Result, author: str | None) -> str:
    """The question's text (inert: the attempts are quoted as inline code)."""
    rep = result.reproduction
    to = f"@{author} " if author and LOGIN.match(author) else ""
    lines = [QUESTION, f"{to}thanks for the report. crashfix could not make this crash happen in its sandbox, "
             "so it cannot propose a fix yet.", ""]
    if rep and rep.attempts:
        lines += ["What it ran:", ""] + attempt_lines(rep) + [""]
    lines += ["Could you add:", ""] + [f"- {ask}" for ask in asks(result)]
    lines += ["", "A maintainer can then ask crashfix to try again (`/crashfix retry`)."]
    return "\n".join(lines) + "\n"


def ask_once(api, db, repo: str, issue: int, result: Result, author: str | None,
             bot_login: str | None = None) -> str:
    """Post the question unless this issue already has one; the line the status comment shows."""
    comment = BotComment(api, db, repo, issue, "question", bot_login)
    cid, _ = comment.load()
    if cid is None:
        comment.write(question(result, author))
    return ASKED
