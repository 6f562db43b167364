"""issue 18, the Low list: the web app's smaller holes, each through the real Flask app (the App
harness of tests/bot: a signed webhook → Flask → SQLite), or the comment builders themselves.

open redirect after sign-in · issue text quoted as live markdown · /metrics open and uncached ·
admin sign-in not rate-limited · sessions surviving logout and token rotation · security headers ·
a signed body replayed under fresh delivery ids · a late event reviving a deleted installation ·
`crashfix/issue-<20 digits>` answering 500 · world-readable data folder and database files."""
from __future__ import annotations

import json
import os
import re
import stat
import threading
from pathlib import Path

import pytest

ADMIN = "admin-token-0123456789abcdef"
METRICS = "metrics-token-0123456789abcdef"


def csrf_of(client, path="/dashboard/login") -> str:
    return re.search(r'name="csrf" value="([^"]+)"', client.get(path).get_data(as_text=True)).group(1)


def admin_login(client, token=ADMIN, next_=None, addr="203.0.113.7"):
    data = {"csrf": csrf_of(client), "token": token, **({"next": next_} if next_ is not None else {})}
    return client.post("/dashboard/login", data=data, environ_base={"REMOTE_ADDR": addr})


# -- open redirect -------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["/%09/evil.example/", "/\t/evil.example/", "/\n/evil.example/", "//evil.example/",
                                    "/\\evil.example/", "\\/evil.example", "https://evil.example/", "/%2F/evil.example",
                                    "javascript:alert(1)", "/ /evil.example", "/dashboard/..//evil.example",
                                    "/dashboard/jobs\n"])
def test_sign_in_never_redirects_off_site(make_harness, target):
    h = make_harness(ADMIN_TOKEN=ADMIN)
    from urllib.parse import unquote
    for sent in (target, unquote(target)):
        r = admin_login(h.app.test_client(), next_=sent)
        assert r.status_code == 302 and r.headers["Location"] == "/dashboard/jobs", (sent, r.headers["Location"])
        r = h.app.test_client().get("/dashboard/jobs?x=1", follow_redirects=False)
        assert r.headers["Location"].startswith("/dashboard/login?next=")


def test_sign_in_keeps_a_dashboard_path(make_harness):
    h = make_harness(ADMIN_TOKEN=ADMIN)
    r = admin_login(h.app.test_client(), next_="/dashboard/jobs?repo=octo-org%2Fshop&state=done")
    assert r.headers["Location"] == "/dashboard/jobs?repo=octo-org%2Fshop&state=done"


# -- issue text in comments ----------------------------------------------------------------------
HOSTILE = ("see [the fix](https://evil.example/x) ![t](https://evil.example/t.png) @octo-org/admins @alice "
           "<img src=x onerror=alert(1)> ``` `` ` # heading")


def live_text(markdown: str) -> str:
    """What GitHub renders as markdown: everything outside inline code spans (CommonMark: a run of N
    backticks opens a span that the next run of exactly N backticks closes)."""
    out = []
    for line in markdown.splitlines():
        i, live = 0, []
        while i < len(line):
            m = re.compile(r"`+").search(line, i)
            if not m:
                live.append(line[i:])
                break
            live.append(line[i:m.start()])
            close = next((c for c in re.finditer(r"`+", line[m.end():]) if len(c.group()) == len(m.group())), None)
            if close is None:
                live.append(line[m.start():])
                break
            i = m.end() + close.end()
        out.append("".join(live))
    return "\n".join(out)


def assert_inert(markdown: str) -> None:
    live = live_text(markdown)
    for bad in ("](", "![", "<img", "@octo-org", "@alice", "evil.example"):
        assert bad not in live, f"{bad!r} is live markdown in:\n{markdown}"


def test_triage_comment_quotes_the_issue_inert():
    from agent.reports import parse
    from agent.triage import triage
    issue = ('Traceback (most recent call last):\n  File "app.py", line 2, in <module>\n    main()\n'
             f"ValueError: {HOSTILE}\n")
    report = parse(issue)
    t = triage(report, ["app.py"])
    assert "evil.example" in t.comment                       # quoted, not dropped
    assert_inert(t.comment)


