"""`crashfix app create`: register the GitHub App from deploy/app-manifest.json (GitHub's manifest flow).

1. Serve a page on 127.0.0.1 whose form POSTs the manifest to GitHub's "new App" page
   (``/settings/apps/new``, ``/organizations/ORG/settings/apps/new`` with ``--org``; GitHub Enterprise
   Server at ``--github-url``), with a random ``state``.
2. The person confirms on GitHub; GitHub redirects the browser to ``redirect_url`` (this server's
   ``/callback``) with ``?code=...&state=...``. A wrong state is refused and the wait goes on.
3. ``POST /app-manifests/{code}/conversions`` (no authentication) turns the code into the App's
   id, slug, client id/secret, webhook secret and private key.
4. Write ``<out>/<slug>.private-key.pem`` and ``<out>/crashfix.env`` (the variable names of
   bot/settings.py), both 0600; existing files are never overwritten. No secret is printed.
"""
from __future__ import annotations

import html
import json
import logging
import os
import queue
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, quote, urlsplit

import requests

from bot.github.api import DEFAULT_API_URL, web_url

log = logging.getLogger(__name__)
MANIFEST = Path(__file__).resolve().parents[2] / "deploy" / "app-manifest.json"
ENV_FILE = "crashfix.env"


class AppCreateError(Exception):
    """One line saying what went wrong and what to do."""


@dataclass(frozen=True)
class Created:
    app_id: int
    slug: str
    env_file: Path
    key_file: Path
    install_url: str


def api_url_for(github_url: str) -> str:
    """https://github.com -> https://api.github.com; https://HOST -> https://HOST/api/v3 (Enterprise Server)."""
    base = github_url.rstrip("/")
    return DEFAULT_API_URL if base in ("https://github.com", "https://www.github.com") else f"{base}/api/v3"


def load_manifest(path: Path, *, webhook_url: str, redirect_url: str, name: str | None = None,
                  homepage: str | None = None, callback_urls: list[str] | None = None,
                  public: bool = False) -> dict:
    """The manifest at ``path`` with this deployment's URLs filled in."""
    try:
        manifest = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        raise AppCreateError(f"cannot read the manifest {path}: {exc}") from None
    if not webhook_url.startswith(("https://", "http://")):
        raise AppCreateError(f"--webhook-url must be an http(s) URL GitHub can reach, got {webhook_url!r}")
    manifest["hook_attributes"] = {**manifest.get("hook_attributes", {}), "url": webhook_url}
    manifest["redirect_url"] = redirect_url
    manifest["public"] = public
    if name:
        manifest["name"] = name
    if homepage:
        manifest["url"] = homepage
    if callback_urls:
        if len(callback_urls) > 10:
            raise AppCreateError("GitHub accepts at most 10 callback URLs")
        manifest["callback_urls"] = list(callback_urls)
    return manifest


def new_app_url(github_url: str, org: str | None, state: str) -> str:
    base = github_url.rstrip("/")
    where = f"/organizations/{quote(org, safe='')}/settings/apps/new" if org else "/settings/apps/new"
    return f"{base}{where}?state={quote(state, safe='')}"


def form_page(action: str, manifest: dict) -> str:
    """The page that POSTs the manifest to GitHub (one button; submitted at once where JS runs)."""
    value = html.escape(json.dumps(manifest), quote=True)
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Create the crashfix GitHub App</title></head>"
        "<body><h1>Create the crashfix GitHub App</h1>"
        f"<p>Registers <b>{html.escape(manifest.get('name', ''))}</b> with webhook "
        f"<code>{html.escape(manifest['hook_attributes']['url'])}</code> on "
        f"<code>{html.escape(action.split('?')[0])}</code>.</p>"
        f"<form id='manifest-form' method='post' action='{html.escape(action, quote=True)}'>"
        f"<input type='hidden' name='manifest' value='{value}'>"
        "<button type='submit'>Create the GitHub App</button></form>"
        "<script>document.getElementById('manifest-form').submit()</script></body></html>")


def exchange(api_url: str, code: str, *, timeout: float = 30.0) -> dict:
    """``POST /app-manifests/{code}/conversions``: the new App with its secrets (201)."""
    url = f"{api_url.rstrip('/')}/app-manifests/{quote(code, safe='')}/conversions"
    try:
        r = requests.post(url, headers={"Accept": "application/vnd.github+json",
                                        "X-GitHub-Api-Version": "2022-11-28"}, timeout=timeout)
    except requests.RequestException as exc:
        raise AppCreateError(f"cannot reach {api_url}: {exc}") from None
    if r.status_code != 201:
        try:
            message = r.json().get("message", "")
        except ValueError:
            message = r.text[:200]
        hint = " (the code is single-use and expires after an hour: run the command again)" \
            if r.status_code in (404, 422) else ""
        raise AppCreateError(f"GitHub refused the manifest code: HTTP {r.status_code} {message}{hint}")
    app = r.json()
    missing = [k for k in ("id", "slug", "pem", "client_id", "client_secret") if not app.get(k)]
    if missing:
        raise AppCreateError(f"GitHub's answer lacks {', '.join(missing)}")
    return app


