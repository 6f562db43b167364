"""Rung 1's raw material: the Python snippets, `>>>` sessions and shell lines an issue shows."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from agent.reports.fences import fenced_blocks, without_blocks
from agent.reports.visible import visible

_PROMPT = re.compile(r"^\s*(>>>|\.\.\.)( |$)")
_SHELL_PROMPT = re.compile(r"^\s*(?:\(\S+\)\s*)?(?:[\w.@~:/-]*[$%#]|>)\s+(.+)$")
_DOLLAR_LINE = re.compile(r"^\s*\$\s+(.+)$")
_SHELL_LANGS = {"sh", "bash", "shell", "console", "zsh", "shell-session", "sh-session", "terminal", "cmd"}
_PY_LANGS = {"python", "py", "python3", "pycon", "ipython", ""}
_CRASH = ("Traceback (most recent call last)", "\nE   ")
# what `ast.parse` raises on text it cannot read: bad syntax, a NUL or a lone surrogate (ValueError), nesting
# too deep for its parser or its recursion (MemoryError, RecursionError): issue text is any text
UNPARSABLE = (SyntaxError, ValueError, MemoryError, RecursionError)


@dataclass(frozen=True)
class Snippet:
    kind: str          # "python" (a script or a de-prompted >>> session) | "shell" (one command line)
    text: str
    origin: str        # how the issue showed it: "code block", "console session", "shell line", "inline"


def extract(issue_text: str) -> list[Snippet]:
    """Every runnable piece of the issue, in the order shown; duplicates dropped."""
    text = visible(issue_text)          # security: nothing GitHub hides (an HTML comment) is run
    found: list[Snippet] = []
    blocks = list(fenced_blocks(text))
    for blk in blocks:
        found.extend(_from_block(blk.lang.lower(), blk.body))
    found.extend(_from_prose(without_blocks(text, blocks, "\n")))
    return list(dict.fromkeys(found))


def _from_block(lang: str, body: str) -> list[Snippet]:
    if any(c in body for c in _CRASH) and not _has_prompts(body):
        # the crash itself: only the prompted command lines above it are something to run
        return [Snippet("shell", ln, "shell line") for ln in shell_lines(body, prompt_needed=True)]
    if _has_prompts(body):
        code = console_code(body)
        return [Snippet("python", code, "console session")] if code else []
    if lang in _SHELL_LANGS or (lang not in _PY_LANGS and lang):
        return [Snippet("shell", ln, "shell line") for ln in shell_lines(body, prompt_needed=False)]
    if is_python(body):
        return [Snippet("python", body.rstrip() + "\n", "code block")]
    return [Snippet("shell", ln, "shell line") for ln in shell_lines(body, prompt_needed=False)]


def _from_prose(text: str) -> list[Snippet]:
    """Outside code blocks: `>>>` sessions pasted as text, `$ cmd` lines, and `inline command` spans."""
    out: list[Snippet] = []
    if _has_prompts(text):
        block = "\n".join(ln for ln in _prompt_run(text))
        code = console_code(block)
        if code:
            out.append(Snippet("python", code, "console session"))
    for ln in text.split("\n"):
        m = _DOLLAR_LINE.match(ln) if "$" in ln else None
        if m:
            out.append(Snippet("shell", m.group(1).strip(), "shell line"))
    for span in re.findall(r"(?<!`)`([^`\n]{3,200})`(?!`)", text):
        span = span.strip().removeprefix("$ ").strip()
        if re.match(r"^(python3?|[\w.-]+)\s+\S", span) and looks_like_command(span):
            out.append(Snippet("shell", span, "inline"))
    return out


def _has_prompts(text: str) -> bool:
    # `[^\S\n]*`, not `\s*`: the blanks before a prompt on its own line (`\s*` crossed lines: quadratic)
    return bool(re.search(r"^[^\S\n]*>>> ", text, re.M))


def _prompt_run(text: str) -> list[str]:
    """The lines of a pasted session: each prompt line and the output lines right after it."""
    lines, keep, inside = text.split("\n"), [], False
    for ln in lines:
        if _PROMPT.match(ln):
            inside = True
        elif not ln.strip():
            inside = False
        if inside:
            keep.append(ln)
    return keep


def console_code(session: str) -> str:
    """A `>>>` session as a script: prompts stripped, `...` continuations kept, output lines dropped."""
    code: list[str] = []
    for ln in session.split("\n"):
        m = _PROMPT.match(ln)
        if m:
            code.append(ln[m.end():] if m.group(2) else "")
    return "\n".join(code).strip("\n") + "\n" if any(c.strip() for c in code) else ""


def join_continuations(body: str) -> str:
    """`re.sub(r"\\s*\\\\\\n\\s*", " ", body)` by splitting: that pattern's leading `\\s*` was
    quadratic on a run of blanks (each blank started a scan of the whole run)."""
    parts = body.split("\\\n")
    if len(parts) == 1:
        return body
    inner = [p.strip() for p in parts[1:-1]]
    return " ".join([parts[0].rstrip(), *inner, parts[-1].lstrip()])


def shell_lines(body: str, *, prompt_needed: bool) -> list[str]:
    """Command lines of a shell block: `$ ` prompts stripped; without prompts, each line that
    looks like a command (output lines are left out). Continuations (`\\`) are joined."""
    joined = join_continuations(body)
    lines = joined.split("\n")
    prompted = [m.group(1).strip() for m in map(_SHELL_PROMPT.match, lines) if m]
    if prompted or prompt_needed:
        return [c for c in prompted if looks_like_command(c)]
    return [ln.strip() for ln in lines if ln.strip() and looks_like_command(ln.strip())]


def looks_like_command(line: str) -> bool:
    if any(c in line for c in _CRASH) or line.startswith(("#", "File ", "Traceback")):
        return False
    return bool(re.match(r"^(?:[A-Z_]+=\S*\s+)*(?:python3?(?:\.\d+)?\s|[a-z][\w.-]*(\s|$))", line))


def is_python(body: str) -> bool:
    """A block that parses as Python and does something (an import, a call or an assignment)."""
    try:
        tree = ast.parse(body)
    except UNPARSABLE:
        return False
    return any(isinstance(n, (ast.Import, ast.ImportFrom, ast.Call, ast.Assign)) for n in ast.walk(tree))
