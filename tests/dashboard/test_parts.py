"""The dashboard's parts on their own (no Docker): redaction, charts, settings, rate-limit capture
from GitHub's real answers (PyGithub against the fake over HTTP), the session secret, /metrics on
an empty table."""
from __future__ import annotations

import os
import re

import pytest

from github_fakes import FakeGitHub, FakeGitHubServer, rsa_private_key


def settings(tmp_path, **kw):
    from bot.settings import load_settings
    return load_settings(env={}, DATA_DIR=tmp_path, **kw)


def test_the_dashboard_registers_every_secret_setting_with_the_redaction_layer(tmp_path):
    from agent.redact import forget_all, redact
    from bot.web.app import create_app
    key = rsa_private_key()
    secrets = {"WEBHOOK_SECRET": "whsec-0123456789", "LLM_API_KEY": "llm-key-0123456789abcdef",
               "ADMIN_TOKEN": "admin-0123456789abc", "OAUTH_CLIENT_ID": "Iv1.0123", "OAUTH_CLIENT_SECRET": "oauth-0123456789abc",
               "METRICS_TOKEN": "metrics-0123456789abc", "SESSION_SECRET": "session-0123456789abc"}
    line = key.splitlines()[3]
    text = " ".join(v for k, v in secrets.items() if k != "OAUTH_CLIENT_ID") + f" {line} ghs_{'x' * 36}"
    forget_all()
    try:
        assert redact(text) != text and "whsec-0123456789" in redact(text)      # not registered yet
        create_app(settings(tmp_path, APP_ID=1, PRIVATE_KEY=key, **secrets), {"TESTING": True})
        out = redact(text)
        for name, value in secrets.items():
            assert name == "OAUTH_CLIENT_ID" or value not in out, name
        assert line not in out and "ghs_" not in out and out.count("[REDACTED]") == 8
    finally:
        forget_all()


