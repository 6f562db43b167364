"""The issue's input files a run is given (an attachment the App downloaded, `crashfix run --input`):
each is written into every sandbox of the run at its name, relative to the tree's root, where the
issue's command runs (`./fribidi --test ./poc` reads `poc` there). The bytes go in through the
sandbox's own file write (base64 text, decoded inside); nothing of them runs on the host.

An input that could not be had (a download refused, failed, too large) is still listed, with why:
the missing-input line (agent/native/missing.py) and the question to the reporter say it.
"""
from __future__ import annotations

import base64
import posixpath
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from agent.judge.testrun import SCRATCH, ensure_scratch
from agent.limits import HOUSEKEEPING_TIMEOUT
from sandbox import Sandbox

NAME = re.compile(r"^[\w.+-]+(?:/[\w.+-]+)*$")


@dataclass(frozen=True)
class InputFile:
    """One input file of the run: `name` as the issue's command names it (a path relative to the tree's
    root), `path` its bytes on the host (None when it could not be had), `source` where it came from
    (the issue's attachment link, or "--input"), `problem` why it is not there ("could not be
    downloaded: too large (12 MiB > 10 MiB)"), None when it is."""
    name: str
    path: Path | None
    source: str
    problem: str | None = None


def bad_name(name: str) -> str | None:
    """Why `name` cannot be an input's name in the tree (absolute, `..`, odd characters), or None."""
    norm = posixpath.normpath(name.removeprefix("./")) if name else ""
    if not norm or norm.startswith(("/", "..")) or norm == "." or name.startswith("/"):
        return f"`{name}` is not a path inside the tree (absolute, or leaving it with `..`)"
    if ".." in norm.split("/") or not NAME.match(norm) or norm.split("/")[0] == ".git":
        return f"`{name}` has characters or parts an input's name cannot have (letters, digits, `._+-/` only)"
    return None


def place_inputs(sb: Sandbox, inputs: tuple[InputFile, ...] | list[InputFile]) -> list[str]:
    """Write each input that was had into `sb` at its name (a file of the tree that already exists is
    left as it is), then snapshot, so that the candidates' diffs and the resets keep them; the notes
    saying what was written and what was not."""
    notes, wrote = [], False
    for i, inp in enumerate(inputs):
        if inp.path is None:
            notes.append(f"input `{inp.name}` ({inp.source}): {inp.problem or 'not given'}")
            continue
        name = posixpath.normpath(inp.name.removeprefix("./"))
        if (why := bad_name(inp.name)) is not None:
            notes.append(f"input from {inp.source} not written: {why}")
            continue
        if sb.run(f"test -e {shlex.quote(name)}", timeout=HOUSEKEEPING_TIMEOUT).ok:
            notes.append(f"input `{name}` ({inp.source}) not written: the tree already has a file of that name")
            continue
        ensure_scratch(sb)
        staged = f"{SCRATCH}/input-{i}.b64"
        sb.write(staged, base64.b64encode(Path(inp.path).read_bytes()).decode())
        parent = posixpath.dirname(name)
        made = sb.run((f"mkdir -p {shlex.quote(parent)} && " if parent else "")
                      + f"base64 -d {shlex.quote(staged)} > {shlex.quote(name)}; s=$?; rm -f {shlex.quote(staged)}; exit $s",
                      timeout=HOUSEKEEPING_TIMEOUT)
        if not made.ok:
            notes.append(f"input `{name}` ({inp.source}) could not be written into the sandbox: {made.output.strip()[-200:]}")
            continue
        wrote = True
        notes.append(f"input `{name}` ({inp.source}, {Path(inp.path).stat().st_size} bytes) written into the tree, where the issue's command runs")
    if wrote:
        sb.snapshot()
    return notes
