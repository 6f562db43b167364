"""Dev cases that keep the benchmark honest: a report that does not reproduce, and bugs no
single-site fix template repairs."""

CASES = []

# ---------------------------------------------------------------------------
# The report was produced by release 0.2.0, whose heading parser crashed on an empty heading;
# the repository is at a later state where that input is handled. report_variant recreates the
# old code in the user's checkout only, to produce a genuine traceback.
CASES.append(dict(
    name="mdtoc-empty-heading-not-reproduced",
    project="mdtoc",
    pkg="mdtoc",
    version="0.3.0",
    description="Generate a table of contents for Markdown documents",
    kind="IndexError",
    expect="not_reproduced",
    bug="The report comes from mdtoc 0.2.0, where an empty '##' heading raised IndexError in "
        "parse_heading; the repository already skips empty headings, so nothing here reproduces it.",
    fix_class="none",
    files={
        "src/mdtoc/__init__.py": '''
            from .headings import Heading, parse_heading, slugify
            from .toc import build_toc

            __all__ = ["Heading", "build_toc", "parse_heading", "slugify"]
        ''',
        "src/mdtoc/headings.py": '''
            import re
            from dataclasses import dataclass
            from typing import Optional

            _HEADING = re.compile(r"^(#{1,6})(?:\\s+(.*?))?\\s*#*\\s*$")


            @dataclass(frozen=True)
            class Heading:
                level: int
                title: str
                anchor: str


            def slugify(title):
                words = re.findall(r"[\\w-]+", title.lower())
                return "-".join(words)


            def parse_heading(line) -> Optional[Heading]:
                m = _HEADING.match(line)
                if not m:
                    return None
                words = (m.group(2) or "").split()
                if not words:
                    return None
                title = " ".join(words)
                return Heading(len(m.group(1)), title, slugify(title))
        ''',
        "src/mdtoc/toc.py": '''
            from .headings import parse_heading


            def build_toc(markdown, max_level=3):
                lines, in_code, used = [], False, {}
                for raw in markdown.splitlines():
                    if raw.startswith("```"):
                        in_code = not in_code
                        continue
                    heading = None if in_code else parse_heading(raw)
                    if heading is None or heading.level > max_level:
                        continue
                    anchor = heading.anchor
                    if anchor in used:
                        used[anchor] += 1
                        anchor = f"{anchor}-{used[heading.anchor]}"
                    else:
                        used[anchor] = 0
                    lines.append("  " * (heading.level - 1) + f"- [{heading.title}](#{anchor})")
                return "\\n".join(lines)
        ''',
        "tests/test_toc.py": '''
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
                    "- [Guide](#guide)\\n"
                    "  - [Install](#install)\\n"
                    "  - [Usage](#usage)\\n"
                    "    - [Options](#options)\\n"
                    "  - [Usage](#usage-1)"
                )
        ''',
    },
    report_variant=[("src/mdtoc/headings.py", '''
                words = (m.group(2) or "").split()
                if not words:
                    return None
                title = " ".join(words)''', '''
                words = (m.group(2) or "").split()
                title = words[0] + "".join(" " + w for w in words[1:])''')],
    fix=[("tests/test_empty_heading.py", None, '''
        from mdtoc import build_toc


        def test_empty_heading_is_skipped():
            assert build_toc("# Notes\\n##\\n## Next\\n") == "- [Notes](#notes)\\n  - [Next](#next)"
    ''')],
    report=dict(
        user="heidi", checkout="mdtoc-0.2.0", cmd=["python", "make_toc.py"], wrap="issue", snippet_name="make_toc.py",
        prose="""
            mdtoc 0.2.0 crashes on a README that has an empty `##` line (we use it as a visual separator).
        """,
        snippet_intro="make_toc.py:",
        snippet='''
            from mdtoc import build_toc

            print(build_toc("# Notes\\n##\\n## Next\\n"))
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="lrucache-get-does-not-refresh",
    project="lrucache",
    pkg="lrucache",
    description="A small LRU cache with statistics",
    kind="wrong-output",
    expect="not_fixed",
    bug="LRUCache.get never marks the key as recently used, so a key that is read constantly is still "
        "evicted first; the fix is a new statement (self._data.move_to_end(key)), not a template edit.",
    fix_class="none",
    files={
        "src/lrucache/__init__.py": '''
            from .cache import LRUCache
            from .memo import memoize

            __all__ = ["LRUCache", "memoize"]
        ''',
        "src/lrucache/cache.py": '''
            from collections import OrderedDict

            _MISSING = object()


            class LRUCache:
                def __init__(self, capacity):
                    if capacity < 1:
                        raise ValueError("capacity must be at least 1")
                    self.capacity = capacity
                    self._data = OrderedDict()
                    self.hits = 0
                    self.misses = 0

                def __len__(self):
                    return len(self._data)

                def __contains__(self, key):
                    return key in self._data

                def get(self, key, default=None):
                    value = self._data.get(key, _MISSING)
                    if value is _MISSING:
                        self.misses += 1
                        return default
                    self.hits += 1
                    return value

                def put(self, key, value):
                    if key in self._data:
                        self._data.move_to_end(key)
                    self._data[key] = value
                    if len(self._data) > self.capacity:
                        self._data.popitem(last=False)

                def keys(self):
                    """Keys from least to most recently used."""
                    return list(self._data)
        ''',
        "src/lrucache/memo.py": '''
            import functools

            from .cache import LRUCache


            def memoize(capacity=128):
                def decorate(fn):
                    cache = LRUCache(capacity)

                    @functools.wraps(fn)
                    def wrapper(*args):
                        if args in cache:
                            return cache.get(args)
                        result = fn(*args)
                        cache.put(args, result)
                        return result

                    wrapper.cache = cache
                    return wrapper
                return decorate
        ''',
        "tests/test_cache.py": '''
            import pytest

            from lrucache import LRUCache, memoize


            def test_capacity_validated():
                with pytest.raises(ValueError):
                    LRUCache(0)


            def test_put_evicts_oldest():
                c = LRUCache(2)
                c.put("a", 1)
                c.put("b", 2)
                c.put("c", 3)
                assert c.keys() == ["b", "c"]


            def test_stats():
                c = LRUCache(2)
                c.put("a", 1)
                c.get("a")
                c.get("zzz")
                assert (c.hits, c.misses) == (1, 1)


            def test_read_keeps_key_alive():
                c = LRUCache(2)
                c.put("a", 1)
                c.put("b", 2)
                assert c.get("a") == 1
                c.put("c", 3)
                assert c.keys() == ["a", "c"]


            def test_memoize():
                calls = []

                @memoize(capacity=4)
                def square(x):
                    calls.append(x)
                    return x * x

                assert [square(3), square(3), square(4)] == [9, 9, 16]
                assert calls == [3, 4]
        ''',
    },
    fix=[("src/lrucache/cache.py", '''
                    self.hits += 1
                    return value''', '''
                    self.hits += 1
                    self._data.move_to_end(key)
                    return value''')],
    report=dict(user="olivia", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="eventbus-shared-default-subscriptions",
    project="eventbus",
    pkg="eventbus",
    description="In-process publish/subscribe event bus",
    kind="wrong-output",
    expect="not_fixed",
    bug="EventBus.__init__ uses a mutable default dict for subscriptions, so every bus created without "
        "one shares the same dict and handlers leak between buses; the fix changes the default to None "
        "and creates a fresh dict in the body (two lines).",
    fix_class="none",
    files={
        "src/eventbus/__init__.py": '''
            from .bus import EventBus
            from .events import Event

            __all__ = ["Event", "EventBus"]
        ''',
        "src/eventbus/events.py": '''
            from dataclasses import dataclass, field


            @dataclass(frozen=True)
            class Event:
                topic: str
                payload: dict = field(default_factory=dict)

                def matches(self, pattern):
                    if pattern.endswith(".*"):
                        return self.topic.startswith(pattern[:-1])
                    return self.topic == pattern
        ''',
        "src/eventbus/bus.py": '''
            from .events import Event


            class EventBus:
                def __init__(self, name, subscriptions={}):
                    self.name = name
                    self._subscriptions = subscriptions

                def subscribe(self, pattern, handler):
                    self._subscriptions.setdefault(pattern, []).append(handler)

                def publish(self, topic, **payload):
                    event = Event(topic, payload)
                    delivered = 0
                    for pattern, handlers in self._subscriptions.items():
                        if event.matches(pattern):
                            for handler in handlers:
                                handler(event)
                                delivered += 1
                    return delivered
        ''',
        "tests/test_bus.py": '''
            from eventbus import Event, EventBus


            def test_wildcard_match():
                assert Event("order.created").matches("order.*")
                assert not Event("user.created").matches("order.*")


            def test_publish_to_subscribers():
                bus, seen = EventBus("orders"), []
                bus.subscribe("order.*", lambda e: seen.append((e.topic, e.payload["id"])))
                assert bus.publish("order.paid", id=7) == 1
                assert seen == [("order.paid", 7)]


            def test_buses_are_independent():
                billing, audit = EventBus("billing"), EventBus("audit")
                got = []
                billing.subscribe("invoice.sent", got.append)
                assert audit.publish("invoice.sent", id=1) == 0
                assert got == []
        ''',
    },
    fix=[("src/eventbus/bus.py", '''
                def __init__(self, name, subscriptions={}):
                    self.name = name
                    self._subscriptions = subscriptions''', '''
                def __init__(self, name, subscriptions=None):
                    self.name = name
                    self._subscriptions = {} if subscriptions is None else subscriptions''')],
    report=dict(user="peggy", cmd=["python", "-m", "pytest", "-q", "--tb=long"]),
))
