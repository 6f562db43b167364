"""The kernel loop on the demo fixture: full build, incremental rebuild, boot to reproducer, per candidate.

    python bench/bench_kernel.py            # warm: the cached build tree (a full build only if missing)
    python bench/bench_kernel.py --cold     # a fresh build dir in a temporary cache: includes a full build
    python bench/bench_kernel.py --boots 5  # boots per candidate (default 3, as `crashfix run --tries`)

Prints one line per step. Target: a candidate (apply, incremental rebuild, boots running the
reproducer 3x each, revert) validated in under 3 minutes on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.kernel.boots import judge  # noqa: E402
from agent.reports import parse  # noqa: E402
from sandbox.kernel.build import open_tree  # noqa: E402
from sandbox.kernel.fixture import EXAMPLE, demo_tree  # noqa: E402
from sandbox.kernel.qemu import boot_kernel, choose_accel, compile_reproducer, make_initramfs  # noqa: E402

# The one-line fix (free after the last use), as the C templates propose it.
FIX = """\
--- a/drivers/misc/crashfix_demo.c
+++ b/drivers/misc/crashfix_demo.c
@@ -29,8 +29,8 @@ static ssize_t demo_write(struct file *file, const char __user *buf,
 		kfree(msg);
 		return -EFAULT;
 	}
+	demo_total += msg->len;
 	kfree(msg);
-	demo_total += msg->len;
 	pr_info("crashfix_demo: %zu bytes, %zu in total\\n", count, demo_total);
 	return count;
 }
"""


def step(name: str, seconds: float, extra: str = "") -> None:
    print(f"{name:<44} {seconds:8.1f} s  {extra}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cold", action="store_true", help="build in a fresh temporary cache (full build)")
    ap.add_argument("--boots", type=int, default=3)
    args = ap.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="crashfix-kbench-")) if args.cold else None
    title = parse((EXAMPLE / "report.txt").read_text()).title
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}; crash: {title}")
    try:
        start = time.monotonic()
        repo = demo_tree()
        step("fixture tree (git repo, once per machine)", time.monotonic() - start)
        tree = open_tree(repo, fragments=[(EXAMPLE / "config.fragment").read_text()], cache=cache)
        with tree.lock():
            t = time.monotonic()
            tree.checkout()
            step("checkout (cached after the first)", time.monotonic() - t)
            t = time.monotonic()
            tree.configure()
            step("configure (tinyconfig + fragments)", time.monotonic() - t)
            built = tree.build()
            step("build (full on a new build dir, else incremental)", built.seconds, "ok" if built.ok else "FAILED")
            if not built.ok:
                print(built.log)
                return 1
            work = Path(tempfile.mkdtemp(prefix="crashfix-kbench-work-"))
            initrd = make_initramfs(compile_reproducer((EXAMPLE / "repro.c").read_text(), work), work, runs=3)
            accel = choose_accel(tree.bzimage)
            boot = boot_kernel(tree.bzimage, initrd, accel=accel)
            j = judge(boot, title, work / "c.log")
            step(f"boot to reproducer crash ({accel})", boot.seconds, j.outcome)

            t = time.monotonic()
            tree.apply(FIX)
            rebuilt = tree.build()
            step("incremental rebuild after the one-line fix", rebuilt.seconds, "ok" if rebuilt.ok else "FAILED")
            outcomes = []
            for _ in range(args.boots):
                boot = boot_kernel(tree.bzimage, initrd, accel=accel)
                outcomes.append(judge(boot, title, work / "c.log").outcome)
                step("  boot, reproducer 3x, clean shutdown", boot.seconds, outcomes[-1])
            tree.revert()
            step(f"per candidate (apply, rebuild, {args.boots} boots, revert)", time.monotonic() - t,
                 "validated" if set(outcomes) == {"clean"} else f"NOT validated: {outcomes}")
            back = tree.build()
            step("incremental rebuild back to the buggy tree", back.seconds)
            shutil.rmtree(work, ignore_errors=True)
    finally:
        if cache:
            shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
