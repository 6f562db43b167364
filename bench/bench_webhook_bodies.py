"""Memory a burst of large unsigned bodies costs the served app (issue 22: 8 x 24 MB took +316 MB).

    PYTHONPATH=$PWD python3 bench/bench_webhook_bodies.py [N] [MB]

Starts `crashfix serve` (gunicorn, 1 worker of 4 threads... as `--workers 1`) on loopback, sends N
unsigned POST /webhook bodies of MB megabytes at once, and prints the answers and the peak RSS of
the serving processes over their RSS at rest.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rss_kb(root_pid: int) -> int:
    pids = [root_pid] + [int(p) for p in subprocess.run(["pgrep", "-P", str(root_pid)], capture_output=True,
                                                        text=True).stdout.split()]
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def upload(port: int, size: int, answers: list) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"X-GitHub-Event: issues\r\nContent-Length: %d\r\n\r\n" % size)
        try:
            chunk = b" " * (1 << 20)
            for _ in range(size >> 20):
                s.sendall(chunk)
        except OSError:
            pass
        try:
            answers.append(s.recv(200).split(b"\r\n", 1)[0].decode())
        except OSError as exc:
            answers.append(f"no answer: {exc}")


def main(n: int, mb: int) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tmp = tempfile.mkdtemp()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRASHFIX_")}
    env.update(CRASHFIX_WEBHOOK_SECRET="bench-secret-bench-secret-bench", CRASHFIX_DATA_DIR=tmp, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", "1"], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        time.sleep(1)
        rest, peak, answers = rss_kb(proc.pid), 0, []
        threads = [threading.Thread(target=upload, args=(port, mb << 20, answers)) for _ in range(n)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            peak = max(peak, rss_kb(proc.pid))
            time.sleep(0.05)
        print(f"{n} x {mb} MB: answers {sorted(answers)}; RSS at rest {rest // 1024} MB, "
              f"peak +{(peak - rest) // 1024} MB")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8, int(sys.argv[2]) if len(sys.argv) > 2 else 24)
