"""`/crashfix <command>` in an issue or PR comment.

    /crashfix fix                 find and validate a patch, open (or update) a draft PR
    /crashfix retry               the same, again (after a failure or a closed PR)
    /crashfix cancel              stop this issue's queued or running jobs
    /crashfix explain             diagnosis only: a comment, no PR
    /crashfix revise <feedback>   on a crashfix PR: a new run told the feedback
    /crashfix test <ref>          reproduce the crash against a branch, tag or commit and report
    /crashfix ci                  on a crashfix PR, after review: run the repository's CI on it
    /crashfix scan                triage and rank every open crash issue of the repo (the backlog)

`fix` and `retry` take `--repro-cmd <command>` (C/C++): the rest of the line, in
backticks or not, is the command that shows the crash (e.g. `/crashfix fix --repro-cmd ./example poc.json`).

The first line starting with `/crashfix` counts (leading spaces allowed; quoted lines `>`
and fenced code blocks do not). Pure: no I/O.
"""
from __future__ import annotations

import re
from dataclasses import dataclass



@dataclass(frozen=True)
class Spec:
    name: str
    kind: str                    # the job kind it becomes
    arg: str = ""                # what it takes, shown as `<arg>`
    where: str = ""              # where it works, when not everywhere
    does: str = ""               # one line: what it does (the PR footer, the help)
    on_pr_footer: bool = False   # listed in a crashfix PR's footer


# The one table of commands: the parser, the invalid-command reply and the PR footer read it.
COMMANDS = (
    Spec("fix", "fix", does="find and validate a patch, open (or update) a draft PR"),
    Spec("retry", "fix", does="run again from scratch (after new commits, or if this patch is wrong)", on_pr_footer=True),
    Spec("cancel", "cancel", does="stop a run of this issue", on_pr_footer=True),
    Spec("explain", "explain", does="the diagnosis only, in the issue's status comment", on_pr_footer=True),
    Spec("revise", "revise", "feedback", "on a crashfix PR",
         "on this pull request: a new run that takes your feedback into account", True),
    Spec("test", "test", "branch, tag or commit", does="reproduce the crash against another ref", on_pr_footer=True),
    Spec("ci", "ci", where="on a crashfix PR, after review",
         does="on this pull request, after review: run the repository's CI on it", on_pr_footer=True),
    Spec("scan", "backlog", does="rank the repo's open crash issues (the backlog)"),
)


def usage_of(spec: Spec) -> str:
    return f"/crashfix {spec.name}" + (f" <{spec.arg}>" if spec.arg else "")


NAMES = tuple(c.name for c in COMMANDS)
REPRO_COMMANDS = ("fix", "retry")     # take `--repro-cmd <command>` (explain re-runs nothing)
REPRO_OPTION = "--repro-cmd"
MAX_REPRO = 1000
KIND = {c.name: c.kind for c in COMMANDS}
USAGE = "Commands: " + ", ".join(f"`{usage_of(c)}`" + (f" ({c.where})" if c.where else "") for c in COMMANDS) + "."
MAX_FEEDBACK = 4000
_REF = re.compile(r"^(?!-)(?!.*\.\.)(?!.*@\{)[A-Za-z0-9._/+-]{1,200}(?<!\.lock)(?<![./])$")


@dataclass(frozen=True)
class Command:
    name: str                    # one of NAMES, or "invalid"
    arg: str = ""
    error: str = ""              # for "invalid": what to tell the user

    @property
    def kind(self) -> str:
        return KIND.get(self.name, "help")

    @property
    def valid(self) -> bool:
        return self.name in NAMES


def _lines(body: str):
    fenced = False
    for i, line in enumerate(body.splitlines()):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if not fenced and not stripped.startswith(">"):
            yield i, stripped


def _with_repro(name: str, rest: str) -> Command:
    """`--repro-cmd <command>` after fix/retry/explain: the rest of the line is the command."""
    cmd = rest[len(REPRO_OPTION):].strip().lstrip("=").strip()
    if len(cmd) >= 2 and cmd[0] == cmd[-1] == "`":
        cmd = cmd.strip("`").strip()
    if not cmd:
        return Command("invalid", name, f"`{REPRO_OPTION}` needs the command, e.g. "
                       f"`/crashfix {name} {REPRO_OPTION} ./example poc.json`.")
    if len(cmd) > MAX_REPRO:
        return Command("invalid", name, f"the reproducer command is longer than {MAX_REPRO} characters.")
    return Command(name, cmd)


def parse_command(body: str | None) -> Command | None:
    """The command in a comment, None when there is none."""
    if not body:
        return None
    lines = body.splitlines()
    for i, line in _lines(body):
        m = re.match(r"^/crashfix(?:\s+(\S+))?(?:[ \t]+(.*))?$", line, re.IGNORECASE)
        if not m:
            continue
        name, rest = (m.group(1) or "").lower(), (m.group(2) or "").strip()
        if not name:
            return Command("invalid", error="which command? " + USAGE)
        if name not in NAMES:
            return Command("invalid", name, f"unknown command `{name[:40]}`. " + USAGE)
        if name == "revise":
            feedback = "\n".join([rest, *lines[i + 1:]]).strip()     # feedback may span lines
            if not feedback:
                return Command("invalid", name, "`/crashfix revise` needs feedback, e.g. "
                               "`/crashfix revise keep the default in the config instead`.")
            return Command("revise", feedback[:MAX_FEEDBACK])
        if name == "test":
            ref = rest.split()[0] if rest else ""
            if not ref:
                return Command("invalid", name, "`/crashfix test` needs a branch, tag or commit, "
                               "e.g. `/crashfix test main`.")
            if not _REF.match(ref):
                return Command("invalid", name, f"`{ref[:60]}` is not a valid branch, tag or commit name.")
            return Command("test", ref)
        if name in REPRO_COMMANDS and rest.startswith(REPRO_OPTION):
            return _with_repro(name, rest)
        return Command(name)
    return None
