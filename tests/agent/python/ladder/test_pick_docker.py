"""Pick the right traceback, in the real Docker sandbox: pytest prints a teardown ERROR (of the same
exception type, from another function) before the FAILURE that is the reported crash."""
from __future__ import annotations

import pytest

from agent.reports import parse
from agent.reports.paths import map_to_repo
from agent.python.reproduce import reproduce
from gitrepo import make_repo
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

REPO = {"pkg/__init__.py": "", "pkg/core.py": "def first(items):\n    return items[0]\n",
        "tests/conftest.py": ('import pytest\n\n\n@pytest.fixture\ndef pool():\n    yield []\n'
                              '    raise IndexError("pool empty on close")\n'),
        "tests/test_a.py": "def test_uses_pool(pool):\n    assert pool == []\n",
        "tests/test_b.py": ("from pkg.core import first\n\n\n"
                            "def test_first_of_nothing():\n    assert first([]) is None\n")}
ISSUE = ("The nightly job dies on an empty batch:\n\n```\nTraceback (most recent call last):\n"
         '  File "/home/ana/jobs/nightly.py", line 14, in <module>\n    head = first(rows)\n'
         '  File "/home/ana/.venv/lib/python3.11/site-packages/pkg/core.py", line 2, in first\n'
         "    return items[0]\nIndexError: list index out of range\n```\n")


def test_the_reported_failure_is_matched_behind_a_teardown_error_of_the_same_type(sandbox_image, docker_limits,
                                                                                  tmp_path):
    repo = make_repo(tmp_path / "pick", REPO)
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits)
    try:
        files, report = sorted(REPO), parse(ISSUE)
        paths = {f.file: p for f in report.frames if f.file and (p := map_to_repo(f.file, files))}
        rep = reproduce(sb, report, ISSUE, "python -m pytest -q", paths, files=files, tries=1, timeout=120,
                        search_seconds=0)
    finally:
        sb.close()
    hit = next(a for a in rep.attempts if a.how == "test suite")
    assert rep.reproduced and hit.reproduced and hit.command == "python -m pytest -q"
    # then the reported failure's node alone (not the decoy's) is the reproduction command
    alone = rep.attempts[-1]
    assert alone.how == "failing node tests/test_b.py::test_first_of_nothing of the suite" and alone.reproduced
    assert rep.command == "python -m pytest -q tests/test_b.py::test_first_of_nothing"
    out = hit.output_tail
    assert out.index("ERROR at teardown of test_uses_pool") < out.index("FAILURES")   # the decoy comes first
    assert "IndexError through first (pkg/core.py)" in hit.why
    assert rep.observed is not None and rep.observed.type == "IndexError"
    assert rep.observed.frames[0].function == "first"                                 # not the fixture
