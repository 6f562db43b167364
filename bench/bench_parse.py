"""Time parse() on a ~1 MB kernel console log: a real log padded with console noise.

    python bench/bench_parse.py [--runs N]

Prints the median time per parse and the MB/s figure. Target: < 10 ms per 1 MB log.
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

CORPUS = ROOT.parent / "shared" / "corpora" / "kernel-reports"
NOISE = [
    "[ {t:10.6f}][ T{p}] audit: type=1400 audit({t:.3f}:{n}): avc:  denied  {{ read }} for  pid={p} "
    "comm=\"syz-executor\" scontext=system_u:system_r:kernel_t tclass=file permissive=1",
    "[ {t:10.6f}][ T{p}] EXT4-fs (loop{n}): mounted filesystem without journal. Opts: ,errors=continue",
    "[ {t:10.6f}][ T{p}] netlink: 8 bytes leftover after parsing attributes in process `syz-executor.{n}'.",
    "[ {t:10.6f}][ T{p}] device veth{n} entered promiscuous mode",
    "executing program {n}:",
]


def build_log(target_bytes: int = 1 << 20, where: str = "end") -> str:
    sample = (CORPUS / "105.txt").read_text(encoding="utf-8", errors="replace").partition("\n\n")[2] \
        if CORPUS.is_dir() else "[ 1.0] BUG: KASAN: use-after-free in f+0x1/0x2\nRead of size 1\nCall Trace:\n g+0x1/0x2\n"
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


def bench(runs: int) -> dict:
    results = {}
    for where in ("end", "middle", "start"):
        log = build_log(where=where)
        rep = parse(log)
        assert rep is not None and rep.kind == "kernel", "bench log must parse"
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            parse(log)
            times.append(time.perf_counter() - t0)
        results[where] = (len(log), statistics.median(times), rep.title)
    noise_only = build_log().split("\n")
    clean = "\n".join(l for l in noise_only if "KASAN" not in l)
    t0 = time.perf_counter()
    parse(clean)
    results["no crash"] = (len(clean), time.perf_counter() - t0, None)
    return results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    for where, (size, t, title) in bench(args.runs).items():
        print(f"crash at {where:8s}: {size / 1e6:.2f} MB  median {t * 1000:7.2f} ms  "
              f"({size / 1e6 / t:6.1f} MB/s)  {title or ''}")


if __name__ == "__main__":
    main()
