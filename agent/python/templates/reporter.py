"""The fix the reporter wrote in the issue, as a candidate (template "reporter_fix"): a diff block, a
code block that is the patched function (a function of a crash-site file, by name), or a sentence
"changing `X` to `Y`" / "changing line N to `Y`", mapped onto this tree.

The issue's text is untrusted data: here it only becomes a diff against the repository (each patched
file must parse), which runs nowhere but the sandbox and is validated like any other candidate (the
protected paths and the size gate apply). What cannot be mapped (a hunk whose lines the file does not
hold, a function the tree does not define) is left out with a log line, never an error.
"""
from __future__ import annotations

import ast
import logging
import re

from agent.candidates import Candidate, unified_diff
from agent.python.templates.locate import Repo
from agent.repair_context import RepairContext, may_touch
from agent.reports.fences import fenced_blocks
from agent.reports.paths import map_to_repo

log = logging.getLogger(__name__)

MAX_BLOCK_LINES = 300
MAX_FIXES = 3
SCORE = 100.0
_DIFF_LANGS = {"diff", "patch", "udiff"}
_PY_LANGS = {"python", "py", "python3", ""}
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")
# "changing `x = a[0]` to `x = a[0] if a else None`", "replace line 41 with `if foo is not None:`"
_CHANGE = re.compile(
    r"\b(?:chang|replac|edit|turn)\w{0,4}\s+(?:(?:the\s+)?line\s+(\d{1,6})\b[^`\n]{0,80}?|(?:the\s+line\s+)?`([^`\n]{1,200})`\s*)"
    r"(?:to|with|by|into)\s+`([^`\n]{1,200})`", re.I)


def candidates(ctx: RepairContext, repo: Repo, notes: list[str] | None = None) -> list[Candidate]:
    """Up to MAX_FIXES candidates from the issue's own fixes, in the order the issue shows them; a fix the
    issue shows (a diff block, a "changing X to Y") that maps onto nothing here is said in `notes`."""
    text = ctx.issue_text or ""
    if not text.strip():
        return []
    found = _shown(text)
    out: list[Candidate] = []
    for make in (_from_diffs, _from_functions, _from_lines, _from_sentences):
        try:
            for cand in make(ctx, repo, text):
                if cand.diff and all(c.diff != cand.diff for c in out):
                    out.append(cand)
        except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError) as exc:
            log.debug("reporter's fix not read (%s): %s: %s", make.__name__, type(exc).__name__, exc)
    if found and not out and notes is not None:
        notes.append(f"the issue shows a fix ({found}) that does not map onto this tree (its lines or its function "
                     f"are not the crash site's here): not tried")
    return out[:MAX_FIXES]


def _shown(text: str) -> str:
    """What kind of fix the issue shows, in words ("" : none): a diff block or a "changing X to Y" sentence."""
    if any(b.lang.lower() in _DIFF_LANGS or re.search(r"^@@ -\d", b.body, re.M) for b in fenced_blocks(text)):
        return "a diff block"
    return "a sentence changing a line" if _CHANGE.search(text) else ""


def first(reporter: list[Candidate], found: list[Candidate], limit: int) -> list[Candidate]:
    """The reporter's fixes ahead of the templates' (the issue's own words about the fix), within `limit`."""
    seen = {c.diff for c in reporter}
    return (reporter + [c for c in found if c.diff not in seen])[:max(limit, 0)]


def _site_files(ctx: RepairContext) -> list[str]:
    return list(dict.fromkeys(s.path for s in sorted(ctx.sites, key=lambda s: s.depth) if may_touch(ctx, s.path)))


def _candidate(ctx: RepairContext, repo: Repo, new: dict[str, str], how: str) -> Candidate | None:
    """One candidate of the patched files, each parsing and each editable."""
    diffs = []
    for path, text in new.items():
        old = repo.text(path)
        if old is None or text == old or not may_touch(ctx, path):
            return None
        try:
            ast.parse(text)
        except (SyntaxError, ValueError):
            log.debug("reporter's fix (%s) does not parse in %s", how, path)
            return None
        diffs.append(unified_diff(path, old, text))
    if not diffs:
        return None
    return Candidate("".join(diffs), f"the fix the reporter wrote in the issue ({how}) in {', '.join(new)}",
                     "reporter_fix", SCORE, tuple(new))


# -- diff blocks -------------------------------------------------------------------------------------
def _from_diffs(ctx: RepairContext, repo: Repo, text: str):
    for blk in fenced_blocks(text):
        body = blk.body
        if blk.lang.lower() not in _DIFF_LANGS and not re.search(r"^@@ -\d", body, re.M):
            continue
        lines = body.split("\n")[:MAX_BLOCK_LINES * 2]
        new: dict[str, str] = {}
        for path, hunks in _hunks(lines):
            targets = [p for p in [map_to_repo(path, ctx.files)] if p] if path else _site_files(ctx)
            for target in targets:
                patched = _apply(repo.text(target) or "", hunks)
                if patched is not None:
                    new[target] = patched
                    break
        cand = _candidate(ctx, repo, new, "a diff") if new else None
        if cand:
            yield cand


