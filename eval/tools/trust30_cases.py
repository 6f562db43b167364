"""The cases of eval/trust30 (eval/tools/build_trust30.py builds them): per case the buggy and the fixed
release, the changelog line of the fix, the user's code (a script, a `>>>` session, or a script whose
traceback alone is shown) and the issue's words around it. `{script}`, `{console}` and `{tb}` are filled in
with the code and what really running it against the buggy release printed."""
from __future__ import annotations

SCRIPT = "{prose}\n\n```python\n{{script}}```\n\n```\n{{tb}}```\n{after}"
CONSOLE = "{prose}\n\n```pycon\n{{tb}}```\n{after}"
ONLY_TB = "{prose}\n\n```\n{{tb}}```\n{after}"


def issue(shape: str, prose: str, after: str = "") -> str:
    return shape.format(prose=prose, after=("\n" + after + "\n") if after else "")


BOLTONS = dict(old="boltons==26.1.0", new="boltons==26.2.0", pkgs=["boltons"], released="2026-07-17T12:00:00+00:00")
DATEUTIL = dict(old="python-dateutil==2.9.0.post0", new="python-dateutil==3.0.0", pkgs=["dateutil"],
                drop=["tests/property"], test_cmd="python -m pytest -q tests/test_rrule.py")
MARKDOWN_DROP = ["tests/basic", "tests/misc", "tests/pl", "tests/extensions"]
INFLECT = dict(old="inflect==7.5.0", new="inflect==7.6.0", pkgs=["inflect"], test_cmd="python -m pytest -q tests/test_numwords.py tests/test_pwd.py")

