from mdtoc import build_toc, parse_heading

DOC = """# Guide
## Install
```
# not a heading
```
## Usage
### Options
## Usage
""".replace("            ", "")


def test_parse_heading():
    h = parse_heading("## Getting   started ##")
    assert (h.level, h.title, h.anchor) == (2, "Getting started", "getting-started")


def test_plain_text_is_not_a_heading():
    assert parse_heading("#hashtag") is None


def test_toc():
    assert build_toc(DOC) == (
        "- [Guide](#guide)\n"
        "  - [Install](#install)\n"
        "  - [Usage](#usage)\n"
        "    - [Options](#options)\n"
        "  - [Usage](#usage-1)"
    )
