"""Python tracebacks: plain, chained, exception groups, SyntaxError, recursion, pytest's long /
short / native styles, and tracebacks inside logs whose every line carries a prefix."""
from __future__ import annotations

import re

from agent.reports.fences import without_blocks
from agent.reports.model import CrashReport, Frame
from agent.reports.normalise import norm_message

TB_HEAD = "Traceback (most recent call last):"
TB_MARK = "(most recent call last):"
_FILE_RE = re.compile(r'^(\s*)File "([^"]+)", line (\d+)(?:, in (.+))?\s*$')
_EXC_NAME = re.compile(r"([A-Za-z_][\w.]*+)(?::\s?(.*))?$")


class _ExceptionLine:
    r"""`KeyError: 'x'`, `pkg.mod.CustomError`: a dotted name whose last part holds a capital
    (after the first character) and an optional `: message`. The name is checked in Python:
    the former pattern `[\w.]*(?:...|[A-Z]\w*)` backtracked quadratically on a run of letters."""

    @staticmethod
    def match(s: str) -> re.Match | None:
        m = _EXC_NAME.match(s)
        if m is None:
            return None
        name = m.group(1)
        tail = name[max(1, name.rfind(".") + 1):]
        return m if any("A" <= c <= "Z" for c in tail) else None


_EXC_RE = _ExceptionLine()
_CHAIN = ("During handling of the above exception, another exception occurred:",
          "The above exception was the direct cause of the following exception:")
_REPEATED = re.compile(r"\[Previous line repeated (\d+) more times?\]")
_PYTEST_LOC = re.compile(r"^(\S+?\.py):(\d+):(?: in (\S+)| (assert)\b.*| ([A-Za-z_][\w.]*)(?:: .*)?)?\s*$")
_PYTEST_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+?\.py)::(?:\S+::)?([\w\[\]-]+)", re.M)
_PYTEST_E = re.compile(r"^E\s{1,3}(.*)$")
_PYTEST_SHORT_FILE = re.compile(r"^(\S+?\.py):(\d+): in (\S+)\s*$")
_LOG_PREFIX = re.compile(r"^(\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[,.]\d+)?(?:Z|[+-]\d\d:?\d\d)?\s+"
                         r"(?:\S+\s+)?(?:-\s+)?)")

_STDLIB = re.compile(r"(?:/lib/python\d(?:\.\d+)?/(?!.*site-packages)|site-packages|dist-packages|^<frozen|"
                     r"^<string>|^<stdin>|[\\/]Lib[\\/]|/lib/pypy|/_pytest/|/pluggy/)")


def is_library_path(path: str | None) -> bool:
    return bool(path) and bool(_STDLIB.search(path.replace("\\", "/")))


def _unprefix(text: str) -> str:
    """If traceback lines carry a common prefix (log timestamps, `| `...), strip it."""
    lines = text.split("\n")
    idx = next((i for i, ln in enumerate(lines) if TB_HEAD in ln), None)
    if idx is None:
        return text
    head = lines[idx]
    prefix = head[: head.index(TB_HEAD)]
    if not prefix.strip() or set(prefix.strip()) <= {"|", "+", "-"}:
        return text
    out = lines[:idx]
    for ln in lines[idx:]:
        if ln.startswith(prefix):
            out.append(ln[len(prefix):])
        else:
            m = _LOG_PREFIX.match(ln)
            out.append(ln[m.end():] if m else ln)
    return "\n".join(out)


def _parse_tb_block(lines: list[str], i: int) -> tuple[list[Frame], str, str, int, dict]:
    """Parse one `Traceback (most recent call last):` block starting at lines[i]."""
    frames: list[Frame] = []
    extra: dict = {}
    n = len(lines)
    i += 1
    base_indent = None
    while i < n:
        ln = lines[i]
        m = _FILE_RE.match(ln)
        if m:
            indent = len(m.group(1))
            if base_indent is None:
                base_indent = indent
            code = None
            j = i + 1
            if j < n and not _FILE_RE.match(lines[j]) and lines[j].strip() and not _REPEATED.search(lines[j]) \
                    and (lines[j].startswith(" " * (indent + 2)) or _unindented_code(lines, j, indent)):
                code = lines[j].strip()
                j += 1
                # caret/underline lines (3.11+)
                while j < n and lines[j].strip() and set(lines[j].strip()) <= set("^~ "):
                    j += 1
            frames.append(Frame(function=(m.group(4) or "<module>").strip(), file=m.group(2),
                                line=int(m.group(3)), code=code))
            i = j
            continue
        r = _REPEATED.search(ln)
        if r:
            extra["repeated"] = extra.get("repeated", 0) + int(r.group(1))
            i += 1
            continue
        if ln.strip() == "" or (ln.startswith((" ", "\t")) and frames and not _EXC_RE.match(ln.strip())):
            i += 1
            continue
        break
    # Exception line (possibly SyntaxError details before it).
    exc_type, message = "", ""
    while i < n:
        s = lines[i].strip()
        if not s:
            i += 1
            continue
        m = _EXC_RE.match(s)
        if m and not s.startswith("File "):
            exc_type, message = m.group(1), (m.group(2) or "").strip()
            i += 1
            # multi-line messages: following non-blank lines that are not a new section
            more = []
            while i < n and lines[i].strip() and lines[i].strip() not in _CHAIN and TB_HEAD not in lines[i] \
                    and not lines[i].lstrip().startswith(("+-", "| ", "+---", "===", "___", "FAILED ", "ERROR ")):
                more.append(lines[i].rstrip())
                i += 1
            if more and exc_type not in ("SyntaxError",) and len(more) < 20:
                message = (message + "\n" + "\n".join(more)).strip()
            break
        i += 1
        if i - 1 > 0 and len(s) > 200:
            break
    return frames, exc_type, message, i, extra


