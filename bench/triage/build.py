"""Build issues.jsonl from the hand-labelled raw/*.txt files (one record per `@@@@ url` block).

A block:  `@@@@ <url>` / `<ecosystem> | <y|n> | <family> | <exception> | <guilty> | <group>` / `<title>` /
then the issue's text, as the search excerpt showed it (trimmed), up to the next `@@@@`. `⇥` stands for a
tab (the excerpts' Go and JVM frames), `null` or an empty cell for no value.

    python bench/triage/build.py          # writes bench/triage/issues.jsonl
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
MAX_TEXT = 1500


def _cell(v: str) -> str | None:
    v = v.strip()
    return None if v in ("", "null") else v


def parse_block(block: str) -> dict:
    lines = block.split("\n")
    url = lines[0].strip()
    m = re.match(r"https://github\.com/([^/]+/[^/]+)/(?:issues|pull)/\d+$", url)
    if not m:
        raise ValueError(f"bad url: {url!r}")
    cells = [c for c in lines[1].split("|")]
    if len(cells) != 6:
        raise ValueError(f"{url}: label line needs 6 cells: {lines[1]!r}")
    eco, crash, family, exc, guilty, group = (_cell(c) for c in cells)
    if crash not in ("y", "n"):
        raise ValueError(f"{url}: crash must be y or n")
    title = lines[2].strip()
    text = "\n".join(lines[3:]).strip("\n").replace("⇥", "\t")
    if len(text) > MAX_TEXT:
        raise ValueError(f"{url}: text is {len(text)} characters (max {MAX_TEXT})")
    return {"url": url, "repo": m.group(1), "ecosystem": eco, "title": title, "text": text,
            "label": {"crash": crash == "y", "family": family, "exception": exc, "guilty": guilty,
                      "group": group}}


def build() -> list[dict]:
    out, seen = [], set()
    for path in sorted((HERE / "raw").glob("*.txt")):
        for block in path.read_text(encoding="utf-8").split("@@@@ ")[1:]:
            rec = parse_block(block)
            if rec["url"] in seen:
                raise ValueError(f"duplicate url {rec['url']}")
            seen.add(rec["url"])
            out.append(rec)
    return out


if __name__ == "__main__":
    recs = build()
    with open(HERE / "issues.jsonl", "w", encoding="utf-8") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(recs)} issues", file=sys.stderr)
