"""issue 18, item 7: slow unauthenticated uploads must not starve signed deliveries.

A real `crashfix serve` (gunicorn, 2 workers of 4 threads, as bench/bench_webhook_load.py starts
it) on 127.0.0.1; SLOW connections each announce a 1 MB body and trickle it a byte at a time.
While they are in flight, a signed delivery must be answered within a few seconds, and the
slow uploads get 408 instead of holding a thread. Then the same through the shipped nginx.conf
(deploy/k8s/nginx.conf, real nginx): the proxy buffers them and gunicorn never sees them.
Loopback only; every loop is bounded."""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECRET = "slow-upload-test-secret"
SLOW = 16                   # twice the 8 threads of two workers, however the kernel spreads them


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    yield from serve(tmp_path, workers=2)


@pytest.fixture
def one_worker(tmp_path):
    """The server with one worker process: the large-body budget is per process."""
    yield from serve(tmp_path, workers=1)


def serve(tmp_path, workers: int):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRASHFIX_")}
    env.update(CRASHFIX_WEBHOOK_SECRET=SECRET, CRASHFIX_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers)], env=env, cwd=ROOT, stdout=log, stderr=log, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail("the server did not start:\n" + (tmp_path / "server.log").read_text()[-2000:])
        time.sleep(0.2)
    yield port
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()


