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
