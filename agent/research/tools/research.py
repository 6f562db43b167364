"""Research tools. They run HOST-SIDE, read-only, on the cloned source (ctx.source) and its git
history. Nothing here executes repository code. The code searches (`search_code`,
`search_definition`) see the workspace as edited: the files the sandbox's diff names are read back
into a host-side mirror (`agent.research.tools.mirror`), searched instead of their clone copies; deleted
files are not searched. `view` reads the sandbox workspace itself. History tools show the history,
not the edits.

Every host path comes through `sandbox.contain`: the diff's file names are sandbox output (a path
leaving the mirror is skipped), walks and searches never follow a symlink, and a symlink of the
clone that leads out of it is refused, so no host file reaches a tool's output. Every git here is
`sandbox.hostgit` (no global or system config, no fsmonitor, no hooks).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from agent.research.tools import definitions
from agent.research.tools.base import Observation, Tool, ToolContext, ToolError, rel_path
from agent.research.tools.mirror import SKIP_DIRS, edited, skip_dir
from sandbox import contain, hostgit


def _host_file(ctx: ToolContext, path: str) -> Path:
    rel = rel_path(ctx, path)
    if rel == ".":
        return ctx.source.resolve()
    try:
        return contain.inside(ctx.source, rel)
    except contain.PathEscapes:
        raise ToolError(f"path {path!r} leads out of the repository (a symlink to outside it?)") from None


LINE_CHARS = 400          # one very long line (minified code, data) is capped, saying so


def _capped(line: str) -> str:
    return line if len(line) <= LINE_CHARS else line[:LINE_CHARS] + f" [... {len(line) - LINE_CHARS} more characters]"


def _numbered(lines: list[str], start: int) -> str:
    return "\n".join(f"{n:5} {text}" for n, text in enumerate(lines, start))


def _py_files(root: Path, skip: set[str] = frozenset()):
    """The *.py files under root (never through a symlink) as (relative path, host path)."""
    for rel in contain.files(root, skip_dir):
        if rel.endswith(".py") and rel not in skip:
            yield rel, root / rel


class SearchDefinition(Tool):
    name = "search_definition"
    description = ("Find where a symbol (function, class, method, module-level variable) is defined. "
                   "Accepts `name` or `Class.method`. Shows each definition with its code.")
    parameters = {"type": "object", "properties": {
        "symbol": {"type": "string", "description": "e.g. `get`, `LRUCache.get`, `MAX_SIZE`"}},
        "required": ["symbol"]}

    def __call__(self, ctx: ToolContext, symbol: str) -> Observation:
        symbol = symbol.strip()
        if not re.fullmatch(r"[A-Za-z_][\w.]*", symbol):
            raise ToolError(f"{symbol!r} is not a symbol name")
        mirror, changed = edited(ctx)
        python = ctx.report is None or ctx.report.kind == "python"     # a C or kernel tree: no *.py walk
        found = sorted(_python_definitions(ctx.source, symbol, changed) + _python_definitions(mirror, symbol)) \
            if python else []
        said = ""
        if not found:
            name = symbol.rsplit(".", 1)[-1]
            indexed, said = _indexed_definitions(ctx.source, name, changed)
            found = (_ctags_definitions(ctx.source, name, changed) if indexed is None else indexed) \
                + _ctags_definitions(mirror, name)
        if not found:
            return self.fail(f"no definition of {symbol!r} found ({'tree-sitter over *.py, then ' if python else ''}"
                             f"{said or 'ctags'}). Try search_code with a regex.")
        parts = [f"{len(found)} definition(s) of {symbol!r}" + (f" ({said})" if said else "") + ":"]
        for path, start, kind, code in found[:8]:
            parts.append(f"\n{path}:{start} ({kind})\n{code}")
        if len(found) > 8:
            parts.append(f"\n[{len(found) - 8} more not shown]")
        return self.ok("\n".join(parts))


def _python_definitions(root: Path, symbol: str, skip: set[str] = frozenset()) -> list[tuple[str, int, str, str]]:
    import tree_sitter as ts
    import tree_sitter_python as tsp
    parser = ts.Parser(ts.Language(tsp.language()))
    owner, _, name = symbol.rpartition(".")
    out = []
    for rel, file in _py_files(root, skip):
        data = file.read_bytes()
        if name.encode() not in data:
            continue
        lines = data.decode("utf-8", "replace").splitlines()
        tree = parser.parse(data)
        stack = [(tree.root_node, [])]
        while stack:
            node, scope = stack.pop()
            for child in node.children:
                kind = child.type
                target = child
                if kind == "decorated_definition":
                    target = child.child_by_field_name("definition") or child
                    kind = target.type
                if kind in ("function_definition", "class_definition"):
                    ident = target.child_by_field_name("name")
                    ident_text = ident.text.decode() if ident is not None else ""
                    if ident_text == name and (not owner or (scope and scope[-1] == owner.rsplit(".", 1)[-1])):
                        lo, hi = child.start_point[0], child.end_point[0]
                        shown = lines[lo: min(hi + 1, lo + 60)]
                        more = f"\n      [... {hi + 1 - lo - 60} more lines]" if hi + 1 - lo > 60 else ""
                        label = ("method of " + scope[-1]) if scope and kind == "function_definition" else \
                            kind.split("_")[0]
                        out.append((rel, lo + 1, label, _numbered(shown, lo + 1) + more))
                    body = target.child_by_field_name("body")
                    if body is not None:
                        stack.append((body, scope + [ident_text]))
                elif kind == "expression_statement" and not scope and not owner:
                    assign = child.children[0] if child.children else None
                    if assign is not None and assign.type == "assignment":
                        left = assign.child_by_field_name("left")
                        if left is not None and left.text.decode() == name:
                            lo = child.start_point[0]
                            out.append((rel, lo + 1, "variable",
                                        _numbered(lines[lo: lo + 3], lo + 1)))
                elif kind in ("if_statement", "try_statement", "block", "else_clause", "with_statement"):
                    stack.append((child, scope))
    return sorted(out)


def _indexed_definitions(root: Path, name: str, skip: set[str]) -> tuple[list | None, str]:
    """The definitions of name from the tree's definition index (built once per commit, on the host:
    agent/research/tools/definitions.py), or from a grep while it is built; (None, "") for a tree
    without git history (small: ctags runs on it per call)."""
    rows = definitions.lookup(root, name)
    said = "the tree's definition index"
    if rows is not None and not any(r[0].endswith(definitions.C_FILES) for r in rows):
        # C macros are not indexed: their `#define` is found by the grep (`container_of` is a macro in C
        # and a function of the tree's gdb scripts)
        rows = rows + [r for r in definitions.grep_definitions(root, name) if r[2] == "macro"]
        said += ", and a grep for `#define`"
    elif rows is None:
        if definitions.index_path(root) is None or not definitions.building(root):
            return None, ""            # no git history, or no index can be built here: ctags per call
        rows, said = definitions.grep_definitions(root, name), ("the definition index is being built: "
                                                                "C definitions guessed by a grep of their shapes")
    return _with_code(root, rows, skip), said


def _with_code(root: Path, rows, skip: set[str]) -> list[tuple[str, int, str, str]]:
    """(path, line, kind) rows with the 15 lines of code from each, numbered; unreadable paths left out."""
    out = []
    for path, line, kind in rows:
        if path in skip:
            continue
        try:
            lines = contain.read_text(root, path).splitlines()
        except (OSError, contain.PathEscapes):
            continue
        out.append((path, line, kind, _numbered(lines[line - 1: line + 14], line)))
    return out


def _ctags_definitions(root: Path, name: str, skip: set[str] = frozenset()) -> list[tuple[str, int, str, str]]:
    if not shutil.which("ctags"):
        return []
    # --options=NONE (first): no option file of the repository's (.ctags.d) or the host's is read;
    # --links=no: no symlink is followed
    proc = subprocess.run(["ctags", "--options=NONE", "--links=no", "-x", "--output-format=xref",
                           "--_xformat=%N\t%K\t%F\t%n", "-R", "--exclude=.git", "."],
                          cwd=root, capture_output=True, text=True, timeout=60)
    rows = [(p[2].removeprefix("./"), int(p[3]), p[1]) for p in (r.split("\t") for r in proc.stdout.splitlines())
            if len(p) == 4 and p[0] == name]
    return _with_code(root, rows, skip)


class SearchCode(Tool):
    name = "search_code"
    description = "Search the repository's files with a regular expression (ripgrep). Shows path:line:text."
    parameters = {"type": "object", "properties": {
        "pattern": {"type": "string", "description": "a Rust/PCRE-style regex"},
        "path": {"type": "string", "description": "a folder or file to search in (default: the whole repo)"},
        "glob": {"type": "string", "description": "only files matching this glob, e.g. `*.py`"}},
        "required": ["pattern"]}

    def __call__(self, ctx: ToolContext, pattern: str, path: str = ".", glob: str | None = None) -> Observation:
        where = rel_path(ctx, path)
        _host_file(ctx, where)
        mirror, changed = edited(ctx)
        rows = [r for r in _grep(ctx.source, pattern, where, glob) if r.split(":", 1)[0] not in changed]
        if (mirror / where).exists():
            rows += _grep(mirror, pattern, where, glob)
        if not rows:
            return self.ok(f"no match for /{pattern}/ in {where}")
        rows.sort(key=_row_key)
        text = "\n".join(rows[:200])
        if len(rows) > 200:
            text += f"\n[{len(rows) - 200} more matching lines not shown; narrow the pattern or the path]"
        return self.ok(text)


# installed environments and caches a folder given as --repo may hold (no ignore file hides them now)
ENVIRONMENT_DIRS = ("node_modules", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".pytest_cache",
                    "*.egg-info")


def _grep(root: Path, pattern: str, where: str, glob: str | None) -> list[str]:
    """`path:line:text` rows of ripgrep (grep -E without it) under ``root``."""
    rg = shutil.which("rg")
    if rg:
        # --no-follow: no symlink is followed (`where` itself was checked by contain);
        # --no-config: no RIPGREP_CONFIG_PATH file adds options
        # --no-ignore: a tree's .gitignore must not hide its own files (Debian's kernel tree ignores
        # its top level); the clone holds its tracked files only (builds are out of tree or in the sandbox)
        argv = [rg, "--no-config", "--no-follow", "--no-ignore", "--line-number", "--with-filename", "--no-heading",
                "--color=never", "--max-count=50", "--glob=!.git", "--max-columns=300",
                *(f"--glob=!{d}" for d in ENVIRONMENT_DIRS), "-e", pattern]
        if glob:
            argv += ["--glob", glob]
        argv += ["--", where]
    else:
        argv = ["grep", "-rnHE", "--exclude-dir=.git", "-e", pattern, where]
    proc = subprocess.run(argv, cwd=root, capture_output=True, text=True, timeout=60)
    if proc.returncode not in (0, 1):
        raise ToolError(f"search failed: {proc.stderr.strip()[:500]}")
    return [r.removeprefix("./") for r in proc.stdout.splitlines()]


def _row_key(row: str):
    path, _, rest = row.partition(":")
    line = rest.split(":", 1)[0]
    return path, int(line) if line.isdigit() else 0


def _git(ctx: ToolContext, *args: str, timeout: float = 120) -> str:
    if not ctx.has_history:
        raise ToolError("the repository has no git history here (it was given as a plain folder)")
    proc = hostgit.run("-c", "core.quotepath=off", *args, cwd=ctx.source, timeout=timeout, check=False)
    if proc.returncode != 0:
        raise ToolError(f"git {' '.join(args[:2])} failed: {proc.stderr.strip()[:500]}")
    return proc.stdout.removesuffix("\n")


class SearchCommits(Tool):
    name = "search_commits"
    description = ("Search the commit history: commits whose diff adds or removes lines matching a regex "
                   "(`git log -G`), or whose message matches (`--grep`). Shows each commit with its diff "
                   "restricted to the matching files.")
    parameters = {"type": "object", "properties": {
        "pattern": {"type": "string", "description": "regex searched in diffs (and messages with in=message)"},
        "in": {"type": "string", "enum": ["diff", "message", "both"], "description": "default: both"},
        "path": {"type": "string", "description": "limit to this path"},
        "limit": {"type": "integer", "description": "most commits to show (default 5)"}},
        "required": ["pattern"]}

    def __call__(self, ctx: ToolContext, pattern: str, path: str | None = None, limit: int = 5,
                 **kw) -> Observation:
        where = kw.get("in", "both")
        limit = max(1, min(limit, 20))
        shas: list[str] = []
        paths, scope = (["--", rel_path(ctx, path)], "") if path else _stack_paths(ctx)
        try:
            if where in ("diff", "both"):
                shas += _git(ctx, "log", f"-G{pattern}", "--format=%H", f"-n{limit}", "--date=short", *paths,
                             timeout=HISTORY_TIMEOUT).split()
            if where in ("message", "both"):
                shas += _git(ctx, "log", f"--grep={pattern}", "-E", "--format=%H", f"-n{limit}", *paths,
                             timeout=HISTORY_TIMEOUT).split()
        except hostgit.HostGitError as exc:       # the time limit: a huge history searched whole
            raise ToolError(f"{exc}; give a `path` to search the history of") from None
        shas = list(dict.fromkeys(shas))[:limit]
        if not shas:
            return self.ok(f"no commit matches /{pattern}/ ({where}){scope}")
        parts = []
        for sha in shas:
            head = _git(ctx, "show", "-s", "--date=short", "--format=commit %H%nAuthor: %an%nDate: %ad%n%n    %B", sha)
            diff = _git(ctx, "show", "--format=", "--stat", "-p", f"-G{pattern}", "--unified=2", sha, *paths)
            parts.append(head.rstrip() + "\n\n" + ctx.cut(diff, 2500))
        return self.ok(f"{len(shas)} commit(s), newest first{scope}:\n\n" + "\n\n".join(parts))


HISTORY_TIMEOUT = 30        # s: one history search (a path bounds it; the whole of Linux's takes minutes)


BIG_TREE = 20000           # tracked files past which a history search without a path keeps to the stack's files


def _big_tree(ctx: ToolContext) -> bool:
    """A tree as large as a kernel's (its whole history searched by diff takes minutes); asked once."""
    if "big_tree" not in ctx.state:
        ctx.state["big_tree"] = _git(ctx, "ls-files", timeout=HISTORY_TIMEOUT).count("\n") + 1 > BIG_TREE
    return ctx.state["big_tree"]


