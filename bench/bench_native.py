"""The C path on examples/clib: `crashfix run` per planted bug in the Docker C sandbox.

    python bench/bench_native.py                    # every bug in examples/clib/reports
    python bench/bench_native.py off-by-one ...     # some of them
    python bench/bench_native.py --sandbox local    # no Docker (host gcc, gdb; no isolation)
    python bench/bench_native.py --rebuilds         # full build vs incremental rebuild, one sandbox

Prints, per bug: status, wall time of the run, the first (full) sanitizer build, the fix's
incremental rebuild (apply + make: only the patched object recompiles, the binaries relink),
candidates validated, and the fix.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.pipeline import run_job  # noqa: E402
from agent.run import RunConfig  # noqa: E402

CLIB = ROOT / "examples" / "clib"


def rebuilds(backend: str) -> None:
    """Full sanitizer build vs the incremental rebuild after a one-line change of one source
    (applied and reset as validation does), vs a rebuild with nothing changed; one sandbox."""
    from agent.native.build import build, detect, rebuild
    from agent.path import repo_files
    from sandbox import open_sandbox
    files = repo_files(CLIB / "repo")
    from agent.native.path import c_image
    with open_sandbox(backend, CLIB / "repo", image=c_image(backend, None)) as sb:
        plan = detect(files, sb.read)
        full = build(sb, plan, timeout=900)
        if not full.ok:
            raise SystemExit(f"clib does not build:\n{full.log[-3000:]}")
        noop = rebuild(sb, plan)
        times = []
        for src in [f for f in files if f.startswith("src/") and f.endswith(".c")]:
            lines = sb.read(src).splitlines(keepends=True)
            diff = f"--- a/{src}\n+++ b/{src}\n@@ -1,1 +1,2 @@\n+/* touched */\n {lines[0]}"
            sb.apply_patch(diff)
            done = rebuild(sb, plan)
            if not done.ok:
                raise SystemExit(f"rebuild failed after touching {src}:\n{done.log[-3000:]}")
            times.append(done.seconds)
            sb.reset()
        print(f"full build {full.seconds:.1f} s; rebuild after a one-file change: mean {sum(times) / len(times):.1f} s, "
              f"min {min(times):.1f}, max {max(times):.1f} over {len(times)} files; nothing changed {noop.seconds:.1f} s")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("bugs", nargs="*")
    ap.add_argument("--sandbox", default="docker", choices=["docker", "local"])
    ap.add_argument("--max-candidates", type=int, default=10)
    ap.add_argument("--rebuilds", action="store_true", help="only time full build vs incremental rebuilds")
    args = ap.parse_args()
    if args.rebuilds:
        rebuilds(args.sandbox)
        return 0
    bugs = args.bugs or sorted(p.stem for p in (CLIB / "reports").glob("*.txt"))
    print(f"{'bug':22} {'status':14} {'run s':>6} {'full build s':>12} {'rebuild s':>9} {'cands':>5}  fix")
    failed = 0
    for bug in bugs:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.monotonic()
            run = run_job(RunConfig(repo=str(CLIB / "repo"), report_text=(CLIB / "reports" / f"{bug}.txt").read_text(),
                                         out=Path(tmp) / "out", strategy="templates", sandbox=args.sandbox,
                                         max_candidates=args.max_candidates, want_valid=1))
            took = time.monotonic() - start
        full = run.native.build.seconds if run.native and run.native.build else float("nan")
        rebuild = run.best.build_seconds if run.best and run.best.build_seconds is not None else float("nan")
        fix = run.best.candidate.description if run.best else (run.error or "")[:80]
        print(f"{bug:22} {run.status:14} {took:6.1f} {full:12.1f} {rebuild:9.1f} {len(run.verdicts):5}  {fix}",
              flush=True)
        failed += run.status != "fixed"
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
