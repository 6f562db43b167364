"""Sandbox latency: container start, command round trip, reset, patch apply.

    python bench/bench_sandbox.py [-n 20] [--backend docker|local|both]

Prints median and p90 in milliseconds. Targets: reset + patch apply < 300 ms,
command round trip (`true`) < 50 ms.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import open_sandbox  # noqa: E402


def make_repo(root: Path, nfiles: int = 50) -> Path:
    root.mkdir(parents=True)
    for i in range(nfiles):
        d = root / f"pkg{i % 5}"
        d.mkdir(exist_ok=True)
        body = "\n".join(f"def f{j}(x):\n    return x + {j}\n" for j in range(40))
        (d / f"mod{i}.py").write_text(body + "\n")
    git = ["git", "-c", "user.name=b", "-c", "user.email=b@b"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(git + ["add", "-A"], cwd=root, check=True)
    subprocess.run(git + ["commit", "-qm", "init"], cwd=root, check=True)
    return root


PATCH = """\
--- a/pkg0/mod0.py
+++ b/pkg0/mod0.py
@@ -1,4 +1,4 @@
 def f0(x):
-    return x + 0
+    return x + 100
 
 def f1(x):
--- /dev/null
+++ b/pkg0/new_file.py
@@ -0,0 +1 @@
+NEW = 1
"""


def timed(fn, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def report(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    print(f"  {name:<22} median {statistics.median(ms):8.1f} ms   p90 {p90:8.1f} ms   (n={len(ms)})")


def bench(backend: str, repo: Path, n: int) -> None:
    print(f"{backend}:")
    starts = []
    for _ in range(max(3, n // 5)):
        t = time.perf_counter()
        sb = open_sandbox(backend, repo, install=False)
        starts.append((time.perf_counter() - t) * 1000)
        sb.close()
    report("start (+copy, snapshot)", starts)
    sb = open_sandbox(backend, repo, install=False)
    try:
        assert sb.run("true").ok
        report("run `true`", timed(lambda: sb.run("true"), n))
        if backend == "docker":  # the same without the in-container command server: one exec each
            server, failures = sb._server, sb._server_failures
            sb._server, sb._server_failures = None, 99
            report("run `true` (plain exec)", timed(lambda: sb.run("true"), n))
            sb._server, sb._server_failures = server, failures
        report("reset (clean)", timed(sb.reset, n))

        def dirty_reset():
            sb.apply_patch(PATCH)
            sb.reset()
        report("apply_patch", [a - b for a, b in zip(timed(dirty_reset, n), timed(sb.reset, n))])

        def reset_apply():
            sb.reset()
            sb.apply_patch(PATCH)
        report("reset + apply_patch", timed(reset_apply, n))
        report("diff", timed(sb.diff, n))
        sb.reset()
        s = sb.session(["python3", "-m", "pdb", "pkg0/mod0.py"], "(Pdb) ")
        assert s.send("p 1 + 1").strip() == "2"
        report("pdb round trip (`p 1`)", timed(lambda: s.send("p 1"), n))
        report("pdb session start", timed(
            lambda: sb.session(["python3", "-m", "pdb", "pkg0/mod0.py"], "(Pdb) ").close(),
            max(3, n // 5)))
        s.close()
    finally:
        sb.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--backend", default="both", choices=["docker", "local", "both"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        repo = make_repo(Path(tmp) / "repo")
        for b in (["docker", "local"] if args.backend == "both" else [args.backend]):
            bench(b, repo, args.n)


if __name__ == "__main__":
    import logging
    logging.basicConfig(level=logging.ERROR)
    main()
