"""Fixtures for the GitHub App half: GitHub's real webhook payloads, signed like GitHub signs them,
delivered through the Flask test client, a huey queue in immediate mode and a Worker, to a fake
InstallationAPI that records every call."""
from __future__ import annotations

import copy
import hashlib
import hmac
import json
import subprocess
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEBHOOKS = ROOT.parent / "shared" / "github" / "webhooks"
SECRET = "test-secret"
INSTALLATION = {"id": 4242, "node_id": "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uNDI0Mg=="}
REPO = "Codertocat/Hello-World"

CRASH_BODY = """`stockroom fulfil` crashes on a SKU we don't stock:

```
Traceback (most recent call last):
  File "/home/alice/src/stockroom/src/stockroom/orders.py", line 22, in fulfil
    available = min(wanted, item.quantity)
AttributeError: 'NoneType' object has no attribute 'quantity'
```
"""


def example(name: str) -> dict:
    return json.loads((WEBHOOKS / f"{name}.json").read_text())


def sign(body: bytes, secret: str = SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class FakeAPI:
    """Implements bot.github.InstallationAPI; records calls; permissions by login."""

    def __init__(self, permissions: dict[str, str] | None = None):
        self.calls: list[tuple] = []
        self.permissions = permissions if permissions is not None else {"Codertocat": "admin"}
        self.issues: dict[tuple[str, int], dict] = {}
        self._ids = 1000

    def _rec(self, *call):
        self.calls.append(call)

    def named(self, name: str) -> list[tuple]:
        return [c for c in self.calls if c[0] == name]

    def permission(self, repo, user):
        self._rec("permission", repo, user)
        return self.permissions.get(user, "read")

    def get_issue(self, repo, number):
        self._rec("get_issue", repo, number)
        return copy.deepcopy(self.issues.get((repo, number), {
            "number": number, "title": "crash", "body": CRASH_BODY, "state": "open", "locked": False,
            "labels": [], "pull_request": False}))

    def list_open_issues(self, repo):
        self._rec("list_open_issues", repo)
        return [copy.deepcopy(v) for (r, _), v in self.issues.items() if r == repo and v.get("state") == "open"]

    def add_labels(self, repo, number, labels):
        self._rec("add_labels", repo, number, list(labels))

    def comment(self, repo, number, body):
        self._ids += 1
        self._rec("comment", repo, number, body)
        return self._ids

    def edit_comment(self, repo, comment_id, body):
        self._rec("edit_comment", repo, comment_id, body)

    def react(self, repo, comment_id, content):
        self._rec("react", repo, comment_id, content)

    def delete_branch(self, repo, branch):
        self._rec("delete_branch", repo, branch)

    def token(self):
        return "ghs_faketoken"

    # reads bot.repo_config / bot.publish make
    def read_file(self, repo, path, ref=None):
        self._rec("read_file", repo, path)
        return None

    def default_branch(self, repo):
        return "main"

    def find_open_pr(self, repo, head_branch):
        return None


class FakePublisher:
    """publish_result stand-in: one PR number per (repo, issue), opened once then updated."""

    def __init__(self):
        self.calls: list[dict] = []
        self.prs: dict[tuple[str, int], int] = {}

    def __call__(self, api, repo, issue, run_dir, run, clone_dir, config=None, *, remote_url=None,
                 dry_run_log=None, **kw):
        assert (Path(clone_dir) / ".git").exists(), "publish gets a checkout of the default branch"
        opened = (repo, issue) not in self.prs
        number = self.prs.setdefault((repo, issue), 100 + len(self.prs))
        self.calls.append({"repo": repo, "issue": issue, "run_dir": Path(run_dir), "status": run.status,
                           "remote_url": remote_url, "config": config, "dry_run_log": dry_run_log,
                           "opened": opened, "pr": number})
        return {"pr": number, "url": f"https://github.com/{repo}/pull/{number}"}


def fake_pipeline(status: str = "fixed"):
    """A stand-in for agent.pipeline.run_pipeline: writes the out folder, records its configs."""
    configs = []

    def run(config, progress):
        configs.append(config)
        progress("parse…")
        assert (Path(config.repo) / ".git").exists(), "the worker clones before it runs"
        config.out.mkdir(parents=True, exist_ok=True)
        (config.out / "report.md").write_text(f"## crashfix: {status}\n\nRoot cause: item is None.\n")
        (config.out / "result.json").write_text(json.dumps({"status": status, "cost": {"usd": 0.0}}))
        progress("validating…")
        best = SimpleNamespace(candidate=SimpleNamespace(description="guard None", diff="--- a\n+++ b\n"))
        rep = SimpleNamespace(reproduced=True, crashed=3, tries=3, command="python -m stockroom", attempts=[])
        return SimpleNamespace(status=status, error=None, best=best if status == "fixed" else None,
                               reproduction=rep, timings={"parse": 0.01})

    run.configs = configs
    return run


@dataclass
class RepoConfig:
    trigger_label: str = "crashfix"
    setup_cmd: str | None = None
    test_cmd: str | None = "python -m pytest -q"
    image: str | None = None
    python: str | None = None
    budgets: dict = field(default_factory=dict)
    draft: bool = True
    protected_paths: list = field(default_factory=lambda: ["docs/*"])
    strategies: list = field(default_factory=lambda: ["templates"])


@pytest.fixture
def git_repo(tmp_path) -> Path:
    """A tiny local git repository standing in for the GitHub clone URL."""
    repo = tmp_path / "upstream"
    repo.mkdir()
    (repo / "app.py").write_text("print('hi')\n")
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin:/usr/local/bin"}
    for cmd in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "init"]):
        subprocess.run(cmd, cwd=repo, check=True, env=env)
    return repo


