"""A statement fragment of an issue completed into a program, as a C maintainer would do by hand.

`cJSON *item = cJSON_CreateString("apple"); cJSON_SetValuestring(item, NULL);` is not a program: the
statements (elision lines `...`, `···`, `/* ... */` left out) go into `int main(void) { … return 0; }`,
after the C library's common headers and the tree's headers that declare the functions it calls (found
by reading the tree's headers). A fence is a fragment only when those statements parse as a function's
body (tree-sitter-c) and call at least one function: quoted library code (a function's definition, cut
short) is not one. The program is compiled like any issue's program (agent/native/reproduce.py); when
it does not compile, the compiler's first error is what the question to the reporter names.
"""
from __future__ import annotations

import re
import shlex
from functools import lru_cache

import tree_sitter_c
from tree_sitter import Language, Parser

from agent.judge.protect import is_test_path
from agent.limits import HOUSEKEEPING_TIMEOUT
from agent.reports.fences import fenced_blocks

C = Language(tree_sitter_c.language())
ELISION = re.compile(r"^\s*(?:\.{3}|·{3}|…|/\*\s*(?:\.{3}|·{3}|…)\s*\*/|//\s*(?:\.{3}|·{3}|…).*)\s*$")
PREPROC = re.compile(r"^\s*#\s*(?:include|define)\b")
MAIN = re.compile(r"\bmain\s*\(|\bLLVMFuzzerTestOneInput\s*\(")
STD_HEADERS = ("stdio.h", "stdlib.h", "string.h", "stdint.h", "stddef.h", "limits.h")
HEADER_EXT = (".h", ".hpp", ".hh")
MAX_NAMES = 40           # called names looked up in the tree's headers


def without_elisions(body: str) -> str:
    """The fragment's lines, elision lines (`...`, `···`, `// ...`) left out."""
    return "\n".join(ln for ln in body.splitlines() if not ELISION.match(ln))


def _split(body: str) -> tuple[list[str], str]:
    """(`#include`/`#define` lines, the statements)."""
    lines = without_elisions(body).splitlines()
    return [ln.strip() for ln in lines if PREPROC.match(ln)], "\n".join(ln for ln in lines if not PREPROC.match(ln))


@lru_cache(maxsize=64)
def called(body: str) -> tuple[str, ...]:
    """The functions a fragment calls, in order; () when it is not a fragment of statements (it has a
    `main`, defines a function, does not parse as a function's body, or calls nothing)."""
    if MAIN.search(body):
        return ()
    _, stmts = _split(body)
    if not stmts.strip() or not re.search(r"[;}]\s*(?://[^\n]*)?$", stmts.strip()):
        return ()
    tree = Parser(C).parse(f"void crashfix_fragment(void)\n{{\n{stmts}\n}}\n".encode("utf-8", "surrogateescape"))
    root = tree.root_node
    if root.has_error or len(root.named_children) != 1 or root.named_children[0].type != "function_definition":
        return ()
    if _defines(root.named_children[0].child_by_field_name("body")):
        return ()            # a function's definition (the library's code quoted), not statements to run
    return _calls(root)


def _defines(node) -> bool:
    """A function definition anywhere under `node` (tree-sitter reads GNU C's nested functions)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "function_definition":
            return True
        stack.extend(n.named_children)
    return False


def _calls(root) -> tuple[str, ...]:
    names: list[str] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            if fn is not None and fn.type == "identifier":
                names.append(fn.text.decode("utf-8", "surrogateescape"))
        stack.extend(reversed(node.children))
    return tuple(dict.fromkeys(names))


def program_calls(source: str) -> tuple[str, ...]:
    """The functions a whole program calls (what tree-sitter reads of it, errors and all)."""
    return _calls(Parser(C).parse(source.encode("utf-8", "surrogateescape")).root_node)


def is_fragment(body: str) -> bool:
    return bool(called(body))


def untagged_fragments(text: str, known: list[str]) -> list[str]:
    """Fragments in fences with no language (the issue parser keeps an untagged fence as a reproducer only
    when it is a whole program or shell lines), not already among `known`."""
    seen = {k.strip() for k in known}
    out = []
    for blk in fenced_blocks(text):
        body = blk.body.rstrip("\n")
        if not blk.lang and body.strip() not in seen and is_fragment(body):
            out.append(body)
            seen.add(body.strip())
    return out


def missing_includes(source: str, headers: list[str]) -> list[str]:
    """Of the tree's `headers`, those the program includes by no name (`#include "x.h"`, `<lib/x.h>`)."""
    included = {m.rsplit("/", 1)[-1] for m in re.findall(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', source, re.M)}
    return [h for h in headers if h.rsplit("/", 1)[-1] not in included]


def with_includes(source: str, headers: list[str], top: str = ".") -> str:
    """The program with `#include`s of the tree's `headers` put before its first line."""
    lines = [f'#include "{h if h.startswith("/") else top.rstrip("/") + "/" + h}"' for h in headers]
    return "/* the tree's headers that declare what it calls, added by crashfix */\n" + "\n".join(lines) + "\n" + source


def declaring_headers(sb, body: str, files: list[str], names: tuple[str, ...] | None = None) -> list[str]:
    """The tree's headers (paths from the top) that declare a function the fragment (or `names`) calls,
    the one declaring the most first; a test's or an example's header only when no other declares it."""
    names = [n for n in (called(body) if names is None else names)
             if re.fullmatch(r"[A-Za-z_]\w*", n) and n != "main"][:MAX_NAMES]
    if not names or not any(f.endswith(HEADER_EXT) for f in files):
        return []
    pattern = r"(^|[^A-Za-z0-9_])(" + "|".join(names) + r")[[:space:]]*\("
    found = sb.run("grep -rEo --include='*.h' --include='*.hpp' --include='*.hh' --exclude-dir=.git "
                   f"{shlex.quote(pattern)} .", timeout=HOUSEKEEPING_TIMEOUT)
    per: dict[str, set[str]] = {}
    for line in found.output.splitlines() if found.output else []:
        path, _, hit = line.partition(":")
        name = re.search(r"[A-Za-z_]\w*(?=\s*\($)", hit)
        if path.startswith("./") and name and name.group(0) in names:
            per.setdefault(path[2:], set()).add(name.group(0))
    per = {p: n for p, n in per.items() if p in set(files)}
    order = sorted(per, key=lambda p: (is_test_path(p), -len(per[p]), p.count("/"), p))
    out, covered = [], set()
    for path in order:
        if per[path] - covered:
            out.append(path)
            covered |= per[path]
    return out


def complete(body: str, headers: list[str], top: str = ".") -> str:
    """The fragment as a program: the C library's common headers, the tree's `headers` (paths from the
    tree's top, `top` in the sandbox), the fragment's own `#include` lines, then its statements in `main`."""
    own, stmts = _split(body)
    headers = [h if h.startswith("/") else f"{top.rstrip('/')}/{h}" for h in headers]
    lines = ["/* the issue's fragment, completed into a program by crashfix (nothing of it changed) */",
             *(f"#include <{h}>" for h in STD_HEADERS), *(f'#include "{h}"' for h in headers), *own,
             "", "int main(void)", "{", stmts, "    return 0;", "}", ""]
    return "\n".join(lines)
