"""The layout move of issue 23, as a script: old module -> new module, files moved with `git mv`,
every reference rewritten (imports, dotted strings such as mock targets, `agent/x.py` paths in docs).

Idempotent: a name that already resolves in the new tree is left alone, so the script can be run
again over a branch merged from before the move (its new files in old places are moved too).
Usage: python scripts/relayout.py [--dry-run]
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MOVES = {
    # agent: the research agent
    "agent.agent_loop": "agent.research.loop",
    "agent.condense": "agent.research.condense",
    "agent.context_window": "agent.research.context_window",
    "agent.llm_client": "agent.research.client",
    "agent.llm_probe": "agent.research.endpoint",
    "agent.model": "agent.research.model",
    "agent.scripted": "agent.research.scripted",
    "agent.trajectories": "agent.research.trajectories",
    "agent.strategies.research_agent": "agent.research.strategy",
    "agent.strategies.second_opinion": "agent.research.second_opinion",
    "agent.tools.gdb": "agent.native.gdb_tool",
    "agent.tools": "agent.research.tools",
    # agent: the judge
    "agent.confidence": "agent.judge.confidence",
    "agent.expectations": "agent.judge.expectations",
    "agent.validate": "agent.judge.validate",
    "agent.signature": "agent.judge.signature",
    "agent.testrun": "agent.judge.testrun",
    "agent.testorder": "agent.judge.testorder",
    "agent.protect": "agent.judge.protect",
    "agent.watchdog_plugin": "agent.judge.watchdog_plugin",
    "agent.ladder.match": "agent.judge.match",
    # moved after the first step: what the judge and the research tools use is not a family's
    "agent.python.ladder.anchor": "agent.judge.anchor",
    "agent.python.ladder.named_test": "agent.judge.named_test",
    "agent.python.templates.kinds": "agent.judge.kinds",
    # agent: the Python family
    "agent.probe": "agent.python.probe",
    "agent.probe_facts": "agent.python.probe_facts",
    "agent.reproduce": "agent.python.reproduce",
    "agent.reproducer": "agent.python.ladder.reproducer",
    "agent.ladder": "agent.python.ladder",
    "agent.environment": "agent.python.environment",
    "agent.strategies.templates": "agent.python.templates",
    "agent.paths.python": "agent.python.path",
    # agent: native and kernel
    "agent.strategies.ctemplates": "agent.native.templates",
    "agent.paths.native": "agent.native.path",
    "agent.paths.kernel": "agent.kernel.path",
    # agent: the root (driver, run types, what the families share)
    "agent.paths.base": "agent.path",
    "agent.paths.sandboxed": "agent.sandboxed",
    "agent.paths": "agent.families",
    "agent.strategies.base": "agent.candidates",
    "agent.strategies.repair_context": "agent.repair_context",
    # bot
    "bot.app": "bot.web.app",
    "bot.webhook": "bot.web.webhook",
    "bot.handlers": "bot.web.handlers",
    "bot.slow_body": "bot.web.slow_body",
    "bot.slow_headers": "bot.web.slow_headers",
    "bot.jobs": "bot.jobs.store",
    "bot.queue": "bot.jobs.queue",
    "bot.queue_codec": "bot.jobs.codec",
    "bot.github": "bot.github.api",
    "bot.github_data": "bot.github.data",
    "bot.gitpush": "bot.github.push",
    "bot.dryrun": "bot.github.dryrun",
    "bot.dry_state": "bot.github.dry_state",
    "bot.pacing": "bot.github.pacing",
    "bot.tracked": "bot.github.tracked",
    "bot.checks": "bot.conversation.checks",
    "bot.publish": "bot.conversation.publish",
    "bot.failures": "bot.conversation.failures",
    "bot.backlog": "bot.backlog.scan",
    "bot.backlog_rank": "bot.backlog.rank",
    "bot.backlog_store": "bot.backlog.store",
    "bot.backlog_summary": "bot.backlog.summary",
    "bot.backlog_cli": "bot.cli.backlog",
    "bot.signatures": "bot.backlog.signatures",
    "bot.cli": "bot.cli.main",
    "bot.cli_trajectories": "bot.cli.trajectories",
    "bot.doctor": "bot.cli.doctor",
    "bot.simulate": "bot.cli.simulate",
    "bot.app_create": "bot.cli.app_create",
    # sandbox
    "sandbox.docker": "sandbox.docker.sandbox",
    "sandbox.docker_io": "sandbox.docker.engine",
    "sandbox.docker_tar": "sandbox.docker.tar",
    "sandbox.envcache": "sandbox.docker.envcache",
    "sandbox.envkey": "sandbox.docker.envkey",
    "sandbox.envreuse": "sandbox.docker.envreuse",
    "sandbox.images": "sandbox.docker.images",
    "sandbox.network": "sandbox.docker.network",
    "sandbox.server": "sandbox.docker.server",
    "sandbox.prepared": "sandbox.docker.prepared",
    "sandbox.kernel_build": "sandbox.kernel.build",
    "sandbox.kernel_config": "sandbox.kernel.config",
    "sandbox.kernel_fixture": "sandbox.kernel.fixture",
    "sandbox.qemu": "sandbox.kernel.qemu",
}
DATA_DIRS = {"agent/prompts": "agent/research/prompts"}
PACKAGES = ("agent", "bot", "sandbox")
NEW_PACKAGE_DOCS = {
    "agent/research": "The research agent: an LLM that investigates a crash with tools and proposes patches.",
    "agent/judge": "Validation: is it the reported crash, did the patch remove it, did a passing test break.",
    "agent/python": "The Python crash family: path, reproduction ladder, environment, fix templates, pdb probe.",
    "agent/native/templates": "Fix templates for C: generate-and-validate repair at the crashing code of a sanitizer or gdb report.",
    "bot/web": "The web edge: the Flask app, the webhook, its thin handlers, request-body limits.",
    "bot/jobs": "The job store and its queue: the `jobs` table is the truth, the queue carries ids.",
    "bot/github": "Everything said to GitHub: the REST client, its dry run, git push, pacing, tracked writes.",
    "bot/backlog": "The backlog scan: triage every open crash issue of a repo once, rank and summarise them.",
    "bot/cli": "The `crashfix` command line: one module per subcommand family.",
    "sandbox/docker": "The Docker backend: the container sandbox, its engine plumbing, images, network and environment cache.",
    "sandbox/kernel": "Kernel builds and QEMU boots.",
}


def mod_path(mod: str) -> Path:
    """Where a module lives: a package's __init__.py or a plain .py file (or where it would)."""
    rel = Path(*mod.split("."))
    if (ROOT / rel).is_dir():
        return rel / "__init__.py"
    return rel.with_suffix(".py")


