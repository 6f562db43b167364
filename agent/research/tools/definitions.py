"""A definition index per tree, built once and kept on the host, so `search_definition` answers in well
under a second on a tree the size of Linux's (where `ctags -R` per call took over 60 s).

The index is Universal Ctags' tags of the whole clone (`name, kind, path, line`), written once per
commit into a SQLite file under `$CRASHFIX_INDEX_CACHE` (keyed by the commit: the clones of one
commit share it). It is built in a background thread at the first lookup; until it is ready a lookup
answers from a `git grep` for the usual shapes of a C definition (a function head, a `#define`, a
`struct/union/enum NAME {`, a typedef) and says so. A folder without git history gets no index (the
caller falls back to running ctags itself, which is what a small tree needs).

ctags runs with `--options=NONE` (no option file of the repository's or the host's) and
`--links=no` (no symlink followed); git is `sandbox.hostgit`.
"""
from __future__ import annotations

import fcntl
import logging
import os
import re
import shutil
import sqlite3
import subprocess
import threading
from pathlib import Path

from sandbox import hostgit, variables

log = logging.getLogger(__name__)

INDEX_TIMEOUT = 1800        # s: ctags over a whole kernel tree on a loaded machine
C_FILES = (".c", ".h", ".cc", ".cpp", ".hpp", ".S")
DOCUMENT_KINDS = {"string", "label", "section", "subsection", "subsubsection", "chapter", "part", "id", "object",
                  "heading1", "heading2", "heading3", "anchor", "title"}
FORMAT = "v2"                # the index file's layout, in its name
FIRST_WAIT = 2              # s: a lookup waits this long for an index under way (a small tree's)
GREP_TIMEOUT = 20           # s: the fallback's git grep
_building: dict[str, threading.Thread] = {}
_lock = threading.Lock()


def cache_dir() -> Path:
    return Path(variables.value("INDEX_CACHE"))


def tree_commit(root: Path) -> str | None:
    """The commit a clean git clone is at, or None (not a git tree, or edited: no shared index)."""
    if not (Path(root) / ".git").exists():
        return None
    try:
        head = hostgit.run("rev-parse", "--verify", "HEAD^{commit}", cwd=root, timeout=20, check=False)
    except hostgit.HostGitError:
        return None
    sha = head.stdout.strip()
    return sha if head.returncode == 0 and re.fullmatch(r"[0-9a-f]{40,64}", sha) else None


def index_path(root: Path) -> Path | None:
    commit = tree_commit(root)
    if commit is None:
        return None
    return cache_dir() / f"{commit}.{FORMAT}.sqlite"


def lookup(root: Path, name: str) -> list[tuple[str, int, str]] | None:
    """(path, line, kind) of each definition of `name` in the tree's index; None: no index yet (its
    build is started in the background when the tree can have one)."""
    db = index_path(root)
    if db is None:
        return None
    if not _built(root, db, FIRST_WAIT):     # a small tree's index is there at once; a kernel's is not
        return None
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        rows = con.execute("SELECT paths.path, line, kind FROM tags JOIN paths ON paths.id = tags.path "
                           "WHERE name = ? ORDER BY paths.path, line LIMIT 200", (name,)).fetchall()
    return [(p, int(n), k) for p, n, k in rows]


def start(root: Path, db: Path) -> threading.Thread | None:
    """Build the index in a background thread (once per process and file)."""
    with _lock:
        running = _building.get(str(db))
        if running is not None and running.is_alive():
            return running
        thread = threading.Thread(target=build, args=(root, db), name="definition-index", daemon=True)
        _building[str(db)] = thread
        thread.start()
        return thread


def building(root: Path) -> bool:
    """Whether the tree's index is being built now (by this process)."""
    db = index_path(root)
    thread = _building.get(str(db)) if db is not None else None
    return thread is not None and thread.is_alive()


def wait(root: Path, timeout: float | None = None) -> bool:
    """Build the tree's index now (or wait for the build under way); whether it is there."""
    db = index_path(root)
    if db is None:
        return False
    return _built(root, db, timeout)


def _built(root: Path, db: Path, timeout: float | None) -> bool:
    """Whether the index is there, its build started (or joined) and waited for at most `timeout` s."""
    if not db.is_file():
        thread = start(root, db)
        if thread is not None:
            thread.join(timeout)
    return db.is_file()