CASES = {
    "boltons-multireplace-empty-map": dict(
        BOLTONS, changelog="Fixed strutils.MultiReplace raising KeyError on empty substitution maps (now a no-op)",
        raises="KeyError", user="priya", where="etl", test_cmd="python -m pytest -q tests/test_strutils.py",
        script="from boltons.strutils import MultiReplace\n\nRULES = {}  # loaded from the tenant's settings; may be empty\n\n"
               "cleaner = MultiReplace(RULES)\nprint(cleaner.sub('order #1234 shipped'))\n",
        issue=issue(SCRIPT, "# MultiReplace with no rules raises KeyError: None\n\nSome tenants have no replacement rules "
                            "configured, and then `sub()` blows up:",
                    "With no rules I'd expect the text back unchanged.")),
    "boltons-complement-subset": dict(
        BOLTONS, changelog="Fixed setutils.complement subset and superset comparisons raising AttributeError",
        raises="AttributeError", user="tomas", where="acl", test_cmd="python -m pytest -q tests/test_setutils.py",
        console=">>> from boltons.setutils import complement\n>>> banned = complement({'admin'})\n"
                ">>> print(banned <= complement(set()))",
        issue=issue(CONSOLE, "# complement(...) <= complement(...) raises AttributeError\n\nComparing two complement "
                             "sets with `<=` fails (boltons 26.1.0):",
                    "`'set' object has no attribute 'issupserset'` looks like a typo for `issuperset`.")),
    "boltons-backoff-equal-bounds": dict(
        BOLTONS, changelog="Fixed iterutils.backoff_iter division by zero with factor=1.0 and no count; equal bounds "
                           "yield once, and unequal bounds raise ValueError",
        raises="ZeroDivisionError", user="wen", where="worker", test_cmd="python -m pytest -q tests/test_iterutils.py",
        script="from boltons.iterutils import backoff_iter\n\n# a fixed 5 s retry delay: start == stop, no growth\n"
               "delays = list(backoff_iter(5, 5, factor=1.0))\nprint(delays)\n",
        issue=issue(ONLY_TB, "# backoff_iter: ZeroDivisionError for a constant delay\n\nOur worker configures a constant "
                             "retry delay of 5 s as `backoff_iter(5, 5, factor=1.0)` and gets:")),
    "boltons-histogram-no-spread": dict(
        BOLTONS, changelog="Fixed statsutils.Stats.get_histogram_counts division by zero for data with no "
                           "interquartile spread",
        raises="ZeroDivisionError", user="lena", where="metrics", test_cmd="python -m pytest -q tests/test_statsutils.py",
        script="from boltons.statsutils import Stats\n\nlatencies = [12, 12, 12, 12]\n"
               "print(Stats(latencies).get_histogram_counts())\n",
        issue=issue(SCRIPT, "# get_histogram_counts crashes when all values are equal\n\nA histogram of a service "
                            "whose latencies are all the same:")),
    "inflect-number-to-words-huge": dict(
        INFLECT, changelog="number_to_words now raises the documented NumOutOfRangeError for numbers whose magnitude "
                           "exceeds the largest known scale word, instead of leaking an uncaught IndexError",
        raises="IndexError", user="mara", where="cheques",
        script="import inflect\n\np = inflect.engine()\nprint(p.number_to_words(10 ** 70))\n",
        issue=issue(SCRIPT, "# number_to_words(10**70): IndexError\n\nSpelling out a very large number:",
                    "The docs mention `NumOutOfRangeError`; I'd expect that instead of an IndexError.")),
    "inflect-num-infinity": dict(
        INFLECT, changelog="num now raises BadNumValueError instead of leaking an OverflowError for non-finite counts "
                           "such as float('inf')", raises="OverflowError", user="jon", where="report",
        console=">>> import inflect\n>>> p = inflect.engine()\n>>> print(p.num(float('inf')))",
        issue=issue(CONSOLE, "# engine.num(float('inf')) raises OverflowError",
                    "Our counts come from a division that can give inf.")),
    "inflect-ordinal-two-numbers": dict(
        INFLECT, changelog="ordinal now raises BadNumValueError for malformed numeric input such as '11 11' instead "
                           "of leaking a bare ValueError", raises="ValueError", user="ines", where="forms",
        script="import inflect\n\np = inflect.engine()\nfield = '11 11'   # what the user typed\nprint(p.ordinal(field))\n",
        issue=issue(ONLY_TB, "# ordinal() of user input with a space: ValueError from int()\n\nA form field with "
                             "`11 11` in it reaches `p.ordinal(field)`:")),
    "emoji-stray-zwj": dict(
        old="emoji==2.5.0", new="emoji==2.5.1", pkgs=["emoji"], changelog="Fix Malformed zero width joiner (\\u200d) "
        "causes IndexError", raises="IndexError", user="sam", where="chat",
        test_cmd="python -m pytest -q tests/test_core.py tests/test_zwj_common.py",
        script="import emoji\n\nmessage = '\\u200d'   # a lone zero width joiner, pasted from a phone\n"
               "print(repr(emoji.demojize(message)))\n",
        issue=issue(SCRIPT, "# demojize crashes on a message that is a lone zero width joiner")),
    "funcy-join-bytes": dict(
        old="funcy==2.0", new="funcy==2.1", pkgs=["funcy"], changelog="fixed join() raises TypeError when joining bytes",
        raises="TypeError", user="olu", where="proto", test_cmd="python -m pytest -q tests/test_colls.py",
        console=">>> from funcy import join\n>>> print(join([b'ab', b'cd']))",
        issue=issue(CONSOLE, "# join() of bytes raises TypeError",
                    "The docs say join works on strings and bytes; I'd expect `b'abcd'`.")),
    "markdown2-middle-word-em-none": dict(
        old="markdown2==2.5.3", new="markdown2==2.5.4", pkgs=["markdown2.py"],
        changelog="[pull #628] Fix TypeError in MiddleWordEm extra when options was None (#627)",
        raises="AttributeError", user="kai", where="blog", test_cmd="python -m pytest -q test/test_markdown2.py",
        script="import markdown2\n\nEXTRAS = {'middle-word-em': None}\n\nprint(markdown2.markdown('snake_case_word', "
               "extras=EXTRAS))\n",
        issue=issue(SCRIPT, "# extras={'middle-word-em': None} crashes\n\nEnabling the extra without options, the way "
                            "other extras accept `None`:")),
    "pathspec-regexpattern-none": dict(
        old="pathspec==0.12.1", new="pathspec==1.0.0", pkgs=["pathspec"], released="2023-12-10T12:00:00+00:00",
        changelog="Issue #98: UnboundLocalError in RegexPattern when initialized with pattern=None",
        raises="UnboundLocalError", user="gabe", where="sync", test_cmd="python -m pytest -q tests/test_01_util.py",
        script="from pathspec.pattern import RegexPattern\n\n# a null pattern, as the docs describe for pattern=None\n"
               "p = RegexPattern(None)\nprint(p.include)\n",
        issue=issue(ONLY_TB, "# RegexPattern(None) raises UnboundLocalError\n\nThe docstring says `pattern` may be "
                             "`None` for a null pattern, but:")),
    "box-dots-key-ends-with-dot": dict(
        old="python-box==7.3.2", new="python-box==8.0.0", pkgs=["box"],
        changelog="Fixing IndexError setting a box_dots key ending with a dot on a default_box", raises="IndexError",
        user="rui", where="cfg", test_cmd="python -m pytest -q test/test_box.py",
        script="from box import Box\n\nconfig = Box(default_box=True, box_dots=True)\nconfig['servers.'] = 'eu'\n"
               "print(config)\n",
        issue=issue(SCRIPT, "# Box(default_box=True, box_dots=True): IndexError for a key ending with '.'")),
    "dotenv-set-key-missing-dir": dict(
        old="python-dotenv==0.21.0", new="python-dotenv==0.21.1", pkgs=["dotenv"],
        changelog="Fix Out-of-scope error when \"dest\" variable is undefined (#413)", raises="UnboundLocalError",
        user="ade", where="deploy", test_cmd="python -m pytest -q tests/test_main.py",
        script="import dotenv\n\ndotenv.set_key('/srv/missing-dir/.env', 'API_URL', 'https://api.example')\n",
        issue=issue(SCRIPT, "# set_key on a path whose folder does not exist: UnboundLocalError 'dest'",
                    "The real problem is the missing folder, but the error hides it.")),
    "schedule-repr-unfinished-job": dict(
        old="schedule==1.1.0", new="schedule==1.2.0", pkgs=["schedule"],
        changelog="Fix crash repr on partially constructed job (#569)", raises="AttributeError", user="nia",
        where="cron", test_cmd="python -m pytest -q test_schedule.py",
        console=">>> import schedule\n>>> job = schedule.every(10)\n>>> print(repr(job))",
        issue=issue(CONSOLE, "# repr() of a job without .do() raises AttributeError\n\nDebugging a half-built job in "
                             "the shell:")),
    "semver-compare-empty-dict": dict(
        old="semver==3.0.4", new="semver==3.1.0", pkgs=["semver"],
        changelog="Comparing a Version with a dict, tuple, or list that cannot construct a valid version (for "
                  "example, an empty collection ...) (#479)", raises="TypeError", user="ola", where="deps",
        test_cmd="python -m pytest -q tests/test_compare.py",
        script="import semver\n\ncurrent = semver.Version.parse('1.2.3')\npinned = {}   # no pin in the lock file\n"
               "print(current == pinned)\n",
        issue=issue(SCRIPT, "# Version == {} raises TypeError from __init__",
                    "I'd expect `False`: an empty dict is not this version.")),
    "markdown-abbr-remove": dict(
        old="Markdown==3.10.2", new="Markdown==3.11", pkgs=["markdown"], drop=MARKDOWN_DROP,
        changelog="Ensure removing Abbreviations does not raise an error (#1634)", raises="KeyError", user="eli",
        where="wiki", test_cmd="python -m pytest -q tests/test_syntax/extensions/test_abbr.py",
        script="import markdown\n\ntext = '*[HTML]: \"\"\\n\\nHTML pages'\n"
               "print(markdown.markdown(text, extensions=['markdown.extensions.abbr']))\n",
        issue=issue(SCRIPT, "# abbr: an empty definition (to remove an abbreviation) raises KeyError\n\nThe docs say an "
                            "empty definition removes an abbreviation; with no earlier definition it crashes:")),
    "markdown-incomplete-declaration": dict(
        old="Markdown==3.8", new="Markdown==3.8.1", pkgs=["markdown"], drop=MARKDOWN_DROP,
        changelog="Ensure incomplete markup declaration in raw HTML doesn't crash parser (#1534)",
        raises="AssertionError", user="hal", where="notes", test_cmd="python -m pytest -q tests/test_syntax/blocks/test_html_blocks.py",
        console=">>> import markdown\n>>> print(markdown.markdown('<!['))",
        issue=issue(CONSOLE, "# markdown.markdown('<![') raises AssertionError",
                    "Found by a fuzzer on user comments.")),
    "marshmallow-timedelta-nan": dict(
        old="marshmallow==4.3.0", new="marshmallow==4.4.0", pkgs=["marshmallow"], released="2026-04-03T12:00:00+00:00",
        changelog="Raise ValidationError (not ValueError) for NaN in TimeDelta", raises="ValueError", user="bo",
        where="api", test_cmd="python -m pytest -q tests/test_deserialization.py",
        script="from marshmallow import Schema, fields\n\n\nclass Job(Schema):\n    timeout = fields.TimeDelta()\n\n\n"
               "print(Job().load({'timeout': float('nan')}))\n",
        issue=issue(SCRIPT, "# TimeDelta field: NaN gives ValueError instead of a ValidationError\n\nA client sent "
                            "`NaN` for a duration and our API returned a 500:",
                    "Every other bad value gives a `ValidationError` we turn into a 400.")),
    "wcwidth-wcswidth-n-too-long": dict(
        old="wcwidth==0.8.1", new="wcwidth==0.8.2", pkgs=["wcwidth"], released="2026-06-08T12:00:00+00:00", drop=["ucs-detect", "bin", "code_templates"],
        changelog="Do not raise IndexError when legacy POSIX n argument to wcswidth() or wcstwidth() exceeds the "
                  "given string length (PR #230)", raises="IndexError", user="yuki", where="tui",
        test_cmd="python -m pytest -q tests/test_core.py",
        script="from wcwidth import wcswidth\n\nlabel = 'abc'\nprint(wcswidth(label, 10))\n",
        issue=issue(SCRIPT, "# wcswidth(text, n) with n larger than the text raises IndexError\n\nPOSIX wcswidth "
                            "takes at most n characters; a bigger n should just measure the whole string:")),
    "packaging-version-not-a-string": dict(
        old="packaging==26.2", new="packaging==26.3", pkgs=["packaging"], released="2026-04-24T12:00:00+00:00",
        drop=["tests/property", "tests/manylinux", "tests/musllinux", "tests/pylock"],
        changelog="Raise InvalidVersion instead of TypeError when Version is given a non-string (#1319)",
        raises="TypeError", user="finn", where="release", test_cmd="python -m pytest -q tests/test_version.py",
        script="import tomllib\n\nfrom packaging.version import Version\n\n"
               "meta = tomllib.loads('version = 1.2')   # someone forgot the quotes\nprint(Version(meta['version']))\n",
        issue=issue(SCRIPT, "# Version(1.2) raises TypeError: 'float' object is not iterable\n\nA version read from "
                            "a TOML file without quotes is a float:",
                    "I would expect `InvalidVersion` like for any other bad version, which we already catch.")),
    "hyperlink-child-no-segments": dict(
        old="hyperlink==17.3.1", new="hyperlink==18.0.0", pkgs=["hyperlink"],
        changelog="URL.child() will no longer fail when child gets no segments (#42 and #43)", raises="TypeError",
        user="vic", where="crawler", test_cmd="python -m pytest -q hyperlink/test/test_url.py",
        console=">>> import hyperlink\n>>> base = hyperlink.URL.from_text(u'http://example.com/a')\n"
                ">>> print(base.child())",
        issue=issue(CONSOLE, "# URL.child() with no arguments raises TypeError",
                    "Our crawler calls `base.child(*parts)` and `parts` can be empty; I'd expect the same URL back.")),
    "natsort-none-and-nan": dict(
        old="natsort==7.0.1", new="natsort==7.1.0", pkgs=["natsort"],
        changelog="Treat None like NaN internally to avoid TypeError", raises="TypeError", user="ana", where="lab",
        test_cmd="python -m pytest -q tests/test_natsorted.py",
        script="import natsort\n\nreadings = [2.0, None, float('nan'), 1]\nprint(natsort.natsorted(readings))\n",
        issue=issue(ONLY_TB, "# natsorted of floats with both None and NaN raises TypeError\n\nSensor readings with "
                             "missing values (`None`) and failed ones (`nan`):")),
    "boltons-namedtuple-empty-name": dict(
        BOLTONS, changelog="Fixed namedutils.namedtuple and namedutils.namedlist raising IndexError instead of "
                           "ValueError for empty type and field names (#462)",
        raises="IndexError", user="dev", where="codegen", test_cmd="python -m pytest -q tests/test_namedutils.py",
        script="from boltons.namedutils import namedtuple\n\ntype_name = ''   # from a CSV header cell left blank\n"
               "Row = namedtuple(type_name, ['a', 'b'])\nprint(Row(1, 2))\n",
        issue=issue(SCRIPT, "# namedtuple('') raises IndexError: string index out of range",
                    "collections.namedtuple says `ValueError` for this; I'd expect the same.")),
    "cachetools-copy-cached-partial": dict(
        old="cachetools==8.0.0", new="cachetools==8.0.1", pkgs=["cachetools"], released="2026-11-06T12:00:00+00:00",
        changelog="Fix copying and deep-copying @cached wrappers of callables without a __qualname__, e.g. "
                  "functools.partial objects (broken since v8.0.0)", raises="AttributeError", user="ivo", where="svc",
        test_cmd="python -m pytest -q tests/test_cached.py",
        script="import copy\nimport functools\n\nimport cachetools\n\npower_of_two = cachetools.cached(cachetools."
               "LRUCache(10))(functools.partial(pow, 2))\nper_request = copy.copy(power_of_two)\nprint(per_request(3))\n",
        issue=issue(SCRIPT, "# copy.copy() of a @cached functools.partial raises AttributeError (8.0.0)",
                    "This worked with 7.x.")),
    "texttable-add-rows-iterator": dict(
        old="texttable==1.7.0", new="texttable==1.7.1", pkgs=["texttable.py"],
        changelog="Consume Python 3 row iterators when reading table headers (#92)", raises="TypeError", user="moe",
        where="cli", test_cmd="python -m pytest -q tests.py",
        script="import csv\nimport io\n\nimport texttable\n\ntable = texttable.Texttable()\n"
               "table.add_rows(csv.reader(io.StringIO('name,qty\\napple,3\\n')))\nprint(table.draw().splitlines()[-2])\n",
        issue=issue(SCRIPT, "# add_rows(csv.reader(...)) raises TypeError: not subscriptable",
                    "The docstring says `rows` can be an iterator.")),
    "pathspec-add-tuple-and-list": dict(
        old="pathspec==1.1.0", new="pathspec==1.1.1", pkgs=["pathspec"], released="2026-04-22T12:00:00+00:00",
        changelog="Fixed possible type error when using + and += operators on PathSpec", raises="TypeError",
        user="gabe", where="sync", test_cmd="python -m pytest -q tests/test_05_pathspec.py",
        console=">>> from pathspec import PathSpec\n>>> from pathspec.patterns.gitwildmatch import GitWildMatchPattern\n"
                ">>> base = PathSpec(tuple(GitWildMatchPattern(p) for p in ['*.pyc', 'build/']))\n"
                ">>> extra = PathSpec.from_lines('gitwildmatch', ['*.log'])\n"
                ">>> print((base + extra).match_file('app.log'))",
        issue=issue(CONSOLE, "# PathSpec + PathSpec raises TypeError when one was built from a tuple")),
    "dateutil-rrulestr-x-param": dict(
        DATEUTIL, changelog="Fixed rrulestr raising ValueError on experimental X- parameters in an RRULE line (such as "
                            "GNOME Evolution's X-EVOLUTION-ENDDATE); these are now ignored as RFC 5545 permits",
        raises="ValueError", user="pia", where="calendar",
        script="from dateutil.rrule import rrulestr\n\n# exported from GNOME Evolution\n"
               "RULE = 'DTSTART:20240101T090000\\nRRULE;X-EVOLUTION-ENDDATE=20240102T090000Z:FREQ=DAILY;COUNT=2'\n"
               "print(len(list(rrulestr(RULE))))\n",
        issue=issue(SCRIPT, "# rrulestr rejects an RRULE exported by Evolution (X-EVOLUTION-ENDDATE)",
                    "RFC 5545 says unknown X- parameters are to be ignored.")),
    "schedule-idle-seconds-no-jobs": dict(
        old="schedule==0.6.0", new="schedule==1.0.0", pkgs=["schedule"], released="2019-01-20T12:00:00+00:00",
        changelog="Fix: idle_seconds crashes when no jobs are scheduled. See #401", raises="TypeError", user="omar",
        where="daemon", test_cmd="python -m pytest -q test_schedule.py",
        script="import time\n\nimport schedule\n\n# the jobs are registered later, from the config\n"
               "print(schedule.idle_seconds())\n",
        issue=issue(ONLY_TB, "# schedule.idle_seconds() with no jobs raises TypeError\n\nOur daemon sleeps for "
                             "`idle_seconds()` before any job is registered:")),
    "boltons-parsed-exception-truncated": dict(
        old="boltons==25.0.0", new="boltons==26.0.0", pkgs=["boltons"], released="2025-02-02T12:00:00+00:00",
        changelog="Fixed tbutils.ParsedException.from_string IndexError on truncated tracebacks",
        raises="IndexError", user="lee", where="logs", test_cmd="python -m pytest -q tests/test_tbutils.py "
        "tests/test_tbutils_parsed_exc.py",
        script="from boltons.tbutils import ParsedException\n\n# the last lines of a log entry, cut by the log "
               "shipper\nTB = 'Traceback (most recent call last):\\n  File \"app.py\", line 3, in <module>\\n'\n"
               "print(ParsedException.from_string(TB).frames)\n",
        issue=issue(SCRIPT, "# ParsedException.from_string: IndexError on a traceback cut short\n\nParsing "
                            "tracebacks from our logs; some are truncated by the log shipper:")),
    "croniter-seconds-step-from-start": dict(
        old="croniter==6.2.4", new="croniter==7.0.0", pkgs=["croniter"], released="2026-07-10T12:00:00+00:00",
        changelog="Fix expand_from_start_time raising ValueError: Can't get current date number for index larger "
                  "than 4 for any range or step in the optional seconds or years field",
        raises="ValueError", user="kim", where="jobs", test_cmd="python -m pytest -q src/croniter/tests/test_croniter.py",
        script="from datetime import datetime\n\nfrom croniter import croniter\n\nstart = datetime(2024, 5, 1, 12, 0, 7)\n"
               "it = croniter('* * * * * */15', start, expand_from_start_time=True)\nprint(it.get_next(datetime))\n",
        issue=issue(SCRIPT, "# expand_from_start_time with a seconds step raises ValueError",
                    "We catch `CroniterError` for bad schedules, but this is a plain ValueError, and the "
                    "schedule looks valid to me: every 15 s counted from the start time.")),
}
