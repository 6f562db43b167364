"""Fixtures for the fault tests: a fake GitHub over real HTTP, a git server that demands the
installation token, a tiny upstream repository with a crash, real worker processes
(tests/faults/worker_proc.py) and the real webhook app, all sharing one SQLite database and one
SqliteHuey queue in a temporary DATA_DIR."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from standin import api_factory, stand_in  # noqa: E402

from github_fakes import (GITHUB_SHARED, FakeGitHub, FakeGitHubServer, GitHTTPServer, rsa_private_key, sign,
                          wait_until)
from gitrepo import make_repo

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SECRET = "faults-secret"
INSTALLATION = 4242
REPO = "Codertocat/Hello-World"
SHOP = '''STOCK = {"apple": 3}


def quantity(sku):
    item = STOCK.get(sku)
    return item + 0


def main():
    print(quantity("pear"))


if __name__ == "__main__":
    main()
'''
TEST_SHOP = 'from shop import quantity\n\n\ndef test_apple():\n    assert quantity("apple") == 3\n'
REPORT = '''`python shop.py` crashes:

```
Traceback (most recent call last):
  File "/home/u/shop/shop.py", line 14, in <module>
    main()
  File "/home/u/shop/shop.py", line 10, in main
    print(quantity("pear"))
  File "/home/u/shop/shop.py", line 6, in quantity
    return item + 0
TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'
```
'''
# The fault tests are about the machinery (retries, leases, restarts), not about how sure a fix is:
# their repository takes speculative patches as PRs too (the default, `high`, would show them as suggestions).
CONFIG = ("test_cmd: python -m pytest -q\nsetup_cmd: 'true'\nprotected_paths: ['.github/**', 'tests/**']\n"
          "pull_requests: {min_confidence: speculative}\n")


@pytest.fixture(scope="session")
def app_key() -> str:
    return rsa_private_key()


class World:
    """GitHub (fake, HTTP), git (HTTP, token-checked), the data folder, the app, worker processes."""

    def __init__(self, tmp: Path, key: str, fake: FakeGitHub, api: FakeGitHubServer, git: GitHTTPServer):
        self.tmp, self.key, self.fake, self.api, self.git = tmp, key, fake, api, git
        self.data = tmp / "data"
        self.procs: list[subprocess.Popen] = []
        from bot.web.app import create_app
        from bot.db import Database
        from bot.jobs.queue import JobQueue
        from bot.settings import load_settings
        self.settings = load_settings(env={}, WEBHOOK_SECRET=SECRET, DATA_DIR=self.data, SANDBOX="local")
        self.db = Database(self.settings.database_url)
        self.queue = JobQueue(self.settings)
        self.client = create_app(self.settings, {"CRASHFIX_DB": self.db, "CRASHFIX_QUEUE": self.queue}).test_client()

    def worker(self, retry: dict | None = None, pipeline=None, queue=None, **settings):
        """A Worker in this process (same database; `run(job_id)` runs a job inline; what it
        schedules for later goes to `queue` when given)."""
        from bot.settings import load_settings
        from bot.worker import Worker
        s = load_settings(env={}, **{"DATA_DIR": self.data, "SANDBOX": "local", "APP_ID": INSTALLATION,
                                     "PRIVATE_KEY": self.key, "GITHUB_API_URL": self.api.url,
                                     "BOT_LOGIN": "crashfix[bot]", **settings})
        return Worker(s, self.db, queue, api_factory=api_factory(self.key, self.api.url, self.git.base, retry),
                      pipeline=pipeline or stand_in(None))

    def branches(self, repo: str = REPO) -> list[str]:
        from gitrepo import git
        out = git(self.git.root / f"{repo}.git", "for-each-ref", "--format=%(refname:short)", "refs/heads")
        return sorted(out.split())

    def add_repo(self, repo: str = REPO, issues: tuple[int, ...] = (1,)) -> Path:
        upstream = make_repo(self.tmp / "upstream" / repo, {"shop.py": SHOP, "tests/test_shop.py": TEST_SHOP,
                                                             ".gitignore": "__pycache__/\n"}, "shop 1.0")
        self.fake.add_repo(repo)
        for n in issues:
            self.fake.add_issue(repo, n, "shop crashes on an unknown SKU", REPORT, labels=("crashfix",))
        self.fake.files[(repo, ".github/crashfix.yml")] = CONFIG
        self.fake.roles[(repo, "Codertocat")] = ("write", "write")
        return self.git.bare(repo, source=upstream)

    def label(self, issue: int = 1, repo: str = REPO, installation: int = INSTALLATION) -> int:
        """A signed issues.labeled delivery (GitHub's example, retargeted) through the real app: the job id."""
        data = json.loads((GITHUB_SHARED / "webhooks" / "issues.labeled.json").read_text())
        data["installation"] = {"id": installation}
        data["label"]["name"] = "crashfix"
        data["sender"]["login"], data["sender"]["type"] = "Codertocat", "User"
        data["issue"]["number"] = issue
        held = self.fake.issues.get((repo, issue))
        if held:                        # the delivery carries the issue as GitHub holds it (the job runs on that text)
            data["issue"]["title"], data["issue"]["body"] = held["title"], held["body"]
        data["repository"]["full_name"] = repo
        data["crashfix_test_event"] = uuid.uuid4().hex         # two real events never share a body (replays are dropped)
        body = json.dumps(data).encode()
        r = self.client.post("/webhook", data=body, content_type="application/json", headers={
            "X-GitHub-Event": "issues", "X-GitHub-Delivery": str(uuid.uuid4()),
            "X-Hub-Signature-256": sign(SECRET, body)})
        assert r.status_code == 202, r.get_json()
        return r.get_json()["jobs"][0]

    def start_worker(self, **cfg) -> subprocess.Popen:
        conf = {"data_dir": str(self.data), "api_url": self.api.url, "git_url": self.git.base, "key": self.key,
                "lease": 120, "pipeline": "stand-in", **cfg}
        path = self.tmp / f"worker-{uuid.uuid4().hex[:8]}.json"
        path.write_text(json.dumps(conf))
        log = open(self.tmp / f"{path.stem}.log", "wb")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        for k in [k for k in env if k.startswith("CRASHFIX_")]:
            env.pop(k)
        proc = subprocess.Popen([sys.executable, str(HERE / "worker_proc.py"), str(path)], stdout=log,
                                stderr=subprocess.STDOUT, env=env, cwd=self.tmp, start_new_session=True)
        proc.log_path = log.name
        self.procs.append(proc)
        assert wait_until(lambda: (self.data / f"worker-{proc.pid}.ready").exists() or proc.poll() is not None, 30)
        assert proc.poll() is None, Path(proc.log_path).read_text()[-3000:]
        return proc

    def job(self, job_id: int) -> dict:
        return self.db.one("SELECT * FROM jobs WHERE id = ?", job_id)

    def wait_final(self, job_ids, timeout: float = 60) -> list[dict]:
        ids = list(job_ids)
        ok = wait_until(lambda: all(self.job(i)["state"] in ("done", "failed", "cancelled") for i in ids), timeout)
        rows = [self.job(i) for i in ids]
        assert ok, f"not all final: {[(r['id'], r['state']) for r in rows]}\n{self.logs()}"
        return rows

    def logs(self) -> str:
        return "\n".join(f"--- {p.pid}\n" + Path(p.log_path).read_text()[-4000:] for p in self.procs)

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(10)


@pytest.fixture
def world(tmp_path, app_key):
    fake = FakeGitHub(private_key=app_key)
    with FakeGitHubServer(fake) as api, GitHTTPServer(tmp_path / "git", lambda: fake.tokens) as git:
        w = World(tmp_path, app_key, fake, api, git)
        # GitHub's DELETE /git/refs/heads/B deletes the branch the git server holds
        fake.on_delete_ref = lambda repo, branch: subprocess.run(
            ["git", "-C", str(git.root / f"{repo}.git"), "update-ref", "-d", f"refs/heads/{branch}"], check=True)
        try:
            yield w
        finally:
            w.stop()
