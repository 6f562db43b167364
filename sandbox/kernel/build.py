"""Kernel builds: one cached source checkout and out-of-tree (O=) build per (commit, config).

    tree = open_tree(repo, "HEAD", fragments=[text])   # cache/builds/<key>/{src,build}
    with tree.lock():
        tree.configure(); tree.build()                 # full the first time, incremental after
        tree.apply(diff); tree.build(); tree.revert()

Every command of the tree's own (make, scripts/kconfig/merge_config.sh) runs jailed
(`sandbox.isolate`): no network, a scrubbed environment, the checkout read-only, only the build dir
writable, no host secrets. crashfix's own git runs on the host with no user or system git config.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from sandbox import contain, hostgit
from sandbox.base import SandboxError
from sandbox.isolate import CmdResult, isolated, run_process
from sandbox import variables
from sandbox.kernel.config import HARNESS, is_full_config, merge_fragments

log = logging.getLogger(__name__)

CACHE = Path(variables.value("KERNEL_CACHE"))
# options without which the harness cannot work: checked in .config after olddefconfig
REQUIRED = ("CONFIG_BLK_DEV_INITRD", "CONFIG_SERIAL_8250_CONSOLE", "CONFIG_DEVTMPFS", "CONFIG_PROC_FS",
            "CONFIG_BINFMT_ELF", "CONFIG_BINFMT_SCRIPT")
_VERSION = "2"          # bump when the way a tree is configured changes
_BUILD_ENV = {"KBUILD_BUILD_USER": "crashfix", "KBUILD_BUILD_HOST": "crashfix",
              "KBUILD_BUILD_TIMESTAMP": "2024-01-01", "LC_ALL": "C"}


class KernelBuildError(SandboxError):
    """The tree cannot be checked out, configured or built; `log` holds the tail of the output."""

    def __init__(self, message: str, log: str = ""):
        super().__init__(message)
        self.log = log


@dataclass(frozen=True)
class BuildResult:
    ok: bool
    seconds: float
    log: str                  # last lines of make's output
    timed_out: bool = False


# crashfix's own git on the host: no user or system config (a repo cannot reach them either way),
# no hooks, no fsmonitor


def tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])


def git(cwd: Path, *args: str, timeout: float = 600, env: dict | None = None, input: str | None = None) -> str:
    res = _git(cwd, *args, timeout=timeout, env=env, input=input)
    if res.code != 0:
        raise KernelBuildError(f"git {' '.join(args[:3])} failed in {cwd}", tail(res.output))
    return res.output


def _git(cwd: Path, *args: str, timeout: float = 600, env: dict | None = None, input: str | None = None) -> CmdResult:
    # host git hardened in one place (sandbox.hostgit), run with an explicit environment
    return run_process(hostgit.argv("-c", "gc.auto=0", *args), cwd=cwd, timeout=timeout,
                       env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8", **hostgit.env(base={}, extra=env)},
                       input=input)


def contained(root: Path, path: str) -> Path:
    """root/path, refused (KernelBuildError) when it or a link on the way leads out of root."""
    try:
        return contain.inside(root, path)
    except contain.PathEscapes as exc:
        raise KernelBuildError(f"{path} leads out of the tree") from exc


@dataclass
class KernelTree:
    repo: Path
    commit: str
    root: Path                       # cache/builds/<key>
    base_config: str | None          # a whole .config, or None for tinyconfig
    fragments: tuple[str, ...]       # merged in order, then the harness fragment
    jobs: int = os.cpu_count() or 2

    @property
    def src(self) -> Path:
        return self.root / "src"

    @property
    def out(self) -> Path:
        return self.root / "build"

    @property
    def bzimage(self) -> Path:
        return self.out / "arch" / "x86" / "boot" / "bzImage"

    @property
    def vmlinux(self) -> Path:
        return self.out / "vmlinux"

    @property
    def build_log(self) -> Path:
        return self.root / "build.log"

    @contextlib.contextmanager
    def lock(self):
        """One run at a time per build dir (other runs wait)."""
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".lock", "w") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield self
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    # -- source ---------------------------------------------------------------------------
    def checkout(self) -> None:
        """A checkout of the commit in the cache (made once), back to a clean state."""
        marker = self.root / ".checked-out"
        if marker.exists():
            try:
                self.revert()
                return
            except KernelBuildError as exc:
                log.warning("cached checkout %s unusable (%s): making it again", self.src, exc)
            marker.unlink()
        shutil.rmtree(self.src, ignore_errors=True)
        shutil.rmtree(self.out, ignore_errors=True)
        (self.root / ".configured").unlink(missing_ok=True)
        self.root.mkdir(parents=True, exist_ok=True)
        git(self.root, "clone", "-q", "--shared", "--no-checkout", str(self.repo), str(self.src))
        git(self.src, "checkout", "-q", "--detach", self.commit, timeout=1800)
        marker.write_text(self.commit + "\n")

    def revert(self) -> None:
        """Back to the commit, clean: only changed files are rewritten, so the next build stays incremental."""
        if (git(self.src, "rev-parse", "HEAD").strip() != self.commit
                or git(self.src, "status", "--porcelain", "--untracked-files=no").strip()):
            git(self.src, "reset", "-q", "--hard", self.commit)
        for path in git(self.src, "ls-files", "--others", "--exclude-standard").split():
            (self.src / path).unlink(missing_ok=True)

    def apply(self, diff: str) -> None:
        """Apply a unified diff (a/ b/ prefixes) to the checkout; KernelBuildError if it does not apply."""
        res = _git_apply(self.src, diff)
        if res.code != 0:
            raise KernelBuildError("the patch does not apply", tail(res.output))

    def read(self, path: str) -> str:
        """A file of the checkout; KernelBuildError for a path or symlink leading out of it."""
        target = contained(self.src, path)
        if not target.is_file():
            raise KernelBuildError(f"{path} is not a file of the tree")
        return target.read_text(errors="replace")

    # -- config and build -----------------------------------------------------------------
    def configure(self, timeout: float = 600) -> list[str]:
        """Write build/.config (once per cache entry); returns REQUIRED options the config lacks."""
        done = self.root / ".configured"                 # outside the build dir: no jail writes there
        if not done.exists():
            # a fresh build dir, its inputs written before any jailed command could plant links in it
            shutil.rmtree(self.out, ignore_errors=True)
            self.out.mkdir(parents=True)
            inputs = self.root / "config-inputs"          # read-only in the jail
            shutil.rmtree(inputs, ignore_errors=True)
            inputs.mkdir()
            frags = []
            for i, text in enumerate(self.fragments + (HARNESS,)):
                frag = inputs / f"crashfix-fragment-{i}.config"
                frag.write_text(text)
                frags.append(str(frag))
            make = ["make", "-s", f"O={self.out}"]
            if self.base_config:
                (self.out / ".config").write_text(self.base_config)
            else:
                self._make_ok(make + ["tinyconfig"], timeout, "make tinyconfig")
            # from the build dir: the script makes its temporary file in the current directory
            self._make_ok([str(self.src / "scripts/kconfig/merge_config.sh"), "-m", "-O", str(self.out),
                           str(self.out / ".config"), *frags], timeout, "merge_config.sh", ro=[inputs], cwd=self.out)
            self._make_ok(make + ["olddefconfig"], timeout, "make olddefconfig")
            done.write_text("ok\n")
        return self.missing_options()

    def config_text(self) -> str:
        """build/.config as the jailed build left it (a link or a pipe there is refused)."""
        path = contained(self.out, ".config")
        if not path.is_file():
            raise KernelBuildError("the build left no .config")
        return path.read_text(errors="replace")

    def missing_options(self) -> list[str]:
        config = self.config_text()
        return [opt for opt in REQUIRED if f"\n{opt}=y" not in "\n" + config]

    def wanted_but_unset(self) -> list[str]:
        """Options a fragment asked for (=y) that olddefconfig dropped (unmet dependencies)."""
        config = "\n" + self.config_text()
        asked = [ln.strip() for text in self.fragments for ln in text.splitlines()
                 if ln.strip().startswith("CONFIG_") and ln.strip().endswith("=y")]
        return [a for a in asked if f"\n{a}" not in config]

    def build(self, timeout: float = 3600) -> BuildResult:
        """make bzImage (and vmlinux); incremental when the build dir already has objects."""
        self._drop_torn_link()
        res = self._jailed(["make", f"O={self.out}", f"-j{self.jobs}", "bzImage"], timeout, log_file=self.build_log)
        ok = res.code == 0 and not res.timed_out and self.bzimage.exists()
        log.info("kernel build in %s: %s in %.1f s", self.out, "ok" if ok else "FAILED", res.seconds)
        return BuildResult(ok, res.seconds, tail(res.output, 60), res.timed_out)

    def _drop_torn_link(self) -> None:
        """A build killed while linking leaves an empty vmlinux newer than its objects: make would
        call it up to date and every later incremental build fails. Remove it so make relinks."""
        for out in (self.vmlinux, self.bzimage):
            if out.is_file() and not out.is_symlink() and out.stat().st_size == 0:
                log.info("removing the empty %s a killed build left", out.name)
                out.unlink()

    def _jailed(self, cmd: list[str], timeout: float, log_file: Path | None = None, ro: list[Path] = (),
                cwd: Path | None = None) -> CmdResult:
        """cmd in the jail: the checkout read-only, the build dir the only writable place."""
        return isolated(cmd, ro=[self.src, *ro], rw=[self.out], env=_BUILD_ENV, cwd=cwd or self.src,
                        timeout=timeout, log_file=log_file)

    def _make_ok(self, cmd: list[str], timeout: float, what: str, ro: list[Path] = (), cwd: Path | None = None) -> None:
        res = self._jailed(cmd, timeout, ro=ro, cwd=cwd)
        if res.code != 0 or res.timed_out:
            raise KernelBuildError(f"{what} failed" + (" (timed out)" if res.timed_out else ""), tail(res.output))


def _git_apply(src: Path, diff: str) -> CmdResult:
    return _git(src, "apply", "--whitespace=nowarn", "-", timeout=120, input=diff)


def open_tree(repo: Path, ref: str = "HEAD", *, config: str | None = None, fragments: list[str] = (),
              cache: Path | None = None, owner: str = "") -> KernelTree:
    """The cache entry for (owner, repo's commit at ref, config); nothing is checked out or built yet.

    `config` is a whole .config or a fragment: a fragment is merged onto tinyconfig. `owner` is who
    asked for the repository (an installation and owner/name): two installations at the same commit
    never share a build folder (one could plant objects in the other's build, issue 22)."""
    repo = Path(repo).resolve()
    if not (repo / "Makefile").exists() or not (repo / "Kconfig").exists():
        raise KernelBuildError(f"{repo} does not look like a Linux kernel tree (no Makefile and Kconfig)")
    commit = git(repo, "rev-parse", "--verify", f"{ref}^{{commit}}").strip()
    base, frags = None, list(fragments)
    if config is not None:
        if is_full_config(config):
            base = config
        else:
            frags.insert(0, config)
    merged = merge_fragments(frags)
    frags = [merged] if merged else []
    h = hashlib.sha256("\0".join([_VERSION, owner, commit, base or "tinyconfig", *frags,
                                  HARNESS]).encode()).hexdigest()[:16]
    return KernelTree(repo, commit, (cache or CACHE).resolve() / "builds" / f"{commit[:12]}-{h}", base, tuple(frags))
