"""Screenshots of a simulated conversation as GitHub renders it, and of the job's dashboard page.

    python docs/screenshots/make.py            # writes docs/screenshots/*.png

Runs `crashfix simulate` on examples/inventory (the real pipeline, in Docker), renders the final
issue thread, the status comment mid-run and the draft PR's body from markdown to HTML with the
renderer of `crashfix simulate --html` (bot/cli/simulate_html.py: cmarkgfm, its stylesheet), serves the dashboard over the simulation's data
dir, and takes full-page PNGs with headless Chromium (Debian's, driven by Playwright). Installs
what is missing: `apt-get install -y chromium fonts-noto-color-emoji`, `pip install playwright`.
"""
from __future__ import annotations

import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXAMPLE = ROOT / "examples" / "inventory"
CHROMIUM = Path("/usr/bin/chromium")
WIDTH, HEIGHT = 1000, 200          # full-page shots grow to fit the page


def need() -> None:
    fonts = subprocess.run(["fc-list"], capture_output=True, text=True).stdout if shutil.which("fc-list") else ""
    debs = [deb for deb, missing in (("chromium", not CHROMIUM.exists()),
                                     ("fonts-noto-color-emoji", "emoji" not in fonts.lower())) if missing]
    if debs:                                     # the status comment's ⏳ and ❌ are emoji
        subprocess.run(["apt-get", "install", "-y", "-q", *debs], check=True)
    for module in ("playwright",):
        try:
            __import__(module)
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", module], check=True)


def dashboard(browser, data: Path, job_id: int, out: Path) -> None:
    from werkzeug.serving import make_server

    from bot.web.app import create_app
    from bot.settings import load_settings
    token = secrets.token_hex(16)
    app = create_app(load_settings(env={}, DATA_DIR=data, ADMIN_TOKEN=token, WEBHOOK_SECRET=token))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_port}"
    try:
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        tab.goto(f"{site}/dashboard/jobs")
        tab.fill("#token", token)
        tab.click("text=Sign in as operator")
        tab.wait_for_url(f"{site}/dashboard/jobs")
        tab.goto(f"{site}/dashboard/jobs/{job_id}")
        tab.screenshot(path=str(out), full_page=True)
    finally:
        server.shutdown()


def main() -> int:
    need()
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from bot.cli.simulate import simulate
    with tempfile.TemporaryDirectory(prefix="crashfix-shots-") as tmp:
        data = Path(tmp) / "data"
        out = simulate(EXAMPLE / "repo", (EXAMPLE / "report.txt").read_text(), [], data)
        fix = next(j for j in out.jobs if j["kind"] == "fix")
        if out.status != "fixed":
            print(f"the simulated run ended {out.status}, not fixed: no screenshots", file=sys.stderr)
            return 1
        from bot.cli.simulate_html import conversation
        pages = conversation(data, out.ops, note="Rendered from <code>crashfix simulate</code> on examples/inventory "
                             "(docs/screenshots/make.py): the App's real texts, GitHub-like styling.")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
            for name, text in pages.items():
                path = Path(tmp) / f"{name}.html"
                path.write_text(text)
                tab = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
                tab.goto(path.as_uri())
                tab.screenshot(path=str(HERE / f"{name}.png"), full_page=True)
            dashboard(browser, data, fix["id"], HERE / "dashboard-job.png")
            browser.close()
    print("\n".join(str(p.relative_to(ROOT)) for p in sorted(HERE.glob("*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
