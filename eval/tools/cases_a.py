"""Dev cases: KeyError, AttributeError on None, TypeError from None."""

CASES = []

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="confload-missing-logging-level",
    project="confload",
    pkg="confload",
    description="Load service settings from INI-style files",
    kind="KeyError",
    bug="_log_level indexes section['level'] although the [logging] section and its level key are optional, "
        "so a config without them raises KeyError instead of falling back to the default level.",
    fix_class="keyerror-get",
    files={
        "src/confload/__init__.py": '''
            from .loader import load_config, load_path

            __all__ = ["load_config", "load_path"]
        ''',
        "src/confload/schema.py": '''
            """Defaults and value coercion for the service settings."""

            DEFAULTS = {
                "host": "127.0.0.1",
                "port": "8080",
                "workers": "2",
                "log_level": "INFO",
            }

            _INTS = {"port", "workers"}


            def coerce(key, value):
                if key in _INTS:
                    try:
                        return int(value)
                    except ValueError:
                        raise ValueError(f"{key} must be an integer, got {value!r}") from None
                return value
        ''',
        "src/confload/loader.py": '''
            """Parse `key = value` settings grouped in [sections]."""
            from pathlib import Path

            from .schema import DEFAULTS, coerce


            def parse_lines(text):
                data = {}
                section = "main"
                for lineno, raw in enumerate(text.splitlines(), 1):
                    line = raw.split("#", 1)[0].strip()
                    if not line:
                        continue
                    if line.startswith("[") and line.endswith("]"):
                        section = line[1:-1].strip().lower()
                        data.setdefault(section, {})
                        continue
                    if "=" not in line:
                        raise ValueError(f"line {lineno}: expected key = value, got {raw!r}")
                    key, value = (part.strip() for part in line.split("=", 1))
                    data.setdefault(section, {})[key.lower()] = value
                return data


            def _log_level(data):
                section = data.get("logging", {})
                level = section["level"]
                return level.upper() if level else DEFAULTS["log_level"]


            def load_config(text):
                data = parse_lines(text)
                server = data.get("server", {})
                return {
                    "host": server.get("host", DEFAULTS["host"]),
                    "port": coerce("port", server.get("port", DEFAULTS["port"])),
                    "workers": coerce("workers", server.get("workers", DEFAULTS["workers"])),
                    "log_level": _log_level(data),
                }


            def load_path(path):
                return load_config(Path(path).read_text(encoding="utf-8"))
        ''',
        "src/confload/cli.py": '''
            import sys

            from .loader import load_path


            def main(argv=None):
                argv = sys.argv[1:] if argv is None else argv
                if not argv:
                    print("usage: python -m confload.cli CONFIG", file=sys.stderr)
                    return 2
                cfg = load_path(argv[0])
                for key, value in cfg.items():
                    print(f"{key:10} {value}")
                return 0


            if __name__ == "__main__":
                sys.exit(main())
        ''',
        "tests/test_loader.py": '''
            import pytest

            from confload import load_config

            FULL = """
            [server]
            host = 0.0.0.0   # listen everywhere
            port = 9000
            workers = 4

            [logging]
            level = debug
            """


            def test_full_config():
                cfg = load_config(FULL)
                assert cfg == {"host": "0.0.0.0", "port": 9000, "workers": 4, "log_level": "DEBUG"}


            def test_bad_port_is_reported():
                with pytest.raises(ValueError, match="port must be an integer"):
                    load_config("[server]\\nport = eighty\\n")


            def test_line_without_equals_is_rejected():
                with pytest.raises(ValueError, match="line 2"):
                    load_config("[server]\\nport 80\\n")


            def test_logging_section_is_optional():
                cfg = load_config("[server]\\nport = 8081\\n")
                assert cfg["port"] == 8081
                assert cfg["log_level"] == "INFO"
        ''',
    },
    fix=[("src/confload/loader.py", 'level = section["level"]', 'level = section.get("level")')],
    report=dict(
        user="alice", cmd=["python", "-m", "confload.cli", "deploy/service.ini"], wrap="plain",
        user_files={"deploy/service.ini": "[server]\nhost = 10.0.3.7\nport = 8443\nworkers = 8\n"},
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="routegraph-sink-node",
    project="routegraph",
    pkg="routegraph",
    description="Shortest hop routes over a small directed network",
    kind="KeyError",
    bug="Graph.neighbours indexes the adjacency dict directly, but nodes that only appear as edge targets "
        "have no entry, so a BFS that reaches a sink node raises KeyError.",
    fix_class="keyerror-get",
    files={
        "src/routegraph/__init__.py": '''
            from .graph import Graph
            from .search import reachable, shortest_path

            __all__ = ["Graph", "reachable", "shortest_path"]
        ''',
        "src/routegraph/graph.py": '''
            class Graph:
                """A directed graph stored as an adjacency dict of source -> [targets]."""

                def __init__(self, edges=()):
                    self._adj = {}
                    self._nodes = set()
                    for src, dst in edges:
                        self.add_edge(src, dst)

                def add_edge(self, src, dst):
                    self._adj.setdefault(src, []).append(dst)
                    self._nodes.update((src, dst))

                def __contains__(self, node):
                    return node in self._nodes

                def __len__(self):
                    return len(self._nodes)

                def neighbours(self, node):
                    return tuple(self._adj[node])

                @classmethod
                def parse(cls, text):
                    edges = []
                    for line in text.splitlines():
                        line = line.strip()
                        if line and not line.startswith("#"):
                            src, _, dst = line.partition("->")
                            edges.append((src.strip(), dst.strip()))
                    return cls(edges)
        ''',
        "src/routegraph/search.py": '''
            from collections import deque


            def shortest_path(graph, start, goal):
                """Fewest-hops path from start to goal, or None when goal is unreachable."""
                if start not in graph or goal not in graph:
                    raise ValueError(f"unknown node: {start if start not in graph else goal}")
                previous = {start: None}
                queue = deque([start])
                while queue:
                    node = queue.popleft()
                    if node == goal:
                        path = []
                        while node is not None:
                            path.append(node)
                            node = previous[node]
                        return path[::-1]
                    for nxt in graph.neighbours(node):
                        if nxt not in previous:
                            previous[nxt] = node
                            queue.append(nxt)
                return None


            def reachable(graph, start):
                seen = {start}
                stack = [start]
                while stack:
                    for nxt in graph.neighbours(stack.pop()):
                        if nxt not in seen:
                            seen.add(nxt)
                            stack.append(nxt)
                return seen
        ''',
        "tests/test_search.py": '''
            import pytest

            from routegraph import Graph, reachable, shortest_path

            NET = Graph.parse("""
                # backbone
                ams -> fra
                fra -> par
                ams -> lon
                lon -> par
                par -> mad
            """)


            def test_direct_route():
                assert shortest_path(NET, "ams", "fra") == ["ams", "fra"]


            def test_multi_hop_route():
                assert shortest_path(NET, "ams", "mad") == ["ams", "fra", "par", "mad"]


            def test_unknown_node():
                with pytest.raises(ValueError):
                    shortest_path(NET, "ams", "osl")


            def test_unreachable_goal_is_none():
                assert shortest_path(NET, "lon", "ams") is None


            def test_reachable_set():
                assert reachable(NET, "lon") == {"lon", "par", "mad"}
        ''',
    },
    fix=[("src/routegraph/graph.py", "return tuple(self._adj[node])", "return tuple(self._adj.get(node, ()))")],
    report=dict(user="bob", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="metrics-first-label",
    project="tinymetrics",
    pkg="tinymetrics",
    description="In-process counters with labels and a text exposition",
    kind="KeyError",
    bug="Counter.inc does self._values[key] += amount, which raises KeyError the first time a label set is seen.",
    fix_class="keyerror-get",
    files={
        "src/tinymetrics/__init__.py": '''
            from .counter import Counter
            from .registry import Registry

            __all__ = ["Counter", "Registry"]
        ''',
        "src/tinymetrics/counter.py": '''
            class Counter:
                def __init__(self, name, help_text="", labelnames=()):
                    self.name = name
                    self.help_text = help_text
                    self.labelnames = tuple(labelnames)
                    self._values = {}
                    if not self.labelnames:
                        self._values[()] = 0

                def _key(self, labels):
                    if set(labels) != set(self.labelnames):
                        raise ValueError(f"{self.name}: expected labels {self.labelnames}, got {tuple(labels)}")
                    return tuple(str(labels[n]) for n in self.labelnames)

                def inc(self, amount=1, **labels):
                    if amount < 0:
                        raise ValueError("counters only go up")
                    key = self._key(labels)
                    self._values[key] += amount

                def value(self, **labels):
                    return self._values.get(self._key(labels), 0)

                def samples(self):
                    for key in sorted(self._values):
                        yield dict(zip(self.labelnames, key)), self._values[key]
        ''',
        "src/tinymetrics/registry.py": '''
            from .counter import Counter


            class Registry:
                def __init__(self):
                    self._metrics = {}

                def counter(self, name, help_text="", labelnames=()):
                    if name not in self._metrics:
                        self._metrics[name] = Counter(name, help_text, labelnames)
                    return self._metrics[name]

                def expose(self):
                    lines = []
                    for name in sorted(self._metrics):
                        metric = self._metrics[name]
                        if metric.help_text:
                            lines.append(f"# HELP {name} {metric.help_text}")
                        lines.append(f"# TYPE {name} counter")
                        for labels, value in metric.samples():
                            if labels:
                                inner = ",".join(f'{k}="{v}"' for k, v in labels.items())
                                lines.append(f"{name}{{{inner}}} {value}")
                            else:
                                lines.append(f"{name} {value}")
                    return "\\n".join(lines) + "\\n"
        ''',
        "tests/test_metrics.py": '''
            import pytest

            from tinymetrics import Registry


            def test_plain_counter():
                reg = Registry()
                c = reg.counter("jobs_total", "Jobs run")
                c.inc()
                c.inc(2)
                assert c.value() == 3


            def test_negative_increment_rejected():
                c = Registry().counter("x_total")
                with pytest.raises(ValueError):
                    c.inc(-1)


            def test_wrong_labels_rejected():
                c = Registry().counter("http_requests_total", labelnames=("method",))
                with pytest.raises(ValueError):
                    c.inc(path="/")


            def test_labelled_counter_exposition():
                reg = Registry()
                c = reg.counter("http_requests_total", "Requests", labelnames=("method", "code"))
                c.inc(method="GET", code=200)
                c.inc(method="GET", code=200)
                c.inc(method="POST", code=500)
                assert reg.expose() == (
                    "# HELP http_requests_total Requests\\n"
                    "# TYPE http_requests_total counter\\n"
                    'http_requests_total{method="GET",code="200"} 2\\n'
                    'http_requests_total{method="POST",code="500"} 1\\n'
                )
        ''',
    },
    fix=[("src/tinymetrics/counter.py", "self._values[key] += amount",
          "self._values[key] = self._values.get(key, 0) + amount")],
    report=dict(
        user="carol", cmd=["python", "worker.py"], wrap="log", logger="worker",
        stamp="2026-10-14 08:12:55,031", snippet_name="worker.py", show_snippet=False,
        snippet='''
            import logging
            import sys

            from tinymetrics import Registry

            REG = Registry()
            PROCESSED = REG.counter("jobs_processed_total", "Jobs by queue", labelnames=("queue",))


            def handle(job):
                PROCESSED.inc(queue=job["queue"])


            if __name__ == "__main__":
                for job in [{"queue": "emails"}, {"queue": "thumbnails"}]:
                    handle(job)
                sys.stdout.write(REG.expose())
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="logscan-continuation-line",
    project="logscan",
    pkg="logscan",
    description="Summarise application log files by level",
    kind="AttributeError-None",
    bug="parse_line calls .group() on the result of LINE_RE.match without checking for None, so a "
        "continuation line (e.g. a traceback line inside the log) crashes instead of being skipped.",
    fix_class="none-guard",
    files={
        "src/logscan/__init__.py": '''
            from .parser import Entry, parse_line, parse_lines
            from .summary import count_by_level, worst_level

            __all__ = ["Entry", "parse_line", "parse_lines", "count_by_level", "worst_level"]
        ''',
        "src/logscan/parser.py": '''
            import re
            from dataclasses import dataclass

            LINE_RE = re.compile(
                r"^(?P<date>\\d{4}-\\d{2}-\\d{2}) (?P<time>\\d{2}:\\d{2}:\\d{2}),\\d{3} "
                r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<logger>[\\w.]+): (?P<message>.*)$"
            )


            @dataclass(frozen=True)
            class Entry:
                date: str
                time: str
                level: str
                logger: str
                message: str


            def parse_line(line):
                """Parse one log line; lines that are not log records give None."""
                m = LINE_RE.match(line.rstrip("\\n"))
                return Entry(m.group("date"), m.group("time"), m.group("level"),
                             m.group("logger"), m.group("message"))


            def parse_lines(lines):
                entries = []
                for line in lines:
                    entry = parse_line(line)
                    if entry is not None:
                        entries.append(entry)
                return entries
        ''',
        "src/logscan/summary.py": '''
            from collections import Counter

            ORDER = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


            def count_by_level(entries):
                counts = Counter(e.level for e in entries)
                return {level: counts[level] for level in ORDER if counts[level]}


            def worst_level(entries):
                levels = {e.level for e in entries}
                for level in reversed(ORDER):
                    if level in levels:
                        return level
                return None
        ''',
        "src/logscan/__main__.py": '''
            import sys

            from .parser import parse_lines
            from .summary import count_by_level

            with open(sys.argv[1], encoding="utf-8") as fh:
                for level, n in count_by_level(parse_lines(fh)).items():
                    print(f"{level:8} {n}")
        ''',
        "tests/test_logscan.py": '''
            from logscan import count_by_level, parse_line, parse_lines, worst_level

            LOG = [
                "2026-03-01 12:00:01,100 INFO app.web: started\\n",
                "2026-03-01 12:00:02,200 WARNING app.db: slow query\\n",
                "2026-03-01 12:00:03,300 ERROR app.web: request failed\\n",
            ]


            def test_parse_single_line():
                e = parse_line(LOG[1])
                assert (e.level, e.logger, e.message) == ("WARNING", "app.db", "slow query")


            def test_counts():
                assert count_by_level(parse_lines(LOG)) == {"INFO": 1, "WARNING": 1, "ERROR": 1}


            def test_worst_level():
                assert worst_level(parse_lines(LOG[:2])) == "WARNING"
                assert worst_level([]) is None


            def test_multiline_records_are_skipped():
                lines = LOG[:2] + ["Traceback (most recent call last):\\n", '  File "x.py", line 1\\n'] + LOG[2:]
                assert count_by_level(parse_lines(lines)) == {"INFO": 1, "WARNING": 1, "ERROR": 1}
        ''',
    },
    fix=[("src/logscan/parser.py", '''
                m = LINE_RE.match(line.rstrip("\\n"))
                return Entry(''', '''
                m = LINE_RE.match(line.rstrip("\\n"))
                if m is None:
                    return None
                return Entry(''')],
    report=dict(
        user="dave", cmd=["python", "-m", "logscan", "logs/api.log"], wrap="issue",
        prose="""
            `python -m logscan` dies on our API log as soon as it reaches a stack trace that the
            app logged with `logger.exception`. logscan 0.4.1, Python 3.11.
        """,
        footer="""
            The part of `logs/api.log` where it stops:

            ```
            2026-10-30 08:00:01,417 ERROR api.jobs: job 7781 failed
            Traceback (most recent call last):
              File "/srv/api/jobs.py", line 88, in run
            ZeroDivisionError: division by zero
            ```
        """,
        user_files={"logs/api.log": (
            "2026-10-30 07:59:58,002 INFO api.http: GET /health 200\n"
            "2026-10-30 08:00:01,417 ERROR api.jobs: job 7781 failed\n"
            "Traceback (most recent call last):\n"
            '  File "/srv/api/jobs.py", line 88, in run\n'
            "ZeroDivisionError: division by zero\n"
            "2026-10-30 08:00:02,003 INFO api.http: GET /health 200\n")},
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="orgchart-departed-manager",
    project="orgchart",
    pkg="orgchart",
    description="Employee directory with reporting chains",
    kind="AttributeError-None",
    bug="Directory.chain_of_command follows manager ids with self._by_id.get(), which returns None for a "
        "manager who has left, and the next loop iteration reads .manager_id on None.",
    fix_class="none-guard",
    files={
        "src/orgchart/__init__.py": '''
            from .directory import Directory, Person

            __all__ = ["Directory", "Person"]
        ''',
        "src/orgchart/directory.py": '''
            import csv
            import io
            from dataclasses import dataclass
            from typing import Optional


            @dataclass
            class Person:
                id: str
                name: str
                title: str
                manager_id: Optional[str] = None


            class Directory:
                def __init__(self, people=()):
                    self._by_id = {p.id: p for p in people}

                @classmethod
                def from_csv(cls, text):
                    rows = csv.DictReader(io.StringIO(text))
                    return cls(Person(r["id"], r["name"], r["title"], r["manager_id"] or None) for r in rows)

                def get(self, person_id):
                    return self._by_id.get(person_id)

                def reports_of(self, person_id):
                    return sorted(p.name for p in self._by_id.values() if p.manager_id == person_id)

                def chain_of_command(self, person_id):
                    """Names from the person's manager up to the top of the organisation."""
                    chain = []
                    person = self._by_id[person_id]
                    while person.manager_id:
                        person = self._by_id.get(person.manager_id)
                        chain.append(person.name)
                    return chain
        ''',
        "src/orgchart/render.py": '''
            def escalation_path(directory, person_id):
                person = directory.get(person_id)
                chain = directory.chain_of_command(person_id)
                return " -> ".join([person.name] + chain)
        ''',
        "tests/test_directory.py": '''
            from orgchart import Directory
            from orgchart.render import escalation_path

            STAFF = """id,name,title,manager_id
            e1,Ana,CEO,
            e2,Ben,CTO,e1
            e3,Cy,Engineer,e2
            e4,Di,Engineer,e2
            e5,Ed,Contractor,e9
            """.replace("            ", "")


            def test_reports():
                assert Directory.from_csv(STAFF).reports_of("e2") == ["Cy", "Di"]


            def test_chain_to_the_top():
                assert Directory.from_csv(STAFF).chain_of_command("e3") == ["Ben", "Ana"]


            def test_escalation_path():
                assert escalation_path(Directory.from_csv(STAFF), "e4") == "Di -> Ben -> Ana"


            def test_chain_stops_at_departed_manager():
                # e9 left the company; the chain simply ends there
                assert Directory.from_csv(STAFF).chain_of_command("e5") == []
        ''',
    },
    fix=[("src/orgchart/directory.py", '''
                        person = self._by_id.get(person.manager_id)
                        chain.append(person.name)''', '''
                        person = self._by_id.get(person.manager_id)
                        if person is None:
                            break
                        chain.append(person.name)''')],
    report=dict(user="erin", cmd=["python", "-m", "pytest", "-q", "--tb=native"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="shipquote-unknown-zone",
    project="shipquote",
    pkg="shipquote",
    description="Shipping quotes by postcode zone and parcel weight",
    kind="AttributeError-None",
    bug="quote() passes the result of zones.lookup() straight to price_for(), but lookup returns None for "
        "postcodes outside every zone; quote should return None for those (fix belongs in the caller, "
        "not in price_for where it crashes).",
    fix_class="none-guard",
    files={
        "src/shipquote/__init__.py": '''
            from .quote import Quote, quote

            __all__ = ["Quote", "quote"]
        ''',
        "src/shipquote/zones.py": '''
            from dataclasses import dataclass


            @dataclass(frozen=True)
            class Zone:
                name: str
                base: float
                per_kg: float


            ZONES = {
                "local": Zone("local", 3.50, 0.40),
                "national": Zone("national", 5.90, 0.75),
                "islands": Zone("islands", 12.00, 1.60),
            }

            PREFIXES = {"10": "local", "11": "local", "2": "national", "3": "national", "4": "national", "9": "islands"}


            def lookup(postcode):
                """Zone for a postcode, or None when we do not deliver there."""
                for length in (2, 1):
                    name = PREFIXES.get(postcode[:length])
                    if name:
                        return ZONES[name]
                return None
        ''',
        "src/shipquote/pricing.py": '''
            import math


            def billable_weight(weight_kg, dims_cm=None):
                if dims_cm is None:
                    return weight_kg
                volumetric = math.prod(dims_cm) / 5000
                return max(weight_kg, volumetric)


            def price_for(zone, weight_kg):
                kilos = math.ceil(weight_kg)
                return round(zone.base + zone.per_kg * kilos, 2)
        ''',
        "src/shipquote/quote.py": '''
            from dataclasses import dataclass

            from . import zones
            from .pricing import billable_weight, price_for

            HANDLING = 1.25


            @dataclass(frozen=True)
            class Quote:
                zone: str
                price: float


            def quote(postcode, weight_kg, dims_cm=None):
                """A Quote, or None when the destination is not served."""
                zone = zones.lookup(postcode)
                price = price_for(zone, billable_weight(weight_kg, dims_cm))
                return Quote(zone.name, round(price + HANDLING, 2))
        ''',
        "tests/test_quote.py": '''
            from shipquote import Quote, quote
            from shipquote.pricing import billable_weight


            def test_local_quote():
                assert quote("1012AB", 1.2) == Quote("local", 3.50 + 0.80 + 1.25)


            def test_island_quote():
                assert quote("9901", 3) == Quote("islands", 12.00 + 4.80 + 1.25)


            def test_volumetric_weight_wins():
                assert billable_weight(1.0, (50, 40, 30)) == 12.0


            def test_unserved_postcode_gives_no_quote():
                assert quote("7300", 2.0) is None
        ''',
    },
    fix=[("src/shipquote/quote.py", '''
                zone = zones.lookup(postcode)
                price = ''', '''
                zone = zones.lookup(postcode)
                if zone is None:
                    return None
                price = ''')],
    report=dict(user="frank", cmd=["python", "-m", "pytest", "-q"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="slugger-missing-return",
    project="slugger",
    pkg="slugger",
    description="URL slugs for article titles",
    kind="TypeError-None",
    bug="_words builds the list of cleaned words but never returns it, so slugify gets None and len(None) "
        "raises TypeError.",
    fix_class="missing-return",
    layout="flat",
    files={
        "slugger/__init__.py": '''
            from .slug import slugify, unique_slug

            __all__ = ["slugify", "unique_slug"]
        ''',
        "slugger/text.py": '''
            import re
            import unicodedata

            STOPWORDS = {"a", "an", "the", "of", "and", "or", "in", "on"}


            def fold(text):
                """Lower-case and strip accents: 'Crème Brûlée' -> 'creme brulee'."""
                decomposed = unicodedata.normalize("NFKD", text)
                return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


            def _words(text, keep_stopwords=False):
                words = []
                for word in re.findall(r"[a-z0-9]+", fold(text)):
                    if keep_stopwords or word not in STOPWORDS:
                        words.append(word)
        ''',
        "slugger/slug.py": '''
            from .text import _words

            MAX_WORDS = 8


            def slugify(title, max_words=MAX_WORDS):
                words = _words(title)
                if len(words) > max_words:
                    words = words[:max_words]
                return "-".join(words) or "untitled"


            def unique_slug(title, taken):
                base = slugify(title)
                slug, n = base, 2
                while slug in taken:
                    slug = f"{base}-{n}"
                    n += 1
                return slug
        ''',
        "tests/test_slug.py": '''
            from slugger import slugify, unique_slug
            from slugger.text import fold


            def test_fold_accents():
                assert fold("Crème Brûlée") == "creme brulee"


            def test_simple_title():
                assert slugify("The Art of Computer Programming") == "art-computer-programming"


            def test_long_titles_are_cut():
                assert slugify("one two three four five six seven eight nine ten") == \\
                    "one-two-three-four-five-six-seven-eight"


            def test_unique_slug():
                assert unique_slug("Hello, World!", {"hello-world", "hello-world-2"}) == "hello-world-3"
        ''',
    },
    fix=[("slugger/text.py", '''
                    if keep_stopwords or word not in STOPWORDS:
                        words.append(word)''', '''
                    if keep_stopwords or word not in STOPWORDS:
                        words.append(word)
                return words''')],
    report=dict(
        user="grace", cmd=["python", "publish.py"], wrap="issue", snippet_name="publish.py",
        prose="""
            Every call to `slugify` crashes for me after upgrading to 0.4.1:
        """,
        snippet_intro="Script I ran (from the checkout root):",
        snippet='''
            from slugger import slugify

            print(slugify("Crème brûlée at the end of the world"))
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="invoicer-optional-discount",
    project="invoicer",
    pkg="invoicer",
    description="Invoice lines, discounts and totals",
    kind="TypeError-None",
    bug="Line.discount defaults to None (no discount) but net_amount multiplies by (1 - self.discount) "
        "without a None check, raising TypeError for undiscounted lines.",
    fix_class="none-guard",
    files={
        "src/invoicer/__init__.py": '''
            from .invoice import Invoice
            from .lines import Line

            __all__ = ["Invoice", "Line"]
        ''',
        "src/invoicer/lines.py": '''
            from dataclasses import dataclass
            from typing import Optional


            @dataclass
            class Line:
                description: str
                unit_price: float
                quantity: int = 1
                discount: Optional[float] = None   # fraction, e.g. 0.15 for 15 %

                def gross_amount(self):
                    return self.unit_price * self.quantity

                def net_amount(self):
                    gross = self.gross_amount()
                    discount = self.discount
                    return round(gross * (1 - discount), 2)
        ''',
        "src/invoicer/invoice.py": '''
            from .lines import Line

            VAT = 0.21


            class Invoice:
                def __init__(self, number, lines=()):
                    self.number = number
                    self.lines = list(lines)

                def add(self, description, unit_price, quantity=1, discount=None):
                    self.lines.append(Line(description, unit_price, quantity, discount))

                def subtotal(self):
                    return round(sum(line.net_amount() for line in self.lines), 2)

                def vat(self):
                    return round(self.subtotal() * VAT, 2)

                def total(self):
                    return round(self.subtotal() + self.vat(), 2)
        ''',
        "tests/test_invoice.py": '''
            from invoicer import Invoice, Line


            def test_discounted_line():
                assert Line("desk", 200.0, 2, discount=0.25).net_amount() == 300.0


            def test_gross_amount():
                assert Line("chair", 80.0, 3).gross_amount() == 240.0


            def test_invoice_total_with_discount_only():
                inv = Invoice("2026-014")
                inv.add("desk", 100.0, discount=0.1)
                assert inv.total() == 108.9


            def test_invoice_mixed_lines():
                inv = Invoice("2026-015")
                inv.add("desk", 100.0, discount=0.1)
                inv.add("lamp", 20.0, quantity=2)
                assert inv.subtotal() == 130.0
                assert inv.total() == 157.3
        ''',
    },
    fix=[("src/invoicer/lines.py", '''
                    discount = self.discount
                    return''', '''
                    discount = self.discount
                    if discount is None:
                        discount = 0.0
                    return''')],
    report=dict(user="heidi", cmd=["python", "-m", "pytest"]),
))
