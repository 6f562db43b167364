from urllib.parse import urljoin


def links(html, base=""):
    """The absolute URLs of the page's <a href> links, in order."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    return [urljoin(base, a["href"]) for a in soup.find_all("a")]
