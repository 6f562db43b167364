"""Kernel builds: one cached source checkout and out-of-tree (O=) build per (commit, config).

    tree = open_tree(repo, "HEAD", fragments=[text])   # cache/builds/<key>/{src,build}
    with tree.lock():
        tree.configure(); tree.build()                 # full the first time, incremental after
        tree.apply(diff); tree.build(); tree.revert()

Builds run on the host (not in a Docker container: a kernel tree and its build dir are several
GB, too slow to copy through the engine here), in a network namespace of their own when we are
root (`unshare --net`), with a wall-clock limit that kills the whole process group.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from sandbox import contain, hostgit
from sandbox.kernel_config import HARNESS, is_full_config, merge_fragments

log = logging.getLogger(__name__)

CACHE = Path(os.environ.get("CRASHFIX_KERNEL_CACHE", "/var/cache/crashfix/kernel"))
# options without which the harness cannot work: checked in .config after olddefconfig
REQUIRED = ("CONFIG_BLK_DEV_INITRD", "CONFIG_SERIAL_8250_CONSOLE", "CONFIG_DEVTMPFS", "CONFIG_PROC_FS",
            "CONFIG_BINFMT_ELF", "CONFIG_BINFMT_SCRIPT")
_VERSION = "1"          # bump when the way a tree is configured changes
_BUILD_ENV = {"KBUILD_BUILD_USER": "crashfix", "KBUILD_BUILD_HOST": "crashfix",
              "KBUILD_BUILD_TIMESTAMP": "2024-01-01", "LC_ALL": "C"}


class KernelBuildError(RuntimeError):
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


@dataclass(frozen=True)
class CmdResult:
    code: int
    output: str
    seconds: float
    timed_out: bool


def isolated(cmd: list[str]) -> list[str]:
    """Run `cmd` without network: a fresh network namespace (root only; elsewhere as is)."""
    if os.geteuid() == 0 and shutil.which("unshare"):
        return ["unshare", "--net", "--", *cmd]
    return cmd


def run_cmd(cmd: list[str], *, cwd: Path | None = None, timeout: float = 600, env: dict | None = None,
            log_file: Path | None = None, stdin=subprocess.DEVNULL) -> CmdResult:
    """Run cmd in its own process group; on timeout kill the group. Output goes to log_file if given."""
    start = time.monotonic()
    sink = open(log_file, "w") if log_file else subprocess.PIPE
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env={**os.environ, **(env or {})}, stdout=sink,
                                stderr=subprocess.STDOUT, stdin=stdin, start_new_session=True,
                                text=True, errors="replace")
        timed_out = False
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
    finally:
        if log_file:
            sink.close()
    if log_file:
        out = log_file.read_text(errors="replace")
    return CmdResult(proc.returncode, out or "", time.monotonic() - start, timed_out)


def tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])


def git(cwd: Path, *args: str, timeout: float = 600, env: dict | None = None) -> str:
    # security (sec-host): host git hardened in one place (sandbox.hostgit)
    res = run_cmd(hostgit.argv("-c", "gc.auto=0", *args), cwd=cwd, timeout=timeout, env=hostgit.env(extra=env))
    if res.code != 0:
        raise KernelBuildError(f"git {' '.join(args[:3])} failed in {cwd}", tail(res.output))
    return res.output


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
            with contextlib.suppress(contain.PathEscapes):      # security (sec-host): not through a link
                contain.entry(self.src, path).unlink(missing_ok=True)

    def apply(self, diff: str) -> None:
        """Apply a unified diff (a/ b/ prefixes) to the checkout; KernelBuildError if it does not apply."""
        res = _git_apply(self.src, diff)
        if res.code != 0:
            raise KernelBuildError("the patch does not apply", tail(res.output))

    def read(self, path: str) -> str:
        return contain.read_text(self.src, path)        # security (sec-host): no link out of the tree

    # -- config and build -----------------------------------------------------------------
    def configure(self, timeout: float = 600) -> list[str]:
        """Write build/.config (once per cache entry); returns REQUIRED options the config lacks."""
        done = self.out / ".crashfix-configured"
        if not done.exists():
            self.out.mkdir(parents=True, exist_ok=True)
            make = ["make", "-s", f"O={self.out}"]
            if self.base_config:
                (self.out / ".config").write_text(self.base_config)
            else:
                self._make_ok(make + ["tinyconfig"], timeout, "make tinyconfig")
            frags = []
            for i, text in enumerate(self.fragments + (HARNESS,)):
                frag = self.out / f"crashfix-fragment-{i}.config"
                frag.write_text(text)
                frags.append(str(frag))
            self._make_ok(["scripts/kconfig/merge_config.sh", "-m", "-O", str(self.out),
                           str(self.out / ".config"), *frags], timeout, "merge_config.sh")
            self._make_ok(make + ["olddefconfig"], timeout, "make olddefconfig")
            done.write_text("ok\n")
        return self.missing_options()

    def missing_options(self) -> list[str]:
        config = (self.out / ".config").read_text()
        return [opt for opt in REQUIRED if f"\n{opt}=y" not in "\n" + config]

    def wanted_but_unset(self) -> list[str]:
        """Options a fragment asked for (=y) that olddefconfig dropped (unmet dependencies)."""
        config = "\n" + (self.out / ".config").read_text()
        asked = [ln.strip() for text in self.fragments for ln in text.splitlines()
                 if ln.strip().startswith("CONFIG_") and ln.strip().endswith("=y")]
        return [a for a in asked if f"\n{a}" not in config]

    def build(self, timeout: float = 3600) -> BuildResult:
        """make bzImage (and vmlinux); incremental when the build dir already has objects."""
        res = run_cmd(isolated(["make", f"O={self.out}", f"-j{self.jobs}", "bzImage"]), cwd=self.src,
                      timeout=timeout, env=_BUILD_ENV, log_file=self.build_log)
        ok = res.code == 0 and not res.timed_out and self.bzimage.exists()
        log.info("kernel build in %s: %s in %.1f s", self.out, "ok" if ok else "FAILED", res.seconds)
        return BuildResult(ok, res.seconds, tail(res.output, 60), res.timed_out)

    def _make_ok(self, cmd: list[str], timeout: float, what: str) -> None:
        res = run_cmd(isolated(cmd), cwd=self.src, timeout=timeout, env=_BUILD_ENV)
        if res.code != 0 or res.timed_out:
            raise KernelBuildError(f"{what} failed" + (" (timed out)" if res.timed_out else ""), tail(res.output))


def _git_apply(src: Path, diff: str) -> CmdResult:
    start = time.monotonic()
    proc = subprocess.run(hostgit.argv("apply", "--whitespace=nowarn", "-"), cwd=src, input=diff,
                          capture_output=True, text=True, timeout=120, env=hostgit.env())
    return CmdResult(proc.returncode, proc.stdout + proc.stderr, time.monotonic() - start, False)


def open_tree(repo: Path, ref: str = "HEAD", *, config: str | None = None, fragments: list[str] = (),
              cache: Path | None = None) -> KernelTree:
    """The cache entry for (repo's commit at ref, config); nothing is checked out or built yet.

    `config` is a whole .config or a fragment: a fragment is merged onto tinyconfig."""
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
    h = hashlib.sha256("\0".join([_VERSION, commit, base or "tinyconfig", *frags,
                                  HARNESS]).encode()).hexdigest()[:16]
    return KernelTree(repo, commit, (cache or CACHE) / "builds" / f"{commit[:12]}-{h}", base, tuple(frags))
