"""The bundled examples by name (`crashfix simulate --example NAME`), from the checkout or an installed wheel.

`examples/` sits beside the packages in both (pyproject.toml ships it in the wheel), so a name resolves
whatever the current directory. An example is a folder of `examples/` with a `repo/` and an issue:
`report.txt` (named by the folder: `inventory`) or `reports/*.txt` (named folder/report: `clib/off-by-one`).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"


@dataclass(frozen=True)
class Example:
    name: str
    repo: Path
    issue: Path


def examples(root: Path = EXAMPLES_DIR) -> dict[str, Example]:
    """Every example under ``root``, by name, in name order."""
    found: dict[str, Example] = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []:
        repo = folder / "repo"
        if not repo.is_dir():
            continue
        if (folder / "report.txt").is_file():
            found[folder.name] = Example(folder.name, repo, folder / "report.txt")
        for report in sorted((folder / "reports").glob("*.txt")):
            name = f"{folder.name}/{report.stem}"
            found[name] = Example(name, repo, report)
    return found


class UnknownExample(Exception):
    """A name that is no example; the message lists the names there are."""


def find(name: str, root: Path = EXAMPLES_DIR) -> Example:
    known = examples(root)
    if name in known:
        return known[name]
    names = ", ".join(known) or f"none (no examples in {root})"
    raise UnknownExample(f"no example {name!r}; the examples: {names}")