def _unindented_code(lines: list[str], j: int, indent: int) -> bool:
    """A traceback pasted with its indentation lost: the line after a `File` line is its code when it
    is no exception line and a `File` line or the exception follows it."""
    if indent or _EXC_RE.match(lines[j].strip()):
        return False
    nxt = lines[j + 1].strip() if j + 1 < len(lines) else ""
    return bool(_FILE_RE.match(nxt) or _EXC_RE.match(nxt))


_SYNTAX_FILE = re.compile(r'File "([^"]+)", line (\d+)$')
_SYNTAX_ERROR = re.compile(r"(SyntaxError|IndentationError|TabError): (.*)")
_CARETS = re.compile(r"\s*\^+\s*")


def _syntax_error(text: str) -> tuple[Frame | None, str | None]:
    """What `File "([^"]+)", line (\\d+)\\n\\s+(.*)\\n\\s*\\^+\\s*\\n(?:.*\\n)*?\\s*(SyntaxError|IndentationError|TabError): (.*)`
    found, line by line (that pattern tried every later line for each `File` line: quadratic): the first
    `File "x", line N` line, its code line (the first non-blank line after it, indented unless blank
    lines come between; or, when a blank line comes between, that blank line as empty code), then a
    line of carets (the first non-blank line after the code), then on a later line `SyntaxError: msg`
    (or IndentationError, TabError). Returns (the frame, msg)."""
    if "rror: " not in text:
        return None, None
    lines = text.split("\n")
    n = len(lines)
    error_at = [n] * (n + 1)          # the first error line at or after i
    full_at = [n] * (n + 1)           # the first non-blank line at or after i
    for i in range(n - 1, -1, -1):
        error_at[i] = i if _SYNTAX_ERROR.match(lines[i].lstrip()) else error_at[i + 1]
        full_at[i] = i if lines[i].strip() else full_at[i + 1]

    def carets_then_error(code: int) -> int | None:     # the error line after the caret line after `code`
        caret = full_at[code + 1]
        if caret >= n - 1 or not _CARETS.fullmatch(lines[caret]):
            return None
        err = error_at[caret + 1]
        return err if err < n else None

    for i in range(n - 1):
        if 'File "' not in lines[i]:
            continue
        m = _SYNTAX_FILE.search(lines[i])
        if not m:
            continue
        first = full_at[i + 1]
        tries = []
        if first < n - 1 and (first > i + 1 or lines[first][:1].isspace()):
            tries.append(first)                          # the code line
        if first > i + 1 and (first > i + 2 or lines[i + 1]):
            tries.append(first - 1)                      # a blank line as the (empty) code line
        for code in tries:
            err = carets_then_error(code)
            if err is not None:
                msg = _SYNTAX_ERROR.match(lines[err].lstrip()).group(2)
                return Frame(function="<module>", file=m.group(1), line=int(m.group(2)),
                             code=lines[code].strip()), msg
    return None, None


_PACKAGES = re.compile(r"[\\/](?:site|dist)-packages[\\/]([^\\/]+)")
_INTERACTIVE = ("<ipython-input-", "Cell In[", "Cell In [", "<string>", "<stdin>", "<console>", "<input>")


def installed_package(path: str | None) -> str | None:
    """`.../site-packages/pkgx/core.py` -> `pkgx` (a single-file module keeps its `.py` off)."""
    m = _PACKAGES.search(path or "")
    return m.group(1).removesuffix(".py") if m else None


def _reporters(frames: list[Frame]) -> set[str]:
    """The files of the reporter's own entry code: the outermost frame when it is a script's top level,
    an interactive cell, `<string>`, or a console-script wrapper (`.../bin/tool`), and nothing else."""
    if not frames:
        return set()
    top = frames[-1]
    f = top.file or ""
    if (f.startswith(_INTERACTIVE) or top.function == "<module>" or "/bin/" in f.replace("\\", "/")) \
            and not installed_package(f):
        return {f}
    return set()


reporters = _reporters      # the reporter's own entry files, for agent/reports/repo.py

_COMPREHENSIONS = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")


def _guilty(frames: list[Frame]) -> Frame | None:
    """The frame `_guilty_frame` picks; a comprehension's frame (`<listcomp>`, which Python 3.12
    inlines into its function: PEP 709) stands for the function it is written in, the next frame
    out when that is in the same file."""
    return _outer_of_comprehension(frames, _guilty_frame(frames))