def test_charts_escape_labels_and_scale_bars():
    from bot.dashboard.charts import bars, timeline
    svg = str(bars([("<script>x</script>", 50, "50%"), ("b", 100, "100%")], "t", 100))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    widths = [float(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="([\d.]+)"', svg)]
    assert widths == [180.0, 360.0]
    tl = str(timeline({"parse": 1.0, "validation": 3.0}))
    assert tl.count('class="phase"') == 2 and "4.0 s" in tl
    assert "No phase timings" in str(timeline({}))
    assert "nothing yet" in str(bars([], "empty"))


@pytest.mark.parametrize("env, name", [
    ({"ADMIN_TOKEN": "short"}, "CRASHFIX_ADMIN_TOKEN"),
    ({"METRICS_TOKEN": "short"}, "CRASHFIX_METRICS_TOKEN"),
    ({"OAUTH_CLIENT_ID": "Iv1.x"}, "CRASHFIX_OAUTH_CLIENT_SECRET"),
    ({"OAUTH_CLIENT_SECRET": "s" * 20}, "CRASHFIX_OAUTH_CLIENT_ID"),
    ({"PUBLIC_URL": "crashfix.example.org"}, "CRASHFIX_PUBLIC_URL"),
])
def test_bad_dashboard_settings_name_the_setting(tmp_path, env, name):
    from bot.settings import SettingsError
    with pytest.raises(SettingsError) as err:
        settings(tmp_path, **env)
    assert err.value.name == name


def test_the_session_secret_is_made_once_and_private(tmp_path):
    from bot.dashboard.auth import session_secret
    s = settings(tmp_path)
    first = session_secret(s)
    assert len(first) >= 32 and session_secret(s) == first
    assert oct(os.stat(tmp_path / "session-secret").st_mode & 0o777) == "0o600"
    assert session_secret(settings(tmp_path, SESSION_SECRET="s" * 20)) == "s" * 20


def test_github_rate_limits_are_noted_from_real_answers():
    from bot.github.api import RATE_LIMITS, GitHubAPI, TokenCache
    key = rsa_private_key()

    class Limited(FakeGitHub):
        def handle(self, *args):
            status, headers, text = super().handle(*args)
            return status, {**headers, "X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "4321",
                            "X-RateLimit-Reset": "1893456000", "X-RateLimit-Resource": "core"}, text

    fake = Limited(private_key=key)
    fake.add_repo("o/r")
    with FakeGitHubServer(fake) as server:
        api = GitHubAPI(4242, key, 777001, base_url=server.url, token_cache=TokenCache(),
                        seconds_between_requests=0, seconds_between_writes=0)
        assert api.default_branch("o/r") == "main"
    assert RATE_LIMITS.snapshot(777001) == {(777001, "core"): {"remaining": 4321, "limit": 5000,
                                                               "reset_at": 1893456000}}
    RATE_LIMITS.note(777002, {"x-ratelimit-remaining": "not a number"})
    assert RATE_LIMITS.snapshot(777002) == {}


def test_metrics_on_an_empty_table(tmp_path):
    from bot.web.app import create_app
    app = create_app(settings(tmp_path, METRICS_TOKEN="metrics-0123456789abc"), {"TESTING": True})
    text = app.test_client().get("/metrics", headers={"Authorization": "Bearer metrics-0123456789abc"}).get_data(
        as_text=True)
    assert "crashfix_queue_depth 0.0" in text and 'crashfix_jobs{kind="fix",state="running"} 0.0' in text
    assert "crashfix_llm_cost_usd_total 0.0" in text


def test_no_sign_in_configured_says_so(tmp_path):
    from bot.web.app import create_app
    c = create_app(settings(tmp_path), {"TESTING": True}).test_client()
    page = c.get("/dashboard/login").get_data(as_text=True)
    assert "No sign-in is configured" in page
    assert c.get("/dashboard/login/github").status_code == 404
    assert c.get("/dashboard/oauth/callback?code=x&state=y").status_code == 404


def test_a_broken_run_folder_is_reported_and_the_rest_still_shown(tmp_path):
    from bot.dashboard.data import load_run, run_dir
    runs = tmp_path / "runs"
    (runs / "7" / "logs").mkdir(parents=True)
    (runs / "7" / "result.json").write_text("{not json")
    (runs / "7" / "logs" / "reproduction.log").write_text("$ python -m pytest\nboom\n")
    (runs / "7" / "trajectories").mkdir()
    (runs / "7" / "trajectories" / "traj-1.json").write_text("[1, 2")
    folder = run_dir(runs, {"id": 7, "result": {}})
    run = load_run(folder)
    assert "is not valid JSON" in run["result_error"] and "result" not in run
    assert run["logs"] == [{"name": "reproduction.log", "text": "$ python -m pytest\nboom\n"}]
    assert run["trajectories"] == []
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    assert run_dir(runs, {"id": 8, "result": {"run_dir": str(outside)}}) is None      # only under runs/


def test_the_job_page_shows_the_failure_event_of_a_run_that_failed(tmp_path):
    """A run job fails at the worker's edge: its exception text is a "failure" event, shown on its page."""
    from bot.web.app import create_app
    from bot.db import Database
    from bot.jobs.store import create_job
    from bot.worker import Worker
    admin = "admin-0123456789abc"
    s = settings(tmp_path, ADMIN_TOKEN=admin)
    db = Database(s.database_url)

    def broken(installation_id):
        raise RuntimeError("boom <script>x</script> at /srv/crashfix/secret-path")
    with db.tx() as tx:
        job_id = create_job(tx, "fix", installation_id=None, repo="octo-org/stockroom", issue=1)
    job = Worker(s, db, None, api_factory=broken).run(job_id)
    assert job.state == "failed"
    c = create_app(s, {"TESTING": True, "CRASHFIX_DB": db}).test_client()
    page = c.get("/dashboard/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    assert c.post("/dashboard/login", data={"csrf": csrf, "token": admin}).status_code == 302
    page = c.get(f"/dashboard/jobs/{job_id}").get_data(as_text=True)
    section = page.split('id="failure"')[1].split("</section>")[0]
    assert "Why it failed" in section and "never posted on GitHub" in section
    assert "RuntimeError: boom &lt;script&gt;x&lt;/script&gt; at /srv/crashfix/secret-path" in section
    with db.tx() as tx:                                              # a job that has not failed: no section
        queued = create_job(tx, "fix", installation_id=None, repo="octo-org/stockroom", issue=2)
    page = c.get(f"/dashboard/jobs/{queued}").get_data(as_text=True)
    assert f"Job {queued}" in page and 'id="failure"' not in page


def test_job_pages_say_each_outcome_once_and_true(tmp_path):
    """An explain is never a green "fixed"; a run with no model says "no model", not $0.0000; the
    outcome is printed once; a dry-run comment and its edits are one entry, latest text, latest first."""
    import json
    from bot.db import Database
    from bot.jobs.store import create_job, finish
    from bot.web.app import create_app
    admin = "admin-0123456789abc"
    s = settings(tmp_path, ADMIN_TOKEN=admin)
    db = Database(s.database_url)
    result = {"status": "fixed", "cost": 0.0, "tokens": {"prompt": 0, "completion": 0}}
    with db.tx() as tx:
        explain = create_job(tx, "explain", installation_id=None, repo="octo-org/stockroom", issue=1)
        fix = create_job(tx, "fix", installation_id=None, repo="octo-org/stockroom", issue=1)
    finish(db, explain, "done", result=result, cost=0.0)
    finish(db, fix, "done", result=result, cost=0.0)
    run = s.runs_dir / str(fix)
    run.mkdir(parents=True)
    (run / "result.json").write_text(json.dumps({"status": "fixed", "cost": {"llm_calls": 0, "usd": 0.0}}))
    for action, cid, body in [("comment", 7, "<!-- crashfix:status -->\nrunning… first"),
                              ("add_labels", None, None), ("edit_comment", 7, "text two"),
                              ("edit_comment", 7, "**`fixed`** the last text")]:
        db.add_job_event(fix, "dry_run", json.dumps({"action": action, "repo": "octo-org/stockroom", "number": 1,
                                                     "comment_id": cid, "body": body, "labels": ["crash"]}))
    c = create_app(s, {"TESTING": True, "CRASHFIX_DB": db}).test_client()
    page = c.get("/dashboard/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    assert c.post("/dashboard/login", data={"csrf": csrf, "token": admin}).status_code == 302

    listing = c.get("/dashboard/jobs").get_data(as_text=True)
    rows = {int(m.group(1)): m.group(0) for m in re.finditer(r'<tr class="state-\w+">\s*<td><a href="/dashboard/jobs/(\d+)".*?</tr>',
                                                               listing, re.S)}
    assert 'class="badge diagnosed"' in rows[explain] and "fixed" not in rows[explain]
    assert rows[fix].count(">fixed<") == 1                                   # the badge, not the Result column too
    assert "$0.0000" not in listing and rows[fix].count("no model") == 1

    page = c.get(f"/dashboard/jobs/{fix}").get_data(as_text=True)
    head = page.split("</h1>")[0]
    assert head.count(">fixed<") == 1 and 'id="run-status"' not in head
    assert "no model: the run made no LLM call" in page and "$0.0000" not in page
    dry = page.split('id="dry-run"')[1].split("</section>")[0]
    assert dry.count('class="write"') == 2 and "text one" not in dry and "text two" not in dry
    assert dry.index("the last text") < dry.index("add_labels") and "(edited 2 times; its latest text)" in dry
    explained = c.get(f"/dashboard/jobs/{explain}").get_data(as_text=True).split("</h1>")[0]
    assert "diagnosed" in explained and "fixed" not in explained
