"""Sandboxes: where untrusted repository code runs (Docker, local processes, QEMU)."""
from sandbox.base import (
    ExecResult,
    Sandbox,
    SandboxError,
    SandboxDead,
    CommandTimeout,
    ImageMissing,
    SetupFailed,
    PatchFailed,
    Session,
)

__all__ = [
    "ExecResult", "Sandbox", "SandboxError", "SandboxDead", "CommandTimeout",
    "ImageMissing", "SetupFailed", "PatchFailed", "Session",
]
