"""Reproduction recipes as reporters write them: shell lines in a fence (`$ ./prog f`, `echo … | ./prog`),
commands in the prose or in inline code (`dd if=/dev/zero of=f bs=1 count=1`, then `./example f`),
and inputs given inline (a hex dump, base64, `printf '\\x..' > f`) written to the file the command reads.

A recipe is set-up steps (they make input files) and one run step; `chain` joins them into one shell
script so every step runs with the sanitizer settings (`ENV sh -c '…'`, not `ENV a && b`, where the
settings would reach only `a`); bash, for `printf '\\x..'` and `echo -e`.
"""
from __future__ import annotations

import base64
import binascii
import re
import shlex
from dataclasses import dataclass, field

from agent.reports.fences import fenced_blocks, without_blocks

MAX_INPUT = 1 << 20          # an inline input larger than this is not written (a note says so)
BUILD_WORDS = {"make", "cmake", "cc", "gcc", "g++", "c++", "clang", "clang++", "meson", "ninja", "cd",
               "export", "git", "apt", "apt-get", "sudo", "autoreconf", "./configure", "./autogen.sh",
               "mkdir", "pip", "pip3", "brew", "yum", "dnf", "wget", "curl", "ls", "cp", "mv", "rm",
               "valgrind", "source", "ulimit", "file", "hexdump", "xxd", "od"}
SETUP_WORDS = {"dd", "printf", "echo", "touch", "head", "base64", "xxd", "truncate", "perl", "python3",
               "python", "cat", "yes"}
WRITES = re.compile(r"(?<![<>&|])>{1,2}\s*(\S+)|\bof=(\S+)")
SOURCE_NAME = re.compile(r"\.(?:c|h|cc|cpp|cxx|hpp|hh|md|txt|json|ini|xml|yml|yaml|toml|cmake|am|ac|in|log)(?::\d+)*$")
INLINE_CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
# a shell's prompt: `$ `, `# `, `> `, `% `, bash's `user@host:~/dir$ `, or a home-relative folder's
# `~ $ ` / `~/src/x/build$ `
USER_PROMPT = r"(?:[\w.-]+@[\w.-]+(?::[^\s$#]*)?|~[^\s$#]*\s?)[$#]"
PROMPT = re.compile(rf"^\s*(?:{USER_PROMPT}|\$|#|>|%)\s+")
DOLLAR = re.compile(rf"^\s*(?:{USER_PROMPT}|\$)(?:\s+|$)")     # a command's prompt, not a comment's `#`
# an installed program run by its absolute path (`/usr/local/bin/jq -r .`): the reporter's build of it
INSTALLED = re.compile(r"^/(?:usr/(?:local/)?|opt/[\w.+-]+/)?s?bin/[\w.+-]+$")
PROGRAM = re.compile(r"(?:^|[|;&]\s*|\s)(\./[\w./+-]+|(?:build|bin|out|examples?|tests?|tools|src)/[\w./+-]+)")
HEX_LINE = re.compile(r"^\s*(?:[0-9a-fA-F]{4,8}:?\s+)?((?:[0-9a-fA-F]{2}\s?){1,32}[0-9a-fA-F]{0,2})\s*(?:\s\s.*)?$")
B64_BODY = re.compile(r"^[A-Za-z0-9+/=\s]+$")
# "crash input: "{\"a\"…"" / "poc input: `…`": an input written in the prose, one line
NAMED_INPUT = re.compile(r"\b(?:crash(?:ing)?|poc|bad|test)[ \t]+input[ \t]*:[ \t]*(\"(?:.+)\"|`[^`\n]+`)[ \t]*$",
                         re.I | re.M)
SOURCE_PATH = re.compile(r"(?<![\w/.])((?:[\w.+-]+/)+[\w+-]+|[\w+-]+)\.(?:c|cc|cpp)\b")
STACK_LINE = re.compile(r"^\s*#\d+\s|\bin\s+\w+\s+\S+:\d+")
NAMED_INPUT_FILE = "crashfix-input"
# a client of a server on this machine: `… | nc 127.0.0.1 1502`, `curl http://localhost:8080/x`
CLIENT = re.compile(r"(?:^|[|;&]\s*|\s)(?:nc|ncat|netcat|telnet|socat|curl|wget)\s[^\n]*?"
                    r"(?:127\.0\.0\.1|localhost|0\.0\.0\.0|\[?::1\]?)(?:\]?:|\s+|/)(\d{1,5})?")


@dataclass
class Recipe:
    setup: list[str] = field(default_factory=list)     # make the input files, in the order
    run: str = ""                                      # the command that crashes (a server's clients)
    notes: list[str] = field(default_factory=list)     # what could not be used, said plainly
    server: str = ""                                   # a program that serves, started before `run`
    port: int | None = None                            # where it listens (from the client lines)
    stdin: list[str] = field(default_factory=list)     # lines typed at the program's own prompt (`osquery> …`)

    def script(self) -> str:
        run = self.run
        if self.stdin:
            run = f"printf '%s\\n' {' '.join(shlex.quote(ln) for ln in self.stdin)} | {run}"
        return " && ".join([*self.setup, serve(self.server, run, self.port) if self.server else run])


