"""`crashfix app create` against the fake GitHub over real HTTP: the local page, the form POST to
GitHub's "new App" page, the redirect with ?code=&state=, the REST conversion, the stored files."""
from __future__ import annotations

import json
import stat
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from github_fakes import CHECKER, FakeGitHub, FakeGitHubServer, assert_valid_github_requests

from bot.cli.app_create import MANIFEST, AppCreateError, api_url_for, create_app, exchange, new_app_url
from bot.github.api import GitHubAPI
from bot.settings import load_settings

WEBHOOK = "https://crashfix.example.org/webhook"


def validate_response(path: str, method: str, status: str, body) -> None:
    """Hold a fake's answer to GitHub's OpenAPI response schema (the checker's loader: nullable handled)."""
    import importlib.util

    from jsonschema import Draft4Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT4
    spec_ = importlib.util.spec_from_file_location("check_requests", CHECKER)
    checker = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(checker)
    spec, _ = checker.load_spec(checker.DEFAULT_SPEC, None, None)
    registry = Registry().with_resource(checker.SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT4))
    pointer = "/paths/" + path.replace("~", "~0").replace("/", "~1") + \
        f"/{method}/responses/{status}/content/application~1json/schema"
    Draft4Validator({"$ref": f"{checker.SPEC_URI}#{pointer}"}, registry=registry,
                    format_checker=Draft4Validator.FORMAT_CHECKER).validate(body)


class _Form(HTMLParser):
    def __init__(self):
        super().__init__()
        self.action = self.method = None
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.action, self.method = a.get("action"), a.get("method")
        elif tag == "input":
            self.fields[a["name"]] = a.get("value", "")


def _form(url: str) -> _Form:
    r = requests.get(url, timeout=10)
    assert r.status_code == 200 and "text/html" in r.headers["Content-Type"]
    form = _Form()
    form.feed(r.text)
    return form


class Flow:
    """`create_app` in a thread; `local` is its page once it serves."""

    def __init__(self, **kw):
        self.ready, self.result, self.error, self.lines = threading.Event(), None, None, []
        self.local = None

        def run():
            try:
                self.result = create_app(announce=self.lines.append, ready=self._ready, **kw)
            except Exception as exc:  # noqa: BLE001 - handed to the test
                self.error = exc
            finally:
                self.ready.set()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "the local page never came up"

    def _ready(self, url):
        self.local = url
        self.ready.set()

    def join(self):
        self.thread.join(20)
        assert not self.thread.is_alive()
        return self.result


@pytest.fixture
def github():
    fake = FakeGitHub()
    with FakeGitHubServer(fake) as server:
        yield fake, server


def _env(path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text().splitlines() if line and not line.startswith("#"))


def test_the_whole_flow_stores_working_credentials(github, tmp_path):
    fake, server = github
    web = server.url.removesuffix("/api/v3")
    flow = Flow(webhook_url=WEBHOOK, out=tmp_path / "creds", github_url=web, timeout=20,
                callback_urls=["https://crashfix.example.org/dashboard/oauth/callback"])
    form = _form(flow.local + "/")
    # the page POSTs the manifest to GitHub's "new App" page, with a state
    assert form.method == "post"
    action = urlsplit(form.action)
    assert f"{action.scheme}://{action.netloc}" == web and action.path == "/settings/apps/new"
    state = parse_qs(action.query)["state"][0]
    assert len(state) >= 24
    manifest = json.loads(form.fields["manifest"])
    assert manifest["hook_attributes"]["url"] == WEBHOOK
    assert manifest["redirect_url"] == flow.local + "/callback"
    assert manifest["callback_urls"] == ["https://crashfix.example.org/dashboard/oauth/callback"]
    assert manifest["default_permissions"] == json.loads(MANIFEST.read_text())["default_permissions"]

    # "GitHub" answers with a redirect to the local callback; the browser follows it
    r = requests.post(form.action, data=form.fields, allow_redirects=False, timeout=10)
    assert r.status_code == 302
    back = requests.get(r.headers["Location"], timeout=10)
    assert back.status_code == 200 and "created" in back.text
    created = flow.join()
    assert flow.error is None, flow.error

    app = fake.apps[0]
    assert (created.app_id, created.slug) == (app["id"], app["slug"])
    assert created.install_url == f"{web}/apps/{app['slug']}/installations/new"
    for path in (created.env_file, created.key_file):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert created.key_file.read_text() == app["pem"]
    env = _env(created.env_file)
    assert env["CRASHFIX_OAUTH_CLIENT_ID"] == app["client_id"]
    assert env["CRASHFIX_OAUTH_CLIENT_SECRET"] == app["client_secret"]
    assert env["CRASHFIX_GITHUB_API_URL"] == server.url
    settings = load_settings(env=env)                   # the names are the bot's settings
    assert settings.APP_ID == app["id"] and settings.WEBHOOK_SECRET == app["webhook_secret"]
    assert settings.PRIVATE_KEY_PATH == created.key_file.resolve() and not settings.dry_run
    assert settings.is_self(f"{app['slug']}[bot]")
    # no secret reaches the terminal
    printed = "\n".join(flow.lines)
    for secret in (app["client_secret"], app["webhook_secret"], app["pem"][40:80]):
        assert secret not in printed

    # the stored key signs JWTs GitHub accepts (the fake checks them with the App's public key)
    api = GitHubAPI(settings.APP_ID, settings.PRIVATE_KEY_PATH.read_text(), 7, base_url=settings.GITHUB_API_URL,
                    seconds_between_requests=0, seconds_between_writes=0)
    assert api.token() in fake.tokens
    assert str(fake.jwt_claims[-1]["iss"]) == str(app["id"])
    # the conversion is made by no App (no credentials yet); the token request is the App's
    assert fake.recorded[0]["url"].endswith("/conversions") and fake.auth[0] is None
    assert_valid_github_requests(fake.recorded[:1], tmp_path)
    assert_valid_github_requests(fake.recorded[1:], tmp_path, "--github-app")


