"""Dashboard and /metrics response times over a large job table.

    python bench/bench_dashboard.py [N_JOBS]     (default 20000)

Fills a fresh SQLite database with N synthetic finished/running jobs, signs in with the admin
token through the real form, and times each page (mean of 5 requests, Flask test client).
"""
from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import time

from bot.web.app import create_app
from bot.db import Database, now
from bot.settings import load_settings

PAGES = ["/dashboard/jobs", "/dashboard/jobs?repo=org/repo3&state=done", "/dashboard/jobs?page=300",
         "/dashboard/summary", "/metrics"]


def fill(db: Database, n: int) -> None:
    with db.tx() as tx:
        for i in range(n):
            state = random.choice(["done", "done", "failed", "queued", "running"])
            result = json.dumps({"status": random.choice(["fixed", "not_fixed"]),
                                 "tokens": {"prompt": 1000, "completion": 100},
                                 "validation": {"validated": 1, "rejected": 3}})
            tx.execute("INSERT INTO jobs (kind, state, installation_id, repo, issue, created_at, started_at, "
                       "finished_at, cost, result) VALUES ('fix', ?, ?, ?, ?, ?, ?, ?, 0.01, ?)",
                       state, 1 + i % 5, f"org/repo{i % 40}", i, now(), now(), now(), result)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    settings = load_settings(env={}, DATA_DIR=tempfile.mkdtemp(), ADMIN_TOKEN="a" * 20)
    start = time.perf_counter()
    fill(Database(settings.database_url), n)
    print(f"{n} jobs inserted in {time.perf_counter() - start:.1f} s")
    client = create_app(settings, {"TESTING": True}).test_client()
    page = client.get("/dashboard/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    client.post("/dashboard/login", data={"csrf": csrf, "token": "a" * 20})
    for url in PAGES:
        client.get(url)
        start, runs = time.perf_counter(), 5
        for _ in range(runs):
            assert client.get(url).status_code == 200, url
        print(f"{url}: {(time.perf_counter() - start) / runs * 1000:.0f} ms")


if __name__ == "__main__":
    main()
