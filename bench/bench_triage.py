"""Triage benchmark: real GitHub issues, labelled by hand, against the crash-report parsers.

    python bench/bench_triage.py                  # the figures
    python bench/bench_triage.py --json           # machine output
    python bench/bench_triage.py --show-misses    # per metric: url, expected, got

Reads bench/triage/issues.jsonl (built from bench/triage/raw/ by bench/triage/build.py) and parses each
issue as triage does — `agent.reports.parse_issue(title + "\\n\\n" + text, repo)`, `repo` the issue's
`owner/name` as the webhook and the backlog give it — in the guarded parser's
child process, under its deadline (agent/reports/guarded.py). Measures:

- crash recall and precision: a report is found for a crash issue / no report for the others;
- family accuracy (the report kind's family, agent/reports/families.py), over the labelled crashes;
- exception accuracy: the last dotted part of the type, compared without case, `_`/`-`/space or a
  leading `BUG:`; a free-text kind (Go's `index out of range`, a kernel title) matches when one
  contains the other (the two names syzkaller gives one kernel oops kind, `unable to handle page fault` and
  `... kernel paging request`, are one); the report's type or, for the kinds whose type is a category (a kernel
  report's `MEMORY_SAFETY_BUG`, a Go `fatal-error`), the kind its crash title names; over the crashes
  whose exception is labelled;
- guilty-frame accuracy: the function's last `.`/`::` part without arguments, over the crashes whose
  guilty frame is labelled; where none is labelled, how often the parser names one anyway;
- duplicate pairs: every pair of issues in the set is one decision; the labelled pairs share a `group`.
  The product groups a pair when its rule (agent/reports/sameness.py, the one `crashfix backlog` uses)
  puts both in one group: they share a key (the signature, or the exception and a discriminating
  message in one repository), directly or through other issues; the baseline when both have the same
  non-empty crash `title`. Precision and recall of each on the same pairs, over all
  pairs (an org-wide backlog) and over the pairs of one repository's issues;
- per-ecosystem rows, and parse time (max, median).

Every label in the file was written by hand from the issue's text; nothing here reads the labels
while parsing.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DATA = Path(__file__).resolve().parent / "triage" / "issues.jsonl"
DEFAULT_TIMEOUT = 10.0


@dataclass
class Got:
    """What the parser said about one issue (None fields: no report)."""
    crash: bool
    family: str | None = None
    exception: str | None = None
    guilty: str | None = None
    signature: str = ""
    keys: object = None             # what the product groups on (agent/reports/sameness.py Keys)
    title: str = ""
    seconds: float = 0.0
    too_slow: bool = False

    def __post_init__(self) -> None:
        from agent.reports.sameness import Keys
        if self.keys is None:                          # the signature is always one of the keys
            self.keys = Keys((self.signature,) if self.signature else ())


@dataclass
class Ratio:
    hit: int = 0
    total: int = 0
    misses: list = field(default_factory=list)

    def add(self, ok: bool, miss=None) -> None:
        self.total += 1
        if ok:
            self.hit += 1
        elif miss is not None:
            self.misses.append(miss)

    @property
    def value(self) -> float | None:
        return self.hit / self.total if self.total else None

    def as_dict(self) -> dict:
        return {"hit": self.hit, "total": self.total, "value": self.value}


# ---- comparisons ------------------------------------------------------------------------------------

# one kind under two names: syzkaller titles the oops lines `BUG: unable to handle page fault for address` (Linux
# >= 5.0) and `BUG: unable to handle kernel paging request` (before) alike, `... kernel paging request in f`
# (pkg/report/linux.go)
_SAME_KIND = ((re.compile(r"unable to handle page fault(?: for address)?", re.I), "unable to handle kernel paging request"),)


def _norm_exc(s: str | None) -> str:
    s = (s or "").strip()
    s = re.sub(r"^(?:BUG|WARNING|ERROR):\s*", "", s, flags=re.I)
    for pattern, name in _SAME_KIND:
        s = pattern.sub(name, s)
    if re.fullmatch(r"[\w$]+(?:\.[\w$]+)+", s):          # a dotted class name: its last part
        s = s.rsplit(".", 1)[1]
    return re.sub(r"[\s_\-:]+", " ", s).strip().lower()


def exception_matches(expected: str | None, got: str | None) -> bool:
    e, g = _norm_exc(expected), _norm_exc(got)
    if not e or not g:
        return False
    return e == g or (" " in e and e in g) or (" " in g and g in e)


def _title_kind(title: str) -> str:
    """`BUG: soft lockup in smp_call_function` -> `BUG: soft lockup`; `Panic: index out of range in f` -> the
    message; a title is `<kind> in <where>`."""
    head = (title or "").rsplit(" in ", 1)[0]
    return head.split(":", 1)[1].strip() if head.lower().startswith(("panic:", "invalid memory address:")) else head


def _norm_func(s: str | None) -> str:
    s = (s or "").strip()
    s = re.sub(r"\(\*?([\w$]+)\)\.", r"\1.", s)              # a Go receiver: (*runner).run
    s = re.sub(r"\(.*$", "", s)                            # arguments
    s = re.sub(r"\+0x[0-9a-f]+(?:/0x[0-9a-f]+)?$", "", s)  # kernel offsets
    s = re.sub(r"\.(?:part|constprop|cold|isra)(?:\.\d+)*$", "", s)
    s = re.sub(r"::h[0-9a-f]{16}$", "", s)                 # Rust symbol hashes
    last = re.split(r"::|\.(?!\d)", s)[-1] if s not in ("<module>", "<lambda>", "<listcomp>") else s
    return last.strip().lower()


def guilty_matches(expected: str | None, got: str | None) -> bool:
    e, g = _norm_func(expected), _norm_func(got)
    return bool(e) and e == g


# ---- running the parser -----------------------------------------------------------------------------

def parse_all(issues: list[dict], timeout: float = DEFAULT_TIMEOUT) -> list[Got]:
    from agent.reports.families import family_for
    from agent.reports.guarded import GuardedParser
    from agent.reports.sameness import keys

    out = []
    with GuardedParser(timeout=timeout) as parser:
        for issue in issues:
            text = issue["title"] + "\n\n" + issue["text"]
            t0 = time.perf_counter()
            parsed = parser.parse(text, issue["repo"])
            seconds = time.perf_counter() - t0
            rep = parsed.report
            if rep is None:
                out.append(Got(crash=False, seconds=seconds, too_slow=parsed.too_slow))
                continue
            try:
                family = family_for(rep.kind).name
            except (KeyError, ValueError):
                family = rep.kind
            guilty = rep.guilty.function if rep.guilty is not None else None
            out.append(Got(crash=True, family=family, exception=rep.type, guilty=guilty or None,
                           signature=rep.signature or "", keys=keys(rep, issue["repo"]), title=rep.title or "",
                           seconds=seconds))
    return out


# ---- scoring -----------------------------------------------------------------------------------------

def _pairs(issues: list[dict], key) -> set[tuple[int, int]]:
    by: dict[str, list[int]] = defaultdict(list)
    for i, issue in enumerate(issues):
        k = key(i, issue)
        if k:
            by[k].append(i)
    return {p for members in by.values() for p in combinations(members, 2)}


def _grouped(got: list[Got]) -> set[tuple[int, int]]:
    """The pairs the product groups: `crashfix backlog`'s own rule (agent/reports/sameness.py)."""
    from agent.reports.sameness import groups
    return {p for members in groups((i, g.keys) for i, g in enumerate(got) if g.crash)
            for p in combinations(sorted(members), 2)}