def _hunks(lines: list[str]) -> list[tuple[str, list[tuple[list[str], list[str]]]]]:
    """[(path or "", [(old lines, new lines) per hunk])] of a unified diff's text."""
    files: list[tuple[str, list]] = []
    path, old, new, inside = "", [], [], False
    for line in lines:
        if line.startswith("+++ ") or line.startswith("--- "):
            name = line[4:].split("\t")[0].strip()
            if line.startswith("+++ ") and name != "/dev/null":
                path = name[2:] if name[:2] in ("a/", "b/") else name
            inside = False
            continue
        if _HUNK.match(line) or (not inside and line[:1] in "+-" and not files and not path):
            if old or new:
                _add(files, path, old, new)
            old, new, inside = [], [], True
            if _HUNK.match(line):
                continue
        if not inside:
            continue
        tag, rest = line[:1], line[1:]
        if tag == " " or line == "":
            old.append(rest)
            new.append(rest)
        elif tag == "-":
            old.append(rest)
        elif tag == "+":
            new.append(rest)
    if old or new:
        _add(files, path, old, new)
    return files


def _add(files: list, path: str, old: list[str], new: list[str]) -> None:
    while old and new and old[-1] == "" and new[-1] == "":
        old, new = old[:-1], new[:-1]
    if files and files[-1][0] == path:
        files[-1][1].append((old, new))
    else:
        files.append((path, [(old, new)]))


def _apply(text: str, hunks: list[tuple[list[str], list[str]]]) -> str | None:
    """`text` with each hunk's old lines replaced by its new lines (found exactly, else by their stripped
    text with the indentation shifted to the file's); None when one is not found once."""
    lines = text.split("\n")
    for old, new in hunks:
        if not [ln for ln in old if ln.strip()]:
            return None            # a pure addition has no place to go without line numbers
        at, shift = _find(lines, old)
        if at is None:
            return None
        lines[at:at + len(old)] = [_shifted(ln, shift) for ln in new]
    return "\n".join(lines)


def _find(lines: list[str], old: list[str]) -> tuple[int | None, tuple[str, str]]:
    n, want = len(old), [ln.strip() for ln in old]
    # only where the first line matches: a long hunk is compared at a few places, not at every line
    starts = [i for i in range(len(lines) - n + 1) if lines[i].strip() == want[0]]
    exact = [i for i in starts if lines[i:i + n] == old]
    if len(exact) == 1:
        return exact[0], ("", "")
    loose = [i for i in starts if [ln.strip() for ln in lines[i:i + n]] == want]
    if len(loose) != 1:
        return None, ("", "")
    k = next(j for j, ln in enumerate(old) if ln.strip())
    have, given = _indent(lines[loose[0] + k]), _indent(old[k])
    return loose[0], (given, have)


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip())]


def _shifted(line: str, shift: tuple[str, str]) -> str:
    given, have = shift
    if not line.strip() or given == have:
        return line
    return have + line[len(given):] if line.startswith(given) else have + line.lstrip()


# -- the patched function -----------------------------------------------------------------------------
def _from_functions(ctx: RepairContext, repo: Repo, text: str):
    files = _site_files(ctx)
    for blk in fenced_blocks(text):
        body = blk.body
        if blk.lang.lower() not in _PY_LANGS or body.count("\n") > MAX_BLOCK_LINES or "def " not in body \
                or ">>> " in body or "Traceback (" in body:
            continue
        try:
            tree = ast.parse(_dedent(body))
        except (SyntaxError, ValueError):
            continue
        given = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        new: dict[str, str] = {}
        for fn in given:
            first = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
            src = "\n".join(_dedent(body).split("\n")[first - 1:fn.end_lineno])
            for path in files:
                patched = _replace_function(new.get(path) or repo.text(path) or "", fn.name, src, ctx, path)
                if patched is not None:
                    new[path] = patched
                    break
        cand = _candidate(ctx, repo, new, f"the patched function{'s' if len(new) > 1 else ''}") if new else None
        if cand:
            yield cand


def _dedent(body: str) -> str:
    lines = body.split("\n")
    width = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return "\n".join(ln[width:] for ln in lines)