def test_the_conversion_answer_is_held_to_github_s_schema(github):
    fake, server = github
    status, headers, _ = fake.handle_web("POST", "/settings/apps/new", "state=s",
                                         b"manifest=" + requests.utils.quote(MANIFEST.read_text()).encode())
    code = parse_qs(urlsplit(headers["Location"]).query)["code"][0]
    app = exchange(server.url, code)
    validate_response("/app-manifests/{code}/conversions", "post", "201", app)
    with pytest.raises(AppCreateError, match="HTTP 404.*single-use"):
        exchange(server.url, code)                      # a code works once


def test_a_wrong_state_is_refused_and_stores_nothing(github, tmp_path):
    fake, server = github
    out = tmp_path / "creds"
    flow = Flow(webhook_url=WEBHOOK, out=out, github_url=server.url.removesuffix("/api/v3"), timeout=3)
    r = requests.get(flow.local + "/callback?code=abc&state=forged", timeout=10)
    assert r.status_code == 400 and "Nothing was stored" in r.text
    assert requests.get(flow.local + "/callback?state=", timeout=10).status_code == 400
    flow.join()
    assert isinstance(flow.error, AppCreateError) and "nothing was stored" in str(flow.error)
    assert not out.exists() or not any(out.iterdir())
    assert fake.recorded == []                          # no code was exchanged


def test_existing_credentials_are_never_overwritten(tmp_path):
    (tmp_path / "crashfix.env").write_text("CRASHFIX_APP_ID=1\n")
    with pytest.raises(AppCreateError, match="exists"):
        create_app(webhook_url=WEBHOOK, out=tmp_path, timeout=1, announce=lambda _: None)
    assert (tmp_path / "crashfix.env").read_text() == "CRASHFIX_APP_ID=1\n"


def test_bad_input_gets_one_clear_line(tmp_path):
    with pytest.raises(AppCreateError, match="--webhook-url must be an http"):
        create_app(webhook_url="crashfix.example.org/webhook", out=tmp_path, timeout=1, announce=lambda _: None)
    bad = tmp_path / "m.json"
    bad.write_text("{not json")
    with pytest.raises(AppCreateError, match="cannot read the manifest"):
        create_app(webhook_url=WEBHOOK, out=tmp_path, manifest_path=bad, timeout=1, announce=lambda _: None)


def test_org_and_enterprise_urls():
    assert new_app_url("https://github.com", None, "s") == "https://github.com/settings/apps/new?state=s"
    assert new_app_url("https://github.com", "acme", "s") == \
        "https://github.com/organizations/acme/settings/apps/new?state=s"
    assert new_app_url("https://ghe.acme.test/", "acme", "s") == \
        "https://ghe.acme.test/organizations/acme/settings/apps/new?state=s"
    assert api_url_for("https://github.com") == "https://api.github.com"
    assert api_url_for("https://ghe.acme.test") == "https://ghe.acme.test/api/v3"


def test_the_org_flow_posts_to_the_org_page(github, tmp_path):
    fake, server = github
    flow = Flow(webhook_url=WEBHOOK, out=tmp_path, github_url=server.url.removesuffix("/api/v3"), org="acme",
                name="crashfix-acme", timeout=20)
    form = _form(flow.local + "/")
    assert urlsplit(form.action).path == "/organizations/acme/settings/apps/new"
    r = requests.post(form.action, data=form.fields, allow_redirects=True, timeout=10)
    assert r.status_code == 200
    created = flow.join()
    assert created.slug == "crashfix-acme" and fake.apps[0]["owner"]["login"] == "acme"


def test_the_command_line(github, tmp_path):
    """`crashfix app create` as a person runs it: prints where to go, exits 0, no secret on screen."""
    import socket
    import subprocess
    import sys
    import time
    fake, server = github
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "app", "create", "--webhook-url", WEBHOOK,
                             "--out", str(tmp_path / "creds"), "--github-url", server.url.removesuffix("/api/v3"),
                             "--port", str(port), "--key-path", "/run/secrets/github-app.pem"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                form = _form(f"http://127.0.0.1:{port}/")
                break
            except requests.ConnectionError:
                assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read() if proc.poll() else ""
                time.sleep(0.1)
        assert requests.post(form.action, data=form.fields, timeout=10).status_code == 200
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    app = fake.apps[0]
    assert f"open http://127.0.0.1:{port}/" in out and f"/apps/{app['slug']}/installations/new" in out
    assert app["client_secret"] not in out + err and app["webhook_secret"] not in out + err
    env = _env(tmp_path / "creds" / "crashfix.env")
    assert env["CRASHFIX_PRIVATE_KEY_PATH"] == "/run/secrets/github-app.pem"
    again = subprocess.run([sys.executable, "-m", "bot.cli.main", "app", "create", "--webhook-url", WEBHOOK,
                            "--out", str(tmp_path / "creds")], capture_output=True, text=True, timeout=30)
    assert again.returncode == 2 and "exists" in again.stderr and again.stderr.count("\n") == 1
