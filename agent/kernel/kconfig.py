"""Which config options build the files a report's stack went through (obj-$(CONFIG_X) += file.o)."""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from sandbox import contain

_OBJ = re.compile(r"^\s*obj-\$\((CONFIG_[A-Z0-9_]+)\)\s*[+:]?=\s*(.*?)\s*(?:#.*)?$")
_COMPOSITE = re.compile(r"^\s*([A-Za-z0-9_\-]+)-(?:y|objs|\$\(CONFIG_[A-Z0-9_]+\))\s*[+:]?=\s*(.*?)\s*(?:#.*)?$")


def options_for(src: Path, paths: list[str]) -> list[str]:
    """`CONFIG_X=y` lines that make kbuild compile each path (its object and every directory above it)."""
    found: list[str] = []
    for path in paths:
        p = PurePosixPath(path)
        # security (sec-host): a frame path is issue text; absolute or `..` ones name no file of the
        # tree (and "/" is its own parent: the walk up would never end)
        if p.suffix != ".c" or contain.within(src, path) is None:
            continue
        obj = p.stem + ".o"
        directory = p.parent
        while str(directory) not in (".", ""):
            makefile = _read_makefile(src, directory)
            opts = _options_naming(makefile, obj)
            found += [o for o in opts if o not in found]
            obj, directory = directory.name + "/", directory.parent
    return [f"{o}=y" for o in found]


def _read_makefile(src: Path, directory: PurePosixPath) -> str:
    text = ""
    for name in ("Makefile", "Kbuild"):
        try:        # security (sec-host): through contain, no symlink out of the tree
            text += contain.read_text(src, str(directory / name)).replace("\\\n", " ") + "\n"
        except (OSError, contain.PathEscapes):
            continue
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
