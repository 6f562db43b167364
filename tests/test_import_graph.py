"""The project's import graph: no cycle among the modules of bot/, agent/ and sandbox/, and imports
only one way (bot -> agent -> sandbox; agent/reports imports nothing of the project).

The graph is read from the source with `ast` (every import statement counts: module level,
inside functions, under TYPE_CHECKING), one node per module, as grimp/import-linter build it.
Run as a script (`python tests/test_import_graph.py`) to print the cycles and the upward imports.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "agent", "sandbox")
LAYERS = {"bot": 2, "agent": 1, "sandbox": 0}      # a module may import only its own layer or lower


def modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules `name` imports."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in known else base)
    targets = set()
    for mod in found:
        while mod and mod not in known:          # `import agent.reports.model` -> the module itself
            mod = mod.rpartition(".")[0]
        if mod and mod != name:
            targets.add(mod)
    return targets


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def upward(g: dict[str, set[str]]) -> list[str]:
    bad = []
    for src, targets in sorted(g.items()):
        top = src.split(".")[0]
        for dst in sorted(targets):
            if LAYERS[dst.split(".")[0]] > LAYERS[top]:
                bad.append(f"{src} -> {dst}")
            elif src.startswith("agent.reports") and not dst.startswith("agent.reports"):
                bad.append(f"{src} -> {dst} (agent/reports imports nothing of the project)")
    return bad


def test_the_graph_is_read_from_the_source():
    g = graph()
    assert "agent.pipeline" in g and "agent.run" in g["agent.pipeline"]
    assert "sandbox" in g["agent.run"]                          # `from sandbox import Limits`
    assert "agent.repair_context" in g["agent.python.templates.engine"]   # relative import


def test_cycles_and_upward_imports_are_found():
    g = {"a.x": {"a.y"}, "a.y": {"a.z"}, "a.z": {"a.x"}, "a.w": {"a.x"}}
    assert cycles(g) == [["a.x", "a.y", "a.z"]]
    assert upward({"sandbox.docker.sandbox": {"agent.run"}, "agent.run": {"sandbox"}, "bot.cli.main": {"agent.run"}}) \
        == ["sandbox.docker.sandbox -> agent.run"]


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_imports_run_one_way():
    assert upward(graph()) == []


if __name__ == "__main__":
    g = graph()
    for comp in cycles(g):
        print("cycle:", " <-> ".join(comp))
    for line in upward(g):
        print("upward:", line)