def _pr(pred: set, gold: set) -> dict:
    tp = len(pred & gold)
    return {"pairs": len(pred), "true": tp, "labelled": len(gold),
            "precision": tp / len(pred) if pred else None, "recall": tp / len(gold) if gold else None}


def _block(issues: list[dict], got: list[Got], idx: list[int]) -> dict:
    crash_recall, crash_precision = Ratio(), Ratio()
    family, exception, guilty, guilty_none = Ratio(), Ratio(), Ratio(), Ratio()
    for i in idx:
        lab, g, url = issues[i]["label"], got[i], issues[i]["url"]
        if lab["crash"]:
            crash_recall.add(g.crash, (url, "crash", "no report"))
            family.add(g.crash and g.family == lab["family"], (url, lab["family"], g.family))
            if lab["exception"]:
                exception.add(g.crash and (exception_matches(lab["exception"], g.exception)
                                           or exception_matches(lab["exception"], _title_kind(g.title))),
                              (url, lab["exception"], g.exception))
            if lab["guilty"]:
                guilty.add(g.crash and guilty_matches(lab["guilty"], g.guilty), (url, lab["guilty"], g.guilty))
            else:
                guilty_none.add(not g.guilty, (url, None, g.guilty))
        if g.crash:
            crash_precision.add(lab["crash"], (url, "not a crash", f"{g.family}: {g.title}"))
    return {"issues": len(idx), "crash_recall": crash_recall, "crash_precision": crash_precision,
            "family": family, "exception": exception, "guilty": guilty, "guilty_when_none": guilty_none}


