"""Screenshots of a simulated conversation as GitHub renders it, and of the job's dashboard page.

    python docs/screenshots/make.py            # writes docs/screenshots/*.png

Runs `crashfix simulate` on examples/inventory (the real pipeline, in Docker), renders the final
issue thread, the status comment mid-run and the draft PR's body from markdown to HTML
(python-markdown, github.css beside this file), serves the dashboard over the simulation's data
dir, and takes full-page PNGs with headless Chromium (Debian's, driven by Playwright). Installs
what is missing: `apt-get install -y chromium fonts-noto-color-emoji`, `pip install markdown playwright`.
"""
from __future__ import annotations

import html
import re
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
    for module in ("markdown", "playwright"):
        try:
            __import__(module)
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", module], check=True)


def to_html(text: str) -> str:
    """GitHub-flavoured enough: fenced code, tables, markdown inside <details>, task-list checkboxes, and
    a newline is a line break (as in GitHub comments)."""
    import markdown
    text = re.sub(r"<details>", '<details markdown="1">', loose_lists(text))
    body = markdown.markdown(text, extensions=["fenced_code", "tables", "md_in_html", "sane_lists", "nl2br"])
    body = re.sub(r"<li>\[([ x])\]", lambda m: '<li class="task"><input type="checkbox" disabled'
                  + (" checked" if m.group(1) == "x" else "") + ">", body)
    return body


def loose_lists(text: str) -> str:
    """A blank line before a list that follows a paragraph line (CommonMark needs none; python-markdown does)."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        fenced ^= line.lstrip().startswith("```")
        item = re.match(r"\s*([-*]|\d+\.) ", line)
        if item and not fenced and out and out[-1].strip() and not re.match(r"\s*([-*]|\d+\.) ", out[-1]):
            out.append("")
        out.append(line)
    return "\n".join(out)


def inline(text: str) -> str:
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def comment_box(who: str, body: str, bot: bool = False, note: str = "commented") -> str:
    badge = '<span class="badge">bot</span>' if bot else ""
    who = who.removesuffix("[bot]")
    return (f'<div class="comment"><div class="avatar{" bot" if bot else ""}">{html.escape(who[0].upper())}</div>'
            f'<div class="box"><div class="head"><b>{html.escape(who)}</b>{badge} {note}</div>'
            f'<div class="markdown-body">{to_html(body)}</div></div></div>')


def page(title: str, meta: str, boxes: list[str]) -> str:
    css = (HERE / "github.css").read_text()
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{css}</style></head><body>"
            f"<div class='page'><h1 class='title'>{title}</h1><div class='meta'>{meta}</div>{''.join(boxes)}"
            "<p class='note'>Rendered from <code>crashfix simulate</code> on examples/inventory "
            "(docs/screenshots/make.py): the App's real texts, GitHub-like styling.</p></div></body></html>")


def conversation(data: Path, ops: list[dict]) -> dict[str, str]:
    """The pages: the issue thread as it ends, the status comment while the run validates, the PR."""
    import json
    state = json.loads((data / "dry-run-state.json").read_text())
    issue = next(iter(state["issues"].values()))
    pr = next(iter(state["prs"].values()))
    labels = "".join(f'<span class="label">{html.escape(x)}</span>' for x in issue["labels"])
    number = f"<span class='num'>#{issue['number']}</span>"
    thread = [comment_box(issue["author"] or "reporter", issue["body"])]
    thread += [comment_box(c["author"], c["body"], bot=c["author"].endswith("[bot]"))
               for c in sorted(state["comments"].values(), key=lambda c: c["id"])]
    open_meta = f"<span class='state'>Open</span> {labels}"
    running = [o for o in ops if o["op"] in ("comment.create", "comment.edit") and "⏳" in o["body"]]
    pages = {"issue": page(f"{inline(issue['title'])} {number}", open_meta, thread)}
    if running:                                    # the comment while a step is under way, validation if shown
        shown = next((o for o in running if re.search(r"Validat.*⏳", o["body"])), running[-1])
        pages["progress"] = page(f"{inline(issue['title'])} {number}", open_meta,
                                 [comment_box("crashfix", shown["body"], bot=True, note="commented (edited as it runs)")])
    pages["pr"] = page(f"{inline(pr['title'])} <span class='num'>#{pr['number']}</span>",
                       f"<span class='state draft'>Draft</span> crashfix[bot] wants to merge into the default "
                       f"branch from <code>{html.escape(pr['head_ref'])}</code>",
                       [comment_box("crashfix", pr["body"], bot=True, note="opened this pull request")])
    return pages


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
        pages = conversation(data, out.ops)
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
