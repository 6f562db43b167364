"""Dev cases: IndexError, ZeroDivisionError, RecursionError."""

CASES = []

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="calclex-peek-at-eof",
    project="calclex",
    pkg="calclex",
    description="Tokenizer and evaluator for arithmetic expressions",
    kind="IndexError",
    bug="Lexer.peek indexes self.text[self.pos] without checking for the end of input, so an expression "
        "that ends in a number raises IndexError; peek should return '' at the end.",
    fix_class="index-guard",
    files={
        "src/calclex/__init__.py": '''
            from .lexer import Lexer, Token, tokenize
            from .evaluate import evaluate

            __all__ = ["Lexer", "Token", "tokenize", "evaluate"]
        ''',
        "src/calclex/lexer.py": '''
            from dataclasses import dataclass

            OPERATORS = set("+-*/()")


            @dataclass(frozen=True)
            class Token:
                kind: str     # "num" | "op"
                text: str


            class Lexer:
                def __init__(self, text):
                    self.text = text
                    self.pos = 0

                def peek(self):
                    """The next character, or '' at the end of the input."""
                    return self.text[self.pos]

                def advance(self):
                    ch = self.peek()
                    self.pos += 1
                    return ch

                def _number(self):
                    start = self.pos
                    while self.peek().isdigit() or self.peek() == ".":
                        self.advance()
                    return Token("num", self.text[start:self.pos])

                def tokens(self):
                    while self.pos < len(self.text):
                        ch = self.peek()
                        if ch.isspace():
                            self.advance()
                        elif ch.isdigit() or ch == ".":
                            yield self._number()
                        elif ch in OPERATORS:
                            yield Token("op", self.advance())
                        else:
                            raise SyntaxError(f"unexpected {ch!r} at {self.pos}")


            def tokenize(text):
                return list(Lexer(text).tokens())
        ''',
        "src/calclex/evaluate.py": '''
            import operator

            from .lexer import tokenize

            _BINARY = {"+": (1, operator.add), "-": (1, operator.sub),
                       "*": (2, operator.mul), "/": (2, operator.truediv)}


            def _to_rpn(tokens):
                out, stack = [], []
                for tok in tokens:
                    if tok.kind == "num":
                        out.append(float(tok.text))
                    elif tok.text == "(":
                        stack.append(tok.text)
                    elif tok.text == ")":
                        while stack[-1] != "(":
                            out.append(stack.pop())
                        stack.pop()
                    else:
                        prec = _BINARY[tok.text][0]
                        while stack and stack[-1] != "(" and _BINARY[stack[-1]][0] >= prec:
                            out.append(stack.pop())
                        stack.append(tok.text)
                return out + stack[::-1]


            def evaluate(text):
                stack = []
                for item in _to_rpn(tokenize(text)):
                    if isinstance(item, float):
                        stack.append(item)
                    else:
                        b, a = stack.pop(), stack.pop()
                        stack.append(_BINARY[item][1](a, b))
                return stack[0]
        ''',
        "tests/test_calc.py": '''
            import pytest

            from calclex import Token, evaluate, tokenize


            def test_tokens_of_parenthesised_expression():
                assert tokenize("(1 + 2)") == [Token("op", "("), Token("num", "1"), Token("op", "+"),
                                               Token("num", "2"), Token("op", ")")]


            def test_bad_character():
                with pytest.raises(SyntaxError):
                    tokenize("2 $ 3")


            def test_precedence():
                assert evaluate("(2 + 3) * (4)") == 20.0


            def test_expression_ending_in_number():
                assert evaluate("2 + 3 * 4") == 14.0
        ''',
    },
    fix=[("src/calclex/lexer.py", "        return self.text[self.pos]",
          "        if self.pos >= len(self.text):\n            return \"\"\n        return self.text[self.pos]")],
    report=dict(user="ivan", cmd=["python", "-m", "pytest", "-q", "--tb=long"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="gpstrack-segment-range",
    project="gpstrack",
    pkg="gpstrack",
    description="Distance, pace and splits for recorded GPS tracks",
    kind="IndexError",
    bug="segment_lengths loops range(1, len(points) + 1) and reads points[i], one past the last point.",
    fix_class="off-by-one",
    files={
        "src/gpstrack/__init__.py": '''
            from .track import Point, load_gpx_points, segment_lengths, total_distance
            from .stats import pace_per_km

            __all__ = ["Point", "load_gpx_points", "segment_lengths", "total_distance", "pace_per_km"]
        ''',
        "src/gpstrack/geo.py": '''
            import math

            EARTH_RADIUS_M = 6_371_000


            def haversine(lat1, lon1, lat2, lon2):
                p1, p2 = math.radians(lat1), math.radians(lat2)
                dp, dl = p2 - p1, math.radians(lon2 - lon1)
                a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
                return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(a))
        ''',
        "src/gpstrack/track.py": '''
            import re
            from dataclasses import dataclass

            from .geo import haversine

            _TRKPT = re.compile(r'<trkpt lat="([-\\d.]+)" lon="([-\\d.]+)">\\s*<time>(\\d+)</time>')


            @dataclass(frozen=True)
            class Point:
                lat: float
                lon: float
                t: int          # seconds since start


            def load_gpx_points(xml):
                return [Point(float(a), float(b), int(t)) for a, b, t in _TRKPT.findall(xml)]


            def segment_lengths(points):
                lengths = []
                for i in range(1, len(points) + 1):
                    a, b = points[i - 1], points[i]
                    lengths.append(haversine(a.lat, a.lon, b.lat, b.lon))
                return lengths


            def total_distance(points):
                if len(points) < 2:
                    return 0.0
                return sum(segment_lengths(points))
        ''',
        "src/gpstrack/stats.py": '''
            from .track import total_distance


            def pace_per_km(points):
                """Seconds per kilometre over the whole track."""
                meters = total_distance(points)
                if meters == 0:
                    return None
                return (points[-1].t - points[0].t) / (meters / 1000)
        ''',
        "tests/test_track.py": '''
            import pytest

            from gpstrack import Point, load_gpx_points, pace_per_km, total_distance

            # three points 0.01 degrees of latitude apart: ~1112 m each
            PTS = [Point(52.00, 4.0, 0), Point(52.01, 4.0, 300), Point(52.02, 4.0, 600)]


            def test_empty_and_single_point():
                assert total_distance([]) == 0.0
                assert total_distance(PTS[:1]) == 0.0
                assert pace_per_km(PTS[:1]) is None


            def test_parse_gpx():
                xml = '<trkpt lat="52.0" lon="4.0">\\n<time>0</time></trkpt><trkpt lat="52.1" lon="4.1"><time>9</time>'
                assert load_gpx_points(xml) == [Point(52.0, 4.0, 0), Point(52.1, 4.1, 9)]


            def test_total_distance():
                assert total_distance(PTS) == pytest.approx(2223.9, abs=0.5)


            def test_pace():
                assert pace_per_km(PTS) == pytest.approx(269.8, abs=0.5)
        ''',
    },
    fix=[("src/gpstrack/track.py", "for i in range(1, len(points) + 1):", "for i in range(1, len(points)):")],
    report=dict(
        user="judy", cmd=["python", "runstats.py", "morning_run.gpx"], wrap="log", logger="runstats",
        stamp="2026-09-21 06:48:03,777", snippet_name="runstats.py", show_snippet=False,
        user_files={"morning_run.gpx": (
            '<gpx><trk><trkseg>\n'
            '<trkpt lat="52.3702" lon="4.8952"><time>0</time></trkpt>\n'
            '<trkpt lat="52.3710" lon="4.8990"><time>95</time></trkpt>\n'
            '<trkpt lat="52.3725" lon="4.9041"><time>201</time></trkpt>\n'
            '</trkseg></trk></gpx>\n')},
        snippet='''
            import sys

            from gpstrack import load_gpx_points, pace_per_km

            with open(sys.argv[1], encoding="utf-8") as fh:
                points = load_gpx_points(fh.read())
            pace = pace_per_km(points)
            print(f"{len(points)} points, pace {pace // 60:.0f}:{pace % 60:02.0f} /km")
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="expensecsv-short-row",
    project="expensecsv",
    pkg="expensecsv",
    description="Monthly expense reports from bank CSV exports",
    kind="IndexError",
    bug="parse_row reads row[3] for the optional note column, but the bank omits trailing empty columns, "
        "so rows without a note raise IndexError.",
    fix_class="index-guard",
    files={
        "src/expensecsv/__init__.py": '''
            from .parse import Expense, parse_csv, parse_row
            from .report import monthly_totals, render

            __all__ = ["Expense", "parse_csv", "parse_row", "monthly_totals", "render"]
        ''',
        "src/expensecsv/parse.py": '''
            import csv
            import io
            from dataclasses import dataclass
            from datetime import date
            from decimal import Decimal


            @dataclass(frozen=True)
            class Expense:
                day: date
                category: str
                amount: Decimal
                note: str


            def parse_row(row):
                """date, category, amount[, note]"""
                day = date.fromisoformat(row[0].strip())
                category = row[1].strip().lower() or "uncategorised"
                amount = Decimal(row[2].strip().replace(",", "."))
                note = row[3].strip()
                return Expense(day, category, amount, note)


            def parse_csv(text):
                reader = csv.reader(io.StringIO(text))
                next(reader, None)          # header
                return [parse_row(row) for row in reader if row]
        ''',
        "src/expensecsv/report.py": '''
            from collections import defaultdict
            from decimal import Decimal


            def monthly_totals(expenses):
                totals = defaultdict(lambda: defaultdict(Decimal))
                for e in expenses:
                    totals[e.day.strftime("%Y-%m")][e.category] += e.amount
                return {month: dict(cats) for month, cats in sorted(totals.items())}


            def render(expenses):
                lines = []
                for month, cats in monthly_totals(expenses).items():
                    lines.append(month)
                    for cat, amount in sorted(cats.items()):
                        lines.append(f"  {cat:<14}{amount:>10.2f}")
                return "\\n".join(lines)
        ''',
        "tests/test_report.py": '''
            from datetime import date
            from decimal import Decimal

            from expensecsv import monthly_totals, parse_csv, parse_row, render

            EXPORT = """date,category,amount,note
            2026-05-02,Groceries,"54,20",weekly shop
            2026-05-09,groceries,31.80,market
            2026-06-01,Rent,950.00,june
            """.replace("            ", "")


            def test_parse_row():
                e = parse_row(["2026-05-02", "Groceries", "54,20", "weekly"])
                assert (e.day, e.category, e.amount, e.note) == (date(2026, 5, 2), "groceries", Decimal("54.20"), "weekly")


            def test_monthly_totals():
                totals = monthly_totals(parse_csv(EXPORT))
                assert totals == {"2026-05": {"groceries": Decimal("86.00")}, "2026-06": {"rent": Decimal("950.00")}}


            def test_render():
                assert render(parse_csv(EXPORT)).splitlines()[1] == "  groceries          86.00"


            def test_rows_without_note():
                rows = parse_csv("date,category,amount,note\\n2026-07-03,Fuel,60.00\\n")
                assert rows[0].note == ""
                assert rows[0].amount == Decimal("60.00")
        ''',
    },
    fix=[("src/expensecsv/parse.py", "note = row[3].strip()", 'note = row[3].strip() if len(row) > 3 else ""')],
    report=dict(
        user="mallory", cmd=["python", "-m", "pytest", "-q", "--tb=native"], wrap="issue",
        prose="""
            The exports from my bank leave off the last column when there's no note, and then the
            whole report fails. Test added locally to show it:
        """,
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="latency-empty-endpoint",
    project="latencyreport",
    pkg="latencyreport",
    description="Per-endpoint latency summaries from access logs",
    kind="ZeroDivisionError",
    bug="mean() divides by len(samples) with no check, and endpoints registered without traffic have no "
        "samples, so the summary raises ZeroDivisionError instead of reporting 0.0.",
    fix_class="zero-divisor-guard",
    files={
        "src/latencyreport/__init__.py": '''
            from .collect import Collector
            from .stats import mean, percentile

            __all__ = ["Collector", "mean", "percentile"]
        ''',
        "src/latencyreport/stats.py": '''
            import math


            def mean(samples):
                total = sum(samples)
                return total / len(samples)


            def percentile(samples, q):
                """Nearest-rank percentile; None for no samples."""
                if not samples:
                    return None
                ordered = sorted(samples)
                rank = max(1, math.ceil(q / 100 * len(ordered)))
                return ordered[rank - 1]
        ''',
        "src/latencyreport/collect.py": '''
            from .stats import mean, percentile


            class Collector:
                def __init__(self, endpoints=()):
                    self._samples = {e: [] for e in endpoints}

                def record(self, endpoint, millis):
                    self._samples.setdefault(endpoint, []).append(millis)

                def summary(self):
                    rows = {}
                    for endpoint, samples in sorted(self._samples.items()):
                        rows[endpoint] = {
                            "count": len(samples),
                            "mean": round(mean(samples), 1),
                            "p95": percentile(samples, 95),
                        }
                    return rows
        ''',
        "tests/test_summary.py": '''
            from latencyreport import Collector, mean, percentile


            def test_mean():
                assert mean([10, 20, 60]) == 30


            def test_percentile():
                assert percentile(list(range(1, 101)), 95) == 95
                assert percentile([], 50) is None


            def test_summary():
                c = Collector()
                for ms in (12, 15, 40):
                    c.record("/api/items", ms)
                assert c.summary() == {"/api/items": {"count": 3, "mean": 22.3, "p95": 40}}


            def test_summary_lists_idle_endpoints():
                c = Collector(["/api/items", "/api/admin"])
                c.record("/api/items", 20)
                assert c.summary()["/api/admin"] == {"count": 0, "mean": 0.0, "p95": None}
        ''',
    },
    fix=[("src/latencyreport/stats.py", '''
                total = sum(samples)
                return total / len(samples)''', '''
                total = sum(samples)
                if len(samples) == 0:
                    return 0.0
                return total / len(samples)''')],
    report=dict(user="niaj", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="progressbar-eta-before-first-item",
    project="progresstick",
    pkg="progresstick",
    description="Terminal progress reporting with rate and ETA",
    kind="ZeroDivisionError",
    bug="Progress.eta divides the remaining work by the current rate, which is 0 before the first item "
        "completes; eta must be None until there is a rate.",
    fix_class="zero-divisor-guard",
    # its validated candidates answer generated inputs differently: the word is speculative (issue 34)
    expect="fixed",
    files={
        "src/progresstick/__init__.py": '''
            from .progress import Progress
            from .fmt import format_line

            __all__ = ["Progress", "format_line"]
        ''',
        "src/progresstick/progress.py": '''
            import time


            class Progress:
                def __init__(self, total, clock=time.monotonic):
                    self.total = total
                    self.done = 0
                    self._clock = clock
                    self._start = clock()

                def advance(self, n=1):
                    self.done = min(self.total, self.done + n)

                def elapsed(self):
                    return self._clock() - self._start

                def rate(self):
                    """Items per second so far."""
                    elapsed = self.elapsed()
                    return self.done / elapsed if elapsed > 0 else 0.0

                def eta(self):
                    """Seconds until done, or None while the rate is unknown."""
                    rate = self.rate()
                    remaining = self.total - self.done
                    return remaining / rate
        ''',
        "src/progresstick/fmt.py": '''
            def _clock(seconds):
                if seconds is None:
                    return "--:--"
                minutes, secs = divmod(int(round(seconds)), 60)
                return f"{minutes:02d}:{secs:02d}"


            def format_line(progress, width=20):
                frac = progress.done / progress.total if progress.total else 1.0
                filled = int(frac * width)
                bar = "#" * filled + "." * (width - filled)
                return f"[{bar}] {progress.done}/{progress.total} eta {_clock(progress.eta())}"
        ''',
        "tests/test_progress.py": '''
            from progresstick import Progress, format_line


            class FakeClock:
                def __init__(self):
                    self.now = 100.0

                def __call__(self):
                    return self.now


            def test_rate_and_eta():
                clock = FakeClock()
                p = Progress(10, clock=clock)
                clock.now += 4
                p.advance(2)
                assert p.rate() == 0.5
                assert p.eta() == 16.0


            def test_line_midway():
                clock = FakeClock()
                p = Progress(4, clock=clock)
                clock.now += 30
                p.advance(2)
                assert format_line(p, width=8) == "[####....] 2/4 eta 00:30"


            def test_line_before_first_item():
                clock = FakeClock()
                p = Progress(4, clock=clock)
                clock.now += 1
                assert format_line(p, width=8) == "[........] 0/4 eta --:--"
        ''',
    },
    fix=[("src/progresstick/progress.py", '''
                    remaining = self.total - self.done
                    return remaining / rate''', '''
                    remaining = self.total - self.done
                    if rate == 0:
                        return None
                    return remaining / rate''')],
    report=dict(
        user="olivia", cmd=["python", "sync_photos.py"], wrap="issue", snippet_name="sync_photos.py",
        prose="""
            The progress line crashes right at the start of a long copy, before anything has finished.
            Minimal version of what my sync script does:
        """,
        snippet_intro="sync_photos.py:",
        snippet='''
            import time

            from progresstick import Progress, format_line

            photos = ["IMG_%04d.jpg" % i for i in range(1, 41)]
            progress = Progress(len(photos))
            time.sleep(0.05)                 # first file is still being copied
            print(format_line(progress), flush=True)
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="cachestats-shared-ratio-guard",
    project="cachestats",
    pkg="cachestats",
    description="Hit/miss statistics and a one-line report for an application cache",
    kind="ZeroDivisionError",
    expect="not_fixed",
    bug="render_summary formats ratio(hits, hits + misses) inline and crashes for a cache with no lookups "
        "yet; the tempting zero-divisor guard inside the shared ratio() makes the failing test pass but "
        "breaks growth(), whose passing test relies on ratio raising ZeroDivisionError - the real fix is "
        "a branch in render_summary, which no single-site template produces.",
    fix_class="none",
    files={
        "src/cachestats/__init__.py": '''
            from .numbers import growth, ratio
            from .stats import CacheStats, render_summary

            __all__ = ["CacheStats", "growth", "ratio", "render_summary"]
        ''',
        "src/cachestats/numbers.py": '''
            def ratio(part, whole):
                return part / whole


            def growth(previous, current):
                """Relative change from previous to current; None when previous is zero."""
                try:
                    return ratio(current - previous, previous)
                except ZeroDivisionError:
                    return None
        ''',
        "src/cachestats/stats.py": '''
            from dataclasses import dataclass

            from .numbers import growth, ratio


            @dataclass
            class CacheStats:
                hits: int = 0
                misses: int = 0
                size_yesterday: int = 0
                size_today: int = 0


            def render_summary(stats):
                change = growth(stats.size_yesterday, stats.size_today)
                trend = "new" if change is None else f"{change:+.0%}"
                return f"hit rate {ratio(stats.hits, stats.hits + stats.misses):.0%}, size {stats.size_today} ({trend})"
        ''',
        "tests/test_stats.py": '''
            from cachestats import CacheStats, growth, ratio, render_summary


            def test_ratio():
                assert ratio(1, 4) == 0.25


            def test_growth():
                assert growth(200, 250) == 0.25


            def test_growth_from_empty_cache_is_undefined():
                assert growth(0, 120) is None


            def test_summary():
                s = CacheStats(hits=90, misses=10, size_yesterday=100, size_today=110)
                assert render_summary(s) == "hit rate 90%, size 110 (+10%)"


            def test_summary_before_any_lookup():
                s = CacheStats(size_yesterday=50, size_today=50)
                assert render_summary(s) == "hit rate 0%, size 50 (+0%)"
        ''',
    },
    fix=[("src/cachestats/stats.py",
          'return f"hit rate {ratio(stats.hits, stats.hits + stats.misses):.0%}, size',
          'lookups = stats.hits + stats.misses\n'
          '    rate = ratio(stats.hits, lookups) if lookups else 0.0\n'
          '    return f"hit rate {rate:.0%}, size')],
    report=dict(user="peggy", cmd=["python", "-m", "pytest", "-q"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="settingsmerge-flatten-strings",
    project="settingsmerge",
    pkg="settingsmerge",
    description="Merge layered settings and flatten nested option lists",
    kind="RecursionError",
    bug="flatten() treats every Iterable as a container, but a str is iterable and each one-character "
        "string yields itself, so the base case never triggers for strings and the recursion is unbounded.",
    fix_class="recursion-base-case",
    files={
        "src/settingsmerge/__init__.py": '''
            from .flatten import flatten
            from .merge import merge, plugin_list

            __all__ = ["flatten", "merge", "plugin_list"]
        ''',
        "src/settingsmerge/flatten.py": '''
            from collections.abc import Iterable, Mapping


            def flatten(value):
                """Flatten arbitrarily nested lists/tuples into one list of leaves."""
                if not isinstance(value, Iterable) or isinstance(value, Mapping):
                    return [value]
                out = []
                for item in value:
                    out.extend(flatten(item))
                return out
        ''',
        "src/settingsmerge/merge.py": '''
            from .flatten import flatten


            def merge(*layers):
                """Later layers win; nested dicts are merged key by key."""
                result = {}
                for layer in layers:
                    for key, value in layer.items():
                        if isinstance(value, dict) and isinstance(result.get(key), dict):
                            result[key] = merge(result[key], value)
                        else:
                            result[key] = value
                return result


            def plugin_list(*layers):
                """All plugins named in any layer, in order, without duplicates."""
                seen = []
                for name in flatten([layer.get("plugins", []) for layer in layers]):
                    if name not in seen:
                        seen.append(name)
                return seen
        ''',
        "tests/test_settings.py": '''
            from settingsmerge import flatten, merge, plugin_list


            def test_merge_nested():
                base = {"db": {"host": "localhost", "port": 5432}, "debug": False}
                local = {"db": {"host": "db.internal"}, "debug": True}
                assert merge(base, local) == {"db": {"host": "db.internal", "port": 5432}, "debug": True}


            def test_flatten_numbers():
                assert flatten([1, [2, (3, [4])], 5]) == [1, 2, 3, 4, 5]


            def test_flatten_keeps_dicts_whole():
                assert flatten([{"a": 1}, [{"b": 2}]]) == [{"a": 1}, {"b": 2}]


            def test_plugin_list():
                assert plugin_list({"plugins": ["auth", ["cache"]]}, {"plugins": ["cache", "audit"]}) == \\
                    ["auth", "cache", "audit"]
        ''',
    },
    fix=[("src/settingsmerge/flatten.py",
          "if not isinstance(value, Iterable) or isinstance(value, Mapping):",
          "if not isinstance(value, Iterable) or isinstance(value, (Mapping, str, bytes)):")],
    report=dict(user="rupert", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="batcher-range-split-base-case",
    project="batcher",
    pkg="batcher",
    description="Split id ranges into batches for a backfill job",
    kind="RecursionError",
    bug="split_range stops only when start == end, but when the batch size does not divide the range the "
        "recursion steps past end and never stops; the base case must be start >= end.",
    fix_class="recursion-base-case",
    files={
        "src/batcher/__init__.py": '''
            from .ranges import split_range
            from .plan import Plan, make_plan

            __all__ = ["Plan", "make_plan", "split_range"]
        ''',
        "src/batcher/ranges.py": '''
            def split_range(start, end, size):
                """Half-open [start, end) cut into consecutive (lo, hi) chunks of at most `size` ids."""
                if size <= 0:
                    raise ValueError("size must be positive")
                if start == end:
                    return []
                hi = min(start + size, end)
                return [(start, hi)] + split_range(start + size, end, size)
        ''',
        "src/batcher/plan.py": '''
            from dataclasses import dataclass

            from .ranges import split_range


            @dataclass(frozen=True)
            class Plan:
                table: str
                batches: tuple

                def describe(self):
                    return f"{self.table}: {len(self.batches)} batches"


            def make_plan(table, first_id, last_id, batch_size=1000):
                """Batches covering first_id..last_id inclusive."""
                return Plan(table, tuple(split_range(first_id, last_id + 1, batch_size)))
        ''',
        "tests/test_plan.py": '''
            import pytest

            from batcher import make_plan, split_range


            def test_even_split():
                assert split_range(0, 30, 10) == [(0, 10), (10, 20), (20, 30)]


            def test_empty_range():
                assert split_range(5, 5, 10) == []


            def test_size_must_be_positive():
                with pytest.raises(ValueError):
                    split_range(0, 10, 0)


            def test_plan_with_partial_last_batch():
                plan = make_plan("orders", 1, 2500)
                assert plan.batches == ((1, 1001), (1001, 2001), (2001, 2501))
                assert plan.describe() == "orders: 3 batches"
        ''',
    },
    fix=[("src/batcher/ranges.py", "if start == end:", "if start >= end:")],
    report=dict(
        user="sybil", cmd=["python", "-m", "batcher_backfill"], wrap="log", logger="backfill",
        stamp="2026-11-04 23:00:00,512", snippet_name="batcher_backfill.py", show_snippet=False,
        snippet='''
            from batcher import make_plan

            plan = make_plan("invoices", 1, 48_250, batch_size=5_000)
            print(plan.describe())
        ''',
    ),
))
