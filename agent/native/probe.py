"""Looking at a native crash under gdb: run the reproduction until the sanitizer aborts (or the
signal stops it), select the guilty frame, record its arguments, locals and the values on its line."""
from __future__ import annotations

import re
import shlex

from agent.limits import GDB_TIMEOUT
from agent.native.reproduce import sanitizer_env
from agent import records
from agent.records import Probe
from agent.reports.model import CrashReport
from agent.repair_context import Site
from sandbox import Sandbox, SandboxError

PROMPT = "(gdb) "
FRAME_LINE = re.compile(r"^#(\d+)\s+(?:0x[0-9a-fA-F]+\s+in\s+)?(\S+)\s*\(", re.M)
C_KEYWORDS = {"if", "else", "for", "while", "do", "return", "sizeof", "int", "char", "long", "short",
              "unsigned", "signed", "size_t", "const", "static", "struct", "void", "double", "float",
              "NULL", "break", "continue", "switch", "case", "default", "goto", "typedef", "enum",
              "union", "volatile", "register", "extern", "inline", "bool", "true", "false", "auto"}
EXPR = re.compile(r"\b[A-Za-z_]\w*(?:(?:->|\.)[A-Za-z_]\w*)*(?:\[[^\[\]]+\])?")


def gdb_argv(command: str, report: CrashReport | None) -> list[str] | None:
    """The reproduction command (`VAR=v ... prog args`) as gdb --args, the sanitizer set to abort."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    while words and re.match(r"^\w+=", words[0]):
        words.pop(0)
    setup = ""
    if len(words) == 3 and words[:2] == ["bash", "-c"]:     # a recipe (agent/native/recipe.py): set-up && run
        *steps, last = words[2].split(" && ")
        try:
            words = shlex.split(last)
        except ValueError:
            return None
        setup = " && ".join(steps)
    if not words or any(w in ("&&", "||", ";", "|", ">", "<") for w in words) or words[0] in ("make", "ctest", "meson"):
        return None
    env = [f"{k}={v}" for k, v in sanitizer_env(report, abort=True).items()]
    if setup:       # the input files first, then gdb on the program that reads them
        return ["bash", "-c", f'{setup} && exec "$@"', "bash", "env", *env, "gdb", "-q", "-nx", "--args", *words]
    return ["env", *env, "gdb", "-q", "-nx", "--args", *words]


def expressions(line: str) -> list[str]:
    """Variables, members and subscripts on a C source line (no calls, no keywords)."""
    code = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|//.*$|/\*.*?\*/', " ", line)
    seen: dict[str, None] = {}
    for m in EXPR.finditer(code):
        expr = m.group(0)
        if code[m.end():].lstrip().startswith("("):        # a call: never run code in gdb
            continue
        base = re.split(r"->|\.|\[", expr)[0]
        if base not in C_KEYWORDS and not expr.isupper():
            if base != expr:
                seen[base] = None                           # the pointer itself: NULL or not
            seen[expr] = None
    return list(seen)[:10]


def probe(sb: Sandbox, command: str, site: Site, source_line: str, report: CrashReport | None = None,
          *, timeout: float = GDB_TIMEOUT) -> Probe:
    result = Probe(command=command)
    argv = gdb_argv(command, report)
    if argv is None and "\nsrv=$!\n" in command:       # agent/native/recipe.py serve()
        result.error = "the reproduction is a server fed by client lines: not run under gdb"
        return result
    if argv is None:
        result.error = f"cannot run under gdb: {command}"
        return result
    try:
        session = sb.session(argv, PROMPT, timeout=timeout)
    except SandboxError as exc:
        result.error = f"gdb did not start: {exc}"
        return result
    try:
        talk = lambda cmd: records.talk(session, cmd, result, timeout)
        for setting in ("set pagination off", "set confirm off", "set width 0",
                        "set disable-randomization off"):     # personality() is refused in containers
            talk(setting)
        stop = talk("run")
        if "exited normally" in stop or "exited with code" in stop:
            result.error = "the program did not stop under gdb"
            return result
        bt = talk("bt 40")
        number = next((int(n) for n, fn in FRAME_LINE.findall(bt) if fn == site.function), None)
        if number is None:
            result.error = f"{site.function} is not on the stack gdb shows"
            return result
        talk(f"frame {number}")
        result.frame = f"{site.path}:{site.line} in {site.function}"
        result.locals = (talk("info args") + talk("info locals"))[:3000]
        for expr in expressions(source_line):
            out = talk(f"print {expr}").strip()
            result.values[expr] = re.sub(r"^\$\d+ = ", "", out)[:500]
        talk("kill")
    except SandboxError as exc:
        result.error = f"gdb session ended: {exc}"
    finally:
        session.close()
    return result