def exists(mod: str) -> bool:
    rel = Path(*mod.split("."))
    return (ROOT / rel).is_dir() and (ROOT / rel / "__init__.py").exists() or (ROOT / rel).with_suffix(".py").exists()


def old_match(name: str) -> tuple[str, str] | None:
    """The longest moved old module that prefixes `name`, and its new name."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        pre = ".".join(parts[:i])
        if pre in MOVES:
            return pre, MOVES[pre]
    return None


def new_len(name: str) -> int:
    """How many leading parts of `name` are a module of the new tree."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        if exists(".".join(parts[:i])):
            return i
    return 0


IDEMPOTENT = [False]     # True when run again over a tree already moved (a merged branch)


def remap(name: str) -> str:
    m = old_match(name)
    if not m:
        return name
    old, new = m
    if not IDEMPOTENT[0]:
        return new + name[len(old):]
    if new_len(name) > len(old.split(".")) or name == old and exists(name):
        return name                     # already a name of the new tree
    if name.startswith(new + ".") or name == new:
        return name
    return new + name[len(old):]


# -- moving files -------------------------------------------------------------------------------

def git(*args: str) -> None:
    subprocess.run(["git", *args], cwd=ROOT, check=True)


def ensure_package(folder: Path) -> None:
    folder = ROOT / folder
    folder.mkdir(parents=True, exist_ok=True)
    for d in [folder, *folder.parents]:
        if d == ROOT:
            break
        init = d / "__init__.py"
        if not init.exists():
            doc = NEW_PACKAGE_DOCS.get(str(d.relative_to(ROOT)), "")
            init.write_text(f'"""{doc}"""\n' if doc else "")
            git("add", str(init.relative_to(ROOT)))


