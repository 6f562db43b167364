"""Fixtures for the sandbox tests: small git repositories."""
from __future__ import annotations

import subprocess
from pathlib import Path

def make_repo(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(git + ["add", "-A"], cwd=root, check=True)
    subprocess.run(git + ["commit", "-qm", "init"], cwd=root, check=True)
    return root


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def repo_factory(tmp_path_factory):
    """make(files) -> a committed git repository with those files."""
    def make(files: dict[str, str]) -> Path:
        return make_repo(tmp_path_factory.mktemp("repo") / "r", files)
    return make