def build(root: Path, db: Path) -> None:
    """ctags over the tree into db (atomically: a half-built index is never read); one builder per file
    across processes (flock)."""
    if not shutil.which("ctags"):
        return
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        held = open(db.with_suffix(".lock"), "w")
    except OSError as exc:             # a cache folder this worker cannot write: no index (ctags per call)
        log.warning("no definition index for %s: %s", root, exc)
        return
    with held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if db.is_file():
            return
        for stale in db.parent.glob(db.name.removesuffix(".sqlite") + ".*.tmp"):   # a builder that died
            stale.unlink(missing_ok=True)
        tmp = db.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.unlink(missing_ok=True)
        try:
            _fill(root, tmp)
            os.replace(tmp, db)
        except (OSError, sqlite3.Error, subprocess.SubprocessError) as exc:
            log.warning("definition index of %s not built: %s", root, exc)
        finally:
            tmp.unlink(missing_ok=True)


def _fill(root: Path, tmp: Path) -> None:
    # not kept: C/C++ macros and struct members (Linux has 5 million macros, mostly register headers: the
    # index would be 1 GB; a macro is found by the grep instead) and the kinds of documents
    argv = ["nice", "-n", "10", "ctags", "--options=NONE", "--links=no", "-x", "--output-format=xref",
            "--_xformat=%N\t%K\t%F\t%n", "--kinds-C=-m-d", "--kinds-C++=-m-d", "-R", "--exclude=.git", "."]
    con = sqlite3.connect(tmp)
    paths: dict[str, int] = {}
    try:
        con.execute("CREATE TABLE paths (id INTEGER PRIMARY KEY, path TEXT)")
        con.execute("CREATE TABLE tags (name TEXT, kind TEXT, path INTEGER, line INTEGER)")
        with subprocess.Popen(argv, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              errors="replace") as proc:
            timer = threading.Timer(INDEX_TIMEOUT, proc.kill)
            timer.start()
            try:
                batch: list[tuple[str, str, str, int]] = []
                for row in proc.stdout:
                    parts = row.rstrip("\n").split("\t")
                    if len(parts) == 4 and parts[3].isdigit() and parts[1] not in DOCUMENT_KINDS:
                        path = parts[2].removeprefix("./")
                        if path not in paths:
                            paths[path] = len(paths) + 1
                            con.execute("INSERT INTO paths VALUES (?, ?)", (paths[path], path))
                        batch.append((parts[0], parts[1], paths[path], int(parts[3])))
                        if len(batch) >= 50000:
                            con.executemany("INSERT INTO tags VALUES (?, ?, ?, ?)", batch)
                            batch.clear()
                con.executemany("INSERT INTO tags VALUES (?, ?, ?, ?)", batch)
            finally:
                timer.cancel()
        if proc.returncode != 0:
            raise subprocess.SubprocessError(f"ctags exited {proc.returncode}")
        con.execute("CREATE INDEX tags_name ON tags (name)")
        con.commit()
    finally:
        con.close()


# -- the fast fallback while the index is built -------------------------------------------------------
def grep_definitions(root: Path, name: str) -> list[tuple[str, int, str]]:
    """(path, line, kind) of lines that look like a C definition of name: a function head at the start
    of a line (`type name(` or `name(` after a type line), `#define name`, `struct|union|enum name {`,
    the end of a typedef. A guess from text, said as such by the caller."""
    if not (Path(root) / ".git").exists():
        return []
    n = re.escape(name)
    shapes = {
        "function": rf"^(?:[A-Za-z_][A-Za-z0-9_ \t\*]*[ \t\*])?{n}[ \t]*\([^;]*$",
        "macro": rf"^[ \t]*#[ \t]*define[ \t]+{n}\b",
        "struct": rf"^(struct|union|enum)[ \t]+{n}[ \t]*\{{",
        "typedef": rf"^}}[ \t]*{n}[ \t]*;",
    }
    # a fixed-string word search (a second on Linux), then the shapes in Python: an ERE with the
    # shapes takes git grep over a minute on the same tree
    argv = ["grep", "-n", "-I", "--no-color", "-w", "-F", "-e", name, "--", *(f"*{e}" for e in C_FILES)]
    try:
        proc = hostgit.run(*argv, cwd=root, timeout=GREP_TIMEOUT, check=False)
    except hostgit.HostGitError:
        return []
    compiled = {kind.strip(): re.compile(shape) for kind, shape in shapes.items()}
    out = []
    for row in proc.stdout.splitlines():
        path, _, rest = row.partition(":")
        line, _, text = rest.partition(":")
        kind = next((k for k, c in compiled.items() if c.search(text)), None)
        if line.isdigit() and kind:
            out.append((path, int(line), kind))
    return out[:200]

