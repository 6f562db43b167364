"""How the backlog's ranking spreads real crash reports without a checkout: the labelled crash issues of
bench/triage/issues.jsonl (real GitHub issues, bench/bench_triage.py), each parsed as triage parses it
(`parse_issue(title + "\\n\\n" + text, repo)`) and ranked as the backlog ranks it with the repository's
files unknown (`bot.backlog.rank.rank(report, FileIndex(None), None, text, name)`).

    python bench/bench_rank.py [--json]

Prints the scores' distribution, how many issues each fact credits, and how many issues share their
(score, evidence) order key with another issue of the same repository (a tie the ranking breaks by age).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.reports import parse_issue  # noqa: E402
from bot.backlog.rank import FileIndex, rank  # noqa: E402

DATA = ROOT / "bench" / "triage" / "issues.jsonl"


def measure() -> dict:
    scores, facts, keys = Counter(), Counter(), Counter()
    ranked = 0
    for line in DATA.read_text().splitlines():
        issue = json.loads(line)
        if not issue["label"]["crash"]:
            continue
        text = f"{issue['title']}\n\n{issue['text']}"
        report = parse_issue(text, issue["repo"])
        if report is None:
            continue
        fx = rank(report, FileIndex(None), None, text, issue["repo"].rsplit("/", 1)[-1])
        ranked += 1
        scores[fx.score] += 1
        for reason in fx.reasons:
            facts[reason.split(" (")[0].split("`")[0].strip()] += 1
        keys[(issue["repo"], fx.score, getattr(fx, "evidence", len(fx.reasons)))] += 1
    tied = sum(n for n in keys.values() if n > 1)
    return {"ranked": ranked, "scores": dict(sorted(scores.items())), "facts": dict(facts.most_common()),
            "tied_within_a_repository": tied}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    out = measure()
    if ap.parse_args().json:
        print(json.dumps(out))
        return 0
    print(f"crash reports ranked: {out['ranked']}")
    print("scores (without a checkout): " + ", ".join(f"{s}: {n}" for s, n in out["scores"].items()))
    for fact, n in out["facts"].items():
        print(f"  {n:4d}  {fact}")
    print(f"issues tied with another of their repository on (score, evidence): {out['tied_within_a_repository']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
