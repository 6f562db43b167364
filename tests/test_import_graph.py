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


def with_parents(g: dict[str, set[str]]) -> dict[str, set[str]]:
    """Importing `a.b.c` runs the `__init__` of `a.b` (and `a`) first: those edges too."""
    out = {}
    for src, targets in g.items():
        more = set(targets)
        for dst in targets:
            parts = dst.split(".")
            more.update(".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in g)
        more.discard(src)
        out[src] = {d for d in more if not src.startswith(d + ".")}     # a module's own parents: not a loop
    return out


def folder(module: str, known: dict[str, Path]) -> str:
    """The folder a module belongs to: its package (a root module of agent/, bot/, sandbox/ is its own node)."""
    rel = known[module].parent.relative_to(ROOT)
    pkg = ".".join(rel.parts)
    return module if pkg in PACKAGES else pkg


def folder_graph(g: dict[str, set[str]]) -> dict[str, set[str]]:
    known = modules()
    out: dict[str, set[str]] = {}
    for src, targets in with_parents(g).items():
        a = folder(src, known)
        for dst in targets:
            b = folder(dst, known)
            if a != b and not b.startswith(a + ".") and not a.startswith(b + "."):
                out.setdefault(a, set()).add(b)
    return out


FAMILIES = ("agent.python", "agent.native", "agent.kernel")
NO_FAMILY = ("agent.judge", "agent.reports", "agent.research", "agent.records", "agent.run", "agent.path",
             "agent.sandboxed")


def family(module: str) -> str | None:
    return next((f for f in FAMILIES if module == f or module.startswith(f + ".")), None)


def family_edges(g: dict[str, set[str]]) -> list[str]:
    """Imports that break the families' rules: a family imports no other family; the judge, the
    report parsers, the research agent, the shared records, the run's types, the path protocol and
    what the sandbox paths share import no family (they get what they need given)."""
    bad = []
    for src, targets in sorted(g.items()):
        for dst in sorted(targets):
            fs, fd = family(src), family(dst)
            if fd and fs and fs != fd:
                bad.append(f"{src} -> {dst}")
            elif fd and any(src == p or src.startswith(p + ".") for p in NO_FAMILY):
                bad.append(f"{src} -> {dst}")
    return bad


# Imports that break the families' rules: none. The shared records live in agent/records.py, the
# kernel path gets the C templates and the research agent its gdb tool from agent/families.py, and
# rung 5 is run by the Python family. Exact: a new edge fails.
KNOWN_FAMILY_EDGES: list[str] = []


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


# No loop between modules, none between folders (a root module is its own node): exact, a new one fails.
KNOWN_CYCLES: list[list[str]] = []
KNOWN_FOLDER_CYCLES: list[list[str]] = []


def test_no_import_cycle():
    assert cycles(with_parents(graph())) == KNOWN_CYCLES


def test_no_folder_cycle():
    """Between folders (a root module is its own node): bot/ and sandbox/ have none."""
    assert cycles(folder_graph(graph())) == KNOWN_FOLDER_CYCLES


def test_a_package_import_runs_its_parents_init():
    g = with_parents({"a.x": {"a.b.c"}, "a.b.c": set(), "a.b": set(), "a": set()})
    assert g["a.x"] == {"a.b.c", "a.b"}                 # `a` is a.x's own parent: no edge to it


def test_the_families_keep_to_themselves():
    assert family_edges(graph()) == KNOWN_FAMILY_EDGES


def test_family_rules_are_found():
    g = {"agent.native.x": {"agent.python.y"}, "agent.judge.v": {"agent.kernel.k"}, "agent.python.z": {"agent.judge.v"}}
    assert family_edges(g) == ["agent.judge.v -> agent.kernel.k", "agent.native.x -> agent.python.y"]


def test_root_modules_stay_few():
    """The roots hold the driver, the run's types and what the families share; the rest has a folder.
    (19: agent/inputs.py, the run's input files, is a run type every family's sandbox receives.)"""
    count = {pkg: len([p for p in (ROOT / pkg).glob("*.py")]) for pkg in PACKAGES}
    assert count["agent"] <= 19 and count["bot"] <= 10 and count["sandbox"] <= 12, count


def test_imports_run_one_way():
    assert upward(graph()) == []


if __name__ == "__main__":
    g = graph()
    for comp in cycles(with_parents(g)):
        print("cycle:", " <-> ".join(comp))
    for comp in cycles(folder_graph(g)):
        print("folder cycle:", " <-> ".join(comp))
    for line in family_edges(g):
        print("family rule:", line)
    for line in upward(g):
        print("upward:", line)
