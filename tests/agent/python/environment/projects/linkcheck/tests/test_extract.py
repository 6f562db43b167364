from bs4 import BeautifulSoup

from linkcheck import links


def test_relative_links_are_made_absolute():
    page = '<p><a href="/docs">docs</a> and <a href="https://x.org/">x</a></p>'
    assert links(page, "https://example.com/") == ["https://example.com/docs", "https://x.org/"]


def test_the_parser_is_bs4():
    assert BeautifulSoup("<a href='a'>a</a>", "html.parser").a["href"] == "a"
