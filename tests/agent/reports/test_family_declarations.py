"""One declaration per report kind (issue 36), checked on what the parsers emit, not on their source:
every report parsed from the golden files, the shared corpora and the triage benchmark's real issues has
a kind its family declares (family_for's fallback to the Python family is never taken), and triage
labels it with that family's label; the kinds crashfix does not fix have no path."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from agent.reports import parse_issue
from agent.reports.families import FAMILIES, family_for
from agent.triage import triage

ROOT = Path(__file__).resolve().parents[3]
FOLDERS = [ROOT / "tests" / "agent" / "reports" / d for d in ("golden", "ecosystems", "pastes")] + \
    [ROOT.parent / "shared" / "corpora"]
BENCH = ROOT / "bench" / "triage" / "issues.jsonl"


def _reports():
    for folder in FOLDERS:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.name not in ("README.md", "LICENSES"):
                if (rep := parse_issue(path.read_text(errors="replace"))) is not None:
                    yield rep
    for line in BENCH.read_text().splitlines():
        issue = json.loads(line)
        if (rep := parse_issue(f"{issue['title']}\n\n{issue['text']}", issue["repo"])) is not None:
            yield rep


def test_every_kind_the_parsers_emit_is_declared_by_one_family_and_labelled_by_it():
    kinds = Counter()
    for rep in _reports():
        kinds[rep.kind] += 1
        assert rep.kind in FAMILIES, rep.kind                     # never the Python family by default
        assert triage(rep).labels == [family_for(rep.kind).label]
    # every ecosystem the README lists is among them, each with its own family
    assert {"python", "sanitizer", "gdb", "kernel", "go", "rust", "jvm"} <= set(kinds), kinds
    assert all(not family_for(k).fixes for k in ("go", "rust", "jvm", "java"))
    assert len({family_for(k).name for k in ("python", "go", "rust", "jvm", "sanitizer", "kernel")}) == 6
