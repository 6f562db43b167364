"""What a person sees: headless Chromium (Debian's, driven by Playwright) against the real app served
on 127.0.0.1 over the session's real database. Screenshots are kept in tests/artifacts/dashboard/."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.docker
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium; ./setup.sh installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def site(world):
    """The app on a real HTTP server (werkzeug, threaded) on 127.0.0.1."""
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, world.app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


def shot(page, artifacts: Path, name: str) -> Path:
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def sign_in_as_admin(page, site, dash):
    page.goto(f"{site}/dashboard/jobs")
    assert "/dashboard/login" in page.url
    page.fill("#token", dash.ADMIN)
    page.click("text=Sign in as operator")
    page.wait_for_url(f"{site}/dashboard/jobs")


def test_an_operator_clicks_through_to_a_fixed_job(page, site, world, dash, artifacts):
    sign_in_as_admin(page, site, dash)
    assert page.locator("table.jobs tbody tr").count() >= 4
    page.select_option("select[name=state]", "done")
    page.select_option("select[name=kind]", "fix")
    page.click("text=Filter")
    page.wait_for_url("**state=done**")
    shot(page, artifacts, "jobs-filtered")
    rows = page.locator("table.jobs tbody tr")
    assert rows.count() == 2 and "octo-org/stockroom" in rows.first.inner_text()
    page.click(f"a[href='/dashboard/jobs/{world.jobs['fixed']}']")
    page.wait_for_url(f"**/dashboard/jobs/{world.jobs['fixed']}")
    assert page.locator("#job-state").inner_text() == "fixed" and page.locator("#run-status").count() == 0
    patch = page.locator("#patch")
    assert patch.is_visible() and "if item is None:" in patch.inner_text()
    assert patch.locator(".highlight .gi").count() >= 2                       # added lines, highlighted
    assert page.locator("#timeline g.phase").count() >= 5
    assert page.locator("#timeline g.phase[data-phase=validation]").is_visible()
    verdicts = page.locator("#candidates td.verdict").all_inner_texts()
    assert "✔ validated" in verdicts and "✘ rejected" in verdicts
    issue = page.locator("#issue-link")
    assert issue.get_attribute("href") == f"{world.settings.web_url}/octo-org/stockroom/issues/1"
    assert "merged" in page.locator("#pr").inner_text()
    assert "open_pr" in page.locator("#dry-run").inner_text()
    page.click("#debugger summary")
    assert "(Pdb) " in page.locator("#debugger").inner_text()
    path = shot(page, artifacts, "job-fixed")
    assert path.stat().st_size > 20_000
    page.screenshot(path=str(artifacts / "job-fixed-top.png"))
    for part in ("timeline", "candidates", "patch"):
        page.locator(f"#{part}").screenshot(path=str(artifacts / f"job-fixed-{part}.png"))


def test_the_research_agent_job_shows_its_tool_calls(page, site, world, dash, artifacts):
    sign_in_as_admin(page, site, dash)
    page.goto(f"{site}/dashboard/jobs/{world.jobs['llm']}")
    agent = page.locator("#agent")
    assert agent.locator("details.trajectory").count() == 1
    first = agent.locator("details.trajectory").first
    assert first.locator(".call").first.is_visible()                           # the first one is open
    assert "reproduce(" in first.inner_text() and "REPLAY" in first.inner_text()
    assert "LLM calls" in page.locator("#cost").inner_text()
    shot(page, artifacts, "job-agent")
    first.locator(".step").nth(1).screenshot(path=str(artifacts / "job-agent-step.png"))


def test_a_maintainer_signs_in_with_github_and_sees_their_repos_only(page, site, world, artifacts):
    world.fake.user_installations["hubot"] = [4242]
    world.fake.approving = "hubot"
    page.goto(f"{site}/dashboard/summary")
    page.click("text=Sign in with GitHub")            # → fake GitHub authorize → back to the callback
    page.wait_for_url(f"{site}/dashboard/summary")
    assert "hubot" in page.locator("header").inner_text()
    assert page.locator("svg.chart").count() == 3
    assert page.locator("#prs-merged").inner_text() == "1"
    assert "widgets" not in page.content()
    shot(page, artifacts, "summary-maintainer")
    page.goto(f"{site}/dashboard/installations")
    assert "octo-org" in page.inner_text("main") and "other-org" not in page.inner_text("main")


def test_a_running_job_updates_live(page, site, world, dash, artifacts):
    from playwright.sync_api import expect
    from bot.jobs.store import create_job, finish
    with world.db.tx() as tx:
        job_id = create_job(tx, "fix", installation_id=4242, repo="octo-org/stockroom", issue=1, sender="mona",
                            dedupe=False)
    world.db.execute("UPDATE jobs SET state = 'running', started_at = created_at, attempts = 1 WHERE id = ?", job_id)
    world.db.add_job_event(job_id, "progress", "parsed the report: AttributeError in fulfil")
    sign_in_as_admin(page, site, dash)
    page.goto(f"{site}/dashboard/jobs/{job_id}")
    assert page.locator("#progress li").count() == 1 and page.locator("#job-state").inner_text() == "running"
    assert "still running" in page.locator("section.facts").inner_text()
    world.db.add_job_event(job_id, "progress", "reproducing: python -m pytest -q tests/test_orders.py")
    # Playwright's own assertions, not wait_for_function: the page's CSP forbids eval, as it should
    expect(page.locator("#progress li")).to_have_count(2, timeout=10_000)
    assert "reproducing" in page.locator("#progress").inner_text()
    shot(page, artifacts, "job-running")
    finish(world.db, job_id, "cancelled", error="cancelled by a command while running")
    expect(page.locator("#job-state")).to_have_text("cancelled", timeout=10_000)
    expect(page.locator("#live-note")).to_have_count(0, timeout=10_000)             # reloaded when it ended
    assert "cancelled by a command" in page.inner_text("main")

