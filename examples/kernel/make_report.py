"""Regenerate report.txt: boot the buggy demo kernel with repro.c and wrap the symbolized KASAN report
as a user would paste it into an issue.   python3 examples/kernel/make_report.py"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from agent.kernel.symbolize import symbolize  # noqa: E402
from agent.reports.kernel import find_first_oops  # noqa: E402
from sandbox.kernel_build import open_tree  # noqa: E402
from sandbox.kernel_fixture import EXAMPLE, demo_tree  # noqa: E402
from sandbox.qemu import boot_kernel, compile_reproducer, make_initramfs  # noqa: E402

ISSUE = """Writing to /proc/crashfix_demo crashes the kernel (KASAN) on {release}.

Steps: build with the config below, boot, run the reproducer.

```
{report}
```

Reproducer:

```c
{repro}
```

Config: `tinyconfig` plus the KASAN fragment and `CONFIG_CRASHFIX_DEMO=y`.
"""


def main() -> int:
    tree = open_tree(demo_tree(), fragments=[(EXAMPLE / "config.fragment").read_text()])
    with tree.lock():
        tree.checkout()
        tree.configure()
        built = tree.build()
        if not built.ok:
            print(built.log, file=sys.stderr)
            return 1
        repro = (EXAMPLE / "repro.c").read_text()
        with tempfile.TemporaryDirectory() as tmp:
            initrd = make_initramfs(compile_reproducer(repro, Path(tmp)), Path(tmp), runs=1)
            boot = boot_kernel(tree.bzimage, initrd, timeout=300)
        console = symbolize(boot.console, tree)
    lines = console.split("\n")
    found = find_first_oops(console)
    if found is None:
        print(console, file=sys.stderr)
        print("no crash on the console", file=sys.stderr)
        return 1
    start = next(i for i, ln in enumerate(lines) if "BUG: KASAN" in ln or "==================" in ln)
    end = next((i for i, ln in enumerate(lines) if "Kernel panic" in ln or "Kernel Offset" in ln), len(lines))
    release = next((ln.split("Linux version ")[1].split()[0] for ln in lines if "Linux version " in ln), "6.1")
    report = "\n".join(lines[start:end + 1]).rstrip()
    (EXAMPLE / "report.txt").write_text(ISSUE.format(release=release, report=report, repro=repro.rstrip()))
    print(f"wrote {EXAMPLE / 'report.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