def score(issues: list[dict], got: list[Got]) -> dict:
    everything = _block(issues, got, list(range(len(issues))))
    by_eco: dict[str, list[int]] = defaultdict(list)
    for i, issue in enumerate(issues):
        by_eco[issue["ecosystem"]].append(i)
    gold = _pairs(issues, lambda i, x: x["label"]["group"])
    sig = _grouped(got)
    ttl = _pairs(issues, lambda i, x: got[i].title if got[i].crash else "")
    times = [g.seconds for g in got] or [0.0]

    def pair_misses(pred):
        show = lambda i: (issues[i]["url"], issues[i]["label"]["group"], " | ".join(got[i].keys.anchors))  # noqa: E731
        return {"false": [(show(a), show(b)) for a, b in sorted(pred - gold)],
                "missed": [(show(a), show(b)) for a, b in sorted(gold - pred)]}

    same_repo = {(a, b) for a, b in combinations(range(len(issues)), 2) if issues[a]["repo"] == issues[b]["repo"]}
    return {
        "all": everything,
        "duplicates_same_repo": {"rule": _pr(sig & same_repo, gold & same_repo),
                                 "title": _pr(ttl & same_repo, gold & same_repo)},
        "ecosystems": {eco: _block(issues, got, idx) for eco, idx in sorted(by_eco.items())},
        "duplicates": {"rule": _pr(sig, gold), "title": _pr(ttl, gold)},
        "duplicate_misses": {"rule": pair_misses(sig), "title": pair_misses(ttl)},
        "time": {"max": max(times), "median": statistics.median(times),
                 "too_slow": sum(g.too_slow for g in got)},
    }


# ---- output ------------------------------------------------------------------------------------------

METRICS = ("crash_recall", "crash_precision", "family", "exception", "guilty", "guilty_when_none")


def _fmt(r: Ratio) -> str:
    return "   -   " if r.value is None else f"{100 * r.value:5.1f}% ({r.hit}/{r.total})"


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.1f}%"


def render(s: dict, show_misses: bool = False) -> str:
    a = s["all"]
    lines = [f"triage benchmark: {a['issues']} issues ({DATA.relative_to(DATA.parent.parent.parent)})", ""]
    for m in METRICS:
        lines.append(f"  {m:18} {_fmt(a[m])}")
    for scope, key in (("", "duplicates"), (" (same repository)", "duplicates_same_repo")):
        for name, d in s[key].items():
            lines.append(f"  pairs by {name:9} precision {_pct(d['precision'])} ({d['true']}/{d['pairs']}), "
                         f"recall {_pct(d['recall'])} ({d['true']}/{d['labelled']}){scope}")
    t = s["time"]
    lines.append(f"  parse time         max {t['max']:.3f} s, median {t['median'] * 1000:.1f} ms, "
                 f"too slow {t['too_slow']}")
    lines += ["", f"  {'ecosystem':10} {'n':>4}  " + "  ".join(f"{m:>17}" for m in METRICS[:5])]
    for eco, b in s["ecosystems"].items():
        lines.append(f"  {eco:10} {b['issues']:>4}  " + "  ".join(f"{_fmt(b[m]):>17}" for m in METRICS[:5]))
    if show_misses:
        for m in METRICS:
            if a[m].misses:
                lines += ["", f"misses: {m} (url, expected, got)"]
                lines += [f"  {u}  {e!r}  {g!r}" for u, e, g in a[m].misses]
        for name, d in s["duplicate_misses"].items():
            for kind in ("false", "missed"):
                if d[kind]:
                    lines += ["", f"pairs by {name}: {kind} (url, group, keys)"]
                    lines += [f"  {x}\n    {y}" for x, y in d[kind]]
    return "\n".join(lines)


def as_json(s: dict, show_misses: bool = False) -> dict:
    def block(b):
        out = {"issues": b["issues"]}
        for m in METRICS:
            out[m] = b[m].as_dict()
            if show_misses:
                out[m]["misses"] = b[m].misses
        return out
    out = {"all": block(s["all"]), "ecosystems": {k: block(v) for k, v in s["ecosystems"].items()},
           "duplicates": s["duplicates"], "duplicates_same_repo": s["duplicates_same_repo"], "time": s["time"]}
    if show_misses:
        out["duplicate_misses"] = s["duplicate_misses"]
    return out


def load(path: Path = DATA) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="machine output")
    ap.add_argument("--show-misses", action="store_true", help="list the misses per metric")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="the guarded parser's deadline (s)")
    args = ap.parse_args(argv)
    issues = load(args.data)
    s = score(issues, parse_all(issues, args.timeout))
    print(json.dumps(as_json(s, args.show_misses), indent=1, default=str) if args.json
          else render(s, args.show_misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
