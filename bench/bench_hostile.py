"""How long a hostile command takes to be stopped, and what is reported, under given limits.

    python bench/bench_hostile.py [--mem 2g] [--pids 256] [--output-max-mib 1024]

Runs, in one Docker sandbox: endless output, a memory hog (1.5 x the memory limit), a fork bomb,
an infinite loop (5 s timeout); and, meanwhile, `true` in a second sandbox. Prints, per attack, the
seconds until it was stopped, the exit code, the limits named, the bytes of output kept, and the
second sandbox's median/max `true` round trip during the attacks.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import open_sandbox  # noqa: E402
from sandbox.base import Limits  # noqa: E402
from sandbox.docker.sandbox import _bytes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mem", default="2g")
    ap.add_argument("--pids", type=int, default=256)
    ap.add_argument("--output-max-mib", type=int, default=1024)
    args = ap.parse_args()
    limits = Limits(mem=args.mem, pids=args.pids, output_max=args.output_max_mib << 20)
    hog = int(_bytes(args.mem) * 1.5)
    attacks = [("endless output", "cat /dev/zero", 300),
               (f"memory hog ({hog >> 20} MiB)", f"python3 -c 'x = bytearray({hog})'", 300),
               ("fork bomb (+ sleep 3)", "bomb() { bomb | bomb & }; bomb; sleep 3", 60),
               ("infinite loop", "while :; do :; done", 5)]
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "r"
        repo.mkdir()
        (repo / "a.txt").write_text("a\n")
        subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
        box = open_sandbox("docker", repo, install=False, limits=limits)
        other = open_sandbox("docker", repo, install=False, limits=limits)
        rtts: list[float] = []
        done = threading.Event()

        def neighbour():
            while not done.is_set():
                rtts.append(other.run("true", timeout=60).duration * 1000)
        t = threading.Thread(target=neighbour)
        try:
            t.start()
            print(f"limits: mem {args.mem}, pids {args.pids}, output_max {args.output_max_mib} MiB, "
                  f"output kept {limits.output_limit} bytes")
            for name, cmd, timeout in attacks:
                start = time.monotonic()
                r = box.run(cmd, timeout=timeout)
                print(f"{name:28} stopped after {time.monotonic() - start:6.1f} s  exit {r.exit_code:3}  "
                      f"kept {len(r.output):>9} bytes  limits: {'; '.join(r.limits) or '-'}")
        finally:
            done.set()
            t.join()
            box.close()
            other.close()
    print(f"second sandbox during the attacks: `true` x{len(rtts)}, median {statistics.median(rtts):.1f} ms, "
          f"max {max(rtts):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
