"""The process-level `CRASHFIX_*` variables read outside the App's settings (bot/settings.py): the
sandbox's caches and images, and the model's price and context tables. One table: the code reads a
variable through `value()`, and docs/configuration.md is generated from `VARIABLES`
(`crashfix config-reference`)."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Variable:
    name: str                 # without the CRASHFIX_ prefix
    default: str | None
    doc: str


VARIABLES: dict[str, Variable] = {v.name: v for v in (
    Variable("ENV_CACHE", "/var/cache/crashfix/envs",
             "Folder of the environment cache: a repository's prepared environment, kept so the next "
             "run (and the research agent's second sandbox) opens in about a second."),
    Variable("ENV_CACHE_MAX", "5g",
             "Bound of the environment cache (`5g`, `500m`); the least recently used entries go first. "
             "`0` turns the cache off."),
    Variable("IMAGE_SOURCE", "debootstrap",
             "How sandbox images are built: `debootstrap` (no registry needed: Debian's archive and "
             "`docker import`) or `dockerfile` (`deploy/sandbox/*.Dockerfile`, `FROM` a registry image)."),
    Variable("DEBIAN_MIRROR", "http://deb.debian.org/debian",
             "The Debian archive debootstrap builds sandbox images from."),
    Variable("DEB_CACHE", "/var/cache/crashfix/debs",
             "Where debootstrap keeps downloaded .deb files between image builds."),
    Variable("KERNEL_CACHE", "/var/cache/crashfix/kernel",
             "Kernel builds, root filesystems and the QEMU accelerator probe (kernel jobs only)."),
    Variable("INDEX_CACHE", "/var/cache/crashfix/index",
             "The research agent's definition indexes (ctags of a tree, one SQLite file per commit), built "
             "once per commit at the first `search_definition` and shared by later runs."),
    Variable("QEMU_ACCEL", None,
             "`kvm` or `tcg` to skip the accelerator probe; unset: KVM when a probe boot works, else TCG."),
    Variable("LLM_PRICES", None,
             "Path of a JSON or YAML price table (`{model: {input: $/Mtok, output: $/Mtok}}`) that "
             "extends the built-in one; costs and dollar budgets use it."),
    Variable("LLM_CONTEXT_TOKENS", None,
             "The model's context window in tokens (`200000`, or `model=tokens,...`); unset: the "
             "built-in table, else 128000."),
)}


def value(name: str) -> str | None:
    """``$CRASHFIX_<name>``, else the table's default; a name not in the table is a bug (KeyError)."""
    var = VARIABLES[name]
    return os.environ.get(f"CRASHFIX_{name}", var.default)