def guilty_among(frames: list[Frame], candidates: list[Frame]) -> Frame | None:
    """The innermost of `candidates` (frames of `frames`, innermost first), a comprehension's frame
    standing for its function as in `_guilty`."""
    return _outer_of_comprehension(frames, candidates[0]) if candidates else None


def _outer_of_comprehension(frames: list[Frame], fr: Frame | None) -> Frame | None:
    if fr is not None and fr.function in _COMPREHENSIONS:
        i = next((k for k, f in enumerate(frames) if f is fr), -1)
        if 0 <= i < len(frames) - 1 and frames[i + 1].file == fr.file:
            return frames[i + 1]
    return fr


_COMPILED = (".pyx", ".pxi", ".pxd")       # Cython sources: an installed package's compiled modules


def _own(fr: Frame) -> bool:
    """A frame neither of the standard library, an installed package (nor its compiled modules), nor an
    interactive cell."""
    f = fr.file or ""
    return not is_library_path(f) and not f.endswith(_COMPILED) and not f.startswith(_INTERACTIVE)


def _guilty_frame(frames: list[Frame]) -> Frame | None:
    """The innermost frame of the project's own code (frames innermost first): a frame outside the
    standard library and the installed packages, not the reporter's script, cell or console wrapper;
    when there is none, the innermost frame of the package the reporter's code called (the outermost
    installed package on the stack: the library the issue is about); else the reporter's own script;
    never the standard library, a cell, `<string>` or a console wrapper (None)."""
    mine = _reporters(frames)
    for fr in frames:
        if _own(fr) and fr.file not in mine:
            return fr
    called = next((p for fr in reversed(frames) if (p := installed_package(fr.file))), None)
    if called:
        return next(fr for fr in frames if installed_package(fr.file) == called)
    for fr in frames:
        if not is_library_path(fr.file) and not _entry_only(fr):
            return fr
    return None         # the standard library's frames, a cell, `<string>` or a console wrapper only: none to blame


def _entry_only(fr: Frame) -> bool:
    """A frame that only starts a program: a console-script wrapper (`.../bin/tool`, `...\\Scripts\\tool-script.py`),
    an interactive cell, `<string>`."""
    f = (fr.file or "").replace("\\", "/")
    return f.startswith(_INTERACTIVE) or "/bin/" in f or "/Scripts/" in f


def _finish(exc_type: str, message: str, frames_tb_order: list[Frame], extra: dict) -> CrashReport:
    frames = list(reversed(frames_tb_order))
    guilty = _guilty(frames)
    mine = _reporters(frames)
    caller = next((f for f in frames if f.file in mine), None) if guilty is not None and guilty.file not in mine \
        else None
    if caller is not None and "reporter_frame" not in extra:
        extra = {**extra, "reporter_frame": {"function": caller.function, "file": caller.file, "line": caller.line}}
    where = guilty.function if guilty else "<unknown>"
    short = exc_type
    title = f"{short} in {where}"
    return CrashReport(kind="python", type=exc_type, title=title, message=message, frames=frames, guilty=guilty,
                       signature=signature(exc_type, message, guilty), extra=extra)


# the exceptions whose message names what went wrong (the missing key or attribute, the types that met)
# rather than the data the program was given
_TELLING = ("KeyError", "AttributeError", "ImportError", "ModuleNotFoundError", "NameError", "TypeError",
            "UnboundLocalError", "NotImplementedError")


def signature(exc_type: str, message: str, guilty: Frame | None) -> str:
    """The same crash's key across reports: the exception, the guilty frame (function and file name:
    the library's, never the reporter's script) and, where it tells crashes apart, the normalised
    message. No frame and no message: "" (the report stands alone; nothing generic groups it)."""
    short = exc_type.rsplit(".", 1)[-1]
    said = norm_message(message) if short in _TELLING or guilty is None else ""
    if guilty is None:
        return f"python:{short}:?:{said}" if said else ""
    base = (guilty.file or "").replace("\\", "/").rsplit("/", 1)[-1]
    return f"python:{short}:{guilty.function}:{base}" + (f":{said}" if said else "")


def at_repo_frame(report: CrashReport, frame: Frame) -> CrashReport:
    """Name `frame` (the innermost frame in the repository's files), when the parser's guilty frame
    called it (frames are innermost first), as the crash site: the guilty
    frame and the title; the parser's pick (the reporter's own code, outside the repository) stays
    as context in `extra["reporter_frame"]`. The signature is left alone: issues are deduplicated
    by what their text alone says. Changes `report` in place and returns it."""
    old = report.guilty
    if report.kind != "python" or old is None or frame is old:
        return report
    at = [i for i, f in enumerate(report.frames) if f is frame or f is old]
    if len(at) != 2 or report.frames[at[0]] is not frame:    # only a frame the guilty one called
        return report
    report.extra["reporter_frame"] = {"function": old.function, "file": old.file, "line": old.line}
    report.guilty = frame
    report.title = f"{report.type} in {frame.function}"
    return report


_EG_HEAD = "Exception Group Traceback (most recent call last):"
_FILE_LINE = re.compile(r'^[ \t]*File "[^"\n]+", line \d+, in ', re.M)


