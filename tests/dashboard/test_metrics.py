"""/metrics: Prometheus text computed from the job table; off unless METRICS_TOKEN is set, then
it wants the token."""
from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families

pytestmark = pytest.mark.docker


def samples(text: str) -> dict:
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_metrics_match_the_job_table(world, dash):
    r = world.app.test_client().get("/metrics", headers={"Authorization": f"Bearer {dash.METRICS}"})
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/plain; version=0.0.4")
    m = samples(r.get_data(as_text=True))
    db = world.db
    for row in db.all("SELECT state, kind, COUNT(*) AS n FROM jobs GROUP BY state, kind"):
        assert m[("crashfix_jobs", (("kind", row["kind"]), ("state", row["state"])))] == row["n"]
    assert m[("crashfix_queue_depth", ())] == db.one("SELECT COUNT(*) AS n FROM jobs WHERE state = 'queued'")["n"]
    finished_fixes = db.one("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'fix' AND state IN ('done', 'failed')")["n"]
    assert m[("crashfix_job_duration_seconds_count", (("kind", "fix"),))] == finished_fixes == 3
    assert m[("crashfix_job_duration_seconds_sum", (("kind", "fix"),))] > 1
    assert m[("crashfix_pipeline_runs_total", (("kind", "fix"), ("status", "fixed")))] == 2
    assert m[("crashfix_validation_candidates_total", (("outcome", "validated"),))] >= 2
    assert m[("crashfix_validation_candidates_total", (("outcome", "rejected"),))] >= 1
    assert m[("crashfix_llm_tokens_total", (("type", "prompt"),))] > 1000          # the research agent's run
    assert ("crashfix_llm_cost_usd_total", ()) in m
    assert m[("crashfix_pull_requests", (("state", "merged"),))] == 1
    row = db.one("SELECT * FROM rate_limits WHERE installation_id = 4242 AND resource = 'core'")
    assert m[("crashfix_github_rate_limit_remaining", (("installation", "4242"), ("resource", "core")))] \
        == row["remaining"] < 5000
    assert m[("crashfix_github_rate_limit_limit", (("installation", "4242"), ("resource", "core")))] == 5000


def test_metrics_token(world):
    from bot.web.app import create_app
    from bot.settings import load_settings
    token = "metrics-token-0123456789abcdef"
    settings = load_settings(env={}, DATA_DIR=world.settings.DATA_DIR, METRICS_TOKEN=token)
    app = create_app(settings, {"TESTING": True, "CRASHFIX_DB": world.db,
                                "CRASHFIX_QUEUE": world.app.extensions["crashfix"].queue})
    c = app.test_client()
    assert c.get("/metrics").status_code == 401
    assert c.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert c.get("/metrics", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    settings = load_settings(env={}, DATA_DIR=world.settings.DATA_DIR)
    off = create_app(settings, {"TESTING": True, "CRASHFIX_DB": world.db,
                                "CRASHFIX_QUEUE": world.app.extensions["crashfix"].queue}).test_client()
    assert off.get("/metrics").status_code == 404