def _stack_paths(ctx: ToolContext) -> tuple[list[str], str]:
    """Without a path, in a tree as large as a kernel's: the files of the crash's stack that the tree
    holds, and the words that say so; a smaller tree, or no stack file known: the whole history."""
    if not _big_tree(ctx):
        return [], ""
    report = ctx.report
    files = list(dict.fromkeys(f.file for f in (report.frames if report else []) if f.file))
    tracked = [f for f in files if not f.startswith("/") and (found := contain.within(ctx.source, f)) is not None
               and found.is_file()][:20]
    if not tracked:
        return [], ""
    return ["--", *tracked], f" (in the files of the crash's stack: {', '.join(tracked)}; give `path` for others)"


class GitShow(Tool):
    name = "git_show"
    description = "Show a commit (message and diff), or a file as it was at a commit (`rev:path`)."
    parameters = {"type": "object", "properties": {
        "rev": {"type": "string", "description": "a commit sha, or `sha:path/to/file`"}},
        "required": ["rev"]}

    def __call__(self, ctx: ToolContext, rev: str) -> Observation:
        if rev.startswith("-"):
            raise ToolError("a revision cannot start with '-'")
        return self.ok(_git(ctx, "show", "--date=short", rev))


class GitBlame(Tool):
    name = "git_blame"
    description = "Who last changed each line of a range (`git blame -L start,end`), with commit and date."
    parameters = {"type": "object", "properties": {
        "path": {"type": "string"}, "start": {"type": "integer"}, "end": {"type": "integer"}},
        "required": ["path", "start"]}

    def __call__(self, ctx: ToolContext, path: str, start: int, end: int | None = None) -> Observation:
        p = rel_path(ctx, path)
        end = end or start
        if start < 1 or end < start:
            raise ToolError("need 1 <= start <= end")
        end = min(end, start + 80)
        return self.ok(_git(ctx, "blame", "--date=short", "-L", f"{start},{end}", "HEAD", "--", p))


