"""Host-side reads of sandbox files are linear in the file's size and bounded (issue 22, low: a
100 MB file took 121 s of host CPU to read, the answer line searched again for its end at every
chunk). A real Docker sandbox writes a multi-MB file; the host reads it back whole and exactly; a
file over the read limit is refused unread by the command server (there is no exec fallback: issue 35).
(Timing is a benchmark, not a test: bench/bench_sandbox_read.py.)"""
from __future__ import annotations

import hashlib

import pytest

from gitrepo import make_repo
from sandbox import SandboxError, open_sandbox
from sandbox.docker import sandbox as sandbox_docker

MAKE = ("python3 -c \"import sys\n"
        "with open('big.txt', 'w') as f:\n"
        "    for i in range(400000): f.write(f'line {i:07d} of the big file\\\\n')\"")


def expected() -> str:
    return "".join(f"line {i:07d} of the big file\n" for i in range(400000))


@pytest.fixture
def box(tmp_path, sandbox_image, docker_limits):
    sb = open_sandbox("docker", make_repo(tmp_path / "repo", {"a.txt": "a\n"}, "init"), image=sandbox_image,
                      limits=docker_limits)
    yield sb
    sb.close()


@pytest.mark.docker
def test_a_multi_megabyte_file_reads_back_exactly_and_a_huge_one_is_refused(box, monkeypatch):
    assert box.run(MAKE).exit_code == 0
    want = expected()
    assert len(want) > 10_000_000                          # 11.2 MB: hundreds of stream chunks
    got = box.read("big.txt")
    assert hashlib.sha256(got.encode()).hexdigest() == hashlib.sha256(want.encode()).hexdigest()
    assert box.read("a.txt") == "a\n"                      # the server's stream is still in step

    monkeypatch.setattr(sandbox_docker, "MAX_READ", 1_000_000)
    with pytest.raises(SandboxError, match="over 1000000 bytes"):
        box.read("big.txt")
    assert box.read("a.txt") == "a\n"