def _write_private(path: Path, text: str) -> None:
    """Create ``path`` with mode 0600; never overwrite."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise AppCreateError(f"{path} exists; move it away or pass another --out") from None
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.chmod(path, 0o600)


def env_text(app: dict, key_path: str, api_url: str) -> str:
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"# GitHub App {app['slug']} (id {app['id']}), written by `crashfix app create` on {when}.",
             "# Secrets: keep this file 0600 and out of version control.",
             f"CRASHFIX_APP_ID={app['id']}",
             f"CRASHFIX_PRIVATE_KEY_PATH={key_path}",
             f"CRASHFIX_BOT_LOGIN={app['slug']}[bot]",
             f"CRASHFIX_OAUTH_CLIENT_ID={app['client_id']}",
             f"CRASHFIX_OAUTH_CLIENT_SECRET={app['client_secret']}"]
    if app.get("webhook_secret"):
        lines.append(f"CRASHFIX_WEBHOOK_SECRET={app['webhook_secret']}")
    else:
        lines.append("# CRASHFIX_WEBHOOK_SECRET=  GitHub returned none: set one on the App's settings page and here")
    if api_url.rstrip("/") != DEFAULT_API_URL:
        lines.append(f"CRASHFIX_GITHUB_API_URL={api_url.rstrip('/')}")
    return "\n".join(lines) + "\n"


def store(app: dict, out: Path, api_url: str, key_path_in_env: str | None = None) -> tuple[Path, Path]:
    """Write the PEM and the env file (0600 each) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    env_file, key_file = out / ENV_FILE, out / f"{app['slug']}.private-key.pem"
    for path in (env_file, key_file):
        if path.exists():
            raise AppCreateError(f"{path} exists; move it away or pass another --out")
    _write_private(key_file, app["pem"])
    _write_private(env_file, env_text(app, key_path_in_env or str(key_file.resolve()), api_url))
    return env_file, key_file


class _CallbackServer:
    """127.0.0.1:PORT: ``/`` is the form page, ``/callback`` receives GitHub's redirect."""

    def __init__(self, port: int, state: str, page: Callable[[], str]):
        self.codes: queue.Queue[str] = queue.Queue()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, fmt, *args):
                log.debug("app create: " + fmt, *args)

            def _send(self, status: int, body: str) -> None:
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                parts = urlsplit(self.path)
                if parts.path == "/":
                    return self._send(200, page())
                if parts.path != "/callback":
                    return self._send(404, "<p>not found</p>")
                q = parse_qs(parts.query)
                code, got = q.get("code", [""])[0], q.get("state", [""])[0]
                if not secrets.compare_digest(got.encode(), state.encode()):
                    log.warning("app create: a callback with a wrong state was refused")
                    return self._send(400, "<p>Wrong or missing state: this is not the request this "
                                           "command started. Nothing was stored.</p>")
                if not code:
                    return self._send(400, "<p>No code in the callback. Nothing was stored.</p>")
                outer.codes.put(code)
                return self._send(200, "<p>GitHub App created. Back to the terminal; you can close this tab.</p>")

        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def create_app(*, webhook_url: str, out: Path, github_url: str = "https://github.com", org: str | None = None,
               name: str | None = None, homepage: str | None = None, callback_urls: list[str] | None = None,
               public: bool = False, manifest_path: Path = MANIFEST, port: int = 0, timeout: float = 3600.0,
               key_path_in_env: str | None = None, announce: Callable[[str], None] = print,
               ready: Callable[[str], None] | None = None) -> Created:
    """Run the whole flow; ``ready(url)`` is called with the local page's URL once it serves."""
    if (out / ENV_FILE).exists():               # refuse before GitHub creates an App we cannot store
        raise AppCreateError(f"{out / ENV_FILE} exists; move it away or pass another --out")
    state = secrets.token_urlsafe(24)
    api_url = api_url_for(github_url)
    holder: dict[str, str] = {}
    with _CallbackServer(port, state, lambda: holder["page"]) as server:
        local = f"http://127.0.0.1:{server.port}"
        manifest = load_manifest(manifest_path, webhook_url=webhook_url, redirect_url=f"{local}/callback",
                                 name=name, homepage=homepage, callback_urls=callback_urls, public=public)
        holder["page"] = form_page(new_app_url(github_url, org, state), manifest)
        announce(f"open {local}/ in a browser on this machine and confirm on GitHub "
                 f"(waiting up to {int(timeout)} s)")
        if ready:
            ready(local)
        try:
            code = server.codes.get(timeout=timeout)
        except queue.Empty:
            raise AppCreateError(f"no callback from GitHub within {int(timeout)} s; nothing was stored") from None
    app = exchange(api_url, code)
    env_file, key_file = store(app, out, api_url, key_path_in_env)
    install = f"{web_url(api_url)}/apps/{app['slug']}/installations/new"
    announce(f"created the GitHub App {app['slug']} (id {app['id']}); credentials in {env_file} and {key_file} (0600)")
    announce(f"install it on your repositories: {install}")
    return Created(int(app["id"]), app["slug"], env_file, key_file, install)
