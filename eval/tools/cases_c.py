"""Dev cases: wrong variable, missing return, swapped arguments, exception too narrow,
wrong comparison / arithmetic operator, off-by-one (mostly wrong-output failures)."""

CASES = []

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="quotebook-wrong-line-total",
    project="quotebook",
    pkg="quotebook",
    description="Sales quotes with quantity price breaks",
    kind="wrong-output",
    bug="Quote.total adds the unit price instead of the line total (price times quantity) to the running "
        "sum: two floats in the same scope, wrong one used.",
    fix_class="wrong-variable",
    files={
        "src/quotebook/__init__.py": '''
            from .pricing import unit_price
            from .quote import Quote

            __all__ = ["Quote", "unit_price"]
        ''',
        "src/quotebook/pricing.py": '''
            # (minimum quantity, unit price) per product, highest break first
            PRICE_BREAKS = {
                "bolt-m6": [(500, 0.06), (100, 0.08), (1, 0.10)],
                "washer-m6": [(1000, 0.01), (1, 0.02)],
                "bracket": [(10, 2.40), (1, 2.90)],
            }


            def unit_price(sku, quantity):
                for minimum, price in PRICE_BREAKS[sku]:
                    if quantity >= minimum:
                        return price
                raise ValueError(f"quantity must be positive, got {quantity}")
        ''',
        "src/quotebook/quote.py": '''
            from .pricing import unit_price


            class Quote:
                def __init__(self, customer):
                    self.customer = customer
                    self.items = []

                def add(self, sku, quantity):
                    self.items.append((sku, quantity))
                    return self

                def lines(self):
                    for sku, quantity in self.items:
                        price = unit_price(sku, quantity)
                        yield sku, quantity, price, round(price * quantity, 2)

                def total(self):
                    total = 0.0
                    for sku, quantity, price, line_total in self.lines():
                        total += price
                    return round(total, 2)
        ''',
        "tests/test_quote.py": '''
            import pytest

            from quotebook import Quote, unit_price


            def test_price_breaks():
                assert unit_price("bolt-m6", 99) == 0.10
                assert unit_price("bolt-m6", 100) == 0.08
                assert unit_price("bolt-m6", 5000) == 0.06


            def test_zero_quantity():
                with pytest.raises(ValueError):
                    unit_price("bracket", 0)


            def test_lines():
                q = Quote("acme").add("bracket", 12)
                assert list(q.lines()) == [("bracket", 12, 2.40, 28.8)]


            def test_total():
                q = Quote("acme").add("bolt-m6", 200).add("washer-m6", 200).add("bracket", 1)
                assert q.total() == 16.0 + 4.0 + 2.90
        ''',
    },
    fix=[("src/quotebook/quote.py", "total += price", "total += line_total")],
    report=dict(user="trent", cmd=["python", "-m", "pytest", "-q"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="cronlite-next-run-from-created",
    project="cronlite",
    pkg="cronlite",
    description="Interval job scheduler for small services",
    kind="wrong-output",
    bug="Job.next_run computes the next due time from job.created instead of job.last_run, so a job that "
        "already ran is scheduled in the past (both are datetimes in scope).",
    fix_class="wrong-variable",
    files={
        "src/cronlite/__init__.py": '''
            from .job import Job
            from .scheduler import Scheduler

            __all__ = ["Job", "Scheduler"]
        ''',
        "src/cronlite/job.py": '''
            from dataclasses import dataclass, field
            from datetime import datetime, timedelta
            from typing import Optional


            @dataclass
            class Job:
                name: str
                every: timedelta
                created: datetime
                last_run: Optional[datetime] = None
                runs: int = field(default=0)

                def next_run(self):
                    if self.last_run is None:
                        return self.created
                    return self.created + self.every

                def mark_ran(self, when):
                    self.last_run = when
                    self.runs += 1
        ''',
        "src/cronlite/scheduler.py": '''
            class Scheduler:
                def __init__(self, jobs=()):
                    self.jobs = {job.name: job for job in jobs}

                def due(self, now):
                    return sorted(name for name, job in self.jobs.items() if job.next_run() <= now)

                def tick(self, now, run):
                    """Run every due job once; returns the names that ran."""
                    ran = []
                    for name in self.due(now):
                        run(name)
                        self.jobs[name].mark_ran(now)
                        ran.append(name)
                    return ran
        ''',
        "tests/test_scheduler.py": '''
            from datetime import datetime, timedelta

            from cronlite import Job, Scheduler

            T0 = datetime(2026, 1, 5, 9, 0)


            def make():
                return Scheduler([
                    Job("backup", timedelta(hours=6), created=T0),
                    Job("report", timedelta(days=1), created=T0 + timedelta(hours=1)),
                ])


            def test_first_run_at_creation():
                assert make().due(T0) == ["backup"]


            def test_tick_runs_due_jobs():
                s, calls = make(), []
                assert s.tick(T0 + timedelta(hours=2), calls.append) == ["backup", "report"]
                assert calls == ["backup", "report"]


            def test_job_waits_for_its_interval():
                s = make()
                s.tick(T0 + timedelta(hours=7), lambda name: None)
                # backup ran at 16:00 and is next due at 22:00, not again at 17:00
                assert s.due(T0 + timedelta(hours=8)) == []
                assert s.jobs["backup"].next_run() == T0 + timedelta(hours=13)
        ''',
    },
    fix=[("src/cronlite/job.py", "return self.created + self.every", "return self.last_run + self.every")],
    report=dict(user="victor", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="signupcheck-domain-missing-return",
    project="signupcheck",
    pkg="signupcheck",
    description="Validation of sign-up form fields",
    kind="wrong-output",
    bug="is_valid_email calls _domain_ok(domain) as its last statement but drops the result, so valid "
        "addresses get None instead of True.",
    fix_class="missing-return",
    files={
        "src/signupcheck/__init__.py": '''
            from .email import is_valid_email
            from .form import validate_form

            __all__ = ["is_valid_email", "validate_form"]
        ''',
        "src/signupcheck/email.py": '''
            import re

            _LOCAL = re.compile(r"^[A-Za-z0-9._%+-]+$")
            _LABEL = re.compile(r"^[A-Za-z0-9-]{1,63}$")
            BLOCKED_DOMAINS = {"mailinator.com", "example.com"}


            def _domain_ok(domain):
                labels = domain.lower().split(".")
                if len(labels) < 2 or domain.lower() in BLOCKED_DOMAINS:
                    return False
                return all(_LABEL.match(l) and not l.startswith("-") for l in labels)


            def is_valid_email(address):
                if address.count("@") != 1:
                    return False
                local, domain = address.split("@")
                if not local or len(local) > 64 or not _LOCAL.match(local):
                    return False
                _domain_ok(domain)
        ''',
        "src/signupcheck/form.py": '''
            from .email import is_valid_email


            def validate_form(form):
                """Map of field -> error message; empty when the form is fine."""
                errors = {}
                if len(form.get("username", "")) < 3:
                    errors["username"] = "at least 3 characters"
                if not is_valid_email(form.get("email", "")):
                    errors["email"] = "not a valid address"
                if len(form.get("password", "")) < 10:
                    errors["password"] = "at least 10 characters"
                return errors
        ''',
        "tests/test_validation.py": '''
            from signupcheck import is_valid_email, validate_form


            def test_rejects_malformed():
                assert is_valid_email("no-at-sign") is False
                assert is_valid_email("two@@signs.com") is False
                assert is_valid_email("@nolocal.org") is False


            def test_rejects_blocked_domain():
                assert not is_valid_email("someone@mailinator.com")


            def test_accepts_normal_address():
                assert is_valid_email("ada.lovelace+news@analytical.org.uk") is True


            def test_form_errors():
                errors = validate_form({"username": "al", "email": "al@x", "password": "short"})
                assert set(errors) == {"username", "email", "password"}


            def test_good_form():
                assert validate_form({"username": "ada", "email": "ada@analytical.org",
                                      "password": "correct horse"}) == {}
        ''',
    },
    fix=[("src/signupcheck/email.py", "    _domain_ok(domain)", "    return _domain_ok(domain)")],
    report=dict(user="walter", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="bookings-overlap-swapped-args",
    project="bookings",
    pkg="bookings",
    description="Room booking calendar with overlap detection",
    kind="ValueError",
    bug="intersection() builds DateRange(end, start) instead of DateRange(start, end), so every real "
        "overlap raises 'end before start'.",
    fix_class="swapped-arguments",
    # its validated candidates answer generated inputs differently: the word is speculative (issue 34)
    expect="speculative",
    files={
        "src/bookings/__init__.py": '''
            from .calendar import Calendar, Conflict
            from .ranges import DateRange, intersection

            __all__ = ["Calendar", "Conflict", "DateRange", "intersection"]
        ''',
        "src/bookings/ranges.py": '''
            from dataclasses import dataclass
            from datetime import date


            @dataclass(frozen=True)
            class DateRange:
                """Nights from start (check-in) up to end (check-out), end exclusive."""
                start: date
                end: date

                def __post_init__(self):
                    if self.end < self.start:
                        raise ValueError(f"end before start: {self.start} .. {self.end}")

                @property
                def nights(self):
                    return (self.end - self.start).days


            def intersection(a, b):
                """The nights two ranges share, or None."""
                start = max(a.start, b.start)
                end = min(a.end, b.end)
                if start >= end:
                    return None
                return DateRange(end, start)
        ''',
        "src/bookings/calendar.py": '''
            from dataclasses import dataclass

            from .ranges import DateRange, intersection


            @dataclass(frozen=True)
            class Conflict:
                room: str
                guest: str
                nights: int


            class Calendar:
                def __init__(self):
                    self._bookings = {}

                def book(self, room, guest, start, end):
                    wanted = DateRange(start, end)
                    conflicts = []
                    for other_guest, booked in self._bookings.get(room, []):
                        shared = intersection(wanted, booked)
                        if shared is not None:
                            conflicts.append(Conflict(room, other_guest, shared.nights))
                    if not conflicts:
                        self._bookings.setdefault(room, []).append((guest, wanted))
                    return conflicts
        ''',
        "tests/test_calendar.py": '''
            from datetime import date

            import pytest

            from bookings import Calendar, Conflict, DateRange


            def d(day):
                return date(2026, 8, day)


            def test_nights():
                assert DateRange(d(1), d(4)).nights == 3


            def test_invalid_range():
                with pytest.raises(ValueError):
                    DateRange(d(5), d(4))


            def test_back_to_back_bookings_are_fine():
                cal = Calendar()
                assert cal.book("12", "kim", d(1), d(4)) == []
                assert cal.book("12", "lee", d(4), d(6)) == []


            def test_overlap_is_reported():
                cal = Calendar()
                cal.book("12", "kim", d(1), d(5))
                assert cal.book("12", "lee", d(3), d(8)) == [Conflict("12", "kim", 2)]
        ''',
    },
    fix=[("src/bookings/ranges.py", "return DateRange(end, start)", "return DateRange(start, end)")],
    report=dict(
        user="alice", checkout="hotel-bookings", cmd=["python", "book.py"], wrap="issue", snippet_name="book.py",
        prose="""
            Booking a room that is already taken for part of the stay should give me the conflict list,
            but it blows up with a ValueError about the dates, even though my dates are in the right order.
        """,
        snippet_intro="To reproduce:",
        snippet='''
            from datetime import date

            from bookings import Calendar

            cal = Calendar()
            cal.book("204", "m.ortiz", date(2026, 12, 20), date(2026, 12, 27))
            print(cal.book("204", "j.ito", date(2026, 12, 26), date(2026, 12, 30)))
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="thermostat-clamp-swapped",
    project="thermostat",
    pkg="thermostat",
    description="Setpoint scheduling for a home thermostat",
    kind="wrong-output",
    bug="Schedule.setpoint calls clamp(value, self.max_temp, self.min_temp) with the bounds swapped, so "
        "every setpoint comes out as the maximum.",
    fix_class="swapped-arguments",
    files={
        "src/thermostat/__init__.py": '''
            from .schedule import Schedule
            from .util import clamp

            __all__ = ["Schedule", "clamp"]
        ''',
        "src/thermostat/util.py": '''
            def clamp(value, low, high):
                return max(low, min(value, high))


            def parse_hhmm(text):
                hours, minutes = text.split(":")
                return int(hours) * 60 + int(minutes)
        ''',
        "src/thermostat/schedule.py": '''
            from .util import clamp, parse_hhmm


            class Schedule:
                def __init__(self, periods, min_temp=10.0, max_temp=25.0):
                    """periods: list of ("HH:MM", temperature), in any order."""
                    self.min_temp = min_temp
                    self.max_temp = max_temp
                    self.periods = sorted((parse_hhmm(t), temp) for t, temp in periods)

                def target(self, hhmm):
                    now = parse_hhmm(hhmm)
                    current = self.periods[-1][1]        # wraps around from yesterday
                    for start, temp in self.periods:
                        if start <= now:
                            current = temp
                    return current

                def setpoint(self, hhmm):
                    return clamp(self.target(hhmm), self.max_temp, self.min_temp)
        ''',
        "tests/test_schedule.py": '''
            import pytest

            from thermostat import Schedule, clamp

            WEEKDAY = Schedule([("06:30", 20.5), ("08:30", 16.0), ("17:30", 21.0), ("22:30", 15.0)])


            def test_clamp():
                assert clamp(30, 10, 25) == 25
                assert clamp(5, 10, 25) == 10
                assert clamp(12.5, 10, 25) == 12.5


            def test_target_wraps_past_midnight():
                assert WEEKDAY.target("03:00") == 15.0
                assert WEEKDAY.target("07:00") == 20.5


            def test_setpoint_within_limits():
                assert WEEKDAY.setpoint("18:00") == 21.0


            def test_setpoint_is_limited():
                hot = Schedule([("00:00", 28.0)], max_temp=24.0)
                assert hot.setpoint("12:00") == 24.0
        ''',
    },
    fix=[("src/thermostat/schedule.py", "clamp(self.target(hhmm), self.max_temp, self.min_temp)",
          "clamp(self.target(hhmm), self.min_temp, self.max_temp)")],
    report=dict(user="bob", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="envconf-port-too-narrow",
    project="envconf",
    pkg="envconf",
    description="Typed settings read from environment variables",
    kind="TypeError",
    bug="env_int catches only ValueError around int(raw), but a variable that is unset gives None and "
        "int(None) raises TypeError, so the default is never used.",
    fix_class="exception-too-narrow",
    files={
        "src/envconf/__init__.py": '''
            from .reader import env_bool, env_int, env_list
            from .settings import Settings, load_settings

            __all__ = ["Settings", "env_bool", "env_int", "env_list", "load_settings"]
        ''',
        "src/envconf/reader.py": '''
            _TRUE = {"1", "true", "yes", "on"}
            _FALSE = {"0", "false", "no", "off", ""}


            def env_int(environ, name, default):
                raw = environ.get(name)
                try:
                    return int(raw)
                except ValueError:
                    return default


            def env_bool(environ, name, default=False):
                raw = environ.get(name)
                if raw is None:
                    return default
                value = raw.strip().lower()
                if value in _TRUE:
                    return True
                if value in _FALSE:
                    return False
                raise ValueError(f"{name}: not a boolean: {raw!r}")


            def env_list(environ, name):
                return [part.strip() for part in environ.get(name, "").split(",") if part.strip()]
        ''',
        "src/envconf/settings.py": '''
            from dataclasses import dataclass

            from .reader import env_bool, env_int, env_list


            @dataclass(frozen=True)
            class Settings:
                port: int
                workers: int
                debug: bool
                allowed_hosts: list


            def load_settings(environ):
                return Settings(
                    port=env_int(environ, "APP_PORT", 8000),
                    workers=env_int(environ, "APP_WORKERS", 2),
                    debug=env_bool(environ, "APP_DEBUG"),
                    allowed_hosts=env_list(environ, "APP_ALLOWED_HOSTS") or ["localhost"],
                )
        ''',
        "tests/test_settings.py": '''
            import pytest

            from envconf import env_bool, env_int, load_settings


            def test_all_set():
                s = load_settings({"APP_PORT": "9000", "APP_WORKERS": "8", "APP_DEBUG": "yes",
                                   "APP_ALLOWED_HOSTS": "a.example, b.example"})
                assert (s.port, s.workers, s.debug, s.allowed_hosts) == (9000, 8, True, ["a.example", "b.example"])


            def test_garbage_int_falls_back():
                assert env_int({"APP_PORT": "80a"}, "APP_PORT", 8000) == 8000


            def test_bad_bool():
                with pytest.raises(ValueError):
                    env_bool({"APP_DEBUG": "maybe"}, "APP_DEBUG")


            def test_defaults_when_unset():
                s = load_settings({})
                assert (s.port, s.workers, s.debug, s.allowed_hosts) == (8000, 2, False, ["localhost"])
        ''',
    },
    fix=[("src/envconf/reader.py", "    except ValueError:\n        return default",
          "    except (ValueError, TypeError):\n        return default")],
    report=dict(
        user="carol", checkout="envconf", cmd=["python", "-m", "myservice"], wrap="log", logger="gunicorn.error",
        stamp="2026-10-01 14:22:09,877", snippet_name="myservice.py", show_snippet=False,
        snippet='''
            import os

            from envconf import load_settings

            settings = load_settings(os.environ)
            print(f"listening on :{settings.port} with {settings.workers} workers")
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="feedreader-empty-entries-too-narrow",
    project="feedreader",
    pkg="feedreader",
    description="Pick headlines out of parsed news feeds",
    kind="IndexError",
    bug="latest_title wraps feed['entries'][0] in `except KeyError`, which covers a feed without an "
        "entries key but not an empty entries list, which raises IndexError.",
    fix_class="exception-too-narrow",
    # its validated candidates answer generated inputs differently: the word is speculative (issue 34)
    expect="fixed",
    files={
        "src/feedreader/__init__.py": '''
            from .headlines import headlines, latest_title

            __all__ = ["headlines", "latest_title"]
        ''',
        "src/feedreader/headlines.py": '''
            import html


            def clean(title):
                return " ".join(html.unescape(title).split())


            def latest_title(feed):
                """Title of the newest entry, or None for a feed with nothing in it."""
                try:
                    entry = feed["entries"][0]
                except KeyError:
                    return None
                return clean(entry.get("title", "(untitled)"))


            def headlines(feeds):
                out = {}
                for feed in feeds:
                    title = latest_title(feed)
                    if title is not None:
                        out[feed["name"]] = title
                return out
        ''',
        "tests/test_headlines.py": '''
            from feedreader import headlines, latest_title


            def test_latest_title_is_cleaned():
                feed = {"name": "lwn", "entries": [{"title": "Kernel  &amp; \\n friends"}, {"title": "old"}]}
                assert latest_title(feed) == "Kernel & friends"


            def test_untitled_entry():
                assert latest_title({"name": "x", "entries": [{}]}) == "(untitled)"


            def test_feed_without_entries_key():
                assert latest_title({"name": "broken"}) is None


            def test_headlines_skip_empty_feeds():
                feeds = [{"name": "a", "entries": [{"title": "Hello"}]}, {"name": "b", "entries": []}]
                assert headlines(feeds) == {"a": "Hello"}
        ''',
    },
    fix=[("src/feedreader/headlines.py", "except KeyError:", "except (KeyError, IndexError):")],
    report=dict(user="dave", cmd=["python", "-m", "pytest", "-q", "--tb=native"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="ratelimit-allows-one-extra",
    project="ratelimit",
    pkg="ratelimit",
    description="Sliding-window rate limiter for API keys",
    kind="wrong-output",
    bug="SlidingWindow.allow admits a request while len(hits) <= limit, letting limit + 1 requests "
        "through per window; it should be <.",
    fix_class="comparison-operator",
    files={
        "src/ratelimit/__init__.py": '''
            from .window import SlidingWindow
            from .limiter import KeyedLimiter

            __all__ = ["KeyedLimiter", "SlidingWindow"]
        ''',
        "src/ratelimit/window.py": '''
            from collections import deque


            class SlidingWindow:
                def __init__(self, limit, period):
                    if limit < 1 or period <= 0:
                        raise ValueError("limit must be >= 1 and period > 0")
                    self.limit = limit
                    self.period = period
                    self.hits = deque()

                def _expire(self, now):
                    while self.hits and self.hits[0] <= now - self.period:
                        self.hits.popleft()

                def allow(self, now):
                    self._expire(now)
                    if len(self.hits) <= self.limit:
                        self.hits.append(now)
                        return True
                    return False

                def remaining(self, now):
                    self._expire(now)
                    return max(0, self.limit - len(self.hits))
        ''',
        "src/ratelimit/limiter.py": '''
            from .window import SlidingWindow


            class KeyedLimiter:
                def __init__(self, limit, period):
                    self.limit, self.period = limit, period
                    self._windows = {}

                def allow(self, key, now):
                    window = self._windows.get(key)
                    if window is None:
                        window = self._windows[key] = SlidingWindow(self.limit, self.period)
                    return window.allow(now)
        ''',
        "tests/test_limiter.py": '''
            import pytest

            from ratelimit import KeyedLimiter, SlidingWindow


            def test_invalid_config():
                with pytest.raises(ValueError):
                    SlidingWindow(0, 10)


            def test_remaining():
                w = SlidingWindow(5, 60)
                w.allow(0)
                w.allow(1)
                assert w.remaining(2) == 3
                assert w.remaining(60.5) == 4


            def test_limit_is_enforced_per_key():
                lim = KeyedLimiter(3, 10)
                results = [lim.allow("k1", t) for t in (0, 1, 2, 3)]
                assert results == [True, True, True, False]
                assert lim.allow("k2", 3) is True


            def test_window_slides():
                lim = KeyedLimiter(2, 10)
                assert [lim.allow("k", t) for t in (0, 5, 10, 11)] == [True, True, True, False]
        ''',
    },
    fix=[("src/ratelimit/window.py", "if len(self.hits) <= self.limit:", "if len(self.hits) < self.limit:")],
    report=dict(user="erin", cmd=["python", "-m", "pytest", "-q"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="loyalty-tier-threshold",
    project="loyalty",
    pkg="loyalty",
    description="Loyalty tiers and discounts for a web shop",
    kind="wrong-output",
    bug="tier_for uses spend > threshold, so a customer who spent exactly a tier's threshold stays in "
        "the tier below; thresholds are inclusive (>=).",
    fix_class="comparison-operator",
    files={
        "src/loyalty/__init__.py": '''
            from .tiers import TIERS, tier_for
            from .checkout import checkout_total

            __all__ = ["TIERS", "tier_for", "checkout_total"]
        ''',
        "src/loyalty/tiers.py": '''
            # (name, minimum yearly spend, discount), highest first
            TIERS = [
                ("gold", 1000, 0.10),
                ("silver", 250, 0.05),
                ("bronze", 0, 0.0),
            ]


            def tier_for(yearly_spend):
                for name, threshold, discount in TIERS:
                    if yearly_spend > threshold:
                        return name, discount
                return TIERS[-1][0], TIERS[-1][2]
        ''',
        "src/loyalty/checkout.py": '''
            from decimal import ROUND_HALF_UP, Decimal

            from .tiers import tier_for


            def checkout_total(basket_total, yearly_spend):
                _, discount = tier_for(yearly_spend)
                total = Decimal(str(basket_total)) * (1 - Decimal(str(discount)))
                return float(total.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
        ''',
        "tests/test_tiers.py": '''
            from loyalty import checkout_total, tier_for


            def test_new_customer():
                assert tier_for(0) == ("bronze", 0.0)


            def test_gold():
                assert tier_for(4200) == ("gold", 0.10)


            def test_discount_applied():
                assert checkout_total(80.0, 300) == 76.0


            def test_threshold_is_inclusive():
                assert tier_for(250) == ("silver", 0.05)
                assert checkout_total(50.0, 1000) == 45.0
        ''',
    },
    fix=[("src/loyalty/tiers.py", "if yearly_spend > threshold:", "if yearly_spend >= threshold:")],
    report=dict(user="frank", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="weatherunits-fahrenheit-sign",
    project="weatherunits",
    pkg="weatherunits",
    description="Unit conversion for weather station readings",
    kind="wrong-output",
    bug="c_to_f subtracts 32 instead of adding it.",
    fix_class="arithmetic-operator",
    files={
        "src/weatherunits/__init__.py": '''
            from .convert import c_to_f, f_to_c, kmh_to_mph
            from .reading import Reading

            __all__ = ["Reading", "c_to_f", "f_to_c", "kmh_to_mph"]
        ''',
        "src/weatherunits/convert.py": '''
            def c_to_f(celsius):
                return celsius * 9 / 5 - 32


            def f_to_c(fahrenheit):
                return (fahrenheit - 32) * 5 / 9


            def kmh_to_mph(kmh):
                return kmh / 1.609344
        ''',
        "src/weatherunits/reading.py": '''
            from dataclasses import dataclass

            from .convert import c_to_f, kmh_to_mph


            @dataclass(frozen=True)
            class Reading:
                station: str
                temp_c: float
                wind_kmh: float

                def imperial(self):
                    return {"station": self.station,
                            "temp_f": round(c_to_f(self.temp_c), 1),
                            "wind_mph": round(kmh_to_mph(self.wind_kmh), 1)}
        ''',
        "tests/test_convert.py": '''
            import pytest

            from weatherunits import Reading, c_to_f, f_to_c, kmh_to_mph


            def test_f_to_c():
                assert f_to_c(212) == 100


            def test_wind():
                assert kmh_to_mph(100) == pytest.approx(62.137, abs=1e-3)


            def test_imperial_reading():
                r = Reading("EHAM", 21.0, 30.0)
                assert r.imperial() == {"station": "EHAM", "temp_f": 69.8, "wind_mph": 18.6}
        ''',
    },
    fix=[("src/weatherunits/convert.py", "return celsius * 9 / 5 - 32", "return celsius * 9 / 5 + 32")],
    report=dict(user="grace", cmd=["python", "-m", "pytest", "-q"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="payroll-overtime-operator",
    project="payroll",
    pkg="payroll",
    description="Weekly pay with overtime for hourly staff",
    kind="wrong-output",
    bug="overtime_hours computes worked + threshold instead of worked - threshold, paying far too "
        "much overtime.",
    fix_class="arithmetic-operator",
    files={
        "src/payroll/__init__.py": '''
            from .hours import overtime_hours, regular_hours
            from .pay import weekly_pay

            __all__ = ["overtime_hours", "regular_hours", "weekly_pay"]
        ''',
        "src/payroll/hours.py": '''
            STANDARD_WEEK = 40.0


            def regular_hours(worked, threshold=STANDARD_WEEK):
                return min(worked, threshold)


            def overtime_hours(worked, threshold=STANDARD_WEEK):
                return max(0.0, worked + threshold)
        ''',
        "src/payroll/pay.py": '''
            from .hours import overtime_hours, regular_hours

            OVERTIME_FACTOR = 1.5


            def weekly_pay(hourly_rate, timesheet):
                """timesheet: hours per day, e.g. [8, 8, 9.5, 8, 7]."""
                worked = sum(timesheet)
                pay = regular_hours(worked) * hourly_rate
                pay += overtime_hours(worked) * hourly_rate * OVERTIME_FACTOR
                return round(pay, 2)
        ''',
        "tests/test_pay.py": '''
            from payroll import regular_hours, weekly_pay


            def test_regular_hours_capped():
                assert regular_hours(45) == 40
                assert regular_hours(12) == 12


            def test_overtime_pay():
                assert weekly_pay(20.0, [9, 9, 9, 9, 9]) == 40 * 20.0 + 5 * 30.0
        ''',
    },
    fix=[("src/payroll/hours.py", "return max(0.0, worked + threshold)", "return max(0.0, worked - threshold)")],
    report=dict(user="heidi", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="logtail-last-n-slice",
    project="logtail",
    pkg="logtail",
    description="Show the last lines of log files, with filtering",
    kind="wrong-output",
    bug="last_lines slices lines[len(lines) - n + 1:], returning n - 1 lines.",
    fix_class="off-by-one",
    files={
        "src/logtail/__init__.py": '''
            from .tail import last_lines, tail_file

            __all__ = ["last_lines", "tail_file"]
        ''',
        "src/logtail/tail.py": '''
            from .filters import matching


            def last_lines(lines, n):
                if n <= 0:
                    return []
                if n >= len(lines):
                    return list(lines)
                return lines[len(lines) - n + 1:]


            def tail_file(path, n=10, grep=None):
                with open(path, encoding="utf-8", errors="replace") as fh:
                    lines = [line.rstrip("\\n") for line in fh]
                if grep:
                    lines = matching(lines, grep)
                return last_lines(lines, n)
        ''',
        "src/logtail/filters.py": '''
            import re


            def matching(lines, pattern):
                rx = re.compile(pattern)
                return [line for line in lines if rx.search(line)]
        ''',
        "tests/test_tail.py": '''
            from logtail import last_lines, tail_file


            def test_short_file_returned_whole():
                assert last_lines(["a", "b"], 5) == ["a", "b"]


            def test_zero():
                assert last_lines(["a"], 0) == []


            def test_last_three(tmp_path):
                log = tmp_path / "app.log"
                log.write_text("".join(f"line {i}\\n" for i in range(1, 8)))
                assert tail_file(log, 3) == ["line 5", "line 6", "line 7"]


            def test_grep(tmp_path):
                log = tmp_path / "app.log"
                log.write_text("INFO a\\nERROR b\\nINFO c\\nERROR d\\nERROR e\\n")
                assert tail_file(log, 2, grep="ERROR") == ["ERROR d", "ERROR e"]
        ''',
    },
    fix=[("src/logtail/tail.py", "return lines[len(lines) - n + 1:]", "return lines[len(lines) - n:]")],
    report=dict(user="ivan", cmd=["python", "-m", "pytest", "-q", "--tb=line"]),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="workdays-month-range",
    project="workdays",
    pkg="workdays",
    description="Working-day arithmetic for payroll and invoicing",
    kind="wrong-output",
    bug="working_days_in_month iterates range(1, days_in_month), so the last day of the month is never "
        "counted.",
    fix_class="off-by-one",
    files={
        "src/workdays/__init__.py": '''
            from .calendar import is_working_day, working_days_in_month
            from .holidays import FIXED_HOLIDAYS

            __all__ = ["FIXED_HOLIDAYS", "is_working_day", "working_days_in_month"]
        ''',
        "src/workdays/holidays.py": '''
            # (month, day) of holidays that fall on the same date every year
            FIXED_HOLIDAYS = {(1, 1), (4, 27), (12, 25), (12, 26)}
        ''',
        "src/workdays/calendar.py": '''
            import calendar
            from datetime import date

            from .holidays import FIXED_HOLIDAYS


            def is_working_day(day, holidays=FIXED_HOLIDAYS):
                return day.weekday() < 5 and (day.month, day.day) not in holidays


            def working_days_in_month(year, month, holidays=FIXED_HOLIDAYS):
                days_in_month = calendar.monthrange(year, month)[1]
                return sum(1 for d in range(1, days_in_month)
                           if is_working_day(date(year, month, d), holidays))
        ''',
        "tests/test_workdays.py": '''
            from datetime import date

            from workdays import is_working_day, working_days_in_month


            def test_weekend():
                assert not is_working_day(date(2026, 3, 7))      # Saturday


            def test_holiday():
                assert not is_working_day(date(2026, 12, 25))


            def test_month_ending_on_weekend():
                assert working_days_in_month(2026, 2) == 20      # Feb 28 2026 is a Saturday


            def test_month_ending_on_weekday():
                assert working_days_in_month(2026, 3) == 22      # Mar 31 2026 is a Tuesday
        ''',
    },
    fix=[("src/workdays/calendar.py", "range(1, days_in_month)", "range(1, days_in_month + 1)")],
    report=dict(user="judy", cmd=["python", "-m", "pytest", "-q", "--tb=short"]),
))
