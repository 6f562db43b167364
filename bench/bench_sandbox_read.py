"""Host CPU to read a sandbox file through the command server (issue 22: 100 MB took 121 s).

    PYTHONPATH=$PWD python3 bench/bench_sandbox_read.py [MB ...]

Writes an N MB file in a real Docker sandbox, reads it with `DockerSandbox.read` and prints the
host process CPU time and wall time of the read.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
from gitrepo import make_repo  # noqa: E402
from sandbox import open_sandbox  # noqa: E402
from sandbox.docker.images import ensure_image


def main(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        box = open_sandbox("docker", make_repo(Path(tmp) / "repo", {"a.txt": "a\n"}, "init"),
                           image=ensure_image("python"))
        try:
            for mb in sizes:
                assert box.run(f"head -c {mb * 1024 * 1024} /dev/zero | tr '\\\\0' x > big.bin").exit_code == 0
                cpu, wall = time.process_time(), time.monotonic()
                text = box.read("big.bin")
                cpu, wall = time.process_time() - cpu, time.monotonic() - wall
                assert len(text) == mb * 1024 * 1024
                print(f"{mb:4d} MB: host CPU {cpu:6.2f} s, wall {wall:6.2f} s", flush=True)
        finally:
            box.close()


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [4, 16, 40])
