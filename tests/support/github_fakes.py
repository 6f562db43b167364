"""Test helpers for everything that talks to GitHub: no real GitHub is reachable from here.

* `FakeGitHub`: a small stateful imitation of the REST endpoints the bot uses, answering with
  JSON shaped like GitHub's (``url`` fields without a port, ``number``, ``id``…). Every request
  is RECORDED as ``{"method", "url", "json"}`` (URLs rewritten to ``https://api.github.com/...``)
  for `assert_valid_github_requests`, which runs GitHub's OpenAPI checker on them.
  Serve it with `responses` (`fake.install(rs)`) or over real HTTP (`FakeGitHubServer`, a
  GitHub Enterprise-style ``http://127.0.0.1:PORT/api/v3`` — needed where urllib3's own retry
  sleeps must run, which `responses` skips).
* `rsa_private_key()`: a real RSA key for App JWTs; the fake verifies the JWT with it.
* `sign()` / `webhook_headers()`: X-Hub-Signature-256 for webhook deliveries.
* `GitHTTPServer`: a local smart-HTTP git server (Debian's ``git http-backend`` behind
  ``http.server``) that answers 401 unless the request carries the installation token as
  ``Authorization: Basic base64(x-access-token:TOKEN)``.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import threading
import time
import uuid
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlencode, urlsplit

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED = REPO_ROOT.parent / "shared"
GITHUB_SHARED = SHARED / "github"
CHECKER = GITHUB_SHARED / "check_requests.py"
GIT_HTTP_BACKEND = Path("/usr/lib/git-core/git-http-backend")
API = "https://api.github.com"


# -- keys and signatures ---------------------------------------------------------------------

def rsa_private_key() -> str:
    """A fresh 2048-bit RSA key, PEM (what GitHub hands out for an App)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
                             serialization.NoEncryption()).decode()


def public_key_of(private_pem: str):
    from cryptography.hazmat.primitives import serialization
    return serialization.load_pem_private_key(private_pem.encode(), password=None).public_key()