def _eg_sep(line: str) -> bool:
    """A member separator (`+---------------- 1 ----------------`): what `^\\s*\\+[-+]*\\s*(?:\\d+|\\.\\.\\.)?.*-{3,}\\s*$`
    matched (a `+`, then anything ending in three dashes), by index: the pattern was cubic on a line of dashes."""
    s = line.lstrip()
    return s.startswith("+") and s[1:].rstrip().endswith("---")


def _parse_group(lines: list[str]) -> CrashReport | None:
    """`+ Exception Group Traceback` with `| `-prefixed top block and member sub-tracebacks."""
    idx = next(i for i, l in enumerate(lines) if _EG_HEAD in l)
    col = lines[idx].index("+") if "+" in lines[idx] else 0
    bar = " " * col + "| "
    top = [TB_HEAD]
    j = idx + 1
    while j < len(lines) and lines[j].startswith(bar):
        top.append(lines[j][len(bar):])
        j += 1
    frames, et, msg, _, ex = _parse_tb_block(top, 0)
    if not et:
        return None
    sub_bar = " " * (col + 2) + "| "
    members: list[list[str]] = []
    for ln in lines[j:]:
        if _eg_sep(ln):
            members.append([])
        elif ln.startswith(sub_bar) and members:
            members[-1].append(ln[len(sub_bar):])
        elif ln.strip() and not ln.startswith(" " * (col + 2)):
            break
    group = []
    for m in members:
        k = next((i for i, l in enumerate(m) if TB_HEAD in l or _EG_HEAD in l), None)
        if k is None:
            continue
        block = [TB_HEAD] + m[k + 1:]
        f2, et2, msg2, _, _ = _parse_tb_block(block, 0)
        if et2:
            group.append({"type": et2, "message": msg2, "frames": [f.function for f in reversed(f2)],
                          "file": f2[-1].file if f2 else None, "line": f2[-1].line if f2 else None})
    extra = dict(ex)
    extra["group"] = group
    return _finish(et, msg, frames, extra)


def _parse_traceback(text: str) -> CrashReport | None:
    if _EG_HEAD in text:
        rep = _parse_group(text.split("\n"))
        if rep is not None:
            return rep
    text = _unprefix(text)
    lines = text.split("\n")
    chain = []
    last = None
    i = 0
    n = len(lines)
    group_frames: list[Frame] = []
    tail: list[Frame] = []
    while i < n:
        ln = lines[i]
        if TB_HEAD in ln:
            pos = ln.index(TB_HEAD)
            prefix = ln[:pos]
            if prefix.strip() and set(prefix.replace(" ", "")) <= {"|"}:
                # exception group sub-traceback: strip `| ` prefixes of this level
                block = []
                j = i
                while j < n and lines[j].startswith(prefix):
                    block.append(lines[j][len(prefix):])
                    j += 1
                frames, et, msg, _, ex = _parse_tb_block(block, 0)
                if et:
                    chain.append({"type": et, "message": msg, "group_member": True,
                                  "frames": [f.function for f in frames]})
                    if last is not None and last[0].endswith("ExceptionGroup"):
                        group_frames = frames
                i = max(j, i + 1)
                continue
            pre = head_prefix(lines, i) if prefix.strip() == "" and prefix else ""
            sub = [l[len(pre):] if l.startswith(pre) else l for l in lines[i:]] if pre else lines[i:]
            frames, et, msg, consumed, ex = _parse_tb_block(sub, 0)
            if et:
                if last is not None:
                    chain.append({"type": last[0], "message": last[1], "frames": [f.function for f in last[2]]})
                last = (et, msg, frames, ex)
                group_frames = []
                tail = []
            elif frames and last is not None:
                tail = frames            # the next exception's traceback, its exception line cut off
            i += max(consumed, 1)
            continue
        i += 1
    if last is None:
        return None
    et, msg, frames, ex = last
    extra = dict(ex)
    if tail and not any(_own(f) for f in frames) and any(_own(f) for f in tail):
        # a chain pasted up to the wrapper's frames (`The above exception was the direct cause...`, then a
        # traceback cut before its line) whose root ran in libraries only: the wrapper's traceback is the
        # way from the program to where the root was caught, the stack the root was raised on
        frames = tail + frames
        extra["wrapper_cut"] = True
    if chain:
        extra["chain"] = chain
    members = [c for c in chain if c.get("group_member")]
    if members and et.endswith("ExceptionGroup"):
        extra["group"] = members
        # the innermost failure of the first member pinpoints the bug better than the raise site
        if group_frames:
            frames = frames + group_frames
    return _finish(et, msg, frames, extra)


def _func_from_code(code_buf: list[str]) -> str | None:
    for ln in code_buf:
        m = re.match(r"^\s*(?:async\s+)?def\s+(\w+)\s*\(", ln)
        if m:
            return m.group(1)
    return None