# without nc in the image, the client lines' `nc HOST PORT` is bash's /dev/tcp: stdin sent, the reply read
NC_SHIM = ("command -v nc >/dev/null 2>&1 || { nc() { local h= p= skip=; for a in \"$@\"; do "
           "if [ -n \"$skip\" ]; then skip=; continue; fi; case \"$a\" in -[wqpsiIOTVXx]) skip=1;; -*) ;; "
           "*) if [ -z \"$h\" ]; then h=$a; elif [ -z \"$p\" ]; then p=$a; fi;; esac; done; "
           "exec 3<>\"/dev/tcp/$h/$p\" || return 1; cat >&3; timeout 2 cat <&3; exec 3<&-; }; export -f nc; }")
# nor curl: `curl [-X M] [-H h] [-d data|@file] http://HOST:PORT/path` is an HTTP/1.0 request over /dev/tcp
CURL_SHIM = ("command -v curl >/dev/null 2>&1 || { curl() { local m= d= u= hp host port path x; local -a hs=(); "
             "while [ $# -gt 0 ]; do case \"$1\" in -X|--request) m=$2; shift;; "
             "-d|--data|--data-raw|--data-binary|--data-ascii) d=$2; shift;; -H|--header) hs+=(\"$2\"); shift;; "
             "-o|--output|-u|--user|-A|--user-agent|-e|--referer|-m|--max-time|--connect-timeout) shift;; "
             "-*) ;; *) u=$1;; esac; shift; done; "
             "case \"$d\" in @*) d=$(cat \"${d#@}\");; esac; u=${u#http://}; hp=${u%%/*}; "
             "case \"$u\" in */*) path=/${u#*/};; *) path=/;; esac; host=${hp%:*}; port=${hp##*:}; "
             "[ \"$port\" = \"$hp\" ] && port=80; [ -z \"$m\" ] && { [ -n \"$d\" ] && m=POST || m=GET; }; "
             "exec 3<>\"/dev/tcp/$host/$port\" || return 7; "
             "{ printf '%s %s HTTP/1.0\\r\\nHost: %s\\r\\n' \"$m\" \"$path\" \"$hp\"; "
             "for x in \"${hs[@]}\"; do printf '%s\\r\\n' \"$x\"; done; "
             "[ -n \"$d\" ] && printf 'Content-Length: %s\\r\\n' \"${#d}\"; printf '\\r\\n%s' \"$d\"; } >&3; "
             "timeout 5 cat <&3; exec 3<&-; }; export -f curl; }")
SERVER_WAIT = 100        # tenths of a second a server may take to listen
CLIENT_TIMEOUT = 20      # seconds the client lines may take
SERVER_GRACE = 50        # tenths of a second the server has to finish its crash after the clients


def serve(server: str, clients: str, port: int | None) -> str:
    """`server` started in the background (its output kept), the `clients` run once it listens on `port`
    (read from /proc/net/tcp, without connecting: a server that takes one client would take the probe)
    or after a second, then the server stopped. The script ends with the server's output and its exit
    status; a server still serving after the clients is stopped by crashfix and counts as a clean run
    (exit 0, said on stderr)."""
    listen = (f"for i in $(seq {SERVER_WAIT}); do grep -qiE ':{port:04X} [0-9A-F]+:0000 0A ' /proc/net/tcp "
              "/proc/net/tcp6 2>/dev/null && break; kill -0 $srv 2>/dev/null || break; sleep 0.1; done"
              if port else "sleep 1")
    return "\n".join([
        NC_SHIM, CURL_SHIM, "log=$(mktemp)",
        f"{server if not re.search(r'[|;&<>()]', server) else f'( {server} )'} >\"$log\" 2>&1 &", "srv=$!", listen,
        f"timeout {CLIENT_TIMEOUT} bash -c {shlex.quote(clients)}",
        f"for i in $(seq {SERVER_GRACE}); do kill -0 $srv 2>/dev/null || break; sleep 0.1; done",
        "if kill -0 $srv 2>/dev/null; then kill $srv; wait $srv; rc=0; "
        "echo 'crashfix: the server was still serving after the client lines: stopped' >>\"$log\"; "
        "else wait $srv; rc=$?; fi",
        "cat \"$log\" >&2; rm -f \"$log\"; exit $rc"])


def chain(env: dict[str, str], script: str) -> str:
    """`script` run with `env` for every one of its commands."""
    prefix = " ".join(f"{k}={v}" for k, v in env.items())
    if not re.search(r"&&|\|\||;|\||\n", script):
        return f"{prefix} {script}"
    return f"{prefix} bash -c {shlex.quote(script)}"


