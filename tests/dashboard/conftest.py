"""The dashboard's world: a real SQLite database holding real finished jobs, made once per session
by delivering GitHub's real webhook payloads (signed) to the app, whose worker runs the real
pipeline in the Docker sandbox on examples/inventory (templates; and the research agent against
the scripted model) in dry-run mode, reading issues and config through PyGithub from a fake GitHub
over HTTP. The fake also plays GitHub's OAuth web flow (`/login/oauth/authorize`,
`/login/oauth/access_token`) and `GET /user`, `GET /user/installations`, and answers every REST
call with X-RateLimit-* headers."""
from __future__ import annotations

import copy
import json
import re
import secrets
import shutil
import subprocess
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from github_fakes import FakeGitHub, FakeGitHubServer, rsa_private_key, sign
from gitrepo import make_repo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
WEBHOOKS = ROOT.parent / "shared" / "github" / "webhooks"
ARTIFACTS = ROOT / "tests" / "artifacts" / "dashboard"
SECRET = "whsec-dashboard-" + "k" * 16
ADMIN = "admin-token-" + secrets.token_hex(12)
METRICS = "metrics-token-" + secrets.token_hex(12)
CLIENT_ID = "Iv1.8a61f9b3a7aba766"
CLIENT_SECRET = "oauth-client-secret-" + secrets.token_hex(12)
ORG, OTHER = (4242, "octo-org"), (5151, "other-org")
REPOS = {"octo-org/stockroom": ORG, "octo-org/stockroom-llm": ORG, "other-org/widgets": OTHER}
CONFIG = "test_cmd: python -m pytest -q\nstrategies: [{}]\n"


class OAuthGitHub(FakeGitHub):
    """FakeGitHub plus the App's OAuth web flow and the user endpoints, with rate-limit headers."""

    def __init__(self, *args, client_id: str, client_secret: str, **kw):
        super().__init__(*args, **kw)
        self.client_id, self.client_secret = client_id, client_secret
        self.user_installations: dict[str, list[int]] = {}      # login -> installation ids
        self.installation_accounts: dict[int, str] = {}
        self.approving: str | None = None                      # who clicks "Authorize" on GitHub
        self.codes: dict[str, dict] = {}
        self.user_tokens: dict[str, str] = {}
        self.remaining = 5000
        self.web_flow: list[dict] = []

    def handle_web(self, method, path, query, body):
        if path.startswith("/login/oauth/"):
            return self._web_flow(method, path, query, body)
        return super().handle_web(method, path, query, body)

    def handle(self, method, path, query, body, headers):
        status, hdrs, text = super().handle(method, path, query, body, headers)
        with self._lock:
            self.remaining -= 1
            hdrs.update({"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": str(self.remaining),
                         "X-RateLimit-Used": str(5000 - self.remaining), "X-RateLimit-Reset": "1893456000",
                         "X-RateLimit-Resource": "core"})
        return status, hdrs, text

    def _web_flow(self, method, path, query, body):
        """github.com's side: authorize redirects back with a one-time code; access_token trades it."""
        if path == "/login/oauth/authorize" and method == "GET":
            q = {k: v[0] for k, v in parse_qs(query).items()}
            self.web_flow.append({"step": "authorize", **q})
            if q.get("client_id") != self.client_id or not self.approving:
                return 404, {"Content-Type": "text/html"}, "Not Found"
            code = uuid.uuid4().hex[:20]
            self.codes[code] = {"login": self.approving, "redirect_uri": q.get("redirect_uri")}
            target = q["redirect_uri"] + "?" + urlencode({"code": code, "state": q.get("state", "")})
            return 302, {"Location": target, "Content-Type": "text/html"}, ""
        if path == "/login/oauth/access_token" and method == "POST":
            raw = body.decode() if isinstance(body, bytes) else (body or "")
            form = {k: v[0] for k, v in parse_qs(raw).items()}
            self.web_flow.append({"step": "access_token", **{k: v for k, v in form.items() if k != "client_secret"}})
            if form.get("client_id") != self.client_id or form.get("client_secret") != self.client_secret:
                reply = {"error": "incorrect_client_credentials",
                         "error_description": "The client_id and/or client_secret passed are incorrect."}
            elif form.get("code") not in self.codes or \
                    self.codes[form["code"]]["redirect_uri"] != form.get("redirect_uri"):
                reply = {"error": "bad_verification_code",
                         "error_description": "The code passed is incorrect or expired."}
            else:
                grant = self.codes.pop(form["code"])
                token = "ghu_" + secrets.token_hex(18)
                self.user_tokens[token] = grant["login"]
                reply = {"access_token": token, "expires_in": 28800, "refresh_token": "ghr_" + secrets.token_hex(30),
                         "refresh_token_expires_in": 15811200, "scope": "", "token_type": "bearer"}
            return 200, {"Content-Type": "application/json; charset=utf-8"}, json.dumps(reply)
        return 404, {"Content-Type": "text/html"}, "Not Found"

    def _route(self, method, path, q, data, headers):
        if path in ("/user", "/user/installations") and method == "GET":
            auth = headers.get("Authorization") or headers.get("authorization") or ""
            login = self.user_tokens.get(auth.split(" ", 1)[-1])
            if not login:
                return 401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"}, {}
            if path == "/user":
                return 200, {**self._user(login), "name": login.title(), "type": "User"}, {}
            ids = self.user_installations.get(login, [])
            status, chunk, extra = self._paginate(path, q, [self._installation(i) for i in ids])
            return status, {"total_count": len(ids), "installations": chunk}, extra
        return super()._route(method, path, q, data, headers)

    def _installation(self, inst_id: int) -> dict:
        account = self.installation_accounts[inst_id]
        return {"id": inst_id, "app_id": self.app_id, "app_slug": "crashfix", "target_id": inst_id * 10,
                "target_type": "Organization", "account": self._user(account, "Organization"),
                "repository_selection": "selected", "single_file_name": None,
                "access_tokens_url": f"{self.api_base}/app/installations/{inst_id}/access_tokens",
                "repositories_url": f"{self.api_base}/installation/repositories",
                "html_url": f"https://github.com/organizations/{account}/settings/installations/{inst_id}",
                "events": ["issues", "issue_comment", "pull_request"], "permissions": {"issues": "write"},
                "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
                "suspended_by": None, "suspended_at": None}


