"""Fixtures for the GitHub App half: GitHub's real webhook payloads, signed like GitHub signs them,
delivered through the Flask test client, a huey queue in immediate mode and a Worker, to a fake
InstallationAPI that records every call."""
from __future__ import annotations

import copy
import hashlib
import hmac
import json
import shutil
import subprocess
import uuid
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
    """Implements bot.github.api.InstallationAPI; records calls; permissions by login; files by
    (repo, path); pull requests numbered from 100; clones from `git_base`/<repo>.git."""

    def __init__(self, permissions: dict[str, str] | None = None, git_base: str = ""):
        self.calls: list[tuple] = []
        self.permissions = permissions if permissions is not None else {"Codertocat": "admin"}
        self.issues: dict[tuple[str, int], dict] = {}
        self.files: dict[tuple[str, str], str] = {}
        self.prs: dict[int, dict] = {}
        self.check_runs: dict[int, dict] = {}
        self.git_base = git_base
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

    def git_url(self, repo):
        return f"{self.git_base}/{repo}.git"

    def read_file(self, repo, path, ref=None):
        self._rec("read_file", repo, path)
        return self.files.get((repo, path))

    def default_branch(self, repo):
        return "main"

    def find_open_pr(self, repo, head_branch):
        return next((dict(pr) for pr in self.prs.values() if pr["repo"] == repo and pr["head_ref"] == head_branch
                     and pr["state"] == "open"), None)

    def open_pr(self, repo, head, base, title, body, draft):
        number = 100 + len(self.prs)
        self._rec("open_pr", repo, number, head, title)
        self.prs[number] = {"repo": repo, "number": number, "head_ref": head, "state": "open", "draft": draft,
                            "title": title, "body": body, "html_url": f"https://github.com/{repo}/pull/{number}"}
        return dict(self.prs[number])

    def update_pr(self, repo, number, title, body):
        self._rec("update_pr", repo, number, title)
        self.prs[number].update(title=title, body=body)

    def remove_label(self, repo, number, label):
        self._rec("remove_label", repo, number, label)

    def create_check_run(self, repo, head_sha, name, conclusion, title, summary, text, *, status="completed",
                         details_url=None, external_id=None):
        from bot.github.api import check_run_body
        check_run_body(status, conclusion, title, summary, text, details_url)     # GitHub's schema rules
        self._ids += 1
        self._rec("create_check_run", repo, head_sha, name, conclusion)
        self.check_runs[self._ids] = {"head_sha": head_sha, "status": status, "conclusion": conclusion,
                                      "title": title, "details_url": details_url}
        return self._ids

    def update_check_run(self, repo, check_run_id, *, status, conclusion=None, title="", summary="",
                         details_url=None):
        from bot.github.api import check_run_body
        check_run_body(status, conclusion, title, summary, "", details_url)
        self._rec("update_check_run", repo, check_run_id, status, conclusion)
        self.check_runs[check_run_id].update(status=status, conclusion=conclusion, title=title,
                                             details_url=details_url)

    def published(self) -> list[dict]:
        """The pull requests opened or updated, in order: {"issue", "pr", "opened"}."""
        return [{"issue": int(self.prs[c[2]]["head_ref"].rsplit("-", 1)[1]), "pr": c[2], "opened": c[0] == "open_pr"}
                for c in self.calls if c[0] in ("open_pr", "update_pr")]


PATCH = "--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-print('hi')\n+print('hello')\n"


def fake_pipeline(status: str = "fixed"):
    """A stand-in for the pipeline: the real `Result` of a `Run` of the issue's report (parsed), with
    a validated patch of the test repo when `status` is fixed, its folder written as the pipeline
    writes it; records the configs it was given."""
    from agent.render import write_outputs
    from agent.reports import parse
    from agent.records import Reproduction
    from agent.run import Progress, Result, Run
    from agent.candidates import Candidate
    from agent.judge.validate import Verdict
    configs = []

    def run(config, progress):
        configs.append(config)
        progress(Progress("parse", "parse…"))
        assert (Path(config.repo) / ".git").exists(), "the worker clones before it runs"
        progress(Progress("validate", "validating 1/1: guard None"))
        result = Run(config, status=status, report=parse(config.report_text), timings={"parse": 0.01},
                     reproduction=Reproduction(command="python -m stockroom", tries=3, crashed=3))
        if status == "fixed":
            best = Verdict(Candidate(PATCH, "guard None", "none_guard", files=("app.py",)), validated=True,
                           reason="validated", applied=True, clean_runs=3, tries=3)
            result.verdicts, result.best = [best], best
        out = Result.of(result)
        write_outputs(out, config.out)
        return out

    run.configs = configs
    return run