def _parse_pytest_long(text: str) -> CrashReport | None:
    lines = text.split("\n")
    if not any(_PYTEST_E.match(l) for l in lines):
        return None
    first_e = next(i for i, l in enumerate(lines) if _PYTEST_E.match(l))
    start = 0
    for k in range(first_e, -1, -1):
        if re.match(r"^_{3,} .* _{3,}$", lines[k]):
            start = k + 1
            break
    end = len(lines)
    for k in range(first_e + 1, len(lines)):
        if re.match(r"^(_{3,} .* _{3,}|={3,}.*={3,})\s*$", lines[k]):
            end = k
            break
    # Chunks are separated by location lines `path.py:LINE: ...`.
    frames: list[Frame] = []
    chunk: list[str] = []
    exc_type = message = ""
    e_lines: list[str] = []
    for ln in lines[start:end]:
        lm = _PYTEST_LOC.match(ln.strip()) if not ln.startswith(" ") else None
        if lm:
            func = lm.group(3) or _func_from_code(chunk) or "<unknown>"
            code = next((c[1:].strip() for c in chunk if c.startswith(">")), None)
            frames.append(Frame(function=func, file=lm.group(1), line=int(lm.group(2)), code=code))
            chunk = []
            ended = lm.group(5) or ("AssertionError" if lm.group(4) else None)
            if ended:                   # `path:LINE: ExcType` (or `: assert ...`) ends one test's failure
                exc_type = exc_type or ended
                break
            continue
        em = _PYTEST_E.match(ln)
        if em:
            e_lines.append(em.group(1))
        chunk.append(ln)
    for l in e_lines:
        m = _EXC_RE.match(l.strip())
        if m and (not exc_type or m.group(1) == exc_type or m.group(1).endswith("." + exc_type)):
            exc_type = m.group(1)
            message = (m.group(2) or "").strip()
            break
    if not exc_type and e_lines and e_lines[0].lstrip().startswith("assert"):
        # pytest's short style prints a failed assert with no exception name: `E   assert 21 == 22`
        exc_type, message = "AssertionError", "\n".join(e_lines).strip()
    if not exc_type:
        m = _EXC_RE.match(e_lines[-1].strip()) if e_lines else None
        if not m:
            return None
        exc_type, message = m.group(1), (m.group(2) or "").strip()
    if not message and e_lines:
        message = "\n".join(l for l in e_lines if not _EXC_RE.match(l.strip())).strip()
    if any(f.function == "<unknown>" for f in frames):
        frames = _name_from_summary(frames, text)
    return _finish(exc_type, message, frames, {"style": "pytest"})


def _name_from_summary(frames: list[Frame], text: str) -> list[Frame]:
    """pytest's line style names no function: take the test's name from the `FAILED path::test` summary."""
    failed = _PYTEST_FAILED.findall(text)
    named = []
    for f in frames:
        if f.function == "<unknown>" and f.file:
            match = next((name.split("[")[0] for path, name in failed
                          if f.file.endswith(path) or path.endswith(f.file)), None)
            if match:
                f = Frame(function=match, file=f.file, line=f.line, code=f.code)
        named.append(f)
    return named


# -- IPython / Jupyter tracebacks --------------------------------------------------------------
# ---------------------------------------------------------------------------
# TypeError                                 Traceback (most recent call last)
# Cell In[3], line 5                                           (IPython 8: a cell)
# ----> 5 df.summarize(by=None)
# File ~/venv/.../tabula/frame.py:120, in Frame.summarize(self, by)    (IPython 8: a file)
# --> 120     keys = self._keys(by)
# <ipython-input-3-1f2e> in <module>                           (IPython 7: a cell)
# ~/venv/.../tabula/frame.py in summarize(self, by)              (IPython 7: a file)
# TypeError: 'NoneType' object is not iterable
# Each line is taken apart with str methods (no regex with two unbounded parts).
IPY_MARK = "Traceback (most recent call last)"
_ARROW = re.compile(r"-*> ?(\d+)(?:\s(.*))?$")


def _ipy_function(s: str) -> str:
    """`Frame.summarize(self, by)` -> `summarize` (Python's own tracebacks name the code object)."""
    s = s.strip().split("(", 1)[0].strip()
    return s.rsplit(".", 1)[-1] or "<module>"


def _unlink(s: str) -> str:
    """A frame head whose path a notebook rendered as a markdown link (Colab: `[/usr/.../cipher.py](https://
    localhost:8080/#) in f(js)`, `File [~/x.py:61](url), in f`): the path in place of the link."""
    k = s.find("[")
    if k not in (0, 5) or (k == 5 and not s.startswith("File [")):
        return s
    mid = s.find("](", k)
    end = s.find(")", mid + 2) if mid != -1 else -1
    return s[:k] + s[k + 1:mid] + s[end + 1:] if end != -1 else s


def _ipy_frame_head(s: str) -> tuple[str, int | None, str] | None:
    """(file, line or None, function) of an IPython frame's header line, else None."""
    if "](" in s:
        s = _unlink(s)
    if s.startswith("Cell In[") or s.startswith("Cell In ["):
        cell, _, rest = s.partition("]")
        head, _, func = rest.partition(", in ")
        line = head.rpartition("line ")[2].strip()
        return cell + "]", int(line) if line.isdigit() else None, _ipy_function(func) if func else "<module>"
    if s.startswith("File ") and ", in " in s:
        where, _, func = s[5:].rpartition(", in ")
        path, _, line = where.rpartition(":")
        if path and line.strip().isdigit():
            return path.strip(), int(line), _ipy_function(func)
        return None
    if s.startswith("<ipython-input-") and "> in " in s:
        cell, _, func = s.partition("> in ")
        return cell + ">", None, _ipy_function(func)
    if " in " in s and not s[0].isspace():
        path, _, func = s.partition(" in ")
        if path.endswith(".py") and " " not in path.strip():
            return path, None, _ipy_function(func)
    return None


