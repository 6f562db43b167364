"""The backlog job end to end: GitHub's webhook payload -> handler -> job row -> Worker -> the real
GitHubAPI against the rate-limited stand-in GitHub (issue_comment `/crashfix scan`, installation)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.backlog.summary import MARKER
from bot.web.handlers import Context, Event, router
from bot.settings import load_settings
from bot.worker import Worker
from tests.support.backlog_issues import REPO, World
from tests.support.github_fakes import rsa_private_key

@pytest.fixture(scope="module")
def key():
    return rsa_private_key()


WEBHOOKS = Path(__file__).resolve().parents[2].parent / "shared" / "github" / "webhooks"


@pytest.fixture
def job_world(key, tmp_path):
    w = World(key, tmp_path, total=60)
    w.settings = load_settings(env={}, DATA_DIR=tmp_path / "data", SANDBOX="local", BOT_LOGIN="crashfix[bot]")
    w.worker = Worker(w.settings, w.db, None, api_factory=lambda inst: w.api)
    yield w
    w.server.__exit__(None, None, None)
    w.fake.assert_within_limits()


def deliver(w, name: str, edit) -> list[int]:
    payload = json.loads((WEBHOOKS / f"{name}.json").read_text())
    payload["installation"] = {**payload.get("installation", {}), "id": w.inst}
    edit(payload)
    event = Event(name.split(".")[0], payload.get("action"), f"d-{id(payload)}", payload)
    with w.db.tx() as tx:
        return router.dispatch(event, Context(tx, w.settings))


def scan_comment(w, user: str, number: int):
    cid = 492700400 + number
    w.fake.comments[cid] = {"id": cid, "number": number, "body": "/crashfix scan",
                            "issue_url": f"{w.fake.api_base}/repos/{REPO}/issues/{number}"}

    def edit(p):
        p["repository"]["full_name"] = REPO
        p["issue"]["number"], p["comment"]["id"] = number, cid
        p["comment"]["body"], p["sender"]["login"] = "/crashfix scan", user
    return deliver(w, "issue_comment.created.with-installation", edit)


def test_scan_command_by_a_writer_ranks_the_backlog_in_one_summary_issue(job_world):
    w = job_world
    w.fake.roles[(REPO, "Codertocat")] = ("write", "write")
    number = w.planted.chatter[0]
    [job_id] = scan_comment(w, "Codertocat", number)
    job = w.worker.run(job_id)
    assert job.state == "done", job.error
    assert [r["content"] for r in w.fake.reactions] == ["eyes"]
    summaries = [i for i in w.fake.issues.values() if MARKER in (i["body"] or "")]
    assert len(summaries) == 1 and job.result["summary"] == "created"
    assert job.result["crashes"] == len(w.planted.crash_of) and job.result["distinct"] == len(w.planted.groups())
    assert job.result["summary_issue"] == summaries[0]["number"]
    w.fake.assert_within_limits()

    [again] = scan_comment(w, "Codertocat", number)
    assert w.worker.run(again).result["triaged"] == 0


def test_scan_command_by_a_reader_is_refused_and_reads_no_issue(job_world):
    w = job_world
    w.fake.roles[(REPO, "mallory")] = ("read", "read")
    [job_id] = scan_comment(w, "mallory", w.planted.chatter[0])
    job = w.worker.run(job_id)
    assert job.state == "cancelled" and job.error.startswith("refused")
    assert not w.fake.calls("GET", rf"/repos/{REPO}/issues$")


def test_installation_with_backlog_fix_n_queues_n_fix_runs(job_world):
    w = job_world
    w.fake.files[(REPO, ".github/crashfix.yml")] = "backlog:\n  fix: 2\n"
    enqueued = []
    w.worker.queue = type("Queue", (), {"enqueue": lambda self, job_id, delay=None: enqueued.append(job_id)})()

    def edit(p):
        p["repositories"] = [{"id": 1, "name": "shop", "full_name": REPO, "private": False}]
    [job_id] = deliver(w, "installation.created", edit)
    job = w.worker.run(job_id)
    assert job.state == "done", job.error
    fixes = w.db.all("SELECT * FROM jobs WHERE kind = 'fix' ORDER BY id")
    assert len(fixes) == 2 and all(f["state"] == "queued" and '"trigger": "backlog"' in f["params"] for f in fixes)
    assert [f["issue"] for f in fixes] == [r["issue"] for r in job.result["ranked"][:2]]
    assert enqueued == [f["id"] for f in fixes]                                          # started now, not at a sweep
    assert not [i for i in w.fake.issues.values() if MARKER in (i["body"] or "")]       # no summary in fix mode

    [added] = deliver(w, "installation_repositories.added",
                      lambda p: p.update(repositories_added=[{"id": 1, "name": "shop", "full_name": REPO}]))
    assert w.worker.run(added).result["queued"] == {}                                   # each once
    assert len(w.db.all("SELECT id FROM jobs WHERE kind = 'fix'")) == 2


def test_cli_backlog_scans_through_the_app_and_prints_the_ranking(key, tmp_path, monkeypatch, capsys):
    from bot.cli.main import main
    w = World(key, tmp_path, total=10)
    try:
        for name, value in {"APP_ID": "4242", "PRIVATE_KEY": key, "GITHUB_API_URL": w.server.url,
                            "DATA_DIR": str(tmp_path / "cli")}.items():
            monkeypatch.setenv(f"CRASHFIX_{name}", value)
        assert main(["backlog", REPO, "--installation", str(w.inst)]) == 0
        out = capsys.readouterr().out
        crashes = len(w.planted.crash_of)
        assert f"{REPO}: {crashes} of {crashes + len(w.planted.chatter)} open issues hold a crash report" in out
        [summary] = [i for i in w.fake.issues.values() if MARKER in (i["body"] or "")]
        assert f"summary issue: #{summary['number']} (created)" in out and "  1. #" in out
        assert main(["backlog", REPO, "--installation", str(w.inst), "--json"]) == 0
        again = json.loads(capsys.readouterr().out)
        assert again["state"] == "done" and again["result"]["triaged"] == 0
        assert again["result"]["summary"] == "unchanged"
        w.fake.assert_within_limits()
    finally:
        w.server.__exit__(None, None, None)


def test_the_dashboard_shows_the_ranking_of_a_backlog_job(key, tmp_path):
    import re

    from bot.web.app import create_app
    from bot.jobs.queue import JobQueue
    w = World(key, tmp_path, total=30)
    admin = "a-dashboard-admin-token"
    try:
        settings = load_settings(env={}, DATA_DIR=tmp_path / "dash", SANDBOX="local", WEBHOOK_SECRET="s",
                                 ADMIN_TOKEN=admin)
        w.settings = settings
        [job_id] = deliver(w, "installation.created", lambda p: p.update(repositories=[{"id": 1, "full_name": REPO}]))
        job = Worker(settings, w.db, None, api_factory=lambda inst: w.api).run(job_id)
        app = create_app(settings, {"TESTING": True, "CRASHFIX_DB": w.db,
                                    "CRASHFIX_QUEUE": JobQueue(settings, immediate=True)})
        c = app.test_client()
        csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/dashboard/login").get_data(as_text=True)).group(1)
        assert c.post("/dashboard/login", data={"csrf": csrf, "token": admin}).status_code == 302
        page = c.get(f"/dashboard/jobs/{job_id}").get_data(as_text=True)
        top = job.result["ranked"][0]
        assert "Backlog: crash issues ranked by how fixable they look" in page
        assert f"/{REPO}/issues/{top['issue']}\">#{top['issue']}</a>" in page
        assert f"Summary issue: <a href=\"https://github.com/{REPO}/issues/{job.result['summary_issue']}\"" in page
    finally:
        w.server.__exit__(None, None, None)


def test_scan_is_a_command_that_becomes_a_backlog_job():
    from bot.commands import USAGE, parse_command
    command = parse_command("thanks!\n/crashfix scan")
    assert command.name == "scan" and command.valid and command.kind == "backlog"
    assert "`/crashfix scan`" in USAGE