def move_files(dry: bool) -> None:
    # longest old names first, so `agent.ladder.match` leaves before `agent.ladder` moves as a folder
    was_file = {m: (ROOT / Path(*m.split("."))).with_suffix(".py").exists() for m in MOVES}
    # files first, those that become a package of their own name before all; then folders, deepest first
    order = sorted(MOVES, key=lambda m: (not was_file[m], MOVES[m].rpartition(".")[0] != m, -len(m)))
    for old in order:
        new = MOVES[old]
        rel_old = Path(*old.split("."))
        rel_new = Path(*new.split("."))
        src_file = (ROOT / rel_old).with_suffix(".py")
        src_dir = ROOT / rel_old
        if was_file[old]:
            if not src_file.exists():
                continue
            dst = rel_new.with_suffix(".py")
            if dry:
                print(f"mv {src_file.relative_to(ROOT)} {dst}")
                continue
            ensure_package(dst.parent)
            # an old module becoming a package of the same name: move it aside first
            if (ROOT / rel_new.parent) == src_file.with_suffix(""):
                tmp = src_file.with_name(src_file.stem + "__moving.py")
                git("mv", str(src_file.relative_to(ROOT)), str(tmp.relative_to(ROOT)))
                src_file = tmp
                ensure_package(dst.parent)
            git("mv", str(src_file.relative_to(ROOT)), str(dst))
        elif src_dir.is_dir() and not new.startswith(old + "."):
            # a folder: move each of its files (sub-folders that have their own entry stay for it)
            for f in sorted(src_dir.rglob("*")):
                if not f.is_file() or "__pycache__" in f.parts:
                    continue
                sub = f.relative_to(src_dir)
                dst = rel_new / sub
                if dry:
                    print(f"mv {f.relative_to(ROOT)} {dst}")
                    continue
                if (ROOT / dst).exists():
                    made = subprocess.run(["git", "cat-file", "-e", f"HEAD:{dst}"], cwd=ROOT).returncode != 0
                    if f.name == "__init__.py" and made:
                        git("rm", "-q", "-f", str(dst))
                    else:
                        print(f"skip (exists): {f.relative_to(ROOT)} -> {dst}")
                        continue
                if f.name == "__init__.py":
                    ensure_package(dst.parent.parent)
                    (ROOT / dst.parent).mkdir(parents=True, exist_ok=True)
                else:
                    ensure_package(dst.parent)
                git("mv", str(f.relative_to(ROOT)), str(dst))
    for src, dst in DATA_DIRS.items():
        if (ROOT / src).is_dir():
            if dry:
                print(f"mv {src} {dst}")
                continue
            (ROOT / dst).parent.mkdir(parents=True, exist_ok=True)
            git("mv", src, dst)
    if not dry:
        for pkg in PACKAGES:            # folders emptied by the move
            for d in sorted((ROOT / pkg).rglob("*"), key=lambda p: -len(p.parts)):
                if d.is_dir():
                    rest = [p for p in d.iterdir() if p.name != "__pycache__"]
                    if not rest:
                        subprocess.run(["rm", "-rf", str(d)])
                    elif [p.name for p in rest] == ["__init__.py"] and d.name not in ("agent", "bot", "sandbox") \
                            and not (d / "__init__.py").read_text().strip().count("\n") > 3:
                        git("rm", "-q", "-f", str((d / "__init__.py").relative_to(ROOT)))
                        subprocess.run(["rm", "-rf", str(d)])


# -- rewriting references -----------------------------------------------------------------------

DOTTED = re.compile(r"(?<![\w.])(?:agent|bot|sandbox)(?:\.[A-Za-z_]\w*)+")
SLASHED = re.compile(r"(?<![\w/])(?:agent|bot|sandbox)(?:/[A-Za-z_]\w*)+(?:\.py|/)?")


def remap_slashed(m: re.Match) -> str:
    text = m.group(0)
    suffix = ""
    for s in (".py", "/"):
        if text.endswith(s):
            text, suffix = text[: -len(s)], s
            break
    for src, dst in DATA_DIRS.items():
        if text == src or text.startswith(src + "/"):
            return dst + text[len(src):] + suffix
    new = remap(text.replace("/", "."))
    if new == text.replace("/", "."):
        return m.group(0)
    out = new.replace(".", "/")
    # `agent/ladder/` (a folder) stays a folder; `bot/github.py` (a file) that became a package's file keeps .py
    return out + suffix


def module_name_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def absolutize(node: ast.ImportFrom, modname: str, is_pkg: bool) -> str:
    anchor = modname.split(".") if is_pkg else modname.split(".")[:-1]
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join(anchor + ([node.module] if node.module else []))