CONFIG = {"test_cmd": "python -m pytest -q", "protected_paths": ["docs/*"], "strategies": ["templates"]}


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
    """The webhook app, an immediate queue and a Worker; GitHub is `api` (a FakeAPI), git is a
    token-checking HTTP server holding a bare clone of `git_repo`."""

    def __init__(self, tmp_path: Path, git_repo: Path, git_server, **settings):
        from bot.web.app import create_app
        from bot.db import Database
        from bot.jobs.queue import JobQueue
        from bot.settings import load_settings
        from bot.worker import Worker
        base = {"WEBHOOK_SECRET": SECRET, "DATA_DIR": tmp_path / "data", "SANDBOX": "local",
                "BOT_LOGIN": "crashfix[bot]"}
        self.settings = load_settings(env={}, **{**base, **settings})
        self.db = Database(self.settings.database_url)
        self.queue = JobQueue(self.settings, immediate=True)
        self.git_server, self.git_repo = git_server, git_repo
        if not (git_server.root / f"{REPO}.git").exists():
            git_server.bare(REPO, source=git_repo)
        self.api = FakeAPI(git_base=git_server.base)
        self.config()
        self.apis_made: list[int] = []
        self.pipeline = fake_pipeline()
        self.worker = Worker(self.settings, self.db, self.queue, api_factory=self._api, pipeline=self.pipeline)
        self.queue.attach(self.worker.run)
        self.app = create_app(self.settings, {"TESTING": True, "CRASHFIX_DB": self.db, "CRASHFIX_QUEUE": self.queue})
        self.client = self.app.test_client()

    def _api(self, installation_id):
        self.apis_made.append(installation_id)
        return self.api

    def serve(self, repo: Path) -> Path:
        """The git server's repository becomes a bare clone of `repo`."""
        bare = self.git_server.root / f"{REPO}.git"
        shutil.rmtree(bare)
        self.git_repo = repo
        return self.git_server.bare(REPO, source=repo)

    def config(self, **fields) -> None:
        """The repo's .github/crashfix.yml: CONFIG with `fields` over it."""
        import yaml
        self.api.files[(REPO, ".github/crashfix.yml")] = yaml.safe_dump({**CONFIG, **fields})

    def payload(self, name: str, edit=None) -> dict:
        """GitHub's example, as one event: two real events never have byte-identical bodies (their
        timestamps and ids differ), and the webhook drops a body it has seen as a replay."""
        data = example(name)
        data["crashfix_test_event"] = uuid.uuid4().hex
        data.setdefault("installation", dict(INSTALLATION))
        if edit:
            edit(data)
        # the event carries the issue as it stands when it is sent: the text the fake API serves
        issue = data.get("issue")
        if isinstance(issue, dict) and not issue.get("pull_request") \
                and (issue.get("title"), issue.get("body")) == ("crash", CRASH_BODY):
            issues = getattr(self, "served_issues", None)
            if issues is None:
                issues = getattr(getattr(self, "api", None), "issues", {})
            served = issues.get(
                (data.get("repository", {}).get("full_name"), issue.get("number")))
            if isinstance(served, dict):
                issue["title"], issue["body"] = served.get("title", issue["title"]), served.get("body", issue["body"])
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
def make_harness(tmp_path, git_repo):
    """Harnesses sharing one smart-HTTP git server that accepts only FakeAPI's installation token."""
    from github_fakes import GitHTTPServer
    with GitHTTPServer(tmp_path / "git", "ghs_faketoken") as server:
        yield lambda **settings: Harness(tmp_path, git_repo, server, **settings)


@pytest.fixture
def harness(make_harness) -> Harness:
    return make_harness()


PUBLIC = "https://crashfix.example.org"


@pytest.fixture
def app_on_github(make_harness, gh, git_repo, tmp_path):
    """The harness's worker on the real GitHubAPI (App auth), GitHub a recorded-contract FakeGitHub
    holding issue #1 (CRASH_BODY) and CONFIG, git a server taking its installation tokens; the job
    pages under PUBLIC. Yields (h, fake, head: the default branch's commit)."""
    import responses
    import yaml
    from bot.github.api import GitHubAPI, TokenCache
    from github_fakes import FakeGitHub, GitHTTPServer, rsa_private_key
    key = rsa_private_key()
    fake = FakeGitHub(app_id=4242, private_key=key)
    fake.add_repo(gh.REPO)
    fake.add_issue(gh.REPO, 1, "fulfil crashes", gh.CRASH_BODY)
    fake.files[(gh.REPO, ".github/crashfix.yml")] = yaml.safe_dump(gh.CONFIG)
    fake.roles[(gh.REPO, "Codertocat")] = ("write", "write")
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs, \
            GitHTTPServer(tmp_path / "ghgit", lambda: fake.tokens) as server:
        fake.install(rs)
        rs.add_passthru(server.base)
        server.bare(gh.REPO, source=git_repo)
        h = make_harness(APP_ID=4242, PRIVATE_KEY=key, PUBLIC_URL=PUBLIC)
        h.served_issues = fake.issues            # what the events carry (Harness.payload)
        cache = TokenCache()
        h.worker.api_factory = lambda inst: GitHubAPI(4242, key, inst, git_url=server.base, token_cache=cache,
                                                      seconds_between_requests=0, seconds_between_writes=0)
        yield SimpleNamespace(h=h, fake=fake, head=subprocess.run(["git", "rev-parse", "HEAD"], cwd=git_repo,
                                                                  capture_output=True, text=True).stdout.strip())


# -- payload edits ---------------------------------------------------------------------------
def as_reported(p: dict) -> None:
    """The payload's issue is the one FakeAPI serves by default (a run reads the event's text)."""
    if isinstance(p.get("issue"), dict) and not p["issue"].get("pull_request"):
        p["issue"]["title"], p["issue"]["body"] = "crash", CRASH_BODY


def labeled(label: str = "crashfix", login: str = "Codertocat", kind: str = "User"):
    def edit(p):
        as_reported(p)
        p["label"]["name"] = label
        p["sender"]["login"], p["sender"]["type"] = login, kind
    return edit


def commented(body: str, login: str = "Codertocat", kind: str = "User", on_pr: bool = False, number: int | None = None):
    def edit(p):
        as_reported(p)
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
                           FakeAPI=FakeAPI, fake_pipeline=fake_pipeline, ROOT=ROOT, CONFIG=CONFIG)