@pytest.fixture
def proxy(server, tmp_path):
    """The shipped nginx.conf (deploy/k8s/nginx.conf) in front of the server, on its own port."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    port, run = free_port(), tmp_path / "nginx"
    run.mkdir()
    run.chmod(0o777)                                 # nginx's workers drop to nobody when started as root
    conf = (ROOT / "deploy" / "k8s" / "nginx.conf").read_text()
    conf = conf.replace("server crashfix-web:8080;", f"server 127.0.0.1:{server};") \
        .replace("listen 8080;", f"listen 127.0.0.1:{port};").replace("/tmp/", f"{run}/")
    (run / "nginx.conf").write_text(conf)
    proc = subprocess.Popen([nginx, "-p", str(run), "-c", str(run / "nginx.conf"), "-e", str(run / "error.log"),
                             "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"nginx did not start: {proc.stderr.read().decode()[-2000:]}")
        time.sleep(0.1)
    yield port
    proc.terminate()
    proc.wait(timeout=10)


def trickle(port: int, stop: threading.Event, answers: list) -> None:
    """A persistent attacker: an unauthenticated upload announcing a 1 MB body, one byte every 0.2 s;
    when the server answers or hangs up, it connects again, until stopped."""
    while not stop.is_set():
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            s.sendall(f"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {1 << 20}\r\n\r\n{{".encode())
            s.settimeout(0.2)
            while not stop.is_set():
                try:
                    data = s.recv(200)
                    answers.append(data.split(b"\r\n", 1)[0].decode(errors="replace") or "closed")
                    break
                except socket.timeout:
                    pass
                try:
                    s.sendall(b" ")
                except OSError:
                    answers.append("closed")
                    break


def signed_ping(port: int, n: int) -> tuple[object, float]:
    body = json.dumps({"zen": "Keep it logically awesome.", "hook_id": n}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/webhook", data=body, method="POST", headers={
        "Content-Type": "application/json", "X-GitHub-Event": "ping", "X-GitHub-Delivery": f"slow-test-{n}",
        "X-Hub-Signature-256": "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=8) as r:
            status = r.status
    except OSError as exc:
        status = f"no answer: {exc}"
    return status, time.monotonic() - started


def attack(port: int) -> tuple[list, list]:
    """SLOW persistent slow uploads in flight while three signed deliveries are sent one by one."""
    stop, answers = threading.Event(), []
    threads = [threading.Thread(target=trickle, args=(port, stop, answers), daemon=True) for _ in range(SLOW)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.5)                                 # the slow uploads hold every thread by now
        results = [signed_ping(port, n) for n in range(3)]
        deadline = time.monotonic() + 8                 # the deliveries may be answered before any slow
        while not answers and time.monotonic() < deadline:   # upload is cut: keep them trickling until the
            time.sleep(0.1)                             # server answers one (bounded; the old code never does)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=10)
    return results, answers


def test_the_shipped_proxy_buffers_slow_uploads(proxy):
    results, _ = attack(proxy)
    assert all(status == 200 and took < 2.0 for status, took in results), \
        "signed deliveries through nginx: " + ", ".join(f"{status} after {took:.1f} s" for status, took in results)


def test_slow_uploads_do_not_starve_signed_deliveries(server):
    results, answers = attack(server)
    # a slow upload is cut after about 1 s; with 16 of them a delivery may queue behind a couple of
    # such rounds (more on a loaded machine); without the guard it is never answered (8 s timeout)
    assert all(status == 200 and took < 4.5 for status, took in results), \
        "signed deliveries: " + ", ".join(f"{status} after {took:.1f} s" for status, took in results)
    assert "HTTP/1.1 408 Request Timeout" in answers and set(answers) <= {"HTTP/1.1 408 Request Timeout", "closed"}


# -- issue 22: slow headers, bodies over the limit, many large bodies at once ------------------------

def trickle_headers(port: int, stop: threading.Event, answers: list) -> None:
    """A persistent attacker that never finishes its headers: a request line, then one byte of a
    header every 0.2 s; when the server hangs up, it connects again, until stopped."""
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                s.sendall(b"POST /webhook HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                s.settimeout(0.2)
                while not stop.is_set():
                    try:
                        data = s.recv(200)
                        answers.append(data.split(b"\r\n", 1)[0].decode(errors="replace") or "closed")
                        break
                    except socket.timeout:
                        pass
                    try:
                        s.sendall(b"a")
                    except OSError:
                        answers.append("closed")
                        break
        except OSError:
            answers.append("refused")
            time.sleep(0.1)


def test_slow_headers_do_not_starve_signed_deliveries(server):
    stop, answers = threading.Event(), []
    threads = [threading.Thread(target=trickle_headers, args=(server, stop, answers), daemon=True)
               for _ in range(SLOW)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.5)                                 # every thread is parsing slow headers by now
        results = [signed_ping(server, n) for n in range(3)]
        deadline = time.monotonic() + 8
        while not answers and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=10)
    # a header deadline is 1 s; with 16 trickling connections a delivery may wait a few rounds of it,
    # well inside GitHub's 10 s; without the deadline the threads are held and it times out (8 s)
    assert all(status == 200 and took < 6.0 for status, took in results), \
        "signed deliveries: " + ", ".join(f"{status} after {took:.1f} s" for status, took in results)
    assert "closed" in answers


def raw(port: int, head: bytes, timeout: float = 5.0) -> tuple[str, float]:
    """Send only `head` (a request's headers), then read the status line; (status line, seconds)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head)
        try:
            line = s.recv(200).split(b"\r\n", 1)[0].decode(errors="replace") or "closed"
        except socket.timeout:
            line = "no answer"
    return line, time.monotonic() - started


def test_a_body_over_the_limit_is_refused_unread(server):
    line, took = raw(server, b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             b"X-GitHub-Event: issues\r\nContent-Length: 31457280\r\n\r\n{")
    assert line == "HTTP/1.1 413 Request Entity Too Large" and took < 2.0, (line, took)
    # chunked: refused once it passes the limit while it streams (the client is still sending)
    with socket.create_connection(("127.0.0.1", server), timeout=20) as s:
        s.sendall(b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n" % (1 << 20) + b" " * (1 << 20) + b"\r\n"
        sent = 0
        try:
            for _ in range(40):                         # 40 MB offered; the limit is 25 MB
                s.sendall(chunk)
                sent += 1
        except OSError:
            pass
        s.settimeout(10)
        line = s.recv(200).split(b"\r\n", 1)[0].decode(errors="replace")
    assert line == "HTTP/1.1 413 Request Entity Too Large", line


def test_large_bodies_share_a_budget_and_a_delivery_still_gets_through(one_worker):
    """One client sends a 20 MB body steadily; a second announcing 20 MB more is refused (503, unread)
    at once instead of taking its memory; a signed delivery is answered meanwhile."""
    big = b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
    with socket.create_connection(("127.0.0.1", one_worker), timeout=20) as first:
        first.sendall(big % (20 << 20) + b" " * (2 << 20))          # 2 MB of 20 in: it is being read
        time.sleep(0.3)
        line, took = raw(one_worker, big % (20 << 20))
        status, delivery = signed_ping(one_worker, 99)
        first.sendall(b" " * (1 << 20))
    assert line == "HTTP/1.1 503 Service Unavailable" and took < 2.0, (line, took)
    assert status == 200 and delivery < 4.0, (status, delivery)