def _words(line: str) -> list[str] | None:
    try:
        return shlex.split(line, comments=False)
    except ValueError:
        return None


def classify(line: str, loose: bool = False) -> str | None:
    """`setup` (makes a file), `run` (runs a program), or None (a build step, prose, output).
    `loose` (a line of a shell block): any command that is not a build or set-up step runs (`ctest -R t`,
    `myprog f` on the PATH); in prose only a path to a program does."""
    line = PROMPT.sub("", line).strip()
    words = _words(line)
    if not words:
        return None
    while words and re.match(r"^\w+=", words[0]):
        words = words[1:]
    if not words:
        return None
    first = words[0]
    if first == "gdb" and "--args" in words:
        return "run"
    if first in DEBUGGERS or COMPILER.fullmatch(first):
        return None             # `gdb prog` (a debugger's session, its core), `clang-3.8 …` (a build step)
    if first in SETUP_WORDS:
        if "|" in line and (PROGRAM.search(line) or _piped_into_command(line)):
            return "run"                                  # echo … | ./prog, printf … | jq .
        return "setup" if WRITES.search(line) else None
    if first in BUILD_WORDS or first.startswith("#") or SOURCE_NAME.search(first):
        return None
    if INSTALLED.match(first):
        return "run"
    if first.startswith("./") or re.fullmatch(r"[\w.+-]+(?:/[\w.+-]+)+", first) and not first.endswith(":"):
        return "run"
    if loose and re.match(r"^[A-Z][a-z]+$", first) and len(words) >= 4 and line.rstrip().endswith("."):
        return None                 # a sentence of output or prose in the fence, not a command
    if loose and output_line(words):
        return None
    return "run" if loose and re.fullmatch(r"[\w.+-]+", first) else None


DEBUGGERS = {"gdb", "lldb", "cgdb", "rr"}
# a compiler named with its version (`clang-3.8`, `gcc-12`, `g++-9`, `clang++-14`): a build step
COMPILER = re.compile(r"(?:[\w.-]+-)?(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+)(?:-\d+(?:\.\d+)*)?")
VERSION = re.compile(r"v?\d+\.\d+\.\d+(?:[-+.~]\w+)*")


def output_line(words: list[str]) -> bool:
    """A line of a fence that a program printed, not a command typed: `Machine : Ubuntu 16.04` (a field
    and its value), `Sat Jun 25 11:13:09 AM CST 2022` (capitalised words, no option, path or file),
    `radare2 5.7.3 28346 @ linux-x86-64` (a program's name and its version, `prog -v`'s answer)."""
    if len(words) > 1 and (words[1] == ":" or words[0].endswith(":")):
        return True
    if re.fullmatch(r"[A-Z][a-z]+", words[0]) and len(words) >= 4 \
            and not any(w.startswith(("-", "/", "./", "<", ">", "|")) or re.search(r"\.\w+$", w) for w in words[1:]):
        return True
    return len(words) > 2 and "/" not in words[0] and bool(VERSION.fullmatch(words[1]))


# what an inline input is piped through on its way to the program, not the program itself
FILTERS = {"grep", "sed", "awk", "tr", "head", "tail", "tee", "sort", "uniq", "wc", "cut", "less", "more",
           "xxd", "od", "hexdump", "base64", "cat", "gzip", "gunzip", "zcat", "xargs", "sh", "bash"}


def pipeline(line: str) -> list[str]:
    """The stages of a shell line split at its pipes (`|`, not `||`), quotes respected."""
    parts, cur, quote, i = [], "", "", 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"' and i + 1 < len(line):
                cur += line[i:i + 2]
                i += 2
                continue
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "|" and line[i + 1:i + 2] != "|" and line[i - 1:i] != "|":
            parts.append(cur)
            cur, i = "", i + 1
            continue
        cur += ch
        i += 1
    return parts + [cur]


def _piped_into_command(line: str) -> bool:
    """`printf '…' | jq -r .`: an input written inline and piped into a program named bare (the
    reporter's installed build) that is not a filter, a build step or another writer."""
    stages = [_words(part) for part in pipeline(line)[1:]]
    return any(w and re.fullmatch(r"[A-Za-z_][\w.+-]*", w[0]) and w[0] not in FILTERS | BUILD_WORDS | SETUP_WORDS
               for w in stages)


# an interactive program's own prompt and what was typed at it (`qjs > 1+1`, `>> f()` is PROMPT's)
REPL_PROMPT = re.compile(r"^\s*([\w.+-]+)\s?>{1,2}\s")


# `tool > out.txt` after `./tool a`: a redirect to a file more likely than one word typed at tool's prompt
REDIRECT_TARGET = re.compile(r"[\w./-]+")


