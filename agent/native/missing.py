"""What a C reproduction that could not run was missing: an input file the issue's command names and
nothing holds (an attachment of the issue's the run was not given, or whose download failed: why), said
in one line.

    ./fribidi ./poc   ->  fribidi: ./poc: no such file or directory
"""
from __future__ import annotations

import re
import shlex

_MISSING = re.compile(r"no such file|(?:cannot|can't|could not|couldn't|failed to|unable to)(?: be)? "
                      r"(?:open|read|find|load|stat)|not found|does(?: not|n't) exist", re.I)
_URL = re.compile(r"https?://[^\s)\]>\"']+")
_ASSIGN = re.compile(r"^[A-Za-z_]\w*=")
_ARCHIVES = (".gz", ".zip", ".xz", ".bz2", ".tar", ".tgz", ".7z")


def stages(command: str) -> list[list[str]]:
    """The words of each program a shell chain runs, its name first (`VAR=value` words before it left
    out): `A=1 ./prog -x in | ./other; cat f` -> [['./prog', '-x', 'in'], ['./other'], ['cat', 'f']]."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    out: list[list[str]] = []
    head = True
    for w in words:
        if w in ("&&", "||", ";", "|"):
            head = True
        elif head and _ASSIGN.match(w):
            continue
        elif head:
            out.append([w.rstrip(";")])
            head = w.endswith(";")
        else:
            out[-1].append(w.rstrip(";"))
            head = w.endswith(";")
    return out


def _args(command: str) -> list[str]:
    """The file-like arguments of each program of `command` (options and each program's own name left out)."""
    return [w.lstrip("@<") for stage in stages(command) for w in stage[1:]
            if w and not w.startswith("-") and ("/" in w or "." in w)]


def missing_file(command: str, output: str, text: str) -> tuple[str, str] | None:
    """(the input `command` reads that its run said is missing, the issue's link to it or "") or None
    when the run's output names no missing argument of the command."""
    said = [line for line in output.splitlines()[-40:] if _MISSING.search(line)]
    for arg in _args(command):
        base = arg.rstrip("/").rsplit("/", 1)[-1]
        if not base or not any(base in line for line in said):
            continue
        links = [u for u in _URL.findall(text or "")
                 if u.rsplit("/", 1)[-1] == base or any(u.rsplit("/", 1)[-1] == base + a for a in _ARCHIVES)]
        return arg, (links[0] if links else "")
    return None


def attachment_words(link: str, inputs=()) -> str:
    """What became of the issue's attachment `link` in this run (`inputs`: RunConfig.inputs,
    agent/inputs.py), as the end of "the issue links it as an attachment (link), which …"."""
    got = [i for i in inputs if i.source == link]
    failed = next((i.problem for i in got if i.path is None and i.problem), None)
    if failed:
        return failed
    if got:
        held = ", ".join(f"`{i.name}`" for i in got if i.path is not None)
        return f"was downloaded but holds no file of that name (it holds {held})"
    return ("this run was not given (crashfix's App downloads an issue's attachments; "
            "`crashfix run --input NAME=PATH` gives one to a run)")


def missing_input(command: str, output: str, text: str, inputs=()) -> str | None:
    """One line naming the input `command` reads that its run said is missing, where the issue links
    it, what became of that link (`inputs`: the run's input files, RunConfig.inputs) and what to give;
    None when the run's output names no missing argument of the command."""
    found = missing_file(command, output, text)
    if found is None:
        return None
    arg, link = found
    where = (f"the issue links it as an attachment ({link}), which {attachment_words(link, inputs)}"
             if link else "neither the issue's text nor the tree holds it")
    return (f"the reproducer's input `{arg}` is missing: {where}; paste its bytes in the issue (base64 or a "
            f"hex dump in a code block) or give the command that makes it with `--repro-cmd`")