def render_from(module: str, names: list[tuple[str, str | None]], indent: str) -> str:
    items = ", ".join(f"{n} as {a}" if a and a != n else n for n, a in names)
    line = f"{indent}from {module} import {items}"
    if len(line) <= 110:
        return line
    inner = ",\n".join(f"{indent}    {n} as {a}" if a and a != n else f"{indent}    {n}" for n, a in names)
    return f"{indent}from {module} import (\n{inner},\n{indent})"


def rewrite_import_from(node: ast.ImportFrom, module: str, indent: str) -> str | None:
    """The statement(s) replacing one `from X import a, b` whose X or names moved."""
    if module.split(".")[0] not in PACKAGES:
        return None
    groups: dict[str, list[tuple[str, str | None]]] = {}
    for alias in node.names:
        full = f"{module}.{alias.name}"
        if alias.name != "*" and (exists(full) or IDEMPOTENT[0] and full in MOVES):
            # the name is a module itself: it goes where it moved
            new = remap(full)
            parent, _, base = new.rpartition(".")
            groups.setdefault(parent, []).append((base, alias.asname or (alias.name if base != alias.name else None)))
        elif module in MOVES:           # a name the old module defined
            groups.setdefault(MOVES[module], []).append((alias.name, alias.asname))
        else:
            groups.setdefault(remap(module), []).append((alias.name, alias.asname))
    if list(groups) == [module] and node.level == 0:
        return None
    return "\n".join(render_from(mod, names, indent) for mod, names in groups.items())


def rewrite_py(path: Path, text: str) -> str:
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return rewrite_text(text)
    modname = module_name_of(path) if path.relative_to(ROOT).parts[0] in PACKAGES else ""
    is_pkg = path.name == "__init__.py"
    lines = text.splitlines(keepends=True)
    repl: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level and not modname:
                continue
            module = absolutize(node, modname, is_pkg) if node.level else (node.module or "")
            first = lines[node.lineno - 1]
            indent = first[: len(first) - len(first.lstrip())]
            if first[node.col_offset - 0: node.col_offset] != "" and first[:node.col_offset].strip():
                continue            # `x; from a import b` on one line: left to the text pass
            new = rewrite_import_from(node, module, indent)
            if new is None and node.level:
                new = render_from(module, [(a.name, a.asname) for a in node.names], indent)
            if new is not None:
                repl.append((node.lineno, node.end_lineno, new))
    # placeholders keep the text pass off the rewritten statements
    holders: dict[str, str] = {}
    for start, end, new in sorted(repl, reverse=True):
        key = f"\x00RELAYOUT{len(holders)}\x00"
        holders[key] = new
        tail = lines[end - 1]
        nl = "\n" if tail.endswith("\n") else ""
        lines[start - 1:end] = [key + nl]
    out = rewrite_text("".join(lines))
    for key, new in holders.items():
        out = out.replace(key, new)
    return out


def rewrite_text(text: str) -> str:
    text = DOTTED.sub(lambda m: remap(m.group(0)), text)
    return SLASHED.sub(remap_slashed, text)


def rewrite_all(dry: bool) -> None:
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    for rel in files:
        path = ROOT / rel
        if rel == "scripts/relayout.py" or not path.is_file():
            continue
        if path.suffix not in (".py", ".md", ".toml", ".sh", ".yml", ".yaml", ".cfg", ".ini", ".txt", ".json", ".j2", ".html") \
                and path.name not in ("Dockerfile", "run"):
            continue
        if rel.startswith(("eval/", "examples/")) and path.suffix != ".md" and "eval/tools" not in rel:
            continue                    # cases' own repos: not crashfix code
        try:
            text = path.read_text()
        except (UnicodeDecodeError, OSError):
            continue
        new = rewrite_py(path, text) if path.suffix == ".py" else rewrite_text(text)
        if new != text:
            if dry:
                print(f"rewrite {rel}")
            else:
                path.write_text(new)


def main() -> None:
    dry = "--dry-run" in sys.argv
    if "--again" in sys.argv:           # over a tree already moved: new files in old places, old names
        IDEMPOTENT[0] = True
        move_files(dry)
        rewrite_all(dry)
        return
    rewrite_all(dry)                    # decided on the old tree: which names are modules
    move_files(dry)


if __name__ == "__main__":
    main()
