"""A repository's worth of open issues for the backlog tests and benchmark: crash reports of every
kind (Python tracebacks, sanitizer and kernel reports from the shared corpora, gdb backtraces), the
same crashes reported again, issues with no crash in them, and pull requests mixed in.

`plant(fake, repo, total)` fills a `FakeGitHub` and returns a `Planted`: which numbers are crash
reports and which crash (an id) each one reports, so a test can check the grouping independently.
`World` serves one such repo from a rate-limited stand-in GitHub to the App's real client.
"""
from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from agent.reports import parse
from bot.backlog.scan import scan
from bot.backlog.summary import MARKER
from bot.db import Database
from bot.github.api import GitHubAPI, TokenCache
from bot.github.pacing import Budget, Pacer
from tests.support.github_fakes import FakeGitHubServer
from tests.support.github_limits import Clock, LimitedGitHub

REPO = "acme/shop"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "corpora"
REPO_FILES = {
    "src/shop/__init__.py": "",
    "src/shop/cli.py": "def main(args):\n    return fulfil(args)\n",
    "src/shop/orders.py": "def fulfil(args):\n    return args\n",
    "src/shop/config.py": "def load(path):\n    return {}\n",
    "src/shop/pricing.py": "def price(item):\n    return item.cost\n",
    "src/parser.c": "int parse_header(struct h *p) { return p->len; }\n",
    "tests/test_orders.py": "def test_nothing():\n    pass\n",
    "README.md": "shop\n",
}
FUNCS = [("src/shop/orders.py", "fulfil"), ("src/shop/config.py", "load"), ("src/shop/pricing.py", "price"),
         ("src/shop/cli.py", "main")]
ERRORS = ["KeyError: 'sku'", "AttributeError: 'NoneType' object has no attribute 'quantity'",
          "ZeroDivisionError: division by zero", "TypeError: unsupported operand type(s) for +: 'int' and 'str'",
          "IndexError: list index out of range", "ValueError: invalid literal for int() with base 10: 'x'"]
CHATTER = ["Feature request: export orders as CSV", "Docs: the README says `pip install shop` but it is shop-tools",
           "Question: how do I set the timeout?", "Support Python 3.13", "Typo in the error message of `shop init`",
           "Proposal: an Error budget page in the docs", "Logo looks blurry on the website"]