def _parse_ipython_block(lines: list[str], i: int) -> tuple[list[Frame], str, str, str, int]:
    """One IPython block from its header at lines[i]: (frames outermost first, the header's
    exception type, the closing line's type, its message, the next line's index)."""
    head_type = lines[i].split(IPY_MARK, 1)[0].strip()
    head_type = head_type if _EXC_RE.match(head_type) else ""
    frames: list[Frame] = []
    cur: list | None = None          # [file, line, function, code]
    i += 1
    n = len(lines)

    def close():
        if cur is not None:
            frames.append(Frame(function=cur[2], file=cur[0], line=cur[1], code=cur[3]))

    exc_type = message = ""
    while i < n:
        raw = lines[i].rstrip()
        s = raw.strip()
        if IPY_MARK in s and not s.startswith(("File", "Cell")):
            break
        head = _ipy_frame_head(s) if s and not raw[0].isspace() else None
        if head is not None:
            close()
            cur = [head[0], head[1], head[2], None]
        elif s.startswith("-") and set(s) <= {"-"}:
            pass
        elif (m := _ARROW.match(s)) and cur is not None:
            cur[1], cur[3] = cur[1] or int(m.group(1)), (m.group(2) or "").strip() or None
        elif not s or raw[0].isspace() or s[0].isdigit() or s.startswith("..."):
            pass
        elif (m := _EXC_RE.match(s)) and (":" in s or m.group(1) == head_type):
            exc_type, message = m.group(1), (m.group(2) or "").strip()
            i += 1
            break
        i += 1
    close()
    return frames, head_type, exc_type, message, i


def _parse_ipython(text: str) -> tuple[list[Frame], str, str, bool] | None:
    """The last IPython traceback of `text`: (frames outermost first, type, message, whether the
    closing exception line was there); None when there is none."""
    lines = text.split("\n")
    found = None
    i = 0
    while i < len(lines):
        if IPY_MARK in lines[i] and TB_MARK not in lines[i]:
            frames, head_type, et, msg, i = _parse_ipython_block(lines, i)
            if frames or et:
                found = (frames, et or head_type, msg, bool(et))
            continue
        i += 1
    return found


# -- cut pastes: the exception from the title or the prose -----------------------------------
# (no `Warning`: prose mentions warnings seen on the way more often than a crash raised as one)
_EXC_SUFFIXES = ("Error", "Exception", "Exit", "Interrupt", "StopIteration", "Fault")
_WORD = re.compile(r"[A-Za-z_][\w.]*+")


def exception_in_words(s: str) -> tuple[str, str] | None:
    """The first exception name in a line of prose (`TypeError when ...`, `raises KeyError: 'x'`,
    `pkg.errors.ConfigError`) with the message after its `: `, if any."""
    for m in _WORD.finditer(s):
        name = m.group(0).rstrip(".")
        if not name.endswith(_EXC_SUFFIXES) or not _EXC_RE.match(name) or name in _EXC_SUFFIXES[:2]:
            continue
        if m.start() and s[m.start() - 1] in "./":
            continue
        rest = s[m.start() + len(name):]
        msg = rest[2:] if rest.startswith(": ") else ""
        if m.start() and s[m.start() - 1] == "`":         # `KeyError: 'x'` ends at its backtick
            msg = msg.split("`", 1)[0]
        msg = msg.strip()
        return name, msg[:300]
    return None


def _title_and_prose(context: str) -> tuple[str, str]:
    """The issue's title (its first line, when a blank line follows: `issue_text` joins title and
    body so) and the prose: the body without fenced blocks, indented lines or traceback lines."""
    first, sep, rest = context.partition("\n")
    title = first.strip() if sep and rest.startswith("\n") and TB_MARK not in first else ""
    body = rest if title else context
    body = without_blocks(body)
    prose = [ln for ln in body.split("\n")
             if ln.strip() and not ln[0].isspace() and not ln.startswith(("File ", "Traceback", "Cell In", "-"))]
    return title, "\n".join(prose)


_BODY_EXC_LINE = re.compile(r"((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt)): (\S.*)")


def exception_from_context(context: str) -> tuple[str, str, str] | None:
    """(type, message, "title" | "prose") named by an exception's own line in the issue's prose, else by
    its title, else by a sentence of its prose."""
    from agent.reports.frameless import python_message

    title, prose = _title_and_prose(context)
    for ln in prose.split("\n")[:400]:
        # an exception's own line pasted in the body (`RegexMatchError: get_name: could not find match`, the
        # program's output, whole) names it better than a title that retells it
        if len(ln) < 2000 and (m := _BODY_EXC_LINE.match(ln.strip())) and m.group(1) not in _EXC_SUFFIXES[:2]:
            return m.group(1), m.group(2).strip()[:300], "prose"
    if title and (found := exception_in_words(title) or python_message(title)):
        # (CPython's own message names its exception: `[BUG] 'NoneType' object has no attribute 'span'`)
        return found[0], found[1], "title"
    for ln in prose.split("\n")[:400]:
        if found := exception_in_words(ln[:2000]):
            return found[0], found[1], "prose"
    return None