def _prompt_owner(name: str, programs) -> str | None:
    """The program started before whose own prompt `name` is: the same name (`qjs > `), or its name
    without a suffix (`osquery> ` of osqueryi, `sqlite> ` of sqlite3)."""
    return next((p for p in programs if p == name or (len(name) >= 3 and p.startswith(name)
                                                      and len(p) - len(name) <= 2)), None)


def _program_name(line: str) -> str:
    words = _words(PROMPT.sub("", line).strip()) or [""]
    while len(words) > 1 and re.match(r"^\w+=", words[0]):
        words = words[1:]
    return words[0].rsplit("/", 1)[-1]
SAN_VAR = re.compile(r"^(?:ASAN|UBSAN|LSAN|MSAN|TSAN)_OPTIONS=")


def _clean(line: str) -> str:
    """The command without its prompt and its own sanitizer settings (ours replace them); a
    `gdb --args prog` line runs `prog`."""
    line = PROMPT.sub("", line).strip()
    words = _words(line) or []
    while words and SAN_VAR.match(words[0]):
        line = line.split(None, 1)[1] if " " in line else ""
        words = words[1:]
    if words and words[0] == "gdb" and "--args" in words:
        return shlex.join(words[words.index("--args") + 1:])
    return line if re.search(r"[|;&<>]", line) else shlex.join(words)


def _lines_of_text(text: str) -> list[str]:
    """Command-like lines of the issue outside fences: inline code spans, and whole lines that
    start with a prompt or `./`."""
    prose = without_blocks(text, sep="\n")
    out = []
    for line in prose.splitlines():
        spans = INLINE_CODE.findall(line)
        if spans:
            out.extend(spans)
        elif PROMPT.match(line) or line.lstrip().startswith("./"):
            out.append(_command_part(line))
    return out


# a sentence that says the command follows: "To reproduce: `r2 -A f`", "run with the command `mobitool -i7m $file`",
# "CMD : radare2 -Acq i [FILE]", "run this command: ./yara -C …"; its inline code, or the rest of the line after `:`
CUE = re.compile(r"(?:\bto reproduce(?: (?:it|this|the (?:bug|crash|issue)))?|"
                 r"\b(?:run|ran|running|use|using|execute|executing)(?: it)? (?:with |by |using )?"
                 r"(?:the |this |following )?command|^\s*(?:cmd|command|poc command|reproduce command))"
                 r"\s*(?:(:)\s*(?!`)(\S.*)|:?\s*`([^`\n]+)`)", re.I)
# "Please use ./btoruntrace $POC to reproduce the bug": a program's path used to reproduce
USE_TO = re.compile(r"\buse\s+(\.{0,2}/[\w./+-]+(?:\s+(?!to\b)\S+)*?)\s+to\s+reproduce\b", re.I)
# "ran '''./parda.x --input=t > seq.hist'''": three single quotes around a code span
TRIPLE_QUOTED = re.compile(r"'''([^'\n]+)'''")
# a markdown link in a command: the file it downloads, by its URL's last part (`[PoC](…/HBO_4)`: `HBO_4`)
LINK = re.compile(r"\[[^\]\n]*\]\((?:https?://[^)\s]*/)?([^)/\s]+)\)")


def _cued_lines(text: str) -> list[str]:
    """Commands the prose says are the reproducer (CUE, USE_TO, TRIPLE_QUOTED), read like a shell block's
    lines (a program named bare runs); a link in one is the file it downloads. The rest of a line after
    `:` is a command only when it is not a sentence (no capitalised first word, no closing `.`), and it
    ends where its sentence goes on (`, where …`)."""
    out: list[str] = []
    for line in without_blocks(text, sep="\n").splitlines():
        for m in CUE.finditer(line):
            if m.group(3):
                out.append(m.group(3).strip())
            elif m.group(2) and not INLINE_CODE.search(m.group(2)):
                rest = _command_part(LINK.sub(lambda k: k.group(1), m.group(2))).strip()
                if _bare_command(rest):
                    out.append(rest)
        out += [m.group(1) for m in USE_TO.finditer(line)]
        out += [q for q in (m.group(1).strip() for m in TRIPLE_QUOTED.finditer(line)) if classify(q) is not None]
    return [c for c in out if (_words(c) or [""])[0] not in UNPACK | FILTERS]


UNPACK = {"tar", "unzip", "7z", "gunzip", "bunzip2", "unxz", "xz", "zip", "gzip", "zcat"}   # a step before the run


STOPWORDS = {"the", "a", "an", "and", "or", "with", "to", "of", "it", "is", "in", "on", "for", "then", "this", "that",
             "when", "if", "but", "by", "as", "after", "before", "from", "we", "you"}


