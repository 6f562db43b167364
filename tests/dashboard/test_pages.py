"""The pages, through Flask's test client, against the session's real finished jobs."""
from __future__ import annotations

import re

import pytest
from markupsafe import escape

pytestmark = pytest.mark.docker


def text(response) -> str:
    return response.get_data(as_text=True)


def test_the_world_holds_real_finished_jobs(world):
    rows = {r["id"]: r for r in world.db.all("SELECT * FROM jobs")}
    assert rows[world.jobs["fixed"]]["state"] == "done", rows[world.jobs["fixed"]]["error"]
    assert rows[world.jobs["llm"]]["state"] == "done", rows[world.jobs["llm"]]["error"]
    assert rows[world.jobs["failed"]]["state"] == "failed"
    assert world.db.pr_for_issue("octo-org/stockroom", 1)["merged"] == 1
    assert world.db.job_events(world.jobs["fixed"], "progress"), "the worker kept its progress messages"
    assert world.db.all("SELECT * FROM rate_limits WHERE installation_id = 4242"), "rate limits were recorded"


def test_pages_need_a_signed_in_viewer(world):
    c = world.client(admin=False)
    for url in ("/dashboard/jobs", f"/dashboard/jobs/{world.jobs['fixed']}", "/dashboard/summary",
                "/dashboard/installations", f"/dashboard/jobs/{world.jobs['fixed']}/progress.json"):
        r = c.get(url)
        assert r.status_code == 302 and "/dashboard/login" in r.headers["Location"], url


def test_jobs_newest_first_and_filtered(world):
    c = world.client()
    page = text(c.get("/dashboard/jobs"))
    ids = [int(i) for i in re.findall(r'href="/dashboard/jobs/(\d+)"', page)]
    assert ids == sorted(ids, reverse=True) and set(world.jobs.values()) <= set(ids)
    only_failed = text(c.get("/dashboard/jobs?state=failed"))
    assert re.findall(r'href="/dashboard/jobs/(\d+)"', only_failed) == [str(world.jobs["failed"])]
    fixes = text(c.get("/dashboard/jobs?kind=fix&state=done&repo=octo-org/stockroom"))
    assert re.findall(r'href="/dashboard/jobs/(\d+)"', fixes) == [str(world.jobs["fixed"])]
    assert "No jobs match" in text(c.get("/dashboard/jobs?state=queued"))


def test_jobs_are_paginated(world, monkeypatch):
    from bot.dashboard import data
    monkeypatch.setattr(data, "PAGE_SIZE", 2)
    c = world.client()
    total = world.db.one("SELECT COUNT(*) AS n FROM jobs")["n"]
    seen = []
    for page in range(1, -(-total // 2) + 1):
        seen += re.findall(r'href="/dashboard/jobs/(\d+)"', text(c.get(f"/dashboard/jobs?page={page}")))
    assert len(seen) == total and len(set(seen)) == total
    assert 'rel="next"' in text(c.get("/dashboard/jobs?page=1"))
    assert "page 1 of" in text(c.get("/dashboard/jobs?page=-3"))       # out of range: clamped, not an error


def test_one_job_shows_the_report_timeline_candidates_diff_and_dry_run_posts(world):
    page = text(world.client().get(f"/dashboard/jobs/{world.jobs['fixed']}"))
    assert "AttributeError" in page and "fulfil" in page                       # the parsed report
    assert page.count('class="phase"') >= 5 and "reproduce" in page            # the phase timeline
    assert "✔ validated" in page and "✘ rejected" in page                     # candidates and verdicts
    assert '<div class="highlight">' in page and "if item is None" in page     # the highlighted final diff
    assert 'href="http://127.0.0.1:' in page and "/octo-org/stockroom/issues/1" in page
    assert "dry run: not opened on GitHub" in page and "merged" in page
    assert "What it would have posted" in page and "open_pr" in page and "Fixes #1" in page
    assert "(Pdb) " in page and "item" in page                                  # the debugger transcript
    raw = world.client().get(f"/dashboard/jobs/{world.jobs['fixed']}").get_data(as_text=True)
    posted = raw.split('id="dry-run"', 1)[1].split("</section>", 1)[0]
    assert '<div class="markdown-body">' in posted and "<h2>" in posted         # rendered, not raw markdown
    report = raw.split('id="report-md"', 1)[1].split("</section>", 1)[0]
    assert '<div class="markdown-body">' in report and "<h2>" in report


def test_the_research_agent_job_shows_every_tool_call_and_the_cost(world):
    page = text(world.client().get(f"/dashboard/jobs/{world.jobs['llm']}"))
    assert "Research agent: tool calls" in page and "(REPLAY)" in page
    for tool in ("reproduce(", "view(", "submit("):
        assert tool in page, tool
    assert re.search(r"\d+ LLM calls · \d+ prompt \+ \d+ completion tokens", page)


def test_a_failed_job_shows_its_error(world):
    page = text(world.client().get(f"/dashboard/jobs/{world.jobs['failed']}"))
    error = world.db.one("SELECT error FROM jobs WHERE id = ?", world.jobs["failed"])["error"]
    print("failed job's error:", error)
    # other-org/widgets has no git repository: the job failed on its clone, and says so
    assert error and "other-org/widgets" in error, error
    assert f'<dt>Error</dt><dd class="error">{escape(error)}</dd>' in page


def test_summary_and_installations(world):
    c = world.client()
    page = text(c.get("/dashboard/summary"))
    assert re.search(r'id="prs-merged">1<', page) and re.search(r'id="fix-rate">67%<', page)
    assert page.count("<svg") == 3 and "octo-org/stockroom" in page
    inst = text(c.get("/dashboard/installations"))
    assert "octo-org" in inst and "other-org" in inst and "octo-org/stockroom-llm" in inst


def test_progress_json_lists_messages_after_an_id(world):
    c = world.client()
    url = f"/dashboard/jobs/{world.jobs['fixed']}/progress.json"
    everything = c.get(url).get_json()
    assert everything["state"] == "done" and not everything["active"] and len(everything["events"]) >= 3
    later = c.get(f"{url}?after={everything['events'][1]['id']}").get_json()["events"]
    assert later == everything["events"][2:]
    assert c.get("/dashboard/jobs/999999/progress.json").status_code == 404
    assert c.get("/dashboard/jobs/999999").status_code == 404