def test_diagnosis_root_cause_and_pr_evidence_quote_the_issue_inert():
    from agent.reports.model import CrashReport, Frame
    from agent.run import Result, Run, RunConfig, root_cause
    from bot.conversation.publish import pr_body
    g = Frame(function=f"f`{HOSTILE}", file="app.py", line=2)
    report = CrashReport(kind="python", type="ValueError", title="ValueError", message=HOSTILE, frames=[g], guilty=g)
    run = Run(RunConfig(repo=".", report_text=HOSTILE, out=Path(".")), report=report)
    cause = root_cause(run)
    assert_inert(cause)
    # quoted, not dropped: the message and the function are there, whole, inside code spans
    assert f"ValueError: {HOSTILE}" in cause and f"f`{HOSTILE}" in cause, cause
    run.memory.add("frame", f"{g.function} at app.py:2", "app.py:2")
    run.memory.add("debugger", HOSTILE, "pdb")
    body = pr_body(Result.of(run), 1)
    assert_inert(body)
    crash = next(line for line in body.splitlines() if line.startswith("**Crash:**"))
    assert f"ValueError: {HOSTILE}" in crash, body
    evidence = body.split("<summary>Evidence", 1)[1].split("</details>", 1)[0]
    frame_line, pdb_line = [line for line in evidence.splitlines() if line.startswith("- ")]
    assert f"f`{HOSTILE} at app.py:2" in frame_line, evidence
    assert pdb_line.startswith("- pdb saw: ") and HOSTILE in pdb_line, evidence


# -- /metrics ------------------------------------------------------------------------------------
def test_metrics_are_off_without_a_token(make_harness):
    assert make_harness().app.test_client().get("/metrics").status_code == 404


def test_metrics_need_the_token_and_are_computed_once_per_window(make_harness, monkeypatch):
    from bot.dashboard import metrics
    h = make_harness(METRICS_TOKEN=METRICS)
    calls = []
    real = metrics.JobTableCollector.collect
    monkeypatch.setattr(metrics.JobTableCollector, "collect", lambda self: calls.append(1) or real(self))
    c = h.app.test_client()
    assert c.get("/metrics").status_code == 401
    auth = {"Authorization": f"Bearer {METRICS}"}
    first = c.get("/metrics", headers=auth).get_data()
    bodies = []
    scrapers = [threading.Thread(target=lambda: bodies.extend(
        h.app.test_client().get("/metrics", headers=auth).get_data() for _ in range(10))) for _ in range(8)]
    for t in scrapers:
        t.start()
    for t in scrapers:
        t.join(timeout=60)
    assert len(bodies) == 80 and set(bodies) == {first} and len(calls) == 1     # 81 scrapes, one computation
    h.db.execute("INSERT INTO jobs (kind, state, created_at) VALUES ('fix', 'queued', '2026-01-01')")
    monkeypatch.setattr(metrics, "CACHE_SECONDS", 0.0)
    fresh = c.get("/metrics", headers=auth).get_data(as_text=True)
    assert 'crashfix_jobs{kind="fix",state="queued"} 1.0' in fresh and len(calls) == 2


# -- admin sign-in rate limit --------------------------------------------------------------------
def test_admin_sign_in_is_rate_limited_per_address(make_harness):
    h = make_harness(ADMIN_TOKEN=ADMIN)
    c = h.app.test_client()
    for _ in range(5):
        assert admin_login(c, token="wrong-token-0123456789").status_code == 401
    blocked = admin_login(c)                                 # even the right token, for now
    assert blocked.status_code == 429 and int(blocked.headers["Retry-After"]) > 0
    assert admin_login(h.app.test_client(), addr="198.51.100.9").status_code == 302      # another address


# -- sessions ------------------------------------------------------------------------------------
def _cookie(client) -> str:
    return client.get_cookie("crashfix_session").value


def test_a_session_ends_at_logout_even_for_a_copied_cookie(make_harness):
    h = make_harness(ADMIN_TOKEN=ADMIN)
    c = h.app.test_client()
    assert admin_login(c).status_code == 302 and c.get("/dashboard/jobs").status_code == 200
    copied = _cookie(c)
    assert c.post("/dashboard/logout", data={"csrf": csrf_of(c, "/dashboard/jobs")}).status_code == 302
    thief = h.app.test_client()
    thief.set_cookie("crashfix_session", copied)
    assert thief.get("/dashboard/jobs").status_code == 302