def _bare_command(rest: str) -> bool:
    """The rest of a prose line is a command, not a sentence: no capitalised first word, no closing `.`,
    no English glue word (`build with ASAN and run the test` is words), and a program by its path or an
    option (`radare2 -Acq i [FILE]`)."""
    words = _words(rest) or []
    if not words or rest.endswith((".", "!", "?")) or rest[0].isupper():
        return False
    if any(w.lower() in STOPWORDS for w in words) or words[0].lower() == "i":
        return False
    return classify(rest) is not None or any(w.startswith("-") and len(w) > 1 for w in words[1:])


def _command_part(line: str) -> str:
    """A prose line's command without the sentence that goes on after it (`./rcc f.c , where f.c is …`):
    the line up to its first `,` outside quotes that a space follows."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "," and line[i + 1:i + 2] in (" ", "") and not quote:
            return line[:i].rstrip()
    return line


def _named_input_recipes(text: str, exists) -> list[Recipe]:
    """"example/parse_config.c … crash input: "{…"": the program built from a source of the tree
    that the prose names, run on that input (C escapes read as such) from stdin and as a file."""
    m = NAMED_INPUT.search(text)
    if m is None:
        return []
    raw = m.group(1)[1:-1]
    try:
        data = raw.encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1", "replace")
    except (UnicodeDecodeError, UnicodeEncodeError):
        data = raw.encode()
    if not data or len(data) > MAX_INPUT:
        return []
    prose = [ln for ln in text.splitlines() if not STACK_LINE.search(ln)]
    progs = [p for ln in prose for p in SOURCE_PATH.findall(ln) if exists(f"{p}.c") or exists(f"{p}.cc")
             or exists(f"{p}.cpp")]
    setup = [f"printf %s {base64.b64encode(data).decode()} | base64 -d > {NAMED_INPUT_FILE}"]
    return [Recipe(list(setup), f"./{p} {how}{NAMED_INPUT_FILE}") for p in dict.fromkeys(progs)
            for how in ("< ", "")]


def _commandlike(line: str) -> bool:
    """A line that starts a command (`echo '[ {`, `$ ./prog \\`), not output or prose (`Couldn't open`)."""
    m = re.match(r"^(?:\w+=\S*\s+)*([\w./+-]+)(?:\s|$)", PROMPT.sub("", line).lstrip())
    return bool(m) and not re.fullmatch(r"[A-Z][a-z]+", m.group(1))


def logical_lines(snippet: str) -> list[str]:
    """A shell snippet's commands: a line continued by a trailing backslash, or by a quoted string
    left open (`echo '[ {` … `} ]' | jq .`), joins the lines after it."""
    out: list[str] = []
    cur, quote = "", ""
    for line in snippet.splitlines():
        cur = f"{cur}\n{line}" if cur else line
        i = 0
        while i < len(line):
            ch = line[i]
            if quote:
                if ch == "\\" and quote == '"':
                    i += 1
                elif ch == quote:
                    quote = ""
            elif ch == "\\":
                i += 1
            elif ch in "'\"":
                quote = ch
            elif ch == "#" and (i == 0 or line[i - 1].isspace()):
                break                                   # a comment (or a root prompt's line): its quotes do not count
            i += 1
        if (quote or line.endswith("\\")) and (cur != line or _commandlike(line)):
            continue
        quote = ""
        out.append(cur)
        cur = ""
    return out + (cur.split("\n") if cur else [])     # a quote never closed: the lines as they are


# csh/zsh's `% ` prompt before a program run by its path (`% ./qjs --std ./poc.js`)
PERCENT = re.compile(r"^\s*%\s+(?=\.{0,2}/|[\w.+-]+/)")
# where a crash's output starts in a pasted session
OUTPUT_START = re.compile(r"^\s*(?:={5,}|==\d+==|\w*Sanitizer\b|#\d+\s|Segmentation fault|Program received signal|"
                          r"\(gdb\)|Starting program:|Aborted\b)")


def _session_lines(text: str, snippets: list[str]) -> list[str]:
    """The `$ ` command lines of a pasted terminal session: a fence that is not a shell snippet
    (it holds the crash's output) but where the reporter's own commands precede it."""
    known = {s.strip() for s in snippets}
    out: list[str] = []
    blocks = [(blk.body, blk.lang) for blk in fenced_blocks(text)] + [(b, "") for b in indented_blocks(text)]
    for body, lang in blocks:
        if body.strip() in known:
            continue
        lines = body.splitlines()
        typed = [ln for ln in lines if (DOLLAR.match(ln) or PERCENT.match(ln)) and PROMPT.sub("", ln).strip()]
        if typed:
            # and what was typed at the prompt of a program started there (`~ $ osqueryi`, `osquery> select …;`)
            names = {_program_name(ln) for ln in typed}
            out.extend(ln for ln in lines if ln in typed or (
                (m := REPL_PROMPT.match(ln)) is not None and _prompt_owner(m.group(1), names)))
            continue
        # no prompt: the commands are the lines before the crash's output starts, and only those that
        # run a program by its path or make a file (`./bin/mruby poc.rb`, then the sanitizer's report)
        start = next((i for i, ln in enumerate(lines) if OUTPUT_START.match(ln)), None)
        if start:
            out.extend(ln for ln in lines[:start] if classify(ln) is not None)
        elif lang == "" and _all_shell(lines):
            out.extend(logical_lines(body))
    return out


HEADING = re.compile(r"^#{1,6}\s")        # an ATX heading: an indented block may follow it directly
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")


def indented_blocks(text: str) -> list[str]:
    """The bodies of markdown's indented code blocks outside the fences (lines indented by 4 spaces or a
    tab, after a blank line or a heading, iir1#70's pasted run and its report), dedented. A list item's indented
    paragraph is not one."""
    lines = without_blocks(text, sep="\n").splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        before = [p for p in lines[:i] if p.strip()]
        if re.match(r"^(?: {4}|\t)", ln) and ln.strip() and (i == 0 or not lines[i - 1].strip() or HEADING.match(lines[i - 1])) \
                and not (before and LIST_ITEM.match(before[-1])):
            j = i
            while j < len(lines) and (not lines[j].strip() or re.match(r"^(?: {4}|\t)", lines[j])):
                j += 1
            body = [b[4:] if b.startswith("    ") else b[1:] for b in lines[i:j]]
            out.append("\n".join(body).strip("\n"))
            i = j
        else:
            i += 1
    return out


def _all_shell(lines: list[str]) -> bool:
    """An untagged fence of shell lines only: each command starts with a build word (`cmake`, `make`,
    `cd`, `ctest`…), makes a file or runs a program by its path, and one of them builds (`cmake …` then
    `ctest -R t`): no line of output or prose among them."""
    cmds = [PROMPT.sub("", ln).strip() for ln in logical_lines("\n".join(lines)) if ln.strip()]
    firsts = [(_words(c.replace("\\\n", " ")) or [""])[0] for c in cmds]
    known = BUILD_WORDS | {"ctest", "meson", "ninja"}
    return len(cmds) >= 2 and any(f in known for f in firsts) and all(
        f in known or classify(c) is not None for c, f in zip(cmds, firsts))


ESCAPES = re.compile(r"^(?:[ -~]|\\x[0-9a-fA-F]{2})*$")
C_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[nrtvfab0\\'\"?])")
SIMPLE = {"n": 10, "r": 13, "t": 9, "v": 11, "f": 12, "a": 7, "b": 8, "\\": 92, "'": 39, '"': 34, "?": 63}


def unescape(text: str) -> bytes:
    """A C or printf string's bytes: `\\xHH`, octal, `\\n`… read as such, other characters as UTF-8."""
    out, at = bytearray(), 0
    for m in C_ESCAPE.finditer(text):
        out += text[at:m.start()].encode()
        e = m.group(1)
        out.append(int(e[1:], 16) if e[0] == "x" else int(e, 8) if e[0] in "01234567" else SIMPLE[e])
        at = m.end()
    return bytes(out + text[at:].encode())


def _escaped(body: str) -> bytes | None:
    """A fence of `\\x..` escapes (`\\x7b\\x22a…`, or a quoted C string of them, over lines): its bytes."""
    parts = [ln.strip() for ln in body.strip().splitlines() if ln.strip()]
    parts = [p[1:-1] if len(p) > 1 and p[0] == p[-1] and p[0] in "\"'" else p for p in parts]
    flat = "".join(parts)
    if len(re.findall(r"\\x[0-9a-fA-F]{2}", flat)) < 2 or not all(ESCAPES.match(p) for p in parts):
        return None
    if re.search(r"\\x[0-9a-fA-F]{2}", flat) and len(re.sub(r"\\x[0-9a-fA-F]{2}", "", flat)) > len(flat) // 2:
        return None            # mostly text: prose or code quoting an escape, not an input
    return unescape(flat)


def decode_input(body: str) -> bytes | None:
    """The bytes of an inline input: a hex dump (xxd, hexdump -C or bare byte pairs), base64, or a
    string of `\\x..` escapes."""
    escaped = _escaped(body)
    if escaped is not None:
        return escaped
    lines = [ln for ln in body.strip().splitlines() if ln.strip()]
    if len(lines) > 1 and re.fullmatch(r"\s*[0-9a-fA-F]{7,8}\s*", lines[-1]):
        lines = lines[:-1]                                # hexdump's closing offset line
    if not lines:
        return None
    if all(HEX_LINE.match(ln) for ln in lines):
        data = "".join(re.sub(r"\s", "", HEX_LINE.match(ln).group(1)) for ln in lines)
        if len(data) % 2 == 0 and len(data) >= 2:
            return bytes.fromhex(data)
    flat = "".join(body.split())
    if B64_BODY.match(body) and len(flat) >= 8 and len(flat) % 4 == 0 and re.search(r"[a-z]", flat) \
            and re.search(r"[A-Z0-9+/=]", flat):
        try:
            return base64.b64decode(flat, validate=True)
        except (binascii.Error, ValueError):
            return None
    return None


def _inputs(text: str) -> list[tuple[str, bytes]]:
    """(language, bytes) of the fences that hold an input rather than code or output."""
    out = []
    for blk in fenced_blocks(text):
        if blk.lang.lower() in ("", "hex", "text", "txt", "base64", "b64", "hexdump", "xxd"):
            data = decode_input(blk.body)
            if data is not None:
                out.append((blk.lang, data))
    return out


# the line before a fence that names the file the fence holds: `example.s:`, `**poc.xml**`, or a sentence
# ending in the name (`Save the content below as `hex.txt``)
NAMED_FENCE = re.compile(r"^(?:[*_`]*([\w.+-]+\.[A-Za-z0-9]{1,5})[*_`]*|.*\bas\s+`([\w.+-]+\.[A-Za-z0-9]{1,5})`)\s*[:.]?$")


def _named_fences(text: str) -> dict[str, str]:
    """{file name: the fence's text} for the fences whose preceding line names a file."""
    out: dict[str, str] = {}
    for blk in fenced_blocks(text):
        before = text[:blk.start].rstrip().rsplit("\n", 1)[-1].strip()
        m = NAMED_FENCE.match(before)
        if m and len(blk.body.encode()) <= MAX_INPUT:
            out.setdefault(m.group(1) or m.group(2), blk.body if blk.body.endswith("\n") else blk.body + "\n")
    return out


# a sentence ending in `:` that names one file and says its content follows (`./rcc f.c , where f.c the following
# piece of C code:`, lcc#46); the paragraphs after it, unfenced, are the file's text
FILE_NAME = re.compile(r"(?<![\w/.-])([\w+-][\w.+-]*\.[A-Za-z0-9]{1,5})(?![\w/])")
FOLLOWS = re.compile(r"\b(?:following|contents?|contains?|below|as follows)\b", re.I)
NOT_INPUT = re.compile(r"\b(?:output|error|errors|log|report|trace|backtrace|stack|result|prints?|gives?|says?)\b", re.I)
CODE_CHARS = re.compile(r"[{}();=<>#\[\]]")


def _unfenced_named(text: str) -> dict[str, str]:
    """{file name: text} for an unfenced file the prose introduces by its name: the line ends in `:`,
    names one file, says after the name that its content follows (and not that output does), and the
    paragraphs after it are code (each line holds one of `{}();=<>#[]`, none is a crash's output); the
    first paragraph that is not code ends the file."""
    out: dict[str, str] = {}
    lines = without_blocks(text, sep="\n").splitlines()
    for i, line in enumerate(lines):
        names = list(dict.fromkeys(FILE_NAME.findall(line)))
        if not line.rstrip().endswith(":") or len(names) != 1:
            continue
        tail = line[line.rfind(names[0]) + len(names[0]):]
        if not FOLLOWS.search(tail) or NOT_INPUT.search(tail):
            continue
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            while j < len(lines) and not lines[j].strip():
                j += 1
            k = j
            while k < len(lines) and lines[k].strip():
                k += 1
            para = lines[j:k]
            if not para or not all(CODE_CHARS.search(ln) and not OUTPUT_START.match(ln) and not STACK_LINE.search(ln)
                                   for ln in para):
                break
            body += ([""] if body else []) + para
            j = k
        data = "\n".join(body) + "\n"
        if body and len(data.encode()) <= MAX_INPUT:
            out.setdefault(names[0], data)
    return out


# "An example input file causing a crash is: `r|r#`": an input's whole content in inline code
INLINE_INPUT = re.compile(r"\binput(?:[ \t]+file)?\b[^`\n]{0,60}?\bis:?[ \t]*`([^`\n]+)`", re.I)


def _inline_inputs(text: str) -> list[tuple[str, bytes]]:
    """("inline", bytes) of the inputs the prose gives whole in inline code, as written."""
    return [("inline", m.group(1).encode()) for m in INLINE_INPUT.finditer(without_blocks(text, sep="\n"))]


def _serve(rec: Recipe, client: str, port: str | None) -> None:
    """`rec`'s program serves the `client` line (more client lines run in order, each whatever the
    previous one's exit status)."""
    if not rec.server:
        rec.server, rec.run = rec.run, client
    else:
        rec.run = f"{rec.run}; {client}"
    if port and rec.port is None and 0 < int(port) < 65536:
        rec.port = int(port)


def _reads_made_file(line: str, setup: list[str]) -> bool:
    """A program named bare (`r2 PoCfile`) whose file argument a set-up line of the issue writes."""
    words = _words(PROMPT.sub("", line).strip()) or []
    made = _written(setup)
    return bool(words) and bool(re.fullmatch(r"[A-Za-z_][\w.+-]*", words[0])) \
        and words[0] not in BUILD_WORDS | SETUP_WORDS | FILTERS | DEBUGGERS and any(w in made for w in words[1:])


def _written(setup: list[str]) -> set[str]:
    return {a or b for line in setup for a, b in WRITES.findall(line)}


def _file_args(run: str) -> list[str]:
    words = _words(run) or []
    return [w for w in words[1:] if not w.startswith("-") and re.match(r"^[\w./+-]+$", w)
            and not w.startswith("/dev/") and (re.search(r"\.\w+$", w) or "/" not in w)]


def recipes(text: str, snippets: list[str], exists=lambda path: False) -> list[Recipe]:
    """The recipes of an issue: each shell snippet and the prose (in that order) give their
    set-up lines and one recipe per run line; an inline input is written to the file a run line
    reads when nothing else makes it (`exists(path)`: the file is in the tree)."""
    prose = _lines_of_text(text)
    taken = {_clean(p) for p in prose if classify(p) == "run"}
    cued = [c for c in _cued_lines(text) if _clean(c) not in taken]      # a prose run line already, with its set-up
    groups = [(logical_lines(s), True) for s in snippets] + [(_session_lines(text, snippets), True),
                                                           (prose, False), (cued, True)]
    inputs = _inputs(text) + _inline_inputs(text)
    out: list[Recipe] = []
    prose_setup: list[str] = []
    for group, loose in groups:
        setup: list[str] = []
        if any(DOLLAR.match(raw) for raw in group):
            names = {_program_name(raw) for raw in group if DOLLAR.match(raw)}
            group = [raw for raw in group if DOLLAR.match(raw) or (      # the rest is output, but for the lines
                (m := REPL_PROMPT.match(raw)) is not None and _prompt_owner(m.group(1), names))]  # typed at a prompt
        ran: set[str] = set()            # the programs this group's run lines start
        for raw in group:
            repl = REPL_PROMPT.match(raw)
            owner = _prompt_owner(repl.group(1), ran) if repl else None
            if owner:
                # `qjs > stanc(…)`: typed at the prompt of the program just started, its stdin (not when the
                # run line gives its stdin itself)
                last = out[-1]
                typed = raw[repl.end():].rstrip()
                if typed and not REDIRECT_TARGET.fullmatch(typed) and not last.server and _program_name(last.run) == owner \
                        and not re.search(r"[|;&<]", last.run):
                    last.stdin.append(typed)
                continue
            client = CLIENT.search(PROMPT.sub("", raw))
            if client and out and (out[-1].server or classify(raw, loose) != "setup"):
                # the last program run serves this client (its line may be in an earlier fence)
                _serve(out[-1], _clean(raw), client.group(1))
                continue
            kind = classify(raw, loose)
            if kind is None and not loose and _reads_made_file(raw, prose_setup + setup):
                kind = "run"          # `r2 PoCfile` after `xxd -r hex.txt > PoCfile`: that file's program
            if kind == "setup":
                setup.append(_clean(raw))
            elif kind == "run":
                out.append(Recipe(list(dict.fromkeys(prose_setup + setup)), _clean(raw)))
                ran.update(w.rsplit("/", 1)[-1] for w in (_words(out[-1].run) or [])[:1])
        prose_setup += setup
    servers = {r.server for r in out if r.server}
    out = [r for r in out if r.server or r.run not in servers]     # a server named again alone would never end
    named = _unfenced_named(text) | _named_fences(text)
    for rec in out:
        # a file the issue shows in a fence it names (`example.s:`), read by the run or a set-up line
        wanted = [a for line in [*rec.setup, rec.run] for a in _file_args(line)]
        files = [a for a in dict.fromkeys(wanted) if a in named and a not in _written(rec.setup) and not exists(a)]
        rec.setup[:0] = [f"printf %s {base64.b64encode(named[a].encode()).decode()} | base64 -d > {shlex.quote(a)}"
                         for a in files]
        missing = [a for a in _file_args(rec.run) if a not in _written(rec.setup) and not exists(a)]
        if len(missing) == 1 and inputs:
            lang, data = inputs[0]
            if len(data) > MAX_INPUT:
                rec.notes.append(f"the issue's inline input for `{missing[0]}` is {len(data)} bytes, more than the "
                                 f"{MAX_INPUT >> 20} MiB crashfix writes into the sandbox: not written; give the command "
                                 "that makes the file with `--repro-cmd`")
                continue
            enc = base64.b64encode(data).decode()
            rec.setup.append(f"printf %s {enc} | base64 -d > {shlex.quote(missing[0])}")
    out += _named_input_recipes(text, exists)
    return list({r.script(): r for r in out if r.run}.values())


def unused_inputs(text: str, snippets: list[str], exists=lambda path: False) -> list[str]:
    """What the issue's recipes could not use, one line each (an inline input too large to write)."""
    return list(dict.fromkeys(n for r in recipes(text, snippets, exists) for n in r.notes))
