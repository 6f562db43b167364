"""Behavioural tests for the fix templates: real crashes in small buggy repos, candidates validated by running tests."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from agent.judge.protect import is_test_path
from agent.repair_context import RepairContext, Site
from agent.python.templates import generate

FRAME_RE = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>\S+)')
EXC_RE = re.compile(r"^(?P<type>[A-Za-z_][\w.]*)(?::\s?(?P<msg>.*))?$")


# ------------------------------------------------------------------------------------------ helpers
def git(repo: Path, *args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=repo, input=input, text=True, capture_output=True)


def make_repo(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init")
    return root


def run_pytest(repo: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(repo)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=native",
                           "--rootdir", str(repo), "-c", os.devnull, *args],
                          cwd=repo, env=env, text=True, capture_output=True, timeout=120)


def parse_traceback(output: str, repo: Path):
    """Minimal parse of the last Python traceback in `output`: exception type, message, in-repo frames."""
    lines = output.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith("Traceback (most recent call last)")]
    assert starts, output
    frames, exc_type, message = [], None, ""
    for ln in lines[starts[-1] + 1:]:
        m = FRAME_RE.match(ln)
        if m:
            frames.append((m.group("file"), int(m.group("line")), m.group("func")))
            continue
        if ln.startswith(" ") or not ln.strip() or ln.startswith("["):
            continue
        m = EXC_RE.match(ln)
        if m:
            exc_type, message = m.group("type"), m.group("msg") or ""
            break
    sites = []
    root = str(repo.resolve())
    for file, line, func in reversed(frames):
        path = os.path.realpath(file)
        if not path.startswith(root + os.sep):
            continue
        sites.append(Site(os.path.relpath(path, root).replace(os.sep, "/"), line, func, len(sites)))
    return exc_type, message, sites


def context_for(repo: Path, failing: str, values: dict | None = None, protected=None) -> RepairContext:
    res = run_pytest(repo, failing)
    assert res.returncode != 0, res.stdout
    exc_type, message, sites = parse_traceback(res.stdout + res.stderr, repo)
    files = sorted(git(repo, "ls-files").stdout.split())
    kw = {"protected": protected} if protected else {}
    return RepairContext(exc_type=exc_type, message=message, sites=sites,
                         read=lambda p: (repo / p).read_text(), files=files, values=values or {}, **kw)


def check_candidates(repo: Path, cands) -> None:
    """Every candidate applies cleanly, parses, is distinct and never touches a test file."""
    seen = set()
    for c in cands:
        assert c.diff.startswith("diff --git a/"), c.diff
        assert c.files and not any(is_test_path(f) for f in c.files), c
        for f in c.files:
            assert f"--- a/{f}" in c.diff and f"+++ b/{f}" in c.diff
        assert c.diff not in seen
        seen.add(c.diff)
        res = git(repo, "apply", "--check", "-", input=c.diff)
        assert res.returncode == 0, (res.stderr, c.diff)
    scores = [c.score for c in cands]
    assert scores == sorted(scores, reverse=True)


def first_fix(repo: Path, cands, failing: str, n: int):
    """Index of the first candidate among the first n that makes `failing` and all other tests pass."""
    for i, c in enumerate(cands[:n]):
        res = git(repo, "apply", "-", input=c.diff)
        assert res.returncode == 0, res.stderr
        try:
            for f in c.files:
                ast.parse((repo / f).read_text())
            if run_pytest(repo, failing).returncode == 0 and run_pytest(repo, "tests").returncode == 0:
                return i
        finally:
            git(repo, "checkout", "-q", "--", ".")
    return None


# -------------------------------------------------------------------------------------------- cases
CASES = {
    "none_guard": dict(
        files={
            "app/__init__.py": "",
            "app/config.py": '''
                import re


                def parse_port(line):
                    """The port of a `port=NNN` line, None for other lines."""
                    m = re.match(r"port=(\\d+)", line)
                    return int(m.group(1))


                def ports(lines):
                    found = []
                    for line in lines:
                        port = parse_port(line)
                        if port is not None:
                            found.append(port)
                    return found
            ''',
            "tests/test_config.py": '''
                from app.config import parse_port, ports


                def test_parse_port():
                    assert parse_port("port=8080") == 8080


                def test_ports_skips_comments():
                    assert ports(["port=80", "# comment", "port=443"]) == [80, 443]
            ''',
        },
        failing="tests/test_config.py::test_ports_skips_comments", exc="AttributeError", n=5),
    "key_get": dict(
        files={
            "wc/__init__.py": "",
            "wc/count.py": '''
                def count_words(text):
                    counts = {}
                    for word in text.lower().split():
                        counts[word] += 1
                    return counts


                def most_common(text):
                    counts = count_words(text)
                    return max(counts, key=counts.get)
            ''',
            "tests/test_count.py": '''
                from wc.count import count_words, most_common


                def test_count():
                    assert count_words("a b A") == {"a": 2, "b": 1}


                def test_most_common():
                    assert most_common("x y y") == "y"
            ''',
        },
        failing="tests/test_count.py::test_count", exc="KeyError", n=3),
    "key_get_default": dict(
        files={
            "srv/__init__.py": "",
            "srv/settings.py": '''
                DEFAULT_TIMEOUT = 30


                def timeout(settings):
                    value = settings["timeout"]
                    return int(value) if value else DEFAULT_TIMEOUT
            ''',
            "tests/test_settings.py": '''
                from srv.settings import timeout


                def test_explicit():
                    assert timeout({"timeout": "5"}) == 5


                def test_missing_uses_default():
                    assert timeout({}) == 30
            ''',
        },
        failing="tests/test_settings.py::test_missing_uses_default", exc="KeyError", n=3),
    "index_guard": dict(
        files={
            "csvtool/__init__.py": "",
            "csvtool/columns.py": '''
                def column(rows, i):
                    """The i-th field of every row; rows that are too short are skipped."""
                    out = []
                    for row in rows:
                        out.append(row[i])
                    return out
            ''',
            "tests/test_columns.py": '''
                from csvtool.columns import column


                def test_column():
                    assert column([["a", "b"], ["c", "d"]], 1) == ["b", "d"]


                def test_short_rows():
                    assert column([["a", "b"], ["c"]], 1) == ["b"]
            ''',
        },
        failing="tests/test_columns.py::test_short_rows", exc="IndexError", n=5),
    "zero_guard": dict(
        files={
            "stats/__init__.py": "",
            "stats/basic.py": '''
                def average(values):
                    total = sum(values)
                    return total / len(values)


                def report(values):
                    return f"avg={average(values):.1f}"
            ''',
            "tests/test_basic.py": '''
                from stats.basic import average, report


                def test_average():
                    assert average([1, 2, 3]) == 2


                def test_empty_report():
                    assert report([]) == "avg=0.0"
            ''',
        },
        failing="tests/test_basic.py::test_empty_report", exc="ZeroDivisionError", n=5),
    "compare_op": dict(
        files={
            "people/__init__.py": "",
            "people/age.py": '''
                ADULT = 18


                def is_adult(age):
                    return age > ADULT


                def adults(people):
                    return [name for name, age in people if is_adult(age)]
            ''',
            "tests/test_age.py": '''
                from people.age import adults, is_adult


                def test_child():
                    assert not is_adult(12)


                def test_adults_include_eighteen():
                    assert adults([("ann", 18), ("bob", 30), ("cy", 3)]) == ["ann", "bob"]
            ''',
        },
        failing="tests/test_age.py::test_adults_include_eighteen", exc="AssertionError", n=8),
    "arith_op": dict(
        files={
            "units/__init__.py": "",
            "units/temp.py": '''
                def c_to_f(c):
                    return c * 9 / 5 - 32


                def f_to_c(f):
                    return (f - 32) * 5 / 9
            ''',
            "tests/test_temp.py": '''
                from units.temp import c_to_f, f_to_c


                def test_f_to_c():
                    assert f_to_c(212) == 100


                def test_c_to_f():
                    assert c_to_f(100) == 212
            ''',
        },
        failing="tests/test_temp.py::test_c_to_f", exc="AssertionError", n=6),
    "range_off_by_one": dict(
        files={
            "mathx/__init__.py": "",
            "mathx/series.py": '''
                def triangular(n):
                    """1 + 2 + ... + n"""
                    total = 0
                    for i in range(1, n):
                        total += i
                    return total
            ''',
            "tests/test_series.py": '''
                from mathx.series import triangular


                def test_zero():
                    assert triangular(0) == 0


                def test_three():
                    assert triangular(3) == 6
            ''',
        },
        failing="tests/test_series.py::test_three", exc="AssertionError", n=8),
    "wrong_var": dict(
        files={
            "geo/__init__.py": "",
            "geo/bounds.py": '''
                def clamp(x, low, high):
                    if x < low:
                        return low
                    if x > high:
                        return low
                    return x
            ''',
            "tests/test_bounds.py": '''
                from geo.bounds import clamp


                def test_inside_and_below():
                    assert clamp(5, 0, 10) == 5
                    assert clamp(-5, 0, 10) == 0


                def test_above():
                    assert clamp(15, 0, 10) == 10
            ''',
        },
        failing="tests/test_bounds.py::test_above", exc="AssertionError", n=8),
    "missing_return": dict(
        files={
            "blog/__init__.py": "",
            "blog/text.py": '''
                def normalize(title):
                    title = " ".join(title.split())
                    title = title.strip().lower()


                def slug(title):
                    return normalize(title).replace(" ", "-")
            ''',
            "tests/test_text.py": '''
                from blog.text import slug


                def test_slug():
                    assert slug("  Hello   World ") == "hello-world"
            ''',
        },
        failing="tests/test_text.py::test_slug", exc="AttributeError", n=6),
    "return_in_loop": dict(
        files={
            "coll/__init__.py": "",
            "coll/select.py": '''
                def select(items, pred):
                    out = []
                    for item in items:
                        if pred(item):
                            out.append(item)
                        return out
            ''',
            "tests/test_select.py": '''
                from coll.select import select


                def test_empty():
                    assert select([], bool) == [] or select([], bool) is None


                def test_evens():
                    assert select([1, 2, 3, 4], lambda x: x % 2 == 0) == [2, 4]
            ''',
        },
        failing="tests/test_select.py::test_evens", exc="AssertionError", n=10),
    "swap_args": dict(
        files={
            "calc/__init__.py": "",
            "calc/powers.py": '''
                def power(base, exponent):
                    result = 1
                    for _ in range(exponent):
                        result *= base
                    return result


                def cubes(values):
                    return [power(3, v) for v in values]
            ''',
            "tests/test_powers.py": '''
                from calc.powers import cubes, power


                def test_power():
                    assert power(2, 10) == 1024


                def test_cubes():
                    assert cubes([1, 2, 4]) == [1, 8, 64]
            ''',
        },
        failing="tests/test_powers.py::test_cubes", exc="AssertionError", n=12),
    "recursion_base": dict(
        files={
            "rec/__init__.py": "",
            "rec/fact.py": '''
                def factorial(n):
                    if n == 1:
                        return 1
                    return n * factorial(n - 1)
            ''',
            "tests/test_fact.py": '''
                from rec.fact import factorial


                def test_five():
                    assert factorial(5) == 120


                def test_zero():
                    assert factorial(0) == 1
            ''',
        },
        failing="tests/test_fact.py::test_zero", exc="RecursionError", n=5),
    "widen_except": dict(
        files={
            "conv/__init__.py": "",
            "conv/numbers.py": '''
                def parse_int(text, default=0):
                    try:
                        return int(text)
                    except ValueError:
                        return default


                def parse_all(texts):
                    return [parse_int(t) for t in texts]
            ''',
            "tests/test_numbers.py": '''
                from conv.numbers import parse_all, parse_int


                def test_parse():
                    assert parse_int("12") == 12
                    assert parse_int("x", 7) == 7


                def test_parse_all_with_none():
                    assert parse_all(["1", None, "3"]) == [1, 0, 3]
            ''',
        },
        failing="tests/test_numbers.py::test_parse_all_with_none", exc="TypeError", n=10),
    "assert_in_callee_of_callee": dict(
        files={
            "shop/__init__.py": "",
            "shop/pricing.py": '''
                def discount(amount, code):
                    """How much a promo code takes off `amount`."""
                    if code == "HALF":
                        return amount // 2
                    if code == "TEN":
                        return amount * 10 / 100
                    return 0
            ''',
            "shop/cart.py": '''
                from shop.pricing import discount


                def subtotal(items):
                    return sum(price * qty for price, qty in items)


                def total(items, code=None):
                    amount = subtotal(items)
                    return amount - discount(amount, code)
            ''',
            "tests/test_cart.py": '''
                from shop.cart import total


                def test_plain():
                    assert total([(2.5, 2), (1, 1)]) == 6


                def test_ten():
                    assert total([(10, 2)], "TEN") == 18


                def test_half():
                    items = [(5, 1)]
                    result = total(items, "HALF")
                    assert result == 2.5
            ''',
        },
        failing="tests/test_cart.py::test_half", exc="AssertionError", n=12),
    "name_error_typo": dict(
        files={
            "inv/__init__.py": "",
            "inv/stock.py": '''
                def restock(levels, minimum):
                    missing = {}
                    for item, level in levels.items():
                        if level < minimum:
                            missing[item] = minimum - levle
                    return missing
            ''',
            "tests/test_stock.py": '''
                from inv.stock import restock


                def test_full():
                    assert restock({"a": 5}, 3) == {}


                def test_low():
                    assert restock({"a": 1, "b": 9}, 3) == {"a": 2}
            ''',
        },
        failing="tests/test_stock.py::test_low", exc="NameError", n=2),
    "unicode_no_trailing_newline": dict(
        files={
            "shopfr/__init__.py": "",
            "shopfr/label.py": '''
                def label(item):
                    return "prix (€): " + item["price"]''',
            "tests/test_label.py": '''
                from shopfr.label import label


                def test_priced():
                    assert label({"price": "3"}) == "prix (€): 3"


                def test_unpriced():
                    assert label({}) == "prix (€): "
            ''',
        },
        failing="tests/test_label.py::test_unpriced", exc="KeyError", n=2),
    "int_not_iterable": dict(
        files={
            "grid/__init__.py": "",
            "grid/make.py": '''
                def make_grid(size, fill=0):
                    return [[fill for _ in size] for _ in range(size)]
            ''',
            "tests/test_make.py": '''
                from grid.make import make_grid


                def test_empty():
                    assert make_grid(0) == []


                def test_two():
                    assert make_grid(2, ".") == [[".", "."], [".", "."]]
            ''',
        },
        failing="tests/test_make.py::test_two", exc="TypeError", n=3),
    "attr_typo": dict(
        files={
            "acct/__init__.py": "",
            "acct/user.py": '''
                class User:
                    def __init__(self, first, last):
                        self.first_name = first
                        self.last_name = last

                    def full_name(self):
                        return f"{self.first_name} {self.lastname}"
            ''',
            "tests/test_user.py": '''
                from acct.user import User


                def test_full_name():
                    assert User("Ada", "Lovelace").full_name() == "Ada Lovelace"
            ''',
        },
        failing="tests/test_user.py::test_full_name", exc="AttributeError", n=2),
    "unbound_local": dict(
        files={
            "fmt/__init__.py": "",
            "fmt/size.py": '''
                def human(size):
                    for unit in ("B", "KB", "MB"):
                        if size < 1024:
                            suffix = unit
                            break
                        size /= 1024
                    return f"{size:.0f}{suffix}"
            ''',
            "tests/test_size.py": '''
                from fmt.size import human


                def test_small():
                    assert human(10) == "10B"


                def test_huge():
                    assert human(1024 ** 4) == "1024MB"
            ''',
        },
        failing="tests/test_size.py::test_huge", exc="UnboundLocalError", n=3),
    "key_typo_in_caller": dict(
        files={
            "cfg/__init__.py": "",
            "cfg/store.py": '''
                DEFAULTS = {"host": "localhost", "port": 8080, "timeout": 30}


                def setting(settings, key):
                    return settings[key]


                def endpoint(settings):
                    return f"{setting(settings, 'host')}:{setting(settings, 'prot')}"
            ''',
            "tests/test_store.py": '''
                from cfg.store import DEFAULTS, endpoint


                def test_endpoint():
                    assert endpoint(DEFAULTS) == "localhost:8080"
            ''',
        },
        failing="tests/test_store.py::test_endpoint", exc="KeyError", n=4),
    "widen_except_outer_frame": dict(
        files={
            "ingest/__init__.py": "",
            "ingest/pipeline.py": '''
                import json


                def load(text):
                    return json.loads(text)


                def parse(text):
                    record = load(text)
                    return record


                def handle(text):
                    return parse(text)


                def run(lines):
                    out = []
                    for line in lines:
                        try:
                            out.append(handle(line))
                        except KeyError:
                            out.append(None)
                    return out
            ''',
            "tests/test_pipeline.py": '''
                from ingest.pipeline import run


                def test_good():
                    assert run(['{"a": 1}']) == [{"a": 1}]


                def test_bad_line_is_skipped():
                    assert run(['{"a": 1}', "not json"]) == [{"a": 1}, None]
            ''',
        },
        failing="tests/test_pipeline.py::test_bad_line_is_skipped", exc="json.decoder.JSONDecodeError", n=3),
    "arity_missing_argument": dict(
        files={
            "net/__init__.py": "",
            "net/client.py": '''
                def fetch(url, timeout):
                    seconds = timeout or 10
                    return f"{url}?t={seconds}"


                def fetch_home():
                    return fetch("/home")
            ''',
            "tests/test_client.py": '''
                from net.client import fetch, fetch_home


                def test_fetch():
                    assert fetch("/a", 3) == "/a?t=3"


                def test_home():
                    assert fetch_home() == "/home?t=10"
            ''',
        },
        failing="tests/test_client.py::test_home", exc="TypeError", n=2),
    "none_in_while_walk_breaks": dict(
        files={
            "fs/__init__.py": "",
            "fs/tree.py": '''
                class Node:
                    def __init__(self, name, parent_id=None):
                        self.name = name
                        self.parent_id = parent_id


                class Tree:
                    def __init__(self, nodes):
                        self.nodes = {n.name: n for n in nodes}

                    def ancestors(self, name):
                        out = []
                        node = self.nodes[name]
                        while node.parent_id:
                            node = self.nodes.get(node.parent_id)
                            out.append(node.name)
                        return out
            ''',
            "tests/test_tree.py": '''
                from fs.tree import Node, Tree


                def test_chain():
                    t = Tree([Node("root"), Node("usr", "root"), Node("bin", "usr")])
                    assert t.ancestors("bin") == ["usr", "root"]


                def test_dangling_parent_stops_the_walk():
                    t = Tree([Node("usr", "gone"), Node("bin", "usr")])
                    assert t.ancestors("bin") == ["usr"]
            ''',
        },
        failing="tests/test_tree.py::test_dangling_parent_stops_the_walk", exc="AttributeError", n=2),
    "optional_trailing_field": dict(
        files={
            "logs/__init__.py": "",
            "logs/entry.py": '''
                def parse(line):
                    parts = line.split("|")
                    level = parts[0].strip().upper()
                    source = parts[1].strip()
                    detail = parts[2].strip()
                    return level, source, detail
            ''',
            "tests/test_entry.py": '''
                from logs.entry import parse


                def test_full():
                    assert parse("warn | db | slow query") == ("WARN", "db", "slow query")


                def test_no_detail():
                    assert parse("info | web") == ("INFO", "web", "")
            ''',
        },
        failing="tests/test_entry.py::test_no_detail", exc="IndexError", n=3),
    "none_guard_in_the_caller": dict(
        files={
            "tax/__init__.py": "",
            "tax/rates.py": '''
                class Region:
                    def __init__(self, code, vat):
                        self.code = code
                        self.vat = vat


                REGIONS = {"FR": Region("FR", 0.2), "DE": Region("DE", 0.19)}


                def find(code):
                    return REGIONS.get(code)


                def with_vat(region, net):
                    return round(net * (1 + region.vat), 2)
            ''',
            "tax/invoice.py": '''
                from tax.rates import find, with_vat


                FEE = 1.5


                def gross(code, net):
                    """The gross amount with the handling fee, or None when the region is unknown."""
                    region = find(code)
                    total = with_vat(region, net)
                    return round(total + FEE, 2)
            ''',
            "tests/test_invoice.py": '''
                from tax.invoice import gross


                def test_known():
                    assert gross("FR", 100) == 121.5


                def test_unknown_region():
                    assert gross("XX", 100) is None
            ''',
        },
        failing="tests/test_invoice.py::test_unknown_region", exc="AttributeError", n=4),
    "decorator_without_return": dict(
        files={
            "cli/__init__.py": "",
            "cli/commands.py": '''
                COMMANDS = {}


                def command(name):
                    def register(func):
                        COMMANDS[name] = func
                    return register
            ''',
            "cli/builtin.py": '''
                from cli.commands import command


                @command("hello")
                def hello(who):
                    return f"hello {who}"


                @command("greet-all")
                def greet_all(names):
                    return [hello(n) for n in names]
            ''',
            "tests/test_builtin.py": '''
                from cli.commands import COMMANDS
                import cli.builtin  # noqa: F401


                def test_registered():
                    assert COMMANDS["hello"]("bob") == "hello bob"


                def test_greet_all():
                    assert COMMANDS["greet-all"](["a", "b"]) == ["hello a", "hello b"]
            ''',
        },
        failing="tests/test_builtin.py::test_greet_all", exc="TypeError", n=2),
    "wrapper_drops_result": dict(
        files={
            "svc/__init__.py": "",
            "svc/timing.py": '''
                import functools
                import time

                CALLS = []


                def timed(fn):
                    @functools.wraps(fn)
                    def wrapper(*args, **kwargs):
                        start = time.perf_counter()
                        fn(*args, **kwargs)
                        CALLS.append((fn.__name__, time.perf_counter() - start))
                    return wrapper
            ''',
            "svc/users.py": '''
                from svc.timing import timed


                @timed
                def load(name):
                    return {"name": name, "admin": name == "root"}


                def is_admin(name):
                    return load(name).get("admin", False)
            ''',
            "tests/test_users.py": '''
                from svc.timing import CALLS
                from svc.users import is_admin


                def test_admin():
                    assert is_admin("root") is True
                    assert CALLS and CALLS[-1][0] == "load"
            ''',
        },
        failing="tests/test_users.py::test_admin", exc="AttributeError", n=2),
    "strings_are_iterable": dict(
        files={
            "tags/__init__.py": "",
            "tags/collect.py": '''
                def leaves(value):
                    """Every leaf of nested lists / tuples / sets, in order."""
                    if not hasattr(value, "__iter__"):
                        return [value]
                    out = []
                    for item in value:
                        out += leaves(item)
                    return out
            ''',
            "tests/test_collect.py": '''
                from tags.collect import leaves


                def test_numbers():
                    assert leaves([1, [2, (3,)]]) == [1, 2, 3]


                def test_words():
                    assert leaves(["red", ["green"]]) == ["red", "green"]
            ''',
        },
        failing="tests/test_collect.py::test_words", exc="RecursionError", n=2),
    "attribute_wrong_variable": dict(
        files={
            "subs/__init__.py": "",
            "subs/plan.py": '''
                from dataclasses import dataclass
                from datetime import date, timedelta
                from typing import Optional


                @dataclass
                class Subscription:
                    plan: str
                    started: date
                    renewed: Optional[date] = None
                    period: timedelta = timedelta(days=30)

                    def expires(self):
                        if self.renewed is None:
                            return self.started + self.period
                        return self.started + self.period

                    def renew(self, today):
                        self.renewed = today
            ''',
            "tests/test_plan.py": '''
                from datetime import date, timedelta

                from subs.plan import Subscription

                D0 = date(2026, 1, 1)


                def test_new():
                    assert Subscription("pro", D0).expires() == D0 + timedelta(days=30)


                def test_renewal_extends():
                    s = Subscription("pro", D0)
                    s.renew(D0 + timedelta(days=25))
                    assert s.expires() == D0 + timedelta(days=55)
            ''',
        },
        failing="tests/test_plan.py::test_renewal_extends", exc="AssertionError", n=8),
    "allocation_size_mismatch": dict(
        files={
            "img/__init__.py": "",
            "img/ops.py": '''
                def rotate(pixels):
                    """Rotate a height x width image a quarter turn clockwise."""
                    height = len(pixels)
                    width = len(pixels[0]) if height else 0
                    out = [[0] * height for _ in range(height)]
                    for y in range(height):
                        for x in range(width):
                            out[x][height - 1 - y] = pixels[y][x]
                    return out
            ''',
            "tests/test_ops.py": '''
                from img.ops import rotate


                def test_square():
                    assert rotate([[1, 2], [3, 4]]) == [[3, 1], [4, 2]]


                def test_wide():
                    assert rotate([[1, 2, 3]]) == [[1], [2], [3]]
            ''',
        },
        failing="tests/test_ops.py::test_wide", exc="IndexError", n=3),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_some_candidate_fixes_the_crash(tmp_path, name):
    case = CASES[name]
    repo = make_repo(tmp_path / name, case["files"])
    ctx = context_for(repo, case["failing"], case.get("values"))
    assert ctx.exc_type == case["exc"], (ctx.exc_type, ctx.message)
    cands = generate(ctx)
    assert cands, "no candidates"
    assert len(cands) <= 40
    check_candidates(repo, cands)
    idx = first_fix(repo, cands, case["failing"], case["n"])
    assert idx is not None, "\n\n".join(f"{c.score} {c.description}\n{c.diff}" for c in cands[:case["n"]])


def test_protected_paths_and_test_files_are_never_touched(tmp_path):
    case = CASES["assert_in_callee_of_callee"]
    repo = make_repo(tmp_path / "p", case["files"])
    ctx = context_for(repo, case["failing"], protected=lambda p: p == "shop/pricing.py")
    cands = generate(ctx)
    assert cands
    assert all(c.files == ("shop/cart.py",) for c in cands)
    check_candidates(repo, cands)


def test_crash_inside_a_test_never_patches_tests(tmp_path):
    case = CASES["compare_op"]
    repo = make_repo(tmp_path / "t", case["files"])
    ctx = context_for(repo, case["failing"])
    assert all(s.path.startswith("tests/") for s in ctx.sites)
    cands = generate(ctx, max_candidates=5)
    assert 0 < len(cands) <= 5
    assert not any(is_test_path(f) for c in cands for f in c.files)


def test_values_point_the_none_guard_at_the_right_name(tmp_path):
    files = {
        "m/__init__.py": "",
        "m/merge.py": """
            def merge(a, b):
                out = dict(a)
                out.update(b)
                return out
        """,
        "tests/test_merge.py": """
            from m.merge import merge


            def test_none():
                assert merge({"x": 1}, None) == {"x": 1}
        """,
    }
    repo = make_repo(tmp_path / "v", files)
    ctx = context_for(repo, "tests/test_merge.py::test_none", values={"b": "None", "a": "{'x': 1}"})
    assert ctx.exc_type == "TypeError"
    cands = generate(ctx)
    check_candidates(repo, cands)
    assert "b is None" in cands[0].diff or "b or" in cands[0].diff, cands[0].diff
    assert first_fix(repo, cands, "tests/test_merge.py::test_none", 3) is not None


@pytest.mark.parametrize("path, expected", [
    ("tests/test_a.py", True), ("pkg/test_a.py", True), ("pkg/a_test.py", True), ("conftest.py", True),
    ("pkg/tests/helpers.py", True), ("pkg/module.py", False), ("pkg/testing_utils.py", False),
])
def test_is_test_path(path, expected):
    assert is_test_path(path) is expected


REAL_EVIDENCE = [
    ("KeyError", "'name'"), ("AttributeError", "'NoneType' object has no attribute 'get'"),
    ("IndexError", "list index out of range"), ("ZeroDivisionError", "division by zero"),
    ("TypeError", "'NoneType' object is not subscriptable"), ("AssertionError", "assert 1 == 2"),
    ("RecursionError", "maximum recursion depth exceeded"), ("ValueError", "max() arg is an empty sequence"),
    ("TypeError", 'can only concatenate str (not "int") to str'), ("UnboundLocalError",
     "cannot access local variable 'x' where it is not associated with a value"),
    ("json.decoder.JSONDecodeError", "Expecting value: line 1 column 1 (char 0)"),
]


def test_candidates_on_real_code_apply_cleanly_and_parse(tmp_path):
    """Stdlib modules as a stand-in for real-world code: every candidate applies and the patched file parses."""
    import random
    import sysconfig

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    names = ["textwrap.py", "json/decoder.py", "statistics.py", "shlex.py", "configparser.py"]
    files = {f"lib/{n}": (stdlib / n).read_text(encoding="utf-8") for n in names}
    repo = tmp_path / "real"
    repo.mkdir()
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init")
    rnd = random.Random(7)
    total = 0
    for trial in range(12):
        rel = rnd.choice(sorted(files))
        tree = ast.parse(files[rel])
        funcs = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
        fn = rnd.choice(funcs)
        lines = [s.lineno for s in ast.walk(fn) if isinstance(s, ast.stmt) and s is not fn]
        caller = rnd.choice(funcs)
        exc, msg = REAL_EVIDENCE[trial % len(REAL_EVIDENCE)]
        ctx = RepairContext(exc, msg, [Site(rel, rnd.choice(lines), fn.name, 0),
                                       Site(rel, caller.body[0].lineno, caller.name, 1)],
                            read=lambda p: (repo / p).read_text(encoding="utf-8"), files=sorted(files))
        cands = generate(ctx, max_candidates=15)
        check_candidates(repo, cands)
        for c in cands:
            assert git(repo, "apply", "-", input=c.diff).returncode == 0
            try:
                for f in c.files:
                    ast.parse((repo / f).read_text(encoding="utf-8"))
            finally:
                git(repo, "checkout", "-q", "--", ".")
        total += len(cands)
    assert total > 50


def test_a_template_that_raises_is_logged_and_the_others_still_run(tmp_path, monkeypatch, caplog):
    import logging

    from agent.python.templates import guards

    def broken(em, scope):
        raise RuntimeError("odd code")

    monkeypatch.setattr(guards, "none_guard", broken)
    case = CASES["none_guard"]
    repo = make_repo(tmp_path / "log", case["files"])
    ctx = context_for(repo, case["failing"])
    with caplog.at_level(logging.DEBUG, logger="agent.python.templates"):
        cands = generate(ctx)
    assert cands     # the other templates still propose
    assert any("broken" in r.getMessage() and "RuntimeError: odd code" in r.getMessage()
               for r in caplog.records if r.levelno == logging.DEBUG), [r.getMessage() for r in caplog.records]


def test_no_candidate_turns_off_the_scripts_main_guard(tmp_path):
    # flipping `__name__ == "__main__"` stops the script from running: the crash is gone, nothing is fixed
    src = ('import sys\n\n\ndef total(items):\n    return sum(p["price"] for p in items)\n\n\n'
           'if __name__ == "__main__":\n    print(total([{"cost": 1}]))\n')
    repo = make_repo(tmp_path / "m", {"app.py": src})
    ctx = RepairContext(exc_type="KeyError", message="'price'", read=lambda p: (repo / p).read_text(),
                        files=["app.py"], sites=[Site("app.py", 5, "<genexpr>", 0), Site("app.py", 9, "<module>", 1)])
    cands = generate(ctx)
    assert cands
    assert not any("__name__" in line for c in cands for line in c.diff.splitlines()
                   if line.startswith(("+", "-")) and not line.startswith(("+++", "---")))


def test_no_candidate_silences_a_raise_the_code_makes_on_purpose(tmp_path):
    # the crashing line is the function's own `raise`: wrapping it in try/except, or weakening the `if` in
    # front of it, hides the error and fixes nothing; the caller that passed the value may still be edited
    src = ('def parse(text, width):\n    if text and not text.isdigit():\n'
           '        raise ValueError("not a number: " + text)\n    return int(text)\n\n\n'
           'def run(text, width=0):\n    return parse(text, width) + 1\n')
    repo = make_repo(tmp_path / "r", {"conv.py": src})
    ctx = RepairContext(exc_type="ValueError", message="not a number: x", read=lambda p: (repo / p).read_text(),
                        files=["conv.py"], sites=[Site("conv.py", 3, "parse", 0), Site("conv.py", 8, "run", 1)])
    cands = generate(ctx)
    for cand in cands:
        touched = [ln for ln in cand.diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
        assert not any("raise ValueError" in ln or "isdigit" in ln for ln in touched), cand.diff
