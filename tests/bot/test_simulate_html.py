"""`crashfix simulate --html DIR`: the issue, the status comment as it ended and the PR, rendered as GitHub
shows them (bot/cli/simulate_html.py); issue text is untrusted: no script survives."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.cli.simulate_html import clean, to_html

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = False

    def handle_starttag(self, tag, attrs):
        self.skip = tag in ("style", "title")

    def handle_endtag(self, tag):
        self.skip = False

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def text_of(page: str) -> str:
    parser = _Text()
    parser.feed(page)
    return re.sub(r"\s+", " ", "".join(parser.parts))


def top_line(body: str) -> str:
    """The status comment's first line a reader sees, as plain text (no heading, no markers)."""
    for line in re.sub(r"<!--.*?-->", "", body, flags=re.S).splitlines():
        if line.strip() and not line.startswith("#"):
            return re.sub(r"[*`]", "", line).strip()
    raise AssertionError(f"no visible line in {body!r}")


def test_markdown_is_rendered_as_github_does_and_scripts_are_dropped():
    page = to_html("**bold** and `code`\n\n```python\nx = 1\n```\n\n- [x] done\n- [ ] not yet\n\nline one\nline two\n\n"
                   "<details><summary>more</summary>\n\ninside\n</details>\n\n<sub>small</sub>\n\n"
                   "<script>alert(1)</script><img src=x onerror=alert(2)>\n\n[a](javascript:alert(3))")
    assert "<strong>bold</strong>" in page and "<code>code</code>" in page
    assert "<pre" in page and "```" not in page
    assert 'type="checkbox"' in page and "checked" in page
    assert "line one<br>" in page.replace("<br />", "<br>")               # a newline is a line break, as in comments
    assert "<details>" in page and "<summary>more</summary>" in page and "<sub>small</sub>" in page
    assert "<script" not in page and "onerror" not in page and "javascript:" not in page and "<a>a</a>" in page
    assert clean('<a href="https://example.org" onclick="x()">ok</a>') == '<a href="https://example.org">ok</a>'


def test_the_html_pages_of_a_simulated_conversation(tmp_path, gh, git_repo, monkeypatch, capsys):
    monkeypatch.setattr("bot.cli.simulate.execute", gh.fake_pipeline("fixed"))
    issue = tmp_path / "issue.md"
    issue.write_text(gh.CRASH_BODY + "\n<script>alert('x')</script>\n")
    data = tmp_path / "data"
    code = main(["simulate", "--repo", str(git_repo), "--issue", str(issue), "--sandbox", "local", "--json",
                 "--data-dir", str(data), "--html", str(tmp_path / "html")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert f"{tmp_path / 'html' / 'index.html'}" in err
    state = json.loads((data / "dry-run-state.json").read_text())
    status = next(c for c in state["comments"].values() if c["author"].endswith("[bot]"))
    pages = {n: (tmp_path / "html" / f"{n}.html").read_text() for n in ("index", "issue", "pr")}
    assert "issue.html" in pages["index"] and "pr.html" in pages["index"]
    issue_text = text_of(pages["issue"])
    assert top_line(status["body"]) in issue_text
    assert "<script" not in pages["issue"] and "alert('x')" in issue_text         # shown as text, never run
    assert "Content-Security-Policy" in pages["issue"]
    prs = list(state["prs"].values())
    if prs:                                                   # the fake pipeline's run opened one
        assert prs[0]["title"] in text_of(pages["pr"])
    else:
        assert "opened no pull request" in text_of(pages["pr"])
    for page in pages.values():
        assert "```" not in page and "**" not in text_of(page)


@pytest.mark.docker
def test_html_of_the_bundled_example(sandbox_image, tmp_path):
    """The README's command with --html, as a user runs it (the real pipeline in Docker)."""
    env = {k: v for k, v in {**os.environ, "PYTHONPATH": str(ROOT)}.items() if not k.startswith("CRASHFIX_")}
    env["CRASHFIX_ENV_CACHE"] = os.environ.get("CRASHFIX_ENV_CACHE", "")
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "simulate", "--repo", str(EXAMPLE / "repo"),
                           "--issue", str(EXAMPLE / "report.txt"), "--data-dir", str(tmp_path / "data"),
                           "--html", str(tmp_path / "html")],
                          capture_output=True, text=True, timeout=900, env={k: v for k, v in env.items() if v},
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    state = json.loads((tmp_path / "data" / "dry-run-state.json").read_text())
    (pr,) = state["prs"].values()
    status = next(c for c in state["comments"].values() if c["author"].endswith("[bot]"))
    issue, pr_page = ((tmp_path / "html" / f"{n}.html").read_text() for n in ("issue", "pr"))
    assert (tmp_path / "html" / "index.html").is_file()
    assert pr["title"] in text_of(pr_page) and "Fixes #1" in text_of(pr_page)
    assert top_line(status["body"]) in text_of(issue)
    assert "AttributeError" in text_of(issue)                          # the reporter's traceback
    assert "<pre" in issue                                              # the reporter's fences: code blocks
    for page in (issue, pr_page):
        assert "```" not in page
