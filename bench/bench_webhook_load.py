"""The webhook receiver under load: `crashfix serve` (gunicorn, 2 workers) driven by wrk.

    python bench/bench_webhook_load.py [--quick] [--rate 200] [--seconds 30] [--queue sqlite|redis] [--bodies N]

Each request is one of GitHub's real payloads (../shared/github/webhooks: issues.opened,
issues.labeled, an issue comment with `/crashfix fix`, ping, push), the issue number varied over
a few hundred issues, with its own X-GitHub-Delivery and its own body: a top-level
`"load_sequence": n` makes every body distinct, since the server drops the same signed body under a
new delivery id as a replay (bot/web/webhook.py). The bench signs `--bodies` distinct bodies up front
(X-Hub-Signature-256 covers the body only; at least rate x (seconds + 5), so the fixed-rate run
never repeats one); a max-rate run that sends more starts over, and those replays are counted and
reported apart (bench/load/webhook.lua numbers the requests). Two runs, each against a
fresh server and database: a fixed rate (an open-loop schedule through wrk's delay(); target
p99 < 20 ms at 200 requests/s with zero errors) and the maximum rate (closed loop, 16
connections). No worker runs: the jobs stay queued. The server runs as a configured App (an App id
and a throwaway RSA key: the request path never calls GitHub), as in production; `--dry-run` runs it
without credentials, where each delivery is also written into the dry run's simulated GitHub.

After each run the database is checked: every delivery the server answered 2xx (counted from
gunicorn's access log) is in the deliveries table exactly once, those recorded as a replay are no
more than wrk sent (none when it sent none), no two jobs share a delivery,
every job created is in the queue exactly once (huey's pending count), and wrk's 2xx count is
at most the server's (requests cut off at the end of wrk's run are answered but not counted).
Only 127.0.0.1 is ever targeted; every run is bounded in time. Prints the machine's load
average before and after, since other jobs may share the cores.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WEBHOOKS = ROOT.parent / "shared" / "github" / "webhooks"
LUA = ROOT / "bench" / "load" / "webhook.lua"
SECRET = "load-bench-secret"
INSTALLATION = {"id": 4242}
TAIL = ', "load_sequence": %d}'          # ends request n's body (webhook.lua writes the same)
MAX_BODIES = 200_000
# (example, event, share of the mix, how to vary it)
MIX = [("issues.opened", "issues", 4), ("issues.labeled", "issues", 2),
       ("issue_comment.created.with-installation", "issue_comment", 2), ("ping", "ping", 1),
       ("push.with-installation", "push", 1)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sign(body: bytes) -> str:
    return "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()


def payloads(variants: int) -> list[dict]:
    """Signed bodies: real payloads, the issue number varied so each variant is its own issue."""
    out = []
    for i in range(variants):
        for name, event, share in MIX:
            if i % 10 >= share * 2 and name not in ("issues.opened",):
                continue
            data = json.loads((WEBHOOKS / f"{name}.json").read_text())
            data.setdefault("installation", copy.deepcopy(INSTALLATION))
            if isinstance(data.get("issue"), dict):
                data["issue"]["number"] = 1000 + i
            if name == "issues.labeled":
                data["label"]["name"] = "crashfix"
            if name.startswith("issue_comment"):
                data["comment"]["body"] = "/crashfix fix"
            body = json.dumps(data).encode()
            out.append({"event": event, "body": body, "sig": sign(body)})
    return out


def lua_data(items: list[dict], count: int, path: Path) -> None:
    """The wrk script's data: each payload's body without its closing brace, and the signatures of
    ``count`` distinct bodies (body n: payload n % len(items), then TAIL % n)."""
    heads = [it["body"][:-1] for it in items]
    assert all(it["body"].endswith(b"}") for it in items)
    sigs = "".join(hmac.new(SECRET.encode(), heads[n % len(heads)] + (TAIL % n).encode(), hashlib.sha256).hexdigest()
                   for n in range(count))
    parts = ["return {items = {"]
    for it, head in zip(items, heads):
        text = head.decode()
        level = "=" * next(n for n in range(1, 10) if f"]{'=' * n}]" not in text)
        parts.append(f'{{event="{it["event"]}", head=[{level}[{text}]{level}]}},')
    parts.append(f'}}, count = {count}, sigs = "{sigs}"}}')
    path.write_text("\n".join(parts))


def throwaway_key(folder: Path) -> Path:
    """An RSA key no GitHub App has: the server is configured, and nothing here ever calls GitHub."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    path = folder / "app-key.pem"
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()))
    return path


