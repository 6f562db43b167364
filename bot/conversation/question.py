"""The one question to the reporter of a crash that did not reproduce: what crashfix ran (the ladder's
attempts, agent/python/reproduce.py) and exactly what would let it make the crash happen. Posted once per
issue, never a diagnosis: nothing in it claims a cause."""
from __future__ import annotations

import re

from agent.markdown_safe import quote_untrusted
from agent.native.missing import attachment_words, missing_file
from agent.native.reproduce import NO_BUILD
from agent.compose.compose import RAN, compose
from agent.run import Result
from bot.conversation.status import QUESTION, BotComment

LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
MISSING_MODULE = re.compile(r"\b(?:ModuleNotFoundError|ImportError)\b")
ASKED = "crashfix asked the reporter for what would make the crash happen (the question below)."


PYTHON_GIVEN = re.compile(r"\b(?:python|cpython|py)\s*v?(?:version\s*)?[23]\.\d+", re.I)
COMPILER_GIVEN = re.compile(r"\b(?:gcc|clang|cc|msvc)\b[^\n]{0,20}\d+\.\d+", re.I)
OS_GIVEN = re.compile(r"\b(?:linux|ubuntu|debian|fedora|centos|alpine|arch linux|mac ?os|os ?x|darwin|windows|"
                      r"win(?:10|11|32|64)|freebsd)\b", re.I)


def _project_given(result: Result, text: str) -> bool:
    """The issue names this project's release or commit (`tally 0.3.1`, `tally==0.3.1`, `version 0.3`,
    a commit sha, a `pip freeze` line of it)."""
    name = re.escape(result.repo.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")) if result.repo else ""
    pats = [r"\bversion\s*:?\s*v?\d+\.\d+", r"\b(?:commit|sha)\s*:?\s*[0-9a-f]{7,40}\b"]
    if name:
        pats.append(rf"\b{name}\s*(?:==|@|\s|:|v)\s*v?\d+\.\d+")
    return any(re.search(p, text, re.I) for p in pats)


def _own_function(result: Result) -> str | None:
    """The project's own function the crash passes through (the report anchored on this tree,
    agent/judge/match.py), never the reporter's."""
    report = result.report
    if report is None:
        return None
    i = report.extra.get("anchor")
    if i is not None and i < len(report.frames):
        return report.frames[i].function
    return None


def asks(result: Result, issue_text: str = "") -> list[str]:
    """What would make the crash reproducible, from what was tried and what the report holds; only
    what the issue does not already give."""
    rep = result.reproduction
    attempts = rep.attempts if rep else []
    own = [a for a in attempts if a.rung == 1]
    out = []
    if not own:
        fn = _own_function(result)
        where = f" that calls this project's {quote_untrusted(fn, 80)}" if fn and not fn.startswith("<") else ""
        out.append(f"**The code or the command that crashes**: a short script{where}, or the exact command line "
                   "you ran, as a code block. The issue holds none that crashfix could run.")
    else:
        lacking = next(filter(None, (missing_file(a.command or "", a.output_tail or "", issue_text) for a in own)), None)
        if lacking:
            name, link = lacking
            where = f" The issue links it as an attachment, which {attachment_words(link, result.inputs)}." if link else ""
            out.append(f"**The input file {quote_untrusted(name, 80)}**: the issue's command reads it and the run "
                       f"found no such file.{where} Could you paste its bytes in a code block (base64, or a hex "
                       "dump of `xxd`)?")
        else:
            out.append("**The input**: the issue's own code ran without the crash, so it likely needs something it "
                       "does not show: the data or file it reads, its arguments, environment variables, the "
                       "configuration in use.")
    broken = [a for a in own if (a.output_tail or "").startswith(NO_BUILD)]
    if broken:
        first = next((ln.strip() for ln in broken[0].output_tail.splitlines() if "error:" in ln), "")
        what = ("the issue's C fragment, put in a `main` after the headers of this tree that declare what it "
                "calls, does not compile" if broken[0].how == "reproducer fragment"
                else "the issue's C/C++ program does not compile alone")
        out.insert(0, f"**A program that compiles**: {what}"
                   + (f" ({quote_untrusted(first, 160)})" if first else "")
                   + "; could you post it whole, with its `#include` lines and `main`, as it ran for you?")
    if any(MISSING_MODULE.search(a.output_tail or "") for a in attempts):
        out.append("**The dependencies**: a run stopped on a missing module; which packages (and versions) "
                   "does your setup have (`pip freeze`)?")
    if not result.facts("frame"):
        out.append("**The version**: no frame of the traceback maps to a file of this repository's default "
                   "branch; which release or commit were you running?")
    else:
        missing = [what for what, given in (
            ("this project's release or commit", _project_given(result, issue_text)),
            *([("the Python version", bool(PYTHON_GIVEN.search(issue_text)))] if result.language == "python"
              else [("the compiler and its version", bool(COMPILER_GIVEN.search(issue_text)))]),
            ("the operating system", bool(OS_GIVEN.search(issue_text)))) if not given]
        if missing:
            out.append("**The versions**: " + ", ".join(missing[:-1]) + (" and " if len(missing) > 1 else "")
                       + missing[-1] + ".")
    return out


def question(result: Result, author: str | None, issue_text: str = "") -> str:
    """The question's text (inert: the attempts are quoted as inline code)."""
    rep = result.reproduction
    to = f"@{author} " if author and LOGIN.match(author) else ""
    lines = [QUESTION, f"{to}thanks for the report. crashfix could not make this crash happen in its sandbox, "
             "so it cannot propose a fix yet.", ""]
    lines += ["Could you add:", ""] + [f"- {ask}" for ask in asks(result, issue_text)]
    lines += ["", "A maintainer can then ask crashfix to try again (`/crashfix retry`)."]
    ran = compose(result).section(RAN) if rep and rep.attempts else None
    if ran is not None:
        lines += ["", f"<details><summary>{ran.title}</summary>", "", ran.body, "", "</details>"]
    return "\n".join(lines) + "\n"


def ask_once(api, db, repo: str, issue: int, result: Result, author: str | None,
             bot_login: str | None = None, issue_text: str = "") -> str:
    """Post the question unless this issue already has one; the line the status comment shows."""
    comment = BotComment(api, db, repo, issue, "question", bot_login)
    cid, _ = comment.load()
    if cid is None:
        comment.write(question(result, author, issue_text))
    return ASKED
