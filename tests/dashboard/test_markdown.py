"""The dashboard shows a dry run's comments and the PR body rendered as GitHub would, and nothing in
them becomes live HTML."""
from __future__ import annotations

import re

from bot.dashboard.markdown import markdown_html


def test_github_markdown_is_rendered():
    html = str(markdown_html("## crashfix: fixed\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] reproduced\n- [ ] merged\n\n"
                             "<details><summary>log</summary>\n\n```\nTraceback\n```\n</details>\n"))
    assert "<h2>crashfix: fixed</h2>" in html
    assert "<table>" in html and "<td>1</td>" in html
    assert re.search(r'<input[^>]*checked[^>]*disabled[^>]*> reproduced', html)
    assert "<details><summary>log</summary>" in html and "<pre><code>Traceback" in html


def test_an_issue_authors_html_stays_inert():
    html = str(markdown_html('<script>alert(1)</script>\n\n<img src="https://evil.example/p.png" onerror="x()">\n\n'
                             '[click](javascript:alert(1)) <a href="https://ok.example" onclick="x()">ok</a>\n\n'
                             '<iframe src="https://evil.example"></iframe>'))
    assert "<script" not in html and "<img" not in html and "<iframe" not in html
    assert "onerror" not in html and "onclick" not in html and "javascript:" not in html
    assert 'href="https://ok.example"' in html


def test_nothing_renders_as_nothing():
    assert str(markdown_html(None)) == "" and str(markdown_html("")) == ""
