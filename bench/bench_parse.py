"""Time parse() on ~1 MB logs: a real kernel report padded with console noise (crash at the end,
middle, start, none), and a real ASan report and a Python traceback at the end of the same noise.

    python bench/bench_parse.py [--runs N]

Prints, per log, the minimum and median wall time per parse and the median CPU time
(`time.process_time`, which other processes on a shared machine do not inflate), and MB/s.
Target: < 10 ms per 1 MB log.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.reports import parse  # noqa: E402

CORPUS = ROOT / "tests" / "agent" / "reports" / "golden" / "kernel"
SAN_SAMPLE = ROOT / "tests" / "agent" / "reports" / "golden" / "sanitizer" / "symbolized_asan_null_dereference.txt"
PY_SAMPLE = """Traceback (most recent call last):
  File "/srv/app/inv/cli.py", line 12, in main
    rows = load(path)
  File "/srv/app/inv/csv.py", line 42, in parse_row
    qty = int(fields[3])
IndexError: list index out of range
"""
NOISE = [
    "[ {t:10.6f}][ T{p}] audit: type=1400 audit({t:.3f}:{n}): avc:  denied  {{ read }} for  pid={p} "
    "comm=\"syz-executor\" scontext=system_u:system_r:kernel_t tclass=file permissive=1",
    "[ {t:10.6f}][ T{p}] EXT4-fs (loop{n}): mounted filesystem without journal. Opts: ,errors=continue",
    "[ {t:10.6f}][ T{p}] netlink: 8 bytes leftover after parsing attributes in process `syz-executor.{n}'.",
    "[ {t:10.6f}][ T{p}] device veth{n} entered promiscuous mode",
    "executing program {n}:",
]


def build_log(target_bytes: int = 1 << 20, where: str = "end", sample: str | None = None) -> str:
    if sample is None:
        sample = (CORPUS / "105.txt").read_text(encoding="utf-8", errors="replace").partition("\n\n")[2] \
            if CORPUS.is_dir() else \
            "[ 1.0] BUG: KASAN: use-after-free in f+0x1/0x2\nRead of size 1\nCall Trace:\n g+0x1/0x2\n"
    noise: list[str] = []
    size = 0
    n = 0
    while size < target_bytes - len(sample):
        line = NOISE[n % len(NOISE)].format(t=10 + n * 0.001, p=1000 + n % 50, n=n)
        noise.append(line)
        size += len(line) + 1
        n += 1
    body = "\n".join(noise)
    if where == "start":
        return sample + "\n" + body + "\n"
    half = len(noise) // 2 if where == "middle" else len(noise)
    return "\n".join(noise[:half]) + "\n" + sample + "\n" + "\n".join(noise[half:]) + "\n"


def _time(log: str, runs: int) -> tuple[float, float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        parse(log)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return min(walls), statistics.median(walls), statistics.median(cpus)


def bench(runs: int) -> dict:
    logs: dict[str, tuple[str, str]] = {}
    for where in ("end", "middle", "start"):
        logs[f"kernel, {where}"] = (build_log(where=where), "kernel")
    noise_only = build_log().split("\n")
    logs["no crash"] = ("\n".join(l for l in noise_only if "KASAN" not in l), "")
    if SAN_SAMPLE.is_file():
        logs["asan, end"] = (build_log(sample=SAN_SAMPLE.read_text(errors="replace")), "sanitizer")
    logs["python, end"] = (build_log(sample=PY_SAMPLE), "python")
    results = {}
    for name, (log, kind) in logs.items():
        rep = parse(log)
        assert (rep.kind if rep else "") == kind, f"{name}: parsed as {rep and rep.kind!r}, not {kind!r}"
        results[name] = (len(log), *_time(log, runs), rep.title if rep else None)
    return results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    for name, (size, t_min, t_med, cpu_med, title) in bench(args.runs).items():
        print(f"{name:15s}: {size / 1e6:.2f} MB  min {t_min * 1000:6.2f} ms  median {t_med * 1000:6.2f} ms  "
              f"cpu {cpu_med * 1000:6.2f} ms  ({size / 1e6 / t_min:6.1f} MB/s)  {title or ''}")


if __name__ == "__main__":
    main()