class Server:
    """`crashfix serve` on 127.0.0.1 with its own data folder (and Redis when asked)."""

    def __init__(self, workdir: Path, queue: str, workers: int, dry_run: bool = False):
        self.dir = workdir
        self.dir.mkdir(parents=True)
        self.port = free_port()
        self.env = {**os.environ, "CRASHFIX_WEBHOOK_SECRET": SECRET, "CRASHFIX_DATA_DIR": str(self.dir / "data"),
                    "PYTHONPATH": str(ROOT)}
        for key in ("CRASHFIX_APP_ID", "CRASHFIX_PRIVATE_KEY", "CRASHFIX_PRIVATE_KEY_PATH", "CRASHFIX_CONFIG",
                    "CRASHFIX_DATABASE_URL", "CRASHFIX_REDIS_URL"):
            self.env.pop(key, None)
        if not dry_run:
            self.env |= {"CRASHFIX_APP_ID": "4242", "CRASHFIX_PRIVATE_KEY_PATH": str(throwaway_key(self.dir))}
        self.redis = None
        if queue == "redis":
            rport = free_port()
            self.redis = subprocess.Popen(["redis-server", "--port", str(rport), "--bind", "127.0.0.1",
                                           "--save", "", "--appendonly", "no"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.env["CRASHFIX_REDIS_URL"] = f"redis://127.0.0.1:{rport}/0"
        self.out = open(self.dir / "access.log", "wb")
        self.err = open(self.dir / "server.log", "wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "serve", "--host", "127.0.0.1",
                                      "--port", str(self.port), "--workers", str(workers)],
                                     env=self.env, cwd=ROOT, stdout=self.out, stderr=self.err,
                                     start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise SystemExit(f"the server did not start; see {self.dir / 'server.log'}:\n"
                                 + (self.dir / "server.log").read_text()[-2000:])
            time.sleep(0.2)

    def warm_up(self, items: list[dict], n: int = 40) -> None:
        for i in range(n):
            it = items[i % len(items)]
            req = urllib.request.Request(self.url + "/webhook", data=it["body"], method="POST", headers={
                "Content-Type": "application/json", "X-GitHub-Event": it["event"],
                "X-GitHub-Delivery": f"warm-{i}", "X-Hub-Signature-256": it["sig"]})
            urllib.request.urlopen(req, timeout=10).read()

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)       # gunicorn's graceful stop: workers finish requests
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def close(self) -> None:
        self.stop()
        if self.redis is not None and self.redis.poll() is None:
            self.redis.terminate()
            self.redis.wait(10)
        self.out.close()
        self.err.close()


def server_statuses(access_log: Path) -> dict[str, int]:
    """Status codes of POST /webhook in gunicorn's access log (load deliveries only: no warm-up)."""
    codes: dict[str, int] = {}
    for line in access_log.read_text(errors="replace").splitlines():
        if '"POST /webhook' not in line:
            continue
        after = line.split('" ', 1)[1].split()
        codes[after[0]] = codes.get(after[0], 0) + 1
    return codes


def check_tables(server: Server, run: str, wrk_2xx: int, warm: int, wrk_replays: int) -> dict:
    """Every accepted delivery recorded once; jobs once per delivery; every job queued once."""
    db = sqlite3.connect(server.dir / "data" / "crashfix.db")
    rows = db.execute("SELECT COUNT(*), COUNT(DISTINCT id) FROM deliveries WHERE id LIKE ?", (run + "-%",)).fetchone()
    replays = db.execute("SELECT COUNT(*) FROM deliveries WHERE id LIKE ? AND outcome = 'replay'",
                         (run + "-%",)).fetchone()[0]
    jobs = db.execute("SELECT COUNT(*), COUNT(DISTINCT delivery_id) FROM jobs").fetchone()
    with_jobs = db.execute("SELECT COUNT(*) FROM deliveries WHERE outcome LIKE 'jobs %'").fetchone()[0]
    db.close()
    codes = server_statuses(server.dir / "access.log")
    server_2xx = sum(n for c, n in codes.items() if c.startswith("2")) - warm
    from bot.jobs.queue import make_huey
    from bot.settings import load_settings
    env = {k: v for k, v in server.env.items() if k.startswith("CRASHFIX_")}
    pending = make_huey(load_settings(env=env)).pending_count()
    problems = []
    if rows[0] != server_2xx:
        problems.append(f"{rows[0]} load deliveries in the table, the server answered {server_2xx} with 2xx")
    if replays > wrk_replays:
        problems.append(f"{replays} deliveries recorded as a replay, but wrk repeated only {wrk_replays} bodies")
    if rows[0] != rows[1]:
        problems.append("a delivery id is recorded twice")
    if jobs[0] != jobs[1]:
        problems.append(f"{jobs[0] - jobs[1]} job(s) share a delivery")
    if jobs[0] != with_jobs:
        problems.append(f"{jobs[0]} jobs but {with_jobs} deliveries say they made one")
    if pending != jobs[0]:
        problems.append(f"{jobs[0]} jobs but {pending} queue entries")
    if wrk_2xx > server_2xx:
        problems.append(f"wrk counted {wrk_2xx} 2xx, the server answered only {server_2xx}")
    non_2xx = {c: n for c, n in codes.items() if not c.startswith("2")}
    if non_2xx:
        problems.append(f"the server answered {non_2xx}")
    return {"deliveries": rows[0], "replays": replays, "server_2xx": server_2xx, "wrk_2xx": wrk_2xx, "jobs": jobs[0],
            "queued": pending, "problems": problems}


def run_wrk(url: str, data: Path, run: str, rate: int, seconds: int, connections: int, threads: int) -> dict:
    env = {**os.environ, "CRASHFIX_LOAD_DATA": str(data), "CRASHFIX_LOAD_RUN": run,
           "CRASHFIX_LOAD_RATE": str(rate), "CRASHFIX_LOAD_THREADS": str(threads)}
    assert url.startswith("http://127.0.0.1:"), url
    cmd = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "5s",
           "-s", str(LUA), url + "/webhook"]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=seconds + 60)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("CRASHFIX_LOAD_RESULT ")), None)
    if line is None:
        raise SystemExit(f"wrk printed no result (exit {out.returncode}):\n{out.stdout}\n{out.stderr}")
    return json.loads(line.split(" ", 1)[1])