def _replace_function(text: str, name: str, src: str, ctx: RepairContext, path: str) -> str | None:
    """`text` with the function `name` (the one holding a crash site when there are several) replaced by
    `src`, indented like it; None when the file defines no such function or `src` is the same code."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    found = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name]
    lines = [s.line for s in ctx.sites if s.path == path]
    if len(found) > 1:
        found = [f for f in found if any(f.lineno <= ln <= f.end_lineno for ln in lines)]
    if len(found) != 1:
        return None
    fn = found[0]
    first = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
    file_lines = text.split("\n")
    indent = _indent(file_lines[first - 1])
    old = "\n".join(file_lines[first - 1:fn.end_lineno])
    new = "\n".join(indent + ln if ln.strip() else ln for ln in src.split("\n"))
    try:
        if ast.dump(ast.parse(_dedent(old))) == ast.dump(ast.parse(_dedent(new))):
            return None
    except (SyntaxError, ValueError):
        return None
    return "\n".join(file_lines[:first - 1] + new.split("\n") + file_lines[fn.end_lineno:])


# -- the patched lines -----------------------------------------------------------------------------------
_TRIVIAL = re.compile(r"^(?:else:|try:|finally:|pass|return|break|continue|return \w{1,12}|\)|\]|\}|[\w.]{1,6})$")


def _from_lines(ctx: RepairContext, repo: Repo, text: str):
    """A Python block of a few lines, some of them lines of the crashing function (the anchors) and some new:
    the function's lines from the first anchor to the last replaced by the block (its indentation shifted to the
    file's). One anchor is enough when it is the crashing line itself (a guard added before it)."""
    sites = [s for s in sorted(ctx.sites, key=lambda s: s.depth) if may_touch(ctx, s.path)]
    for blk in fenced_blocks(text):
        body = blk.body
        if blk.lang.lower() not in _PY_LANGS or body.count("\n") > 40 or "def " in body or ">>> " in body \
                or "Traceback (" in body:
            continue
        block = [ln for ln in body.split("\n") if ln.strip()]
        if any(ln.strip().lstrip("# ").startswith(("...", "\u2026")) for ln in block):
            continue                     # an excerpt with lines left out, not the patched lines
        for site in sites[:3]:
            patched = _patch_lines(repo.text(site.path) or "", block, site.line)
            cand = _candidate(ctx, repo, {site.path: patched}, "the patched lines") if patched else None
            if cand:
                yield cand
                break


def _patch_lines(text: str, block: list[str], crash_line: int) -> str | None:
    lines = text.split("\n")
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
             and n.lineno <= crash_line <= n.end_lineno]
    if not funcs:
        return None
    fn = max(funcs, key=lambda n: n.lineno)
    lo, hi = fn.body[0].lineno - 1, fn.end_lineno           # 0-based lines of the body
    anchors: list[tuple[int, int]] = []                     # (block index, file index), in order
    at = lo
    for k, ln in enumerate(block):
        want = ln.strip()
        if len(want) < 8 or _TRIVIAL.match(want):
            continue
        hits = [i for i in range(at, hi) if lines[i].strip() == want]
        if hits:
            anchors.append((k, hits[0]))
            at = hits[0] + 1
    if not anchors or (len(anchors) == 1 and anchors[0][1] != crash_line - 1):
        return None
    (k0, f0), f1 = anchors[0], anchors[-1][1]
    if f1 - f0 + 1 - len(anchors) > 3 or len(block) - len(anchors) > 8 or len(block) == len(anchors):
        return None                      # too far from the function's own lines to be its patched lines
    shift = (_indent(block[k0]), _indent(lines[f0]))
    # the function's lines from the first anchor to the last become the block's (lines of the block before the
    # first anchor or after the last are new lines around them)
    return "\n".join(lines[:f0] + [_shifted(ln, shift) for ln in block] + lines[f1 + 1:])


# -- "changing X to Y" ---------------------------------------------------------------------------------
def _from_sentences(ctx: RepairContext, repo: Repo, text: str):
    files = _site_files(ctx)
    for m in list(_CHANGE.finditer(text))[:5]:
        number, old, new = m.group(1), m.group(2), m.group(3).strip()
        for path in files:
            content = repo.text(path) or ""
            patched = _change_line(content, int(number), new) if number else _change_code(content, old.strip(), new)
            if patched is not None:
                cand = _candidate(ctx, repo, {path: patched}, f"changing {'line ' + number if number else 'a line'} "
                                                             f"as the issue says")
                if cand:
                    yield cand
                    break


def _change_line(text: str, number: int, new: str) -> str | None:
    lines = text.split("\n")
    if not 1 <= number <= len(lines) or not lines[number - 1].strip():
        return None
    old = lines[number - 1]
    if not set(re.findall(r"[A-Za-z_]\w*", old)) & set(re.findall(r"[A-Za-z_]\w*", new)):
        return None            # the reporter's line N is not this line (another version): nothing in common
    lines[number - 1] = _indent(old) + new
    return "\n".join(lines)


def _change_code(text: str, old: str, new: str) -> str | None:
    """The one line holding `old` (a whole line, else a fragment of one) changed to `new`."""
    if not old or old == new:
        return None
    lines = text.split("\n")
    whole = [i for i, ln in enumerate(lines) if ln.strip() == old]
    if len(whole) == 1:
        lines[whole[0]] = _indent(lines[whole[0]]) + new
        return "\n".join(lines)
    part = [i for i, ln in enumerate(lines) if old in ln]
    if len(part) != 1 or lines[part[0]].count(old) != 1:
        return None
    lines[part[0]] = lines[part[0]].replace(old, new)
    return "\n".join(lines)