class View(Tool):
    name = "view"
    description = ("Show a file of the workspace (with your edits) with line numbers, a window at a time. "
                   "Defaults: from line 1, 120 lines.")
    parameters = {"type": "object", "properties": {
        "path": {"type": "string"}, "start": {"type": "integer"}, "end": {"type": "integer"}},
        "required": ["path"]}

    def __call__(self, ctx: ToolContext, path: str, start: int = 1, end: int | None = None) -> Observation:
        p = rel_path(ctx, path)
        _host_file(ctx, p)          # a symlink of the clone leading out of it is not followed anywhere
        try:
            lines = ctx.sb.read(p).splitlines()
        except Exception as exc:  # noqa: BLE001 -- sandbox read errors: the path is wrong
            from sandbox import SandboxDead
            if isinstance(exc, SandboxDead):
                raise
            raise ToolError(f"cannot read {p}: {exc}") from None
        start = max(1, start)
        asked = min(len(lines), end or start + 119, start + 299)
        if start > len(lines):
            raise ToolError(f"{p} has only {len(lines)} lines")
        # a page: the asked lines from `start` on, as many as the observation holds whole (never a
        # cut in their middle); the rest is named with the call that shows it
        room, shown, end = ctx.max_output - 200, [], start - 1
        for n in range(start, asked + 1):
            row = f"{n:5} {_capped(lines[n - 1])}"
            if shown and sum(len(r) + 1 for r in shown) + len(row) > room:
                break
            shown.append(row)
            end = n
        text = f"{p} (lines {start}-{end} of {len(lines)})\n" + "\n".join(shown)
        if end < asked:
            text += (f"\n[page full: lines {end + 1}-{asked} of the {start}-{asked} asked are on the next page: "
                     f"view with start={end + 1}]")
        elif end < len(lines):
            text += f"\n[lines {end + 1}-{len(lines)} not shown]"
        return self.ok(text)


class ListDir(Tool):
    name = "listdir"
    description = "List a folder of the repository (two levels deep)."
    parameters = {"type": "object", "properties": {"path": {"type": "string", "description": "default: ."}},
                  "required": []}

    def __call__(self, ctx: ToolContext, path: str = ".") -> Observation:
        root = _host_file(ctx, path)
        if not root.is_dir():
            raise ToolError(f"{path!r} is not a folder")
        rows = []
        for name, kind in contain.entries(root):       # links are named, never followed
            if name in SKIP_DIRS:
                continue
            rows.append(_entry(name, kind))
            if kind == "dir":
                for sub, sub_kind in contain.entries(root / name)[:40]:
                    if sub not in SKIP_DIRS:
                        rows.append("  " + _entry(sub, sub_kind))
        return self.ok("\n".join(rows[:400]) or "(empty)")


def _entry(name: str, kind: str) -> str:
    return name + "/" if kind == "dir" else name if kind == "file" else f"{name} ({kind})"


RESEARCH_TOOLS = [SearchDefinition, SearchCode, SearchCommits, GitShow, GitBlame, View, ListDir]
