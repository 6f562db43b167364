"""Dashboard figures that hold (no Docker): jobs made and finished by the job table's own functions,
a retry after the PR counted from the first request, a PR column, failures never a green "done",
and the job page showing what was actually posted (writes kept by bot/github/tracked.py through the real
client against the recorded fake)."""
from __future__ import annotations

import re
import secrets

import pytest
import responses

from github_fakes import FakeGitHub, rsa_private_key

ADMIN = "admin-token-" + secrets.token_hex(12)
REPO = "octo-org/stockroom"


@pytest.fixture
def dash(tmp_path):
    from bot.web.app import create_app
    from bot.db import Database
    from bot.settings import load_settings
    settings = load_settings(env={}, DATA_DIR=tmp_path, ADMIN_TOKEN=ADMIN, APP_ID=4242, PRIVATE_KEY=rsa_private_key())
    assert not settings.dry_run
    db = Database(settings.database_url)
    app = create_app(settings, {"TESTING": True, "CRASHFIX_DB": db})
    client = app.test_client()
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/dashboard/login").get_data(as_text=True)).group(1)
    assert client.post("/dashboard/login", data={"csrf": csrf, "token": ADMIN}).status_code == 302
    return db, client


def _run(db, kind: str, issue: int, state: str = "done", **result) -> int:
    from bot.jobs.store import claim, create_job, finish
    with db.tx() as tx:
        job_id = create_job(tx, kind, installation_id=4242, repo=REPO, issue=issue, sender="mona",
                            params={"trigger": "command"}, dedupe=False)
    assert claim(db, job_id, 5)[0] is not None
    finish(db, job_id, state, result=result or None, error="RuntimeError: boom" if state == "failed" else None)
    return job_id


def _pr(db, issue: int, number: int, job_id: int) -> None:
    with db.tx() as tx:
        db.upsert_pr(tx, REPO, issue, number, f"https://github.com/{REPO}/pull/{number}", f"crashfix/issue-{issue}",
                     job_id)


def _badges(page: str) -> dict[int, str]:
    rows = re.findall(r'<a href="/dashboard/jobs/(\d+)">\d+</a></td>\s*<td>\w+</td>\s*'
                      r'<td><span class="badge ([\w-]+)">', page)
    return {int(job): badge for job, badge in rows}


def test_failures_are_never_a_green_done_and_fixed_runs_show_their_pr(dash):
    db, client = dash
    fixed = _run(db, "fix", 1, status="fixed", pr=7, url=f"https://github.com/{REPO}/pull/7")
    _pr(db, 1, 7, fixed)
    ended = {status: _run(db, "fix", n, status=status)
             for n, status in enumerate(("not_fixed", "not_reproduced", "env_broken", "error"), start=2)}
    failed, triage = _run(db, "fix", 9, "failed"), _run(db, "triage", 10, found=True)
    page = client.get("/dashboard/jobs").get_data(as_text=True)
    badges = _badges(page)
    assert badges[fixed] == "fixed" and badges[triage] == "done" and badges[failed] == "failed"
    assert {badges[j] for j in ended.values()} == set(ended) and "done" not in {badges[j] for j in ended.values()}
    assert "<th>PR</th>" in page
    assert page.count(f'href="https://github.com/{REPO}/pull/7">#7</a>') == 1
    css = client.get("/dashboard/static/dashboard.css").get_data(as_text=True)
    green = re.search(r"^(.*)\{ background: #dafbe1", css, re.M).group(1)
    assert ".badge.fixed" in green and not any(f".badge.{s}" in green for s in ended)
    one = client.get(f"/dashboard/jobs/{ended['not_fixed']}").get_data(as_text=True)
    assert 'id="job-state">not fixed<' in one and 'class="badge done"' not in one


def test_time_to_pr_counts_a_retry_from_the_first_request(dash):
    from datetime import datetime
    db, client = dash
    first = _run(db, "fix", 1, status="fixed", pr=7)
    _pr(db, 1, 7, first)
    retry = _run(db, "fix", 1, status="fixed", pr=7)           # a retry updates the same PR, later
    _pr(db, 1, 7, retry)
    from bot.dashboard.auth import Viewer
    from bot.dashboard.data import summary
    sm = summary(db, Viewer("admin", True))
    asked = db.one("SELECT created_at FROM jobs WHERE id = ?", first)["created_at"]
    opened = db.pr_for_issue(REPO, 1)["created_at"]
    want = (datetime.fromisoformat(opened) - datetime.fromisoformat(asked)).total_seconds() / 60
    assert sm["median_to_pr"] == pytest.approx(want) and sm["median_to_pr"] >= 0
    assert db.one("SELECT created_at FROM jobs WHERE id = ?", retry)["created_at"] > opened    # the old trap
    shown = client.get("/dashboard/summary").get_data(as_text=True)
    assert "-" not in re.search(r'id="median-to-pr">([^<]*)<', shown).group(1)


def test_the_job_page_shows_the_pr_and_what_was_actually_posted(dash):
    from bot.github.api import GitHubAPI, TokenCache
    from bot.github.tracked import Tracked
    db, client = dash
    job = _run(db, "fix", 1, status="fixed", pr=7, url=f"https://github.com/{REPO}/pull/7")
    _pr(db, 1, 7, job)
    key = rsa_private_key()
    fake = FakeGitHub(app_id=4242, private_key=key)
    fake.add_issue(REPO, 1, "crash", labels=("crashfix",))
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:
        fake.install(rs)
        api = Tracked(GitHubAPI(4242, key, 4242, token_cache=TokenCache(), seconds_between_requests=0,
                                seconds_between_writes=0), db, job)
        api.comment(REPO, 1, "crashfix opened a draft PR")
        api.remove_label(REPO, 1, "crashfix")
        with pytest.raises(Exception):
            api.edit_comment(REPO, 999999, "no such comment")
    page = client.get(f"/dashboard/jobs/{job}").get_data(as_text=True)
    assert f'id="pr-link" href="https://github.com/{REPO}/pull/7"' in page
    posted = page.split('id="posted"', 1)[1].split("</section>", 1)[0]
    assert posted.index("comment.create") < posted.index("label.remove") < posted.index("comment.edit")
    assert "crashfix opened a draft PR" in posted and "failed: " in posted and "404" in posted