def test_rotating_the_admin_token_ends_admin_sessions(make_harness, tmp_path):
    from bot.web.app import create_app
    from bot.settings import load_settings
    h = make_harness(ADMIN_TOKEN=ADMIN, SESSION_SECRET="session-secret-0123456789")
    c = h.app.test_client()
    assert admin_login(c).status_code == 302
    copied = _cookie(c)

    def app_with(token):
        s = load_settings(env={}, DATA_DIR=h.settings.DATA_DIR, WEBHOOK_SECRET="x" * 16, ADMIN_TOKEN=token,
                          SESSION_SECRET="session-secret-0123456789")
        client = create_app(s, {"TESTING": True, "CRASHFIX_DB": h.db, "CRASHFIX_QUEUE": h.queue}).test_client()
        client.set_cookie("crashfix_session", copied)
        return client
    assert app_with(ADMIN).get("/dashboard/jobs").status_code == 200          # the same token: still signed in
    assert app_with("rotated-admin-token-0123456789").get("/dashboard/jobs").status_code == 302


# -- security headers ----------------------------------------------------------------------------
def test_every_response_carries_the_security_headers(make_harness, gh):
    h = make_harness(ADMIN_TOKEN=ADMIN)
    c = h.app.test_client()
    responses = [c.get("/dashboard/login"), c.get("/dashboard/jobs"), c.get("/healthz"), c.get("/nope"),
                 c.get("/dashboard/static/dashboard.css"), c.post("/webhook", data=b"{}"),
                 h.deliver("ping", "ping")]
    for r in responses:
        assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
        assert "default-src 'self'" in r.headers["Content-Security-Policy"]
        assert r.headers["X-Frame-Options"] == "DENY"
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] == "same-origin"


# -- replays -------------------------------------------------------------------------------------
def test_a_captured_body_replayed_under_fresh_delivery_ids_runs_once(make_harness, gh):
    h = make_harness()
    body = json.dumps(h.payload("issues.labeled", gh.labeled())).encode()
    first = h.post("issues", body)
    assert first.status_code == 202 and len(h.jobs()) == 1
    for _ in range(3):
        again = h.post("issues", body)                        # a fresh X-GitHub-Delivery each time
        assert again.status_code == 200 and again.get_json() == {"duplicate": True, "replay": True}
    assert len(h.jobs()) == 1
    outcomes = [r["outcome"] for r in h.db.all("SELECT outcome FROM deliveries ORDER BY received_at")]
    assert outcomes[0].startswith("jobs ") and outcomes[1:] == ["replay"] * 3


# -- late events ---------------------------------------------------------------------------------
def test_a_late_event_does_not_revive_a_deleted_installation(make_harness):
    h = make_harness()
    inst = 4242

    def ours(p):
        p["installation"]["id"] = inst
    assert h.deliver("installation", "installation.created", ours).status_code == 202      # a backlog scan queued
    assert h.deliver("installation", "installation.deleted", ours).status_code == 200
    for event, name in (("installation", "installation.created"), ("installation", "installation.new_permissions_accepted"),
                        ("installation_repositories", "installation_repositories.added")):
        if name.endswith("new_permissions_accepted"):
            def late(p):
                ours(p)
                p["action"] = "new_permissions_accepted"
            assert h.deliver(event, "installation.created", late).status_code == 200
        else:
            assert h.deliver(event, name, ours).status_code == 200
    row = h.db.one("SELECT deleted FROM installations WHERE id = ?", inst)
    assert row["deleted"] == 1
    assert h.db.all("SELECT full_name FROM repos WHERE installation_id = ? AND active = 1", inst) == []


# -- branch names --------------------------------------------------------------------------------
@pytest.mark.parametrize("number", ["9" * 20, "18446744073709551616", "0", "00012"])
def test_a_crashfix_branch_with_an_impossible_issue_number_is_not_a_500(make_harness, number):
    h = make_harness()

    def closed(p):
        p["pull_request"]["head"]["ref"] = f"crashfix/issue-{number}"
        p["pull_request"]["head"]["repo"]["full_name"] = p["repository"]["full_name"]
    r = h.deliver("pull_request", "pull_request.closed", closed)
    assert r.status_code == 200 and h.jobs(kind="cleanup") == []


# -- file modes ----------------------------------------------------------------------------------
def test_the_data_folder_database_and_queue_are_private(make_harness, gh, tmp_path):
    old = os.umask(0o022)
    try:
        h = make_harness(DATA_DIR=tmp_path / "fresh" / "data")
        from bot.jobs.queue import JobQueue
        JobQueue(h.settings)
    finally:
        os.umask(old)
    data = h.settings.DATA_DIR
    for folder in (data, h.settings.runs_dir):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    for name in ("crashfix.db", "queue.db"):
        assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202      # and everything still runs
    (job,) = h.jobs()
    assert job["state"] == "done" and stat.S_IMODE(data.stat().st_mode) == 0o700