def head_prefix(lines: list[str], i: int) -> str:
    """What precedes `Traceback (most recent call last):` on lines[i], when it is a prefix of the
    traceback's lines: text (a log's stamp), or an indentation the next line shares (a traceback
    indented as a whole). An indentation of the head alone (a logger's `    TRACEBACK:` block whose
    `File` lines sit at two spaces) is none."""
    pre = lines[i][:lines[i].index(TB_HEAD)]
    if pre.strip():
        return pre
    nxt = next((ln for ln in lines[i + 1:i + 4] if ln.strip()), "")
    return pre if nxt.startswith(pre) else ""


def _cut_frames(text: str) -> list[Frame]:
    """The frames of the last `Traceback (most recent call last):` block that holds some."""
    lines = _unprefix(text).split("\n")
    got: list[Frame] = []
    i = 0
    while i < len(lines):
        if TB_HEAD in lines[i]:
            pre = head_prefix(lines, i)
            sub = [l[len(pre):] if pre and l.startswith(pre) else l for l in lines[i:]]
            frames, _, _, consumed, _ = _parse_tb_block(sub, 0)
            got = frames or got
            i += max(consumed, 1)
            continue
        i += 1
    return got


_DJANGO_PLACE = re.compile(r"^[ \t|]*(?:Exception Location:[ \t|]*)?(/[^\s,]+\.py)(?: in (\w+), line (\d+)|, line (\d+), "
                           r"in (\w+))[ \t|]*$", re.M)


def parse_cut(text: str, context: str) -> CrashReport | None:
    """A traceback pasted without its exception line (cut mid-traceback, IPython's context
    blocks, a paste that ends at a frame): its frames, the exception from the title or the prose
    of `context` (the whole issue), and `extra["exception_from"]` saying where it came from
    ("unknown" when nothing names it: the type is then `Exception`, and any exception through the
    reported frames is that crash: agent/judge/signature.py)."""
    text = rejoin(unflatten(text))
    ipy = _parse_ipython(text) if IPY_MARK in text else None
    frames = ipy[0] if ipy else _cut_frames(text) if TB_MARK in text else []
    if not frames and not ipy and TB_MARK not in text and (at := _FILE_LINE.search(text)) is not None:
        # `File ".../views/repository.py", line 10, in get_release_file` quoted alone, its head not pasted
        frames = _cut_frames(TB_HEAD + "\n" + text[text.rfind("\n", 0, at.start()) + 1:])
    if not frames and ".py" in text and (dm := _DJANGO_PLACE.search(text)) is not None:
        # Django's error page pasted: its `Exception Location` (`/app/vps/views.py in index, line 31`, or
        # `/app/vps/views.py, line 31, in index` since Django 3.1)
        frames = [Frame(function=dm.group(2) or dm.group(5), file=dm.group(1), line=int(dm.group(3) or dm.group(4)))]
    if not frames:
        return None
    if ipy and ipy[1]:
        exc_type, message, source = ipy[1], ipy[2], "traceback"
    elif found := exception_from_context(context):
        exc_type, message, source = found
    else:       # named nowhere: a crash of some exception through these frames (its snippet still runs)
        exc_type, message, source = "Exception", "", "unknown"
    return _finish(exc_type, message, frames, {"exception_from": source, "cut": True})


def looks_like_python(text: str) -> bool:
    return TB_HEAD in text or ("\nE   " in text and ".py:" in text) or \
        bool(re.search(r'File "[^"]+", line \d+', text) and re.search(r"^[^\S\n]*\w*Error:", text, re.M))


_FLAT_FRAME = re.compile(r'File "([^"\n]+)", line (\d+), in (\S+) ?(.*?)(?= File "|$)')
_MD_DUNDER = re.compile(r"^\*\*(\w+)\*\*$")


def _flat_line(text: str) -> bool:
    """Whether a line holding `(most recent call last):` holds two `File "` too (each such line
    read once: linear)."""
    at = text.find(TB_MARK)
    while at != -1:
        end = text.find("\n", at)
        end = len(text) if end == -1 else end
        if text.count('File "', at, end) >= 2:
            return True
        at = text.find(TB_MARK, end)
    return False


def unflatten(text: str) -> str:
    """A traceback whose line breaks were lost (pasted into a paragraph or a quote, copied from a
    rendered page): `Traceback (most recent call last): File "a.py", line 3, in f code File ...` on
    one line, set out again a frame and its code a line; a dunder the page rendered bold (`**init**`)
    named again (`__init__`). Other text is returned as it is."""
    if TB_MARK not in text or not _flat_line(text):
        return text
    out = []
    for line in text.split("\n"):
        at = line.find(TB_MARK)
        if at == -1 or line.count('File "', at) < 2:
            out.append(line)
            continue
        out.append(line[:line.index('File "', at)].rstrip())
        for m in _FLAT_FRAME.finditer(line, line.index('File "', at)):
            func = _MD_DUNDER.sub(r"__\1__", m.group(3))
            out.append(f'  File "{m.group(1)}", line {m.group(2)}, in {func}')
            if m.group(4).strip():
                out.append("    " + m.group(4).strip())
    return "\n".join(out)


