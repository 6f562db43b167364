"""search_definition on a C repository with history: a ctags index built once per commit on the host
(reused by the next call, shared by clones of the commit); a `git grep` of definition shapes while it
is built; ctags per call where no index can be kept (an unwritable cache); search_code ignores no file
of the clone (its .gitignore does not hide tracked files)."""
from __future__ import annotations

import time

from agent.memory import Memory
from agent.reports import parse
from agent.research.tools import ToolContext, analysis_toolbox, definitions
from gitrepo import make_repo
from sandbox.kernel.workspace import KernelWorkspace

PARSE = """#include "parse.h"

static int
parse_header(const char *data, int datalen)
{
\tif (datalen < 4)
\t\treturn -1;
\treturn data[0];
}

#define PARSE_MAX 16
"""
REPORT = "BUG: KASAN: slab-out-of-bounds in parse_header+0x1/0x2 lib/parse.c:8\n"


def _ctx(root):
    return ToolContext(sb=KernelWorkspace(root), source=root, memory=Memory(), report=parse(REPORT))


def test_the_index_is_built_once_and_read_after(tmp_path, monkeypatch):
    monkeypatch.setenv("CRASHFIX_INDEX_CACHE", str(tmp_path / "index"))
    repo = make_repo(tmp_path / "r", {"lib/parse.c": PARSE, "lib/parse.h": "int parse_header(const char *, int);\n"})
    (repo / ".gitignore").write_text("*\n")     # as Debian's kernel tree: its .gitignore ignores the top level
    ctx, box = _ctx(repo), analysis_toolbox(parse(REPORT))
    try:
        first = box.call(ctx, "search_definition", {"symbol": "parse_header"})
        assert first.ok and "lib/parse.c:4" in first.text and "definition index" in first.text, first.text
        assert "lib/parse.h" not in first.text                # a prototype is no definition
        assert len(list((tmp_path / "index").glob("*.sqlite"))) == 1
        start = time.monotonic()
        again = box.call(ctx, "search_definition", {"symbol": "parse_header"})
        assert again.text == first.text and time.monotonic() - start < 2
        macro = box.call(ctx, "search_definition", {"symbol": "PARSE_MAX"})
        assert macro.ok and "lib/parse.c:11" in macro.text, macro.text
        code = box.call(ctx, "search_code", {"pattern": r"datalen < 4"})   # the .gitignore ignores everything
        assert "lib/parse.c:6:" in code.text, code.text
    finally:
        ctx.sb.close()


def test_without_a_writable_cache_ctags_answers_per_call(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("CRASHFIX_INDEX_CACHE", str(blocker / "index"))
    repo = make_repo(tmp_path / "r", {"lib/parse.c": PARSE})
    ctx = _ctx(repo)
    try:
        found = analysis_toolbox(ctx.report).call(ctx, "search_definition", {"symbol": "parse_header"})
        assert found.ok and "lib/parse.c:4" in found.text and "definition index" not in found.text, found.text
    finally:
        ctx.sb.close()


def test_the_grep_fallback_finds_c_definition_shapes(tmp_path):
    repo = make_repo(tmp_path / "r", {"lib/parse.c": PARSE, "lib/parse.h": "int parse_header(const char *, int);\n"})
    rows = definitions.grep_definitions(repo, "parse_header")
    assert rows == [("lib/parse.c", 4, "function")]
    assert definitions.grep_definitions(repo, "PARSE_MAX") == [("lib/parse.c", 11, "macro")]