def sign(secret: str, body: bytes) -> str:
    """The X-Hub-Signature-256 value GitHub sends for ``body``."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def webhook_headers(event: str, body: bytes, secret: str | None, app_id: int = 424242, **extra: str) -> dict:
    headers = {"X-GitHub-Event": event, "X-GitHub-Delivery": str(uuid.uuid4()),
               "X-GitHub-Hook-ID": "123456789", "X-GitHub-Hook-Installation-Target-ID": str(app_id),
               "X-GitHub-Hook-Installation-Target-Type": "integration",
               "User-Agent": "GitHub-Hookshot/044aadd", "Content-Type": "application/json"}
    if secret is not None:
        headers["X-Hub-Signature-256"] = sign(secret, body)
    return {**headers, **extra}


def assert_valid_github_requests(recorded: list[dict], tmp_path: Path, *options: str) -> str:
    """Run shared/github/check_requests.py on the recorded requests; assert it exits 0."""
    assert recorded, "no GitHub request was recorded"
    log = tmp_path / f"requests-{uuid.uuid4().hex[:8]}.jsonl"
    log.write_text("".join(json.dumps({k: r[k] for k in ("method", "url", "json") if k in r}) + "\n"
                           for r in recorded))
    out = subprocess.run([sys.executable, str(CHECKER), str(log), *options], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


# -- the fake REST API -----------------------------------------------------------------------

def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class FakeGitHub:
    """State for a few repos; `handle()` answers one request the way GitHub would."""

    def __init__(self, api_base: str = API, *, app_id: int = 4242, private_key: str | None = None,
                 token_ttl: float = 3600.0):
        self.api_base = api_base.rstrip("/")
        self.app_id, self.public_key = app_id, public_key_of(private_key) if private_key else None
        self.token_ttl = token_ttl
        self.recorded: list[dict] = []          # {"method", "url", "json"?}: what the checker reads
        self.auth: list[str | None] = []        # the Authorization header of each request
        self.jwt_claims: list[dict] = []
        self.tokens: list[str] = []
        self.repos: dict[str, dict] = {}
        self.issues: dict[tuple[str, int], dict] = {}
        self.comments: dict[int, dict] = {}
        self.reactions: list[dict] = []
        self.pulls: dict[tuple[str, int], dict] = {}
        self.files: dict[tuple[str, str], str] = {}       # (repo, path) -> text, default branch
        self.roles: dict[tuple[str, str], tuple[str, str]] = {}   # (repo, user) -> (permission, role_name)
        self.check_runs: list[dict] = []
        self.deleted_refs: list[tuple[str, str]] = []
        self.failures: list[dict] = []
        self.on_delete_ref = None                # (repo, branch) -> None: e.g. delete it on a git server too
        self.allow_drafts = True
        self.manifest_codes: dict[str, dict] = {}          # manifest flow: code -> registration (single use)
        self.apps: list[dict] = []                          # Apps created from a manifest (with their secrets)
        self.web: list[dict] = []                           # github.com page requests (not REST: not checked)
        self._ids = 1000
        self._lock = threading.RLock()

    # set-up ---------------------------------------------------------------------------------
    def add_repo(self, repo: str, default_branch: str = "main") -> dict:
        owner, name = repo.split("/")
        self.repos[repo] = {"id": self._id(), "node_id": "R_x", "name": name, "full_name": repo,
                            "private": False, "default_branch": default_branch,
                            "owner": self._user(owner, "Organization"),
                            "url": f"{self.api_base}/repos/{repo}", "html_url": f"https://github.com/{repo}"}
        return self.repos[repo]

    def add_issue(self, repo: str, number: int, title: str = "crash", body: str = "", *, state: str = "open",
                  locked: bool = False, labels: tuple[str, ...] = (), pull_request: bool = False) -> dict:
        self.repos.get(repo) or self.add_repo(repo)
        issue = {"id": self._id(), "node_id": "I_x", "number": number, "title": title, "body": body,
                 "state": state, "locked": locked, "labels": [self._label(repo, n) for n in labels],
                 "user": self._user("reporter"), "comments": 0,
                 "url": f"{self.api_base}/repos/{repo}/issues/{number}",
                 "html_url": f"https://github.com/{repo}/issues/{number}",
                 "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
        if pull_request:
            issue["pull_request"] = {"url": f"{self.api_base}/repos/{repo}/pulls/{number}"}
        self.issues[(repo, number)] = issue
        return issue

    def add_pull(self, repo: str, number: int, head: str, *, body: str = "", author: str = "someone",
                 head_repo: str | None = None) -> dict:
        pull = self._pull(repo, number, head, "main", f"PR {number}", body, False, author)
        if head_repo:
            pull["head"]["repo"] = {"full_name": head_repo}
        self.pulls[(repo, number)] = pull
        return pull

    def fail_next(self, method: str, path: str, status: int, *, headers: dict | None = None,
                  body: dict | None = None, times: int = 1, after: bool = False, delay: float = 0.0) -> None:
        """The next ``times`` requests matching (method, path regex) get this answer instead.
        ``after``: the request is carried out first (the comment is created), then this answer is
        sent -- GitHub failing after it did the work; ``delay``: seconds before answering (past the
        client's timeout, the answer is lost)."""
        self.failures.append({"method": method, "path": re.compile(path), "status": status,
                              "headers": headers or {}, "body": body or {"message": "Server Error"},
                              "times": times, "after": after, "delay": delay})

    # helpers ----------------------------------------------------------------------------------
    def _id(self) -> int:
        with self._lock:
            self._ids += 1
            return self._ids

    def _user(self, login: str, kind: str = "User") -> dict:
        return {"login": login, "id": abs(hash(login)) % 10**7, "node_id": "U_x", "type": kind,
                "url": f"{self.api_base}/users/{login}", "html_url": f"https://github.com/{login}"}

    def _label(self, repo: str, name: str) -> dict:
        return {"id": abs(hash(name)) % 10**7, "node_id": "L_x", "name": name, "color": "ededed",
                "default": False, "url": f"{self.api_base}/repos/{repo}/labels/{name}"}

    def _pull(self, repo, number, head, base, title, body, draft, author="crashfix[bot]") -> dict:
        owner = repo.split("/")[0]
        return {"id": self._id(), "node_id": "PR_x", "number": number, "state": "open", "title": title,
                "body": body, "draft": draft, "user": self._user(author, "Bot" if "[bot]" in author else "User"),
                "head": {"ref": head, "label": f"{owner}:{head}", "sha": "f" * 40, "repo": {"full_name": repo}},
                "base": {"ref": base, "label": f"{owner}:{base}", "sha": "e" * 40, "repo": {"full_name": repo}},
                "url": f"{self.api_base}/repos/{repo}/pulls/{number}",
                "html_url": f"https://github.com/{repo}/pull/{number}",
                "issue_url": f"{self.api_base}/repos/{repo}/issues/{number}",
                "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}

    def writes(self) -> list[dict]:
        return [r for r in self.recorded if r["method"] != "GET"]

    def calls(self, method: str, pattern: str) -> list[dict]:
        rx = re.compile(pattern)
        return [r for r in self.recorded if r["method"] == method and rx.search(urlsplit(r["url"]).path)]

    # the handler --------------------------------------------------------------------------------
    def handle(self, method: str, path: str, query: str, body: bytes | str | None,
               headers: dict) -> tuple[int, dict, str]:
        """Answer one request: (status, headers, JSON text). ``path`` without any /api/v3 prefix."""
        raw = body.decode() if isinstance(body, bytes) else body
        data = json.loads(raw) if raw else None
        url = API + path + (f"?{query}" if query else "")
        with self._lock:
            self.recorded.append({"method": method, "url": url, **({"json": data} if raw else {})})
            self.auth.append(headers.get("Authorization") or headers.get("authorization"))
            fault = next((f for f in self.failures
                          if f["times"] > 0 and f["method"] == method and f["path"].search(path)), None)
            if fault is not None:
                fault["times"] -= 1
                if not fault.get("after"):
                    return fault["status"], fault["headers"], json.dumps(fault["body"])
        try:
            with self._lock:                    # one request at a time, as a consistent store would
                status, reply, extra = self._route(method, path, parse_qs(query), data, headers)
        except KeyError:
            status, reply, extra = 404, {"message": "Not Found",
                                         "documentation_url": "https://docs.github.com/rest"}, {}
        if fault is not None:                   # done, and yet GitHub answers the failure
            time.sleep(fault.get("delay") or 0)
            return fault["status"], fault["headers"], json.dumps(fault["body"])
        return status, {"Content-Type": "application/json; charset=utf-8", **extra}, \
            ("" if reply is None else json.dumps(reply))

    # the manifest flow: github.com's "new App" page, then the REST conversion ------------------
    def handle_web(self, method: str, path: str, query: str, body: bytes | None) -> tuple[int, dict, str]:
        """github.com pages: POST /settings/apps/new or /organizations/ORG/settings/apps/new with a
        form field ``manifest``. The person's confirmation is skipped: answer 302 to the manifest's
        ``redirect_url`` with ``code`` and the request's ``state``, as GitHub does after it."""
        form = parse_qs(body.decode() if body else "")
        self.web.append({"method": method, "path": path, "query": query, "form": form})
        m = re.fullmatch(r"(?:/organizations/([^/]+))?/settings/apps/new", path)
        if not m or method != "POST":
            return 404, {"Content-Type": "text/html"}, "<p>Not Found</p>"
        try:
            manifest = json.loads(form["manifest"][0])
            hook, url = manifest["hook_attributes"]["url"], manifest["url"]
        except (KeyError, IndexError, TypeError, ValueError):
            return 422, {"Content-Type": "text/html"}, "<p>Invalid GitHub App configuration</p>"
        code = uuid.uuid4().hex
        owner = unquote(m.group(1)) if m.group(1) else "octocat"
        self.manifest_codes[code] = {"manifest": manifest, "owner": owner, "hook": hook, "url": url}
        state = parse_qs(query).get("state", [""])[0]
        target = manifest.get("redirect_url") or url
        return 302, {"Location": f"{target}?{urlencode({'code': code, 'state': state})}"}, ""

    def _conversion(self, code: str) -> tuple[int, dict, dict]:
        reg = self.manifest_codes.pop(code, None)
        if reg is None:
            raise KeyError(code)
        manifest, now = reg["manifest"], _iso(datetime.now(timezone.utc))
        app_id = self._id()
        name = manifest.get("name") or f"app-{app_id}"
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        owner = {**self._user(reg["owner"], "Organization" if reg["owner"] != "octocat" else "User"),
                 "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4", "gravatar_id": "",
                 "site_admin": False}
        for field in ("followers", "following", "gists", "starred", "subscriptions", "organizations", "repos",
                      "events", "received_events"):
            owner[f"{field}_url"] = f"{self.api_base}/users/{reg['owner']}/{field}"
        pem = rsa_private_key()
        app = {"id": app_id, "slug": slug, "node_id": "A_x", "owner": owner, "name": name,
               "description": manifest.get("description", ""), "external_url": reg["url"],
               "html_url": f"https://github.com/apps/{slug}", "created_at": now, "updated_at": now,
               "permissions": dict(manifest.get("default_permissions") or {}),
               "events": list(manifest.get("default_events") or []),
               "client_id": f"Iv23li{uuid.uuid4().hex[:14]}", "client_secret": uuid.uuid4().hex + uuid.uuid4().hex[:8],
               "webhook_secret": uuid.uuid4().hex, "pem": pem}
        self.apps.append(app)
        self.app_id, self.public_key = app_id, public_key_of(pem)    # its JWTs are what the fake checks now
        return 201, app, {}

    def _route(self, method: str, path: str, q: dict, data, headers) -> tuple[int, object, dict]:
        m = re.fullmatch(r"/app-manifests/([^/]+)/conversions", path)
        if m and method == "POST":
            return self._conversion(unquote(m.group(1)))
        m = re.fullmatch(r"/app/installations/(\d+)/access_tokens", path)
        if m and method == "POST":
            return 201, self._new_token(headers), {}
        m = re.fullmatch(r"/users/([^/]+)", path)
        if m and method == "GET":
            return 200, {**self._user(unquote(m.group(1)), "Bot"), "id": 987654}, {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)(/.*)?", path)
        if not m:
            raise KeyError(path)
        repo, rest = unquote(m.group(1)), m.group(2) or ""
        r = self.repos[repo]
        if rest == "" and method == "GET":
            return 200, r, {}
        if (m := re.fullmatch(r"/collaborators/([^/]+)/permission", rest)) and method == "GET":
            user = unquote(m.group(1))
            perm, role = self.roles[(repo, user)]
            return 200, {"permission": perm, "role_name": role, "user": self._user(user)}, {}
        if rest == "/issues" and method == "GET":
            items = sorted((i for (rp, _), i in self.issues.items() if rp == repo and i["state"] == "open"),
                           key=lambda i: -i["number"])
            return self._paginate(path, q, items)
        if (m := re.fullmatch(r"/issues/(\d+)", rest)) and method == "GET":
            return 200, self.issues[(repo, int(m.group(1)))], {}
        if (m := re.fullmatch(r"/issues/(\d+)/labels", rest)) and method == "POST":
            issue = self.issues[(repo, int(m.group(1)))]
            names = data["labels"] if isinstance(data, dict) else data
            have = {lab["name"] for lab in issue["labels"]}
            issue["labels"] += [self._label(repo, n) for n in names if n not in have]
            return 200, issue["labels"], {}
        if (m := re.fullmatch(r"/issues/(\d+)/comments", rest)) and method == "GET":
            number = int(m.group(1))
            self.issues[(repo, number)]
            items = sorted((c for c in self.comments.values()
                            if c["number"] == number and c["issue_url"].endswith(f"/repos/{repo}/issues/{number}")),
                           key=lambda c: c["id"])
            return self._paginate(path, q, [{k: v for k, v in c.items() if k not in ("number", "edits")}
                                            for c in items])
        if (m := re.fullmatch(r"/issues/(\d+)/comments", rest)) and method == "POST":
            number = int(m.group(1))
            self.issues[(repo, number)]
            cid = self._id()
            c = {"id": cid, "node_id": "IC_x", "body": data["body"], "user": self._user("crashfix[bot]", "Bot"),
                 "url": f"{self.api_base}/repos/{repo}/issues/comments/{cid}",
                 "html_url": f"https://github.com/{repo}/issues/{number}#issuecomment-{cid}",
                 "issue_url": f"{self.api_base}/repos/{repo}/issues/{number}", "number": number,
                 "created_at": _iso(datetime.now(timezone.utc)), "updated_at": _iso(datetime.now(timezone.utc)),
                 "edits": 0}
            self.comments[cid] = c
            return 201, c, {}
        if (m := re.fullmatch(r"/issues/comments/(\d+)", rest)) and method == "PATCH":
            c = self.comments[int(m.group(1))]
            c["body"], c["edits"] = data["body"], c["edits"] + 1
            return 200, c, {}
        if (m := re.fullmatch(r"/issues/comments/(\d+)/reactions", rest)) and method == "POST":
            self.comments[int(m.group(1))]
            reaction = {"id": self._id(), "content": data["content"], "user": self._user("crashfix[bot]", "Bot"),
                        "comment_id": int(m.group(1)), "created_at": _iso(datetime.now(timezone.utc))}
            self.reactions.append(reaction)
            return 201, reaction, {}
        if (m := re.fullmatch(r"/git/refs/heads/(.+)", rest)) and method == "DELETE":
            self.deleted_refs.append((repo, unquote(m.group(1))))
            if self.on_delete_ref is not None:
                self.on_delete_ref(repo, unquote(m.group(1)))
            return 204, None, {}
        if (m := re.fullmatch(r"/contents/(.+)", rest)) and method == "GET":
            rel = unquote(m.group(1))
            text = self.files[(repo, rel)]
            raw = text.encode()
            return 200, {"type": "file", "encoding": "base64", "size": len(raw), "name": rel.rsplit("/", 1)[-1],
                         "path": rel, "sha": hashlib.sha1(raw).hexdigest(),
                         "content": base64.encodebytes(raw).decode(),
                         "url": f"{self.api_base}/repos/{repo}/contents/{rel}"}, {}
        if (m := re.fullmatch(r"/git/trees/([^/]+)", rest)) and method == "GET":
            return self._tree(repo, unquote(m.group(1)), "recursive" in q)
        if rest == "/pulls" and method == "GET":
            items = [p for (rp, _), p in self.pulls.items() if rp == repo and p["state"] == "open"]
            if "head" in q:
                items = [p for p in items if p["head"]["label"] == q["head"][0]]
            return self._paginate(path, q, sorted(items, key=lambda p: -p["number"]))
        if rest == "/pulls" and method == "POST":
            owner = repo.split("/")[0]
            label = data["head"] if ":" in data["head"] else f"{owner}:{data['head']}"
            if any(p["head"]["label"] == label and p["state"] == "open"
                   for (rp, _), p in self.pulls.items() if rp == repo):
                return 422, {"message": "Validation Failed", "errors": [
                    {"resource": "PullRequest", "code": "custom",
                     "message": f"A pull request already exists for {label}."}]}, {}
            if data.get("draft") and not self.allow_drafts:
                return 422, {"message": "Validation Failed", "errors": [
                    {"resource": "PullRequest", "code": "custom",
                     "message": "Draft pull requests are not supported in this repository."}]}, {}
            number = max([n for (rp, n) in list(self.issues) + list(self.pulls) if rp == repo] or [0]) + 1
            pull = self._pull(repo, number, data["head"], data["base"], data["title"], data.get("body") or "",
                              bool(data.get("draft")))
            self.pulls[(repo, number)] = pull
            return 201, pull, {}
        if (m := re.fullmatch(r"/pulls/(\d+)", rest)) and method == "PATCH":
            pull = self.pulls[(repo, int(m.group(1)))]
            pull.update({k: v for k, v in data.items() if k in ("title", "body", "state")})
            return 200, pull, {}
        if rest == "/check-runs" and method == "POST":
            cid = self._id()
            run = {"id": cid, "node_id": "CR_x", "head_sha": data["head_sha"], "name": data["name"],
                   "status": data.get("status") or "queued", "conclusion": data.get("conclusion"),
                   "details_url": data.get("details_url"), "external_id": data.get("external_id"),
                   "output": data.get("output"), "url": f"{self.api_base}/repos/{repo}/check-runs/{cid}",
                   "html_url": f"https://github.com/{repo}/runs/{cid}"}
            self.check_runs.append({**run, "repo": repo})
            return 201, run, {}
        if (m := re.fullmatch(r"/check-runs/(\d+)", rest)) and method == "PATCH":
            run = next((r for r in self.check_runs if r["id"] == int(m.group(1)) and r["repo"] == repo), None)
            if run is None:
                raise KeyError(path)
            if run["status"] == "completed" and data.get("status") not in (None, "completed"):
                return 422, {"message": "Validation Failed", "errors": [
                    {"resource": "CheckRun", "code": "custom", "message": "a completed check run stays completed"}]}, {}
            run.update({k: v for k, v in data.items() if k in ("status", "conclusion", "output", "details_url",
                                                               "name", "external_id", "completed_at")})
            return 200, {k: v for k, v in run.items() if k != "repo"}, {}
        if (m := re.fullmatch(r"/issues/(\d+)/labels/(.+)", rest)) and method == "DELETE":
            issue = self.issues[(repo, int(m.group(1)))]
            name = unquote(m.group(2))
            if not any(lab["name"] == name for lab in issue["labels"]):
                return 404, {"message": "Label does not exist",
                             "documentation_url": "https://docs.github.com/rest/issues/labels"}, {}
            issue["labels"] = [lab for lab in issue["labels"] if lab["name"] != name]
            return 200, issue["labels"], {}
        raise KeyError(path)

    def _tree(self, repo: str, ref: str, recursive: bool) -> tuple[int, dict, dict]:
        """GET /repos/{o}/{r}/git/trees/{ref}: the default branch's files (by branch name or the
        tree's sha); directories as `tree` entries; only the top level unless `recursive`."""
        paths = sorted(p for (rp, p) in self.files if rp == repo)
        if not paths:
            return 409, {"message": "Git Repository is empty.",
                         "documentation_url": "https://docs.github.com/rest/git/trees#get-a-tree"}, {}
        tree_sha = hashlib.sha1(("\n".join(paths)).encode()).hexdigest()
        if ref not in (self.repos[repo]["default_branch"], tree_sha):
            raise KeyError(ref)
        base = f"{self.api_base}/repos/{repo}/git"
        dirs = sorted({"/".join(p.split("/")[:k]) for p in paths for k in range(1, p.count("/") + 1)})
        entries = []
        for d in dirs:
            entries.append({"path": d, "mode": "040000", "type": "tree",
                            "sha": hashlib.sha1(d.encode()).hexdigest(), "url": f"{base}/trees/{d}"})
        for p in paths:
            raw = self.files[(repo, p)].encode()
            sha = hashlib.sha1(b"blob %d\0" % len(raw) + raw).hexdigest()
            entries.append({"path": p, "mode": "100644", "type": "blob", "sha": sha, "size": len(raw),
                            "url": f"{base}/blobs/{sha}"})
        if not recursive:
            entries = [e for e in entries if "/" not in e["path"]]
        entries.sort(key=lambda e: e["path"])
        return 200, {"sha": tree_sha, "url": f"{base}/trees/{tree_sha}", "tree": entries, "truncated": False}, {}

    def _paginate(self, path: str, q: dict, items: list) -> tuple[int, list, dict]:
        per = int(q.get("per_page", ["30"])[0])
        page = int(q.get("page", ["1"])[0])
        chunk = items[(page - 1) * per: page * per]
        headers = {}
        if page * per < len(items):
            nq = {k: v[0] for k, v in q.items()}
            nq["page"] = str(page + 1)
            headers["Link"] = f'<{self.api_base}{path}?{urlencode(nq)}>; rel="next"'
        return 200, chunk, headers

    def _new_token(self, headers: dict) -> dict:
        auth = headers.get("Authorization") or headers.get("authorization") or ""
        if self.public_key is not None:
            import jwt
            assert auth.startswith("Bearer "), f"the token request must carry the App JWT, got {auth[:20]!r}"
            claims = jwt.decode(auth.split(" ", 1)[1], self.public_key, algorithms=["RS256"],
                                options={"verify_iat": False})
            assert str(claims["iss"]) == str(self.app_id)
            self.jwt_claims.append(claims)
        token = f"ghs_{uuid.uuid4().hex}"
        self.tokens.append(token)
        expires = datetime.now(timezone.utc) + timedelta(seconds=self.token_ttl)
        return {"token": token, "expires_at": _iso(expires), "permissions": {"issues": "write"},
                "repository_selection": "all"}

    # adapters -------------------------------------------------------------------------------------
    def install(self, rs) -> None:
        """Answer every https://api.github.com(:443)/... request made through `responses`."""
        import responses

        def callback(request):
            parts = urlsplit(request.url)
            return self.handle(request.method, parts.path, parts.query, request.body, dict(request.headers))

        for method in (responses.GET, responses.POST, responses.PATCH, responses.PUT, responses.DELETE):
            rs.add_callback(method, re.compile(r"https://api\.github\.com(:443)?/.*"), callback=callback)


class _Server:
    def __init__(self, handler_class):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


class FakeGitHubServer(_Server):
    """`FakeGitHub` over real HTTP, GitHub Enterprise style: ``url`` is http://127.0.0.1:PORT/api/v3."""

    def __init__(self, fake: FakeGitHub):
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _any(self):
                parts = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if parts.path.startswith("/api/v3/"):
                    path = parts.path.removeprefix("/api/v3")
                    status, headers, text = fake.handle(self.command, path, parts.query, body, dict(self.headers))
                else:                                   # github.com pages (the manifest flow)
                    status, headers, text = fake.handle_web(self.command, parts.path, parts.query, body)
                payload = text.encode()
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _any

        super().__init__(Handler)
        self.url = f"http://127.0.0.1:{self.port}/api/v3"
        fake.api_base = self.url


# -- a git server that demands the token ----------------------------------------------------------

def basic_auth(token: str) -> str:
    return "Basic " + base64.b64encode(f"x-access-token:{token}".encode()).decode()


class GitHTTPServer(_Server):
    """Smart-HTTP git for the bare repositories under ``root`` (``http://127.0.0.1:PORT/<name>.git``).

    Every request without ``Authorization: Basic base64(x-access-token:TOKEN)`` gets 401. ``token``
    is one token, or a callable returning the tokens currently valid (e.g. ``lambda: fake.tokens``,
    the installation tokens `FakeGitHub` handed out). ``seen`` records (method, path, authorized?)."""

    def __init__(self, root: Path, token):
        self.root, self.token = Path(root), token
        self.seen: list[tuple[str, str, bool]] = []
        outer = self

        def authorized(header: str) -> bool:
            tokens = outer.token() if callable(outer.token) else [outer.token]
            return any(hmac.compare_digest(header, basic_auth(t)) for t in tokens)

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _any(self):
                parts = urlsplit(self.path)
                ok = authorized(self.headers.get("Authorization", ""))
                outer.seen.append((self.command, parts.path, ok))
                if not ok:
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="crashfix-test"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body = self._body()
                env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                       "GIT_PROJECT_ROOT": str(outer.root), "GIT_HTTP_EXPORT_ALL": "1",
                       "REQUEST_METHOD": self.command, "PATH_INFO": unquote(parts.path),
                       "QUERY_STRING": parts.query, "REMOTE_USER": "x-access-token", "REMOTE_ADDR": "127.0.0.1",
                       "CONTENT_TYPE": self.headers.get("Content-Type", ""),
                       "CONTENT_LENGTH": str(len(body)), "GATEWAY_INTERFACE": "CGI/1.1",
                       "SERVER_PROTOCOL": "HTTP/1.1"}
                if self.headers.get("Content-Encoding"):
                    env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
                if self.headers.get("Git-Protocol"):
                    env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
                out = subprocess.run([str(GIT_HTTP_BACKEND)], input=body, env=env, capture_output=True)
                head, _, payload = out.stdout.partition(b"\r\n\r\n")
                if not _:
                    head, _, payload = out.stdout.partition(b"\n\n")
                status, headers = 200, []
                for line in head.decode("latin-1").splitlines():
                    name, _, value = line.partition(":")
                    if name.lower() == "status":
                        status = int(value.strip().split()[0])
                    elif name:
                        headers.append((name, value.strip()))
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _body(self) -> bytes:
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    chunks = []
                    while True:
                        size = int(self.rfile.readline().strip().split(b";")[0], 16)
                        if size == 0:
                            self.rfile.readline()
                            return b"".join(chunks)
                        chunks.append(self.rfile.read(size))
                        self.rfile.readline()
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            do_GET = do_POST = _any

        super().__init__(Handler)
        self.base = f"http://127.0.0.1:{self.port}"

    def bare(self, name: str, source: Path | None = None) -> Path:
        """A bare repository ``<root>/<name>.git`` (a clone of ``source`` when given)."""
        target = self.root / f"{name}.git"
        target.parent.mkdir(parents=True, exist_ok=True)
        if source is not None:
            subprocess.run(["git", "clone", "-q", "--bare", str(source), str(target)], check=True)
        else:
            subprocess.run(["git", "init", "-q", "--bare", str(target)], check=True)
        subprocess.run(["git", "-C", str(target), "config", "http.receivepack", "true"], check=True)
        return target

    def url(self, name: str) -> str:
        return f"{self.base}/{name}.git"


def wait_until(predicate, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()
