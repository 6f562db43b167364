"""Which config options build the files a report's stack went through (obj-$(CONFIG_X) += file.o)."""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from sandbox.kernel.build import KernelBuildError, contained

_OBJ = re.compile(r"^\s*obj-\$\((CONFIG_[A-Z0-9_]+)\)\s*[+:]?=\s*(.*?)\s*(?:#.*)?$")
_COMPOSITE = re.compile(r"^\s*([A-Za-z0-9_\-]+)-(?:y|objs|\$\(CONFIG_[A-Z0-9_]+\))\s*[+:]?=\s*(.*?)\s*(?:#.*)?$")


def options_for(src: Path, paths: list[str]) -> list[str]:
    """`CONFIG_X=y` lines that make kbuild compile each path (its object and every directory above it)."""
    found: list[str] = []
    for path in paths:
        p = PurePosixPath(path)
        if p.suffix != ".c" or p.is_absolute() or ".." in p.parts:     # report text: only paths in the tree
            continue
        obj = p.stem + ".o"
        directory = p.parent
        while str(directory) not in (".", ""):
            makefile = _read_makefile(src, str(directory))
            opts = _options_naming(makefile, obj)
            found += [o for o in opts if o not in found]
            obj, directory = directory.name + "/", directory.parent
    return [f"{o}=y" for o in found]


# A crash found by mounting an image: syzbot's reproducers attach it to a loop device.
_LOOP = re.compile(r"/dev/loop|LOOP_SET_FD|LOOP_CONFIGURE|syz_mount_image|^\[?[\s\d.\]]*loop\d+: ", re.M)
# UBSAN's report kinds and the option that makes each check (KASAN is in the harness already)
# allocation and free stacks pass through the allocator, the sanitizer and the scheduler: not the owner
_SANITIZERS = ("mm/kasan/", "mm/kmsan/", "mm/kfence/", "lib/ubsan.c", "kernel/kcov.c")   # the reporter itself
_CORE = ("mm/", "kernel/", "lib/", "arch/", "init/")
_UBSAN = {"shift-out-of-bounds": "CONFIG_UBSAN_SHIFT", "array-index-out-of-bounds": "CONFIG_UBSAN_BOUNDS"}


def options_for_crash(src: Path, report, texts: list[str] = ()) -> list[str]:
    """`CONFIG_X=y` lines a crash needs: the files of its stack and of its allocation and free stacks
    (a use-after-free's stack may lie wholly in mm/ while the object's owner is elsewhere); the
    sanitizer its title names when the harness lacks it (UBSAN's checks); the loop device when the
    reproducer or the console mounts an image through one. Dependencies are not added here."""
    owners = [f for f in [*getattr(report, "alloc_frames", []), *getattr(report, "free_frames", [])]
              if f.file and not f.file.startswith(_CORE)]
    options = options_for(src, [f.file for f in [*report.frames, *owners]
                                if f.file and not f.file.startswith(_SANITIZERS)])
    title = report.title or ""
    if title.startswith("UBSAN:"):
        options += ["CONFIG_UBSAN=y"] + [f"{opt}=y" for kind, opt in _UBSAN.items() if kind in title]
    if any(_LOOP.search(text or "") for text in texts):
        options.append("CONFIG_BLK_DEV_LOOP=y")
    return list(dict.fromkeys(options))


def _read_makefile(root: Path, directory: str) -> str:
    """directory's Makefile and Kbuild; a link leading out of the tree, or a non-file, is skipped."""
    text = ""
    for name in ("Makefile", "Kbuild"):
        try:
            f = contained(root, f"{directory}/{name}")
        except KernelBuildError:
            continue
        if f.is_file():
            text += f.read_text(errors="replace").replace("\\\n", " ") + "\n"
    return text


def _options_naming(makefile: str, obj: str) -> list[str]:
    """Options of obj-$(CONFIG_X) lines listing obj, directly or through a composite object."""
    names = {obj}
    for line in makefile.splitlines():
        m = _COMPOSITE.match(line)
        if m and obj in m.group(2).split() and not line.lstrip().startswith("obj-"):
            names.add(m.group(1) + ".o")
    opts = []
    for line in makefile.splitlines():
        m = _OBJ.match(line)
        if m and names & set(m.group(2).split()):
            opts.append(m.group(1))
    return opts


# -- the Kconfig dependencies of those options -------------------------------------------------------
_CONFIG = re.compile(r"^\s*(?:menu)?config\s+([A-Za-z0-9_]+)\s*$")
_DEPENDS = re.compile(r"^\s*depends\s+on\s+(.+?)\s*(?:#.*)?$")
_IF = re.compile(r"^\s*if\s+(.+?)\s*(?:#.*)?$")
_SOURCE = re.compile(r'^\s*(?:o?r?source)\s+"([^"$]+)"\s*$')
_BLOCK_END = re.compile(r"^\s*(?:config|menuconfig|choice|endchoice|comment|menu|endmenu|if|endif|source|rsource|"
                        r"osource|orsource|mainmenu)\b")
_PROMPT = re.compile(r'^\s*(?:(?:bool|tristate|string|hex|int)\s+"|prompt\s+")')
MAX_OPTIONS = 80           # options added for one report, dependencies included


