"""`crashfix simulate --html DIR`: the simulated conversation as GitHub would show it.

Reads the simulated GitHub of a data dir (``dry-run-state.json``: the issue, its comments as they
ended, the PRs) and writes ``issue.html`` (the issue and its thread: the status comment in its final
state), ``pr.html`` (each PR's title and body), and ``index.html`` linking them. Markdown is rendered
by cmarkgfm (GitHub's own fork of cmark, GFM extensions, a newline is a line break as in comments);
raw HTML the texts hold is kept to what GitHub keeps (an allow-list of tags and attributes) and the
pages carry a Content-Security-Policy that runs no script and loads nothing: issue text is
untrusted. docs/screenshots/make.py renders its screenshots with the same functions.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

from bot.dashboard.markdown import clean, github_html  # noqa: F401 - clean: this module's API too

CSS = Path(__file__).with_name("simulate.css")
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

# Markdown and the HTML allowlist: one home, the dashboard's (bot/dashboard/markdown.py)
to_html = github_html


def inline(text: str) -> str:
    """A title: plain text, `code` spans."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def comment_box(who: str, body: str, bot: bool = False, note: str = "commented") -> str:
    badge = '<span class="badge">bot</span>' if bot else ""
    who = (who or "someone").removesuffix("[bot]")
    return (f'<div class="comment"><div class="avatar{" bot" if bot else ""}">{html.escape(who[0].upper())}</div>'
            f'<div class="box"><div class="head"><b>{html.escape(who)}</b>{badge} {note}</div>'
            f'<div class="markdown-body">{to_html(body)}</div></div></div>')


def page(title: str, meta: str, boxes: list[str], *, css: str | None = None, note: str = "") -> str:
    style = css if css is not None else CSS.read_text()
    foot = f"<p class='note'>{note}</p>" if note else ""
    return (f"<!doctype html><html><head><meta charset='utf-8'>"
            f"<meta http-equiv='Content-Security-Policy' content=\"{CSP}\">"
            f"<title>{re.sub(r'<[^>]+>', '', title)}</title><style>{style}</style></head><body>"
            f"<div class='page'><h1 class='title'>{title}</h1><div class='meta'>{meta}</div>{''.join(boxes)}"
            f"{foot}</div></body></html>")


NOTE = ("Rendered by <code>crashfix simulate --html</code>: the App's texts as it would post them on GitHub "
        "(a simulated GitHub; GitHub-like styling).")


def conversation(data: Path, ops: list[dict] | None = None, *, css: str | None = None,
                 note: str = NOTE) -> dict[str, str]:
    """The pages of a simulation's data dir: ``issue`` (the thread as it ended), ``pr`` (each PR, or
    that none was opened), and ``progress`` (the status comment while a step ran: the last edit with
    ⏳, a validation one when there was) when ``ops`` are given."""
    state = json.loads((Path(data) / "dry-run-state.json").read_text())
    issue = next(iter(state["issues"].values()))
    labels = "".join(f'<span class="label">{html.escape(x)}</span>' for x in issue["labels"])
    number = f"<span class='num'>#{issue['number']}</span>"
    thread = [comment_box(issue.get("author") or "reporter", issue["body"])]
    thread += [comment_box(c["author"], c["body"], bot=c["author"].endswith("[bot]"))
               for c in sorted(state["comments"].values(), key=lambda c: c["id"])
               if c.get("number") in (None, issue["number"])]
    shown_state = "Closed" if issue.get("state") == "closed" else "Open"
    meta = f"<span class='state{' closed' if shown_state == 'Closed' else ''}'>{shown_state}</span> {labels}"
    title = f"{inline(issue['title'])} {number}"
    pages = {"issue": page(title, meta, thread, css=css, note=note)}
    running = [o for o in ops or [] if o["op"] in ("comment.create", "comment.edit") and "⏳" in (o.get("body") or "")]
    if running:
        shown = next((o for o in running if re.search(r"Validat.*⏳", o["body"])), running[-1])
        pages["progress"] = page(title, meta, [comment_box("crashfix", shown["body"], bot=True,
                                                           note="commented (edited as it runs)")], css=css, note=note)
    prs = sorted(state["prs"].values(), key=lambda p: p["number"])
    heads = [(f"{inline(pr['title'])} <span class='num'>#{pr['number']}</span>",
              f"<span class='state{' draft' if pr.get('draft') else ''}'>{'Draft' if pr.get('draft') else 'Open'}"
              f"</span> {html.escape(pr.get('author') or 'crashfix[bot]')} wants to merge into the default branch "
              f"from <code>{html.escape(pr.get('head_ref') or '')}</code>",
              comment_box("crashfix", pr["body"], bot=True, note="opened this pull request")) for pr in prs]
    if len(heads) == 1:
        pages["pr"] = page(*heads[0][:2], [heads[0][2]], css=css, note=note)
    else:                              # none, or several (one per issue run that opened one)
        boxes = [f"<h2 class='title'>{t}</h2><div class='meta'>{m}</div>{box}" for t, m, box in heads] or \
            ["<p class='none'>The App opened no pull request: the status comment on the issue says why.</p>"]
        pages["pr"] = page("Pull requests", f"{len(heads)} opened", boxes, css=css, note=note)
    return pages


def write_html(data: Path, out: Path, ops: list[dict] | None = None) -> list[Path]:
    """Write the pages and an index into ``out``; the files written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    pages = conversation(data, ops)
    pages.pop("progress", None)                   # the thread shows the status comment's final state
    written = []
    for name, text in pages.items():
        path = out / f"{name}.html"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    links = "".join(f"<li><a href='{p.name}'>{html.escape(label)}</a></li>" for p, label in
                    zip(written, ("the issue and its conversation (the status comment as it ended)",
                                  "the pull request (title and body)")))
    index = out / "index.html"
    index.write_text(page("crashfix simulate", "", [f"<ul class='index'>{links}</ul>"], note=NOTE), encoding="utf-8")
    return [index, *written]
