"""No page ever shows a secret: the webhook secret, the App's private key, the LLM key, the admin
token, the OAuth client secret, the session secret, the metrics token, or a GitHub token, even
when a run's log, a progress message or a dry-run comment holds one."""
from __future__ import annotations

import json
import re
import shutil

import pytest

pytestmark = pytest.mark.docker


def test_no_page_contains_a_secret(world, dash, tmp_path):
    from bot.web.app import create_app
    from bot.jobs.store import create_job
    from bot.settings import load_settings

    key_path = tmp_path / "app.pem"
    key_path.write_text(world.key)
    planted = {"CRASHFIX_WEBHOOK_SECRET": "whsec-planted-0123456789", "CRASHFIX_APP_ID": "4242",
               "CRASHFIX_PRIVATE_KEY_PATH": str(key_path), "CRASHFIX_LLM_API_KEY": "sk-planted-llm-key-0123456789",
               "CRASHFIX_ADMIN_TOKEN": "admin-planted-0123456789", "CRASHFIX_OAUTH_CLIENT_ID": dash.CLIENT_ID,
               "CRASHFIX_OAUTH_CLIENT_SECRET": "oauth-planted-0123456789",
               "CRASHFIX_SESSION_SECRET": "session-planted-0123456789", "CRASHFIX_METRICS_TOKEN": "metrics-planted-0123456789",
               "CRASHFIX_DATA_DIR": str(world.settings.DATA_DIR), "CRASHFIX_GITHUB_API_URL": world.settings.GITHUB_API_URL}
    settings = load_settings(env=planted)
    assert not settings.dry_run
    installation_token = "ghs_" + "Q" * 36
    leaks = [v for k, v in planted.items() if k not in ("CRASHFIX_APP_ID", "CRASHFIX_PRIVATE_KEY_PATH",
                                                        "CRASHFIX_OAUTH_CLIENT_ID", "CRASHFIX_DATA_DIR",
                                                        "CRASHFIX_GITHUB_API_URL")]
    key_lines = [line for line in world.key.splitlines() if "PRIVATE KEY" not in line]
    leaks += [installation_token, world.key] + key_lines

    # a job whose run folder, progress and dry-run writes all carry secrets
    fixed_dir = world.settings.runs_dir / str(world.jobs["fixed"])
    with world.db.tx() as tx:
        job_id = create_job(tx, "explain", installation_id=dash.ORG[0], repo="octo-org/stockroom", issue=1,
                            sender="mona", dedupe=False)
    run_dir = world.settings.runs_dir / str(job_id)
    shutil.copytree(fixed_dir, run_dir, ignore=shutil.ignore_patterns("checkout"))
    everything = "\n".join(leaks)
    (run_dir / "logs" / "planted.log").write_text(f"env dump:\n{everything}\n")
    result = json.loads((run_dir / "result.json").read_text())
    result["notes"].append(f"key {planted['CRASHFIX_LLM_API_KEY']}")
    (run_dir / "result.json").write_text(json.dumps(result))
    world.db.add_job_event(job_id, "progress", f"cloning with {installation_token}")
    world.db.add_job_event(job_id, "dry_run", json.dumps({"action": "comment", "repo": "octo-org/stockroom",
                                                          "number": 1, "body": f"secret {planted['CRASHFIX_WEBHOOK_SECRET']}"}))
    world.db.execute("UPDATE jobs SET state = 'done', started_at = created_at, finished_at = created_at, "
                     "error = ?, result = ? WHERE id = ?", f"token {installation_token}",
                     json.dumps({"status": "fixed", "run_dir": str(run_dir)}), job_id)

    app = create_app(settings, {"TESTING": True, "CRASHFIX_DB": world.db,
                                "CRASHFIX_QUEUE": world.app.extensions["crashfix"].queue})
    c = app.test_client()
    pages = {"/dashboard/login": c.get("/dashboard/login").get_data(as_text=True)}
    csrf = re.search(r'name="csrf" value="([^"]+)"', pages["/dashboard/login"]).group(1)
    assert c.post("/dashboard/login", data={"csrf": csrf, "token": planted["CRASHFIX_ADMIN_TOKEN"]}).status_code == 302
    urls = ["/dashboard/jobs", "/dashboard/summary", "/dashboard/installations", "/dashboard/highlight.css",
            "/healthz", "/dashboard/jobs?state=done"]
    urls += [f"/dashboard/jobs/{r['id']}" for r in world.db.all("SELECT id FROM jobs")]
    urls += [f"/dashboard/jobs/{r['id']}/progress.json" for r in world.db.all("SELECT id FROM jobs")]
    for url in urls:
        r = c.get(url)
        assert r.status_code == 200, url
        pages[url] = r.get_data(as_text=True)
    metrics = c.get("/metrics", headers={"Authorization": f"Bearer {planted['CRASHFIX_METRICS_TOKEN']}"})
    assert metrics.status_code == 200
    pages["/metrics"] = metrics.get_data(as_text=True)
    for url, page in pages.items():
        for secret in leaks:
            assert secret not in page, f"{url} shows a secret ({secret[:12]}…)"
    planted_page = pages[f"/dashboard/jobs/{job_id}"]
    assert "planted.log" in planted_page and planted_page.count("[REDACTED]") >= 5     # shown, but redacted
    assert "[REDACTED]" in pages[f"/dashboard/jobs/{job_id}/progress.json"]