def one_run(label: str, tmp: Path, items: list[dict], data: Path, args, rate: int, seconds: int) -> dict:
    server = Server(tmp / label, args.queue, args.workers, args.dry_run)
    try:
        server.warm_up(items)
        load_before = os.getloadavg()
        res = run_wrk(server.url, data, label, rate, seconds, args.connections, args.threads)
        load_after = os.getloadavg()
        server.stop()                                   # the server is gone; the queue (Redis) is not yet
        ok = sum(n for c, n in res["codes"].items() if c.startswith("2"))
        check = check_tables(server, label, ok, warm=40, wrk_replays=res["replays"])
    finally:
        server.close()
    errors = sum(res["errors"].values())
    lat = res["latency_us"]
    secs = res["duration_us"] / 1e6
    print(f"\n== {label}: {'fixed ' + str(rate) + ' req/s' if rate else 'max rate'}, {seconds} s, "
          f"{args.connections} connections, queue {args.queue}, gunicorn {args.workers} workers"
          f"{', dry run' if args.dry_run else ''}")
    print(f"  throughput   {res['requests'] / secs:8.1f} req/s  ({res['requests']} requests)")
    print(f"  latency      p50 {lat['p50'] / 1000:.2f} ms  p90 {lat['p90'] / 1000:.2f} ms  "
          f"p99 {lat['p99'] / 1000:.2f} ms  p99.9 {lat['p999'] / 1000:.2f} ms  max {lat['max'] / 1000:.2f} ms")
    print(f"  errors       {errors} ({res['errors']}); codes {res['codes']}")
    print(f"  tables       {check['deliveries']} deliveries recorded = {check['server_2xx']} answered 2xx by "
          f"the server ({check['wrk_2xx']} counted by wrk); {check['jobs']} jobs, {check['queued']} in the queue")
    print(f"  replays      {res['replays']} sent (past the {args.bodies} distinct bodies), "
          f"{check['replays']} recorded as 'replay'")
    print(f"  load average {load_before[0]:.2f} before, {load_after[0]:.2f} after ({os.cpu_count()} cores)")
    for p in check["problems"]:
        print(f"  PROBLEM: {p}")
    if rate:
        verdict = lat["p99"] < 20_000 and errors == 0 and not check["problems"]
        print(f"  target p99 < 20 ms, zero errors, tables exact: {'met' if verdict else 'NOT met'}")
    return {"label": label, "rate": rate, **res, "check": check, "load": [load_before[0], load_after[0]]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5 s runs (a smoke test of the bench)")
    ap.add_argument("--rate", type=int, default=200, help="the fixed rate, requests/s")
    ap.add_argument("--seconds", type=int, default=30, help="length of the fixed-rate run")
    ap.add_argument("--max-seconds", type=int, default=15, help="length of the max-rate run")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--threads", type=int, default=2, help="wrk threads")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    ap.add_argument("--queue", choices=("sqlite", "redis"), default="sqlite")
    ap.add_argument("--variants", type=int, default=300, help="distinct issue numbers in the bodies")
    ap.add_argument("--bodies", type=int, default=50_000,
                    help="distinct signed bodies (raised to rate x (seconds + 5)); past them the max run replays")
    ap.add_argument("--dry-run", action="store_true", help="no App credentials: the server's dry-run mode")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)
    if args.quick:
        args.seconds, args.max_seconds, args.variants = 5, 5, 60
    args.bodies = max(args.bodies, args.rate * (args.seconds + 5))
    if args.bodies > MAX_BODIES:
        print(f"--bodies (or rate x (seconds + 5)) is {args.bodies}; at most {MAX_BODIES}", file=sys.stderr)
        return 2
    for tool in ("wrk",) + (("redis-server",) if args.queue == "redis" else ()):
        if not shutil.which(tool):
            print(f"{tool} is not installed (./setup.sh installs it)", file=sys.stderr)
            return 2
    items = payloads(args.variants)
    tmp = Path(tempfile.mkdtemp(prefix="crashfix-load-"))
    try:
        data = tmp / "payloads.lua"
        lua_data(items, args.bodies, data)
        print(f"{len(items)} payloads, {args.bodies} distinct signed bodies "
              f"({sum(len(i['body']) for i in items) // len(items)} bytes on average); "
              f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        results = [one_run("fixed", tmp, items, data, args, args.rate, args.seconds),
                   one_run("max", tmp, items, data, args, 0, args.max_seconds)]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0 if all(not r["check"]["problems"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