def webhook(name: str, edit) -> dict:
    data = json.loads((WEBHOOKS / f"{name}.json").read_text())
    edit(data)
    return data


@dataclass
class World:
    settings: object
    db: object
    app: object
    fake: OAuthGitHub
    key: str
    jobs: dict = field(default_factory=dict)      # name -> job id

    def deliver(self, event: str, payload: dict):
        started = time.monotonic()
        body = json.dumps(payload).encode()
        r = self.app.test_client().post("/webhook", data=body, content_type="application/json", headers={
            "X-GitHub-Event": event, "X-GitHub-Delivery": str(uuid.uuid4()), "X-Hub-Signature-256": sign(SECRET, body),
            "User-Agent": "GitHub-Hookshot/044aadd"})
        assert r.status_code in (200, 202), r.get_data(as_text=True)
        print(f"{event}.{payload.get('action')}: {time.monotonic() - started:.1f} s", flush=True)
        return r.get_json()

    def client(self, admin: bool = True):
        """A Flask test client, signed in as the admin through the real sign-in form."""
        c = self.app.test_client()
        if admin:
            page = c.get("/dashboard/login").get_data(as_text=True)
            csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
            r = c.post("/dashboard/login", data={"csrf": csrf, "token": ADMIN})
            assert r.status_code == 302, r.get_data(as_text=True)
        return c


def _installed(inst_id: int, account: str, repos: list[str]):
    def edit(p):
        p["installation"]["id"], p["installation"]["account"]["login"] = inst_id, account
        p["repositories"] = [{"id": 100 + i, "node_id": "R_x", "name": r.split("/")[1], "full_name": r,
                              "private": False} for i, r in enumerate(repos)]
    return edit


def _issue_event(repo: str, number: int, label: str | None = None, held: dict | None = None):
    """The event's edit; `held`: the fake's issues, so the event carries the issue as GitHub holds it
    (a run reads the text it was asked on)."""
    inst_id, account = REPOS[repo]

    def edit(p):
        p["installation"] = {"id": inst_id, "node_id": "MDIz"}
        p["repository"]["full_name"], p["repository"]["name"] = repo, repo.split("/")[1]
        p["repository"]["owner"]["login"] = account
        if "issue" in p:
            p["issue"]["number"] = number
            if held and (repo, number) in held:
                p["issue"]["title"], p["issue"]["body"] = held[(repo, number)]["title"], held[(repo, number)]["body"]
        p["sender"]["login"], p["sender"]["type"] = "mona", "User"
        if label is not None:
            p["label"]["name"] = label
    return edit


def _pipeline_with_scripted_model():
    """The real pipeline; for strategy llm the research agent talks to the scripted model (the LLM
    endpoint is the one thing not reachable here)."""
    from agent.pipeline import execute
    from agent.research.scripted import ScriptedServer
    script = EXAMPLE / "scripted-model.json"

    def run(config, progress):
        if config.strategy != "llm":
            return execute(config, progress)
        server = ScriptedServer(script).start()
        try:
            return execute(replace(config, model=server.model.script.get("model", "scripted"),
                                   base_url=server.base_url, api_key="scripted-replay", replay=str(script),
                                   trajectories=1),     # one is enough to show; three cost the CI 20 s more
                           progress)
        finally:
            server.stop()
    return run