def with_dependencies(src: Path, options: list[str]) -> list[str]:
    """`CONFIG_X=y` lines: the options, then what each depends on for `olddefconfig` to keep it: its own
    `depends on`, the `depends on` of the menus and the `if` blocks around its entry, in its Kconfig
    file and in the files that source that one (`if NET` ... `source "net/dns_resolver/Kconfig"`),
    followed to the dependencies' own dependencies. Of an `A || B`, A; a negated term (`!X`) or a
    comparison with anything but y/m is left to olddefconfig."""
    kconfig = _Kconfig(src)
    wanted = [o.split("=", 1)[0].removeprefix("CONFIG_") for o in options]
    out: list[str] = []
    queue = list(wanted)
    while queue and len(out) < MAX_OPTIONS:
        name = queue.pop(0)
        if name in out:
            continue
        out.append(name)
        for expr in kconfig.dependencies(name):
            queue += [s for s in _needed(expr) if s not in out and s not in queue and kconfig.prompted(s)]
    return [f"CONFIG_{n}=y" for n in out]


def _needed(expr: str) -> list[str]:
    """The symbols an expression needs set: the first alternative of a top-level `||`, every positive
    term of its `&&`s (parentheses dropped)."""
    first = expr.replace("(", " ").replace(")", " ").split("||")[0]
    symbols = []
    for term in first.split("&&"):
        term = term.strip()
        if not term or term.startswith("!"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9_]+)\s*(?:(=|!=)\s*([A-Za-z0-9_\"]+))?", term)
        if not m or m.group(2) == "!=" or (m.group(2) == "=" and m.group(3).strip('"') not in ("y", "m")):
            continue
        if m.group(1) not in ("y", "m", "n") and not m.group(1).isdigit():
            symbols.append(m.group(1))
    return symbols


class _Kconfig:
    """The tree's Kconfig files, read once: where each symbol is defined and which file sources which."""

    def __init__(self, src: Path):
        self.src = src
        self.files: dict[str, list[str]] = {}
        self.defined: dict[str, list[tuple[str, int]]] = {}
        self.sourced_by: dict[str, list[tuple[str, int]]] = {}
        for rel in _kconfig_files(src):
            try:
                text = contained(src, rel).read_text(errors="replace")
            except (KernelBuildError, OSError):
                continue
            lines = self.files[rel] = text.replace("\\\n", " ").split("\n")
            for i, line in enumerate(lines):
                if m := _CONFIG.match(line):
                    self.defined.setdefault(m.group(1), []).append((rel, i))
                elif m := _SOURCE.match(line):
                    self.sourced_by.setdefault(m.group(1), []).append((rel, i))

    def _entry(self, name: str):
        """(file, line of `config NAME`, the entry's attribute lines) for each definition of name."""
        for rel, at in self.defined.get(name, []):
            body = []
            for line in self.files[rel][at + 1:]:
                if _BLOCK_END.match(line):
                    break
                body.append(line)
            yield rel, at, body

    def prompted(self, name: str) -> bool:
        """Whether a .config can set the option (its entry has a prompt); one without (`def_bool`, only
        `select`ed) is left to Kconfig, which would drop it from a fragment anyway."""
        return any(_PROMPT.match(line) for _, _, body in self._entry(name) for line in body)

    def dependencies(self, name: str) -> list[str]:
        deps: list[str] = []
        for rel, at, body in self._entry(name):
            deps += [m.group(1) for line in body if (m := _DEPENDS.match(line))]
            deps += self._around(rel, at, seen=set())
        return deps

    def _around(self, rel: str, at: int, seen: set[str]) -> list[str]:
        """The conditions of the `if` blocks and menus enclosing line `at` of file rel, and of the
        places that source rel (up to the top Kconfig)."""
        if rel in seen:
            return []
        seen.add(rel)
        stack: list[tuple[str, list[str]]] = []
        lines = self.files.get(rel, [])
        for i, line in enumerate(lines[:at]):
            word = line.split("#", 1)[0].split()
            if not word:
                continue
            if m := _IF.match(line):
                stack.append(("if", [m.group(1)]))
            elif word[0] == "endif" and stack and stack[-1][0] == "if":
                stack.pop()
            elif word[0] in ("menu", "choice"):
                stack.append((word[0], []))
            elif word[0] in ("endmenu", "endchoice") and stack:
                stack.pop()
            elif (m := _DEPENDS.match(line)) and stack and stack[-1][0] in ("menu", "choice") \
                    and _opens_block(lines, i):
                stack[-1][1].append(m.group(1))
        conds = [c for _, block in stack for c in block]
        for parent, line in self.sourced_by.get(rel, []):
            conds += self._around(parent, line, seen)
        return conds


def _opens_block(lines: list[str], i: int) -> bool:
    """Whether the `depends on` at line i belongs to the menu/choice just opened (no entry between)."""
    for line in reversed(lines[:i]):
        word = line.split("#", 1)[0].split()
        if not word:
            continue
        if word[0] in ("menu", "choice"):
            return True
        if word[0] in ("config", "menuconfig", "comment", "if", "source", "endif", "endmenu"):
            return False
    return False


def _kconfig_files(src: Path) -> list[str]:
    from sandbox import hostgit
    try:
        proc = hostgit.run("ls-files", "-z", "--", "Kconfig", "*/Kconfig", "*/Kconfig.*", "Kconfig.*", cwd=src,
                           timeout=60, check=False)
    except hostgit.HostGitError:
        return []
    # the harness boots x86_64: another architecture's entries (its own `config MMU` with a prompt) do not count
    return [p for p in proc.stdout.split("\0") if p and (not p.startswith("arch/") or p.startswith("arch/x86/"))]