class Harness:
    def __init__(self, tmp_path: Path, git_repo: Path, **settings):
        from bot.app import create_app
        from bot.db import Database
        from bot.queue import JobQueue
        from bot.settings import load_settings
        from bot.worker import Worker
        base = {"WEBHOOK_SECRET": SECRET, "DATA_DIR": tmp_path / "data", "SANDBOX": "local",
                "BOT_LOGIN": "crashfix[bot]"}
        self.settings = load_settings(env={}, **{**base, **settings})
        self.db = Database(self.settings.database_url)
        self.queue = JobQueue(self.settings, immediate=True)
        self.api = FakeAPI()
        self.apis_made: list[int] = []
        self.publish = FakePublisher()
        self.pipeline = fake_pipeline()
        self.repo_config = RepoConfig()
        self.git_repo = git_repo
        self.worker = Worker(self.settings, self.db, self.queue, api_factory=self._api,
                             publish=self.publish, load_config=lambda api, repo: self.repo_config,
                             clone_url=lambda api, repo: str(self.git_repo), pipeline=self.pipeline)
        self.queue.attach(self.worker.run)
        self.app = create_app(self.settings, {"TESTING": True, "CRASHFIX_DB": self.db, "CRASHFIX_QUEUE": self.queue})
        self.client = self.app.test_client()

    def _api(self, installation_id):
        self.apis_made.append(installation_id)
        return self.api

    def payload(self, name: str, edit=None) -> dict:
        """GitHub's example, as one event: two real events never have byte-identical bodies (their
        timestamps and ids differ), and the webhook drops a body it has seen as a replay."""
        data = example(name)
        data["crashfix_test_event"] = uuid.uuid4().hex
        data.setdefault("installation", dict(INSTALLATION))
        if edit:
            edit(data)
        return data

    def post(self, event: str, body: bytes, delivery: str | None = None, secret: str = SECRET,
             content_type: str = "application/json", **headers):
        hdrs = {"X-GitHub-Event": event, "X-GitHub-Delivery": delivery or str(uuid.uuid4()),
                "X-GitHub-Hook-ID": "123456789", "X-GitHub-Hook-Installation-Target-ID": "424242",
                "X-GitHub-Hook-Installation-Target-Type": "integration",
                "User-Agent": "GitHub-Hookshot/044aadd", "X-Hub-Signature-256": sign(body, secret)}
        hdrs.update(headers)
        hdrs = {k: v for k, v in hdrs.items() if v is not None}
        return self.client.post("/webhook", data=body, headers=hdrs, content_type=content_type)

    def deliver(self, event: str, name: str, edit=None, **kw):
        """A real example, with an installation added when it has none, edited, re-serialized, signed."""
        return self.post(event, json.dumps(self.payload(name, edit)).encode(), **kw)

    def jobs(self, **where) -> list[dict]:
        rows = self.db.all("SELECT * FROM jobs ORDER BY id")
        return [r for r in rows if all(r[k] == v for k, v in where.items())]


@pytest.fixture
def redis_server(tmp_path):
    """Starts real redis-servers on free loopback ports (with `requirepass` when given a password),
    for this test only: `port = redis_server(password=None)`."""
    import shutil
    import socket
    import time
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (setup.sh installs it)")
    import redis
    procs = []

    def start(password: str | None = None) -> int:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        conf = f"port {port}\nbind 127.0.0.1\nsave \"\"\nappendonly no\ndir {tmp_path}\n"
        conf += f"requirepass {password}\n" if password else ""
        proc = subprocess.Popen(["redis-server", "-"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        proc.stdin.write(conf)                  # the config on stdin: no password on the command line
        proc.stdin.close()
        procs.append(proc)
        client = redis.Redis(port=port, password=password)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return port
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    pytest.fail("redis-server did not answer within 10 s")
                time.sleep(0.05)

    yield start
    for proc in procs:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def harness(tmp_path, git_repo) -> Harness:
    return Harness(tmp_path, git_repo)


@pytest.fixture
def make_harness(tmp_path, git_repo):
    def make(**settings):
        return Harness(tmp_path, git_repo, **settings)
    return make


# -- payload edits ---------------------------------------------------------------------------
def labeled(label: str = "crashfix", login: str = "Codertocat", kind: str = "User"):
    def edit(p):
        p["label"]["name"] = label
        p["sender"]["login"], p["sender"]["type"] = login, kind
    return edit


def commented(body: str, login: str = "Codertocat", kind: str = "User", on_pr: bool = False, number: int | None = None):
    def edit(p):
        p["comment"]["body"] = body
        p["sender"]["login"], p["sender"]["type"] = login, kind
        if on_pr:
            p["issue"]["pull_request"] = {"url": "https://api.github.com/repos/x/y/pulls/1"}
        if number is not None:
            p["issue"]["number"] = number
    return edit


@pytest.fixture
def gh():
    """The helpers above, for test modules (conftest is not importable under --import-mode=importlib)."""
    return SimpleNamespace(labeled=labeled, commented=commented, example=example, sign=sign, SECRET=SECRET,
                           CRASH_BODY=CRASH_BODY, REPO=REPO, INSTALLATION=INSTALLATION, WEBHOOKS=WEBHOOKS,
                           FakeAPI=FakeAPI, fake_pipeline=fake_pipeline, ROOT=ROOT)