@dataclass
class Planted:
    crash_of: dict[int, str] = field(default_factory=dict)     # issue number -> crash id
    chatter: list[int] = field(default_factory=list)            # issues without a crash report
    pulls: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)

    def groups(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for number, crash in sorted(self.crash_of.items()):
            out.setdefault(crash, []).append(number)
        return out


def _python(i: int, in_repo: bool) -> str:
    path, func = FUNCS[i % len(FUNCS)]
    where = f"/home/ci/shop/{path}" if in_repo else f"/usr/lib/python3.11/site-packages/vendor{i}/mod{i}.py"
    func = func if in_repo else f"helper_{i}"
    caller = "/home/ci/shop/src/shop/cli.py" if in_repo else f"/usr/lib/python3.11/site-packages/vendor{i}/run.py"
    return ("Traceback (most recent call last):\n"
            f'  File "{caller}", line 3, in main\n    return fulfil(args)\n'
            f'  File "{where}", line {10 + i}, in {func}{i}\n    value = thing[{i}]\n'
            f"{ERRORS[i % len(ERRORS)]}\n")


def _gdb(i: int) -> str:
    return ("Program received signal SIGSEGV, Segmentation fault.\n"
            f"0x0000555555555189 in parse_field{i} (p=0x0) at src/parser.c:{40 + i}\n"
            f"{40 + i}\t  return p->len;\n(gdb) bt\n"
            f"#0  0x0000555555555189 in parse_field{i} (p=0x0) at src/parser.c:{40 + i}\n"
            "#1  0x00005555555551c2 in main (argc=1, argv=0x7fffffffe3a8) at src/main.c:10\n")


def _corpus(kind: str) -> list[str]:
    """Corpus reports that parse, one per signature (so distinct files are distinct crashes)."""
    seen, out = set(), []
    for f in sorted((SHARED / f"{kind}-reports").glob("*.txt")):
        text = f.read_text(errors="replace")
        report = parse(f"```\n{text}\n```")
        if report is not None and report.signature not in seen:
            seen.add(report.signature)
            out.append(text)
    return out


def _body(crash: str, rng: random.Random, snippet: bool) -> str:
    intro = rng.choice(["It crashes:", "Seen in production last night.", "Steps: run the nightly job.",
                        "Same here, after upgrading.", ""])
    body = f"{intro}\n\n```\n{crash}```\n"
    if snippet:
        body += "\nTo reproduce:\n\n```console\n$ shop fulfil --sku missing\n```\n"
    return body


def plant(fake, repo: str, total: int = 500, seed: int = 15) -> Planted:
    """`total` open issues and pull requests (a few closed issues besides) in ``repo``."""
    rng = random.Random(seed)
    fake.add_repo(repo)
    for path, text in REPO_FILES.items():
        fake.files[(repo, path)] = text
    sanitizer, kernel = _corpus("sanitizer"), _corpus("kernel")
    crashes: list[tuple[str, str, bool]] = []     # (crash id, report text, with a snippet)
    for i in range(40):
        crashes.append((f"py{i}", _python(i, in_repo=i % 4 != 3), i % 3 == 0))
    for i in range(8):
        crashes.append((f"gdb{i}", _gdb(i), i % 2 == 0))
    crashes += [(f"san{i}", text, False) for i, text in enumerate(sanitizer[:40])]
    crashes += [(f"kern{i}", text, False) for i, text in enumerate(kernel[:60])]
    planted, number = Planted(), 0
    n_pulls, n_chatter = total // 12, total // 4
    slots = ["crash"] * (total - n_pulls - n_chatter) + ["pull"] * n_pulls + ["chatter"] * n_chatter
    rng.shuffle(slots)
    for slot_i, slot in enumerate(slots):
        number += 1
        if slot == "pull":
            fake.add_issue(repo, number, f"Fix the build ({number})", "Bumps a dependency.", pull_request=True)
            planted.pulls.append(number)
        elif slot == "chatter":
            fake.add_issue(repo, number, rng.choice(CHATTER), "Would be nice. Error handling could be better too.")
            planted.chatter.append(number)
        else:
            # the first len(crashes) crash slots report each crash once; the rest repeat earlier ones
            k = sum(1 for s in slots[:slot_i] if s == "crash")
            crash_id, text, snippet = crashes[k] if k < len(crashes) else crashes[rng.randrange(len(crashes))]
            fake.add_issue(repo, number, f"Crash report {number}", _body(text, rng, snippet))
            planted.crash_of[number] = crash_id
        if number % 50 == 0:                      # a closed crash issue now and then: not listed
            number += 1
            fake.add_issue(repo, number, "Old crash", _body(_python(1, True), rng, False), state="closed")
            planted.closed.append(number)
    return planted


_ids = itertools.count(910_000)            # one installation per world: RATE_LIMITS is process-wide


class World:
    """A planted repo on a served `LimitedGitHub`, the App's real client for it, a database."""

    def __init__(self, key, tmp_path, total=500, **limits):
        self.inst = next(_ids)
        self.clock = Clock()
        self.fake = LimitedGitHub(app_id=4242, private_key=key, clock=self.clock, installation_id=self.inst,
                                  **limits)
        self.planted = plant(self.fake, REPO, total)
        self.server = FakeGitHubServer(self.fake).__enter__()
        self.api = GitHubAPI(4242, key, self.inst, base_url=self.server.url, retry=0, seconds_between_requests=0,
                             seconds_between_writes=0, token_cache=TokenCache())
        self.db = Database(f"sqlite:///{tmp_path}/crashfix.db")

    def pacer(self, **budget) -> Pacer:
        return Pacer(self.inst, Budget(**{"reserve": 20, "max_wait": 7200, **budget}), clock=self.clock.now,
                     sleep=self.clock.sleep)

    def scan(self, **kw):
        return scan(self.api, self.db, REPO, pacer=kw.pop("pacer", None) or self.pacer(), **kw)

    def labelled(self) -> list[int]:
        return [int(re.search(r"/issues/(\d+)/labels", r["url"]).group(1))
                for r in self.fake.calls("POST", r"/issues/\d+/labels$")]

    def summaries(self) -> list[dict]:
        return [i for (rp, _), i in self.fake.issues.items() if rp == REPO and MARKER in (i["body"] or "")]