_OPEN_FILE = re.compile(r'File "[^"\n]*\n')       # a `File "` whose quote the line does not close


def rejoin(text: str) -> str:
    """A traceback a console wrapped at its width (Windows' 80 columns): a `File "` line whose path goes
    on on the next line (`  File "C:\\...\\Scripts\\py` / `g-script.py", line 8, in <module>`) made one
    line again. Each line looked at once: linear."""
    if _OPEN_FILE.search(text) is None:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        k = ln.find('File "')
        if k != -1 and ln.count('"', k) == 1 and not ln[:k].strip() and i + 1 < len(lines) \
                and '", line ' in lines[i + 1] and '"' not in lines[i + 1].split('", line ', 1)[0]:
            out.append(ln + lines[i + 1])
            i += 2
            continue
        out.append(ln)
        i += 1
    return "\n".join(out)


def _ipy_headless(text: str) -> int | None:
    """Where IPython's first frame head is (`/usr/lib/.../cipher.py in get_plan(js)`, a cell's `<ipython-input-3-..>
    in <module>`), when an arrow line (`--> 411 ...`) follows it within a few lines."""
    lines = text.split("\n", 4000)[:4000]
    pos = 0
    for i, ln in enumerate(lines):
        s = ln.strip()
        if s and not ln[0].isspace() and len(s) < 2000 and " in " in s and _ipy_frame_head(s) is not None \
                and any(_ARROW.match(x.strip()) and x.strip().startswith("-") for x in lines[i + 1:i + 12]):
            return pos
        pos += len(ln) + 1
    return None


# the end of a frame's line, its `File "...", ` not copied (`line 296, in get_name`), before its code and the exception
_FRAME_TAIL = re.compile(r"^[ \t]*line (\d+), in ([\w<>.]+)[ \t]*$", re.M)


def _frame_tail(text: str) -> CrashReport | None:
    m = _FRAME_TAIL.search(text)
    if m is None:
        return None
    rest = text[m.end():].split("\n", 40)[:40]
    frames, et, msg, _, _ = _parse_tb_block([TB_HEAD, f'  File "?", line {m.group(1)}, in {m.group(2)}'] + rest[1:], 0)
    if not et or not frames:
        return None
    frames = [Frame(function=f.function, line=f.line, code=f.code) for f in frames]
    rep = _finish(et, msg, frames, {"frame_tail": True})
    # a function without its file is no place of its own: the report is one crash with another as a report
    # without frames is (its exception and message, in its repository: agent/reports/__init__.py `_in_repo`)
    rep.signature = ""
    return rep


def parse_python(text: str) -> CrashReport | None:
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    text = rejoin(unflatten(text))
    first = text.find(TB_MARK)
    if first != -1:
        # Lines before the first traceback's head hold nothing of it: parse from that line on.
        rep = _parse_traceback(text[text.rfind("\n", 0, first) + 1:])
        if rep is not None and not rep.frames and (eol := text.find("\n", first)) != -1 \
                and (nxt := text.find(TB_MARK, eol)) != -1:
            # the head alone on a line of its own (an issue titled `Traceback (most recent call
            # last): TypeError: ...`): the pasted traceback is the next one
            later = _parse_traceback(text[text.rfind("\n", 0, nxt) + 1:])
            rep = later if later is not None and later.frames else rep
        if rep is not None:
            return rep
    if first == -1 and (at := _FILE_LINE.search(text)) is not None:
        # a traceback pasted without its `Traceback (most recent call last):` line
        start = text.rfind("\n", 0, at.start()) + 1
        rep = _parse_traceback(TB_HEAD + "\n" + text[start:])
        if rep is not None and rep.frames and rep.type:
            return rep
    if "\nE   " in text or text.startswith("E   "):
        rep = _parse_pytest_long(text)
        if rep is not None:
            return rep
    if IPY_MARK in text:
        ipy = _parse_ipython(text)
        if ipy is not None and ipy[3]:
            return _finish(ipy[1], ipy[2], ipy[0], {"style": "ipython"})
    elif "--> " in text and (at := _ipy_headless(text)) is not None:
        # IPython's frames pasted without their `Traceback (most recent call last)` line
        ipy = _parse_ipython(IPY_MARK + "\n" + text[at:])
        if ipy is not None and ipy[3] and ipy[0]:
            return _finish(ipy[1], ipy[2], ipy[0], {"style": "ipython"})
    if first == -1 and "line " in text and (tail := _frame_tail(text)) is not None:
        return tail
    frame, msg = _syntax_error(text)
    if frame is not None:
        m = re.search(r"^[^\S\n]*(SyntaxError|IndentationError|TabError): ", text, re.M)
        return _finish(m.group(1) if m else "SyntaxError", msg or "", [frame], {})
    return None
