"""Climbing the reproduction ladder in a real Docker sandbox over a small repository, for the ladder tests."""
from __future__ import annotations

import pytest

from agent.reports import parse
from agent.reports.paths import map_to_repo
from agent.python.reproduce import reproduce
from agent.records import Reproduction
from gitrepo import make_repo
from sandbox import open_sandbox


def box_fixture(files: dict[str, str], name: str):
    """A module-scoped fixture: a Docker sandbox over a new git repository holding ``files``."""
    @pytest.fixture(scope="module")
    def box(sandbox_image, docker_limits, tmp_path_factory):
        sb = open_sandbox("docker", make_repo(tmp_path_factory.mktemp(name), files), image=sandbox_image,
                          limits=docker_limits)
        yield sb
        sb.close()
    return box


def climb(sb, files: list[str], issue: str, test_cmd: str | None, **kwargs) -> Reproduction:
    """`reproduce` for the issue's traceback, its frames mapped onto ``files`` (2 tries, 120 s)."""
    report = parse(issue)
    paths = {f.file: p for f in report.frames if f.file and (p := map_to_repo(f.file, files))}
    return reproduce(sb, report, issue, test_cmd, paths, files=files, tries=2, timeout=120, **kwargs)
