"""The current phase in words on the status comment and the dashboard (issue 27): written with each
checklist step (and for the research agent's long phase), not at every progress event (GitHub's write
budget), gone when the run ends; the dashboard's job page shows every phase's line with its elapsed time."""
from __future__ import annotations

import re
import secrets

from agent.run import Progress
from bot.cli.simulate import Simulation

EVENTS = [Progress("prepare", "prepare…"), Progress("prepare", "sandbox…"), Progress("reproduce", "reproduce…"),
          Progress("analyse", "pdb…"), Progress("analyse", "history…"), Progress("candidates", "synthesis…"),
          Progress("validate", "validating 1/2: guard None"), Progress("validate", "validating 2/2: skip it")]
PHASES = ["prepare", "reproduce", "analyse", "candidates", "validate"]


def test_the_status_comment_shows_the_current_phase_in_words(tmp_path, gh, git_repo):
    fake = gh.fake_pipeline("fixed")
    seen_during: list[str] = []

    def pipeline(config, on_progress):
        on_progress(Progress("parse", "parse…"))
        for event in EVENTS:
            on_progress(event)
        seen_during.append(sim.api().list_comments("local/upstream", 1)[-1]["body"])
        return fake(config, lambda event: None)
    sim = Simulation(git_repo, "local/upstream", tmp_path / "data", sandbox="local", pipeline=pipeline)
    sim.open_issue("crash", gh.CRASH_BODY)
    sim.label("crashfix")
    edits = [o["body"] for o in sim.ops if o["op"] == "comment.edit"]
    now = [re.search(r"^\*\*Now:\*\* (.+)$", body, re.M) for body in edits]
    lines = [m.group(1) for m in now if m]
    assert [line.split(" (since")[0] for line in lines] == [                # once per checklist step, not per event
        "setting up the project in a sandbox", "reproducing the crash", "investigating the cause",
        "validating candidate patches"]
    assert all(re.search(r"\(since \d\d:\d\d:\d\d UTC", line) for line in lines)
    assert "waiting for: a copy of the repository" in lines[0]
    assert "waiting for: candidate patch 1 of 2 to pass validation: `guard None`" in lines[-1]
    assert "**Now:** validating candidate patches" in seen_during[0]          # the comment while the run runs
    assert "Validate candidate patches ⏳" in seen_during[0]
    assert "**Now:**" not in edits[-1]                                         # the finished run has no current line

    job = next(j for j in sim.outcome().jobs if j["kind"] == "fix")
    recorded = sim.db.job_events(job["id"], "now")
    assert [__import__("json").loads(e["body"])["phase"] for e in recorded] == PHASES


def test_the_dashboard_shows_the_current_phase_of_a_running_job(tmp_path):
    from bot.dashboard import data
    from bot.db import Database
    from bot.jobs.store import create_job
    from bot.settings import load_settings
    from bot.web.app import create_app
    token = secrets.token_hex(16)
    settings = load_settings(env={}, DATA_DIR=tmp_path, ADMIN_TOKEN=token, WEBHOOK_SECRET=token)
    db = Database(settings.database_url)
    with db.tx() as tx:
        job_id = create_job(tx, "fix", installation_id=1, repo="acme/widgets", issue=3, params={})
    db.execute("UPDATE jobs SET state = 'running' WHERE id = ?", job_id)
    db.add_job_event(job_id, "now", '{"phase": "reproduce", "words": "reproducing the crash", '
                                    '"doing": "reproduce…", "since": "2026-01-01T00:00:00+00:00"}')
    shown = data.now(db, job_id)
    assert shown["words"] == "reproducing the crash" and shown["doing"] == "the crash to happen in the sandbox"
    assert shown["elapsed_s"] > 3600 and shown["elapsed"].endswith(" s")
    client = create_app(settings, {"TESTING": True, "CRASHFIX_DB": db}).test_client()
    form = client.get("/dashboard/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', form).group(1)
    client.post("/dashboard/login", data={"csrf": csrf, "token": token})
    page = client.get(f"/dashboard/jobs/{job_id}").get_data(as_text=True)
    assert re.search(r'id="now-words">reproducing the crash<', page), page[:3000]
    assert "waiting for: the crash to happen in the sandbox" in page
    live = client.get(f"/dashboard/jobs/{job_id}/progress.json").get_json()
    assert live["now"]["words"] == "reproducing the crash"
