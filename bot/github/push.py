"""`git push` over HTTPS with an installation token that touches neither disk nor argv.

The token reaches git only through the environment of the one `git push` process:

    GIT_CONFIG_COUNT=1
    GIT_CONFIG_KEY_0=http.extraHeader
    GIT_CONFIG_VALUE_0=Authorization: Basic base64(x-access-token:TOKEN)

so it is in neither ``.git/config`` nor the command line (``ps`` shows argv to every user), and
never in the sandbox (pushes run host-side from the bot's own clone). Errors carry git's output
with the token (and its base64 form) replaced by ``***``. ``GIT_TERMINAL_PROMPT=0``: a refused
token fails at once instead of waiting for a password. Like every host git, these run hardened by
`sandbox.hostgit` (no global or system config: a planted ``url.insteadOf`` cannot redirect the
token, a planted ``core.fsmonitor`` runs nothing; no hooks, no credential helper).
"""
from __future__ import annotations

import base64
import logging
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

from sandbox import hostgit

log = logging.getLogger(__name__)


class PushError(Exception):
    """git push failed; the message holds git's output with the token redacted."""


def auth_header(token: str) -> str:
    return "Authorization: Basic " + base64.b64encode(f"x-access-token:{token}".encode()).decode()


def redact(text: str, token: str | None) -> str:
    if not token:
        return text
    for secret in (token, base64.b64encode(f"x-access-token:{token}".encode()).decode()):
        text = text.replace(secret, "***")
    return text


def push_env(token: str, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of the push: the caller's made a hardened host git's (`hostgit.env`), the auth
    header as config entry 0, no prompts."""
    return hostgit.env({"http.extraHeader": auth_header(token)}, base=base)


def push(clone_dir: Path | str, remote_url: str, branch: str, token: str, force: bool = True,
         *, ref: str = "HEAD", timeout: float = 300) -> str:
    """Push ``ref`` of ``clone_dir`` to ``refs/heads/<branch>`` at ``remote_url``; returns the pushed sha."""
    if not token:
        raise PushError("no installation token: cannot push (dry run?)")
    parts = urlsplit(remote_url)
    if parts.scheme not in ("https", "http") or parts.username or parts.password:
        raise PushError("remote URL must be http(s) without credentials in it")
    clone_dir = Path(clone_dir)
    sha = hostgit.output("rev-parse", "--verify", f"{ref}^{{commit}}", cwd=clone_dir).strip()
    argv = hostgit.argv("push", "--porcelain", *(["--force"] if force else []), remote_url,
                        f"{sha}:refs/heads/{branch}")
    log.info("pushing %s to %s %s%s", sha[:12], remote_url, branch, " (force)" if force else "")
    try:
        out = subprocess.run(argv, cwd=clone_dir, env=push_env(token), capture_output=True, text=True,
                             timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise PushError(f"git push to {remote_url} timed out after {timeout:.0f} s") from None
    if out.returncode != 0:
        text = redact((out.stderr + out.stdout).strip(), token)
        raise PushError(f"git push to {remote_url} ({branch}) failed (exit {out.returncode}): {text}")
    return sha


def clone(remote_url: str, dest: Path | str, token: str | None, *, branch: str | None = None,
          timeout: float = 900, ref: str | None = None) -> Path:
    """A fresh clone of ``remote_url`` into ``dest``, the token (if any) passed like `push` does. With
    ``ref`` (`/crashfix test REF`) the tags come too, and a branch ``ref`` becomes a local branch (a
    clone of this clone sees it)."""
    dest = Path(dest)
    env = push_env(token) if token else hostgit.env()
    argv = hostgit.argv("clone", "--quiet", *([] if ref else ["--no-tags"]), *(["--branch", branch] if branch else []), "--",
                        remote_url, str(dest))
    try:
        out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout,
                             stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise PushError(f"git clone of {remote_url} timed out after {timeout:.0f} s") from None
    if out.returncode != 0:
        raise PushError(f"git clone of {remote_url} failed (exit {out.returncode}): "
                        f"{redact((out.stderr + out.stdout).strip(), token)}")
    if ref and not ref.startswith("-"):
        branch_ref = f"refs/remotes/origin/{ref}"
        if subprocess.run(hostgit.argv("rev-parse", "--verify", "--quiet", branch_ref), cwd=dest, env=hostgit.env(),
                          capture_output=True, stdin=subprocess.DEVNULL).returncode == 0:
            subprocess.run(hostgit.argv("branch", "--quiet", "--no-track", "--", ref, branch_ref), cwd=dest,
                           env=hostgit.env(), capture_output=True, stdin=subprocess.DEVNULL)   # the default: exists
    return dest
