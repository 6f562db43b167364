"""What GitHub would make live of a Markdown text: rendered with cmarkgfm (GitHub's own fork of
cmark, the GFM extensions on: tables, autolinks, tag filter), then split the way GitHub's
post-filters see it: @mentions, @org/team mentions and #123 references are linked only in text
outside <code>, <pre> and <a>. A test asserts that untrusted text is in `code` and not in `live`."""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options

_QUIET = {"code", "pre", "a"}          # GitHub links no mention or reference inside these


@dataclass
class Rendered:
    html: str
    live: str = ""                      # text GitHub's filters would turn into mentions/references
    code: str = ""                      # text inside <code>/<pre>
    links: list[str] = field(default_factory=list)     # href and src of every <a> and <img>
    tags: list[str] = field(default_factory=list)      # every element opened


class _Split(HTMLParser):
    def __init__(self, out: Rendered):
        super().__init__(convert_charrefs=True)
        self.out, self.stack = out, []

    def handle_starttag(self, tag, attrs):
        self.out.tags.append(tag)
        self.out.links += [v for k, v in attrs if k in ("href", "src") and v]
        if tag not in ("img", "br", "hr", "input"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data):
        if {"code", "pre"} & set(self.stack):
            self.out.code += data + "\n"
        if not _QUIET & set(self.stack):
            self.out.live += data + "\n"


def render(markdown: str) -> Rendered:
    html = cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)
    out = Rendered(html)
    _Split(out).feed(html)
    return out