@pytest.fixture(scope="session")
def world(tmp_path_factory, sandbox_image):
    from bot.web.app import create_app
    from bot.db import Database
    from bot.github.api import GitHubAPI, TokenCache
    from bot.github.dryrun import DryRunAPI
    from bot.jobs.queue import JobQueue
    from bot.settings import load_settings
    from bot.worker import Worker

    tmp = tmp_path_factory.mktemp("dashboard")
    key = rsa_private_key()
    fake = OAuthGitHub(private_key=key, client_id=CLIENT_ID, client_secret=CLIENT_SECRET)
    server = FakeGitHubServer(fake).__enter__()
    report = (EXAMPLE / "report.txt").read_text()
    upstream = tmp / "upstream"
    shutil.copytree(EXAMPLE / "repo", upstream)
    make_repo(upstream, {".gitignore": "__pycache__/\n"}, "stockroom 1.2.0")
    for repo in REPOS:                       # git: octo-org's repos are clones of upstream; other-org's is missing
        if repo.startswith("octo-org/"):
            subprocess.run(["git", "clone", "-q", "--bare", str(upstream), str(tmp / "git" / f"{repo}.git")], check=True)
    for repo, (inst_id, account) in REPOS.items():
        fake.add_repo(repo)
        fake.installation_accounts[inst_id] = account
        fake.roles[(repo, "mona")] = ("admin", "admin")
        fake.files[(repo, ".github/crashfix.yml")] = CONFIG.format("llm" if repo.endswith("-llm") else "templates")
    fake.add_issue("octo-org/stockroom", 1, "stockroom fulfil crashes on an unknown SKU", report)
    fake.add_issue("octo-org/stockroom-llm", 7, "fulfil: AttributeError on ZZ-999", report)
    fake.add_issue("other-org/widgets", 3, "widgets crash", report)

    settings = load_settings(env={}, DATA_DIR=tmp / "data", WEBHOOK_SECRET=SECRET, ADMIN_TOKEN=ADMIN, METRICS_TOKEN=METRICS,
                             OAUTH_CLIENT_ID=CLIENT_ID, OAUTH_CLIENT_SECRET=CLIENT_SECRET,
                             GITHUB_API_URL=server.url, SANDBOX="docker", BOT_LOGIN="crashfix[bot]")
    assert settings.dry_run
    db = Database(settings.database_url)
    queue = JobQueue(settings, immediate=True)
    cache = TokenCache()
    worker = Worker(settings, db, queue,
                    api_factory=lambda inst: DryRunAPI(GitHubAPI(4242, key, inst, base_url=server.url, token_cache=cache,
                                                                 git_url=str(tmp / "git"), seconds_between_requests=0,
                                                                 seconds_between_writes=0),
                                                       settings.DATA_DIR / "dry-run.jsonl"),
                    pipeline=_pipeline_with_scripted_model())
    queue.attach(worker.run)
    app = create_app(settings, {"TESTING": True, "CRASHFIX_DB": db, "CRASHFIX_QUEUE": queue})
    w = World(settings, db, app, fake, key)

    for (inst_id, account) in (ORG, OTHER):
        w.deliver("installation", webhook("installation.created", _installed(
            inst_id, account, [r for r, (i, _) in REPOS.items() if i == inst_id])))
    w.deliver("issues", webhook("issues.opened", _issue_event("octo-org/stockroom", 1, held=fake.issues)))
    for name, (repo, number) in {"fixed": ("octo-org/stockroom", 1), "llm": ("octo-org/stockroom-llm", 7),
                                 "failed": ("other-org/widgets", 3)}.items():
        jobs = w.deliver("issues", webhook("issues.labeled", _issue_event(repo, number, "crashfix", fake.issues)))["jobs"]
        w.jobs[name] = jobs[0]
    pr = db.pr_for_issue("octo-org/stockroom", 1)
    assert pr and pr["number"], "the fix job recorded its (dry-run) pull request"

    def closed(p):
        _issue_event("octo-org/stockroom", 1)(p)
        p["number"] = pr["number"]
        p["pull_request"]["number"], p["pull_request"]["merged"] = pr["number"], True
        p["pull_request"]["head"]["ref"] = "crashfix/issue-1"
        p["pull_request"]["head"]["repo"]["full_name"] = "octo-org/stockroom"
    w.deliver("pull_request", webhook("pull_request.closed", closed))
    w.jobs["triage"] = db.one("SELECT id FROM jobs WHERE kind = 'triage'")["id"]
    yield w
    server.__exit__(None, None, None)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def dash():
    """Constants for the test modules (conftest is not importable under --import-mode=importlib)."""
    return SimpleNamespace(ADMIN=ADMIN, METRICS=METRICS, CLIENT_ID=CLIENT_ID, CLIENT_SECRET=CLIENT_SECRET, SECRET=SECRET,
                           ORG=ORG, OTHER=OTHER, REPOS=REPOS, OAuthGitHub=OAuthGitHub, copy=copy,
                           threading=threading, urlsplit=urlsplit)
