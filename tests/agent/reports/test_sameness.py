"""The grouping rule (agent/reports/sameness.py) on small pairs shaped like real issues: the same
exception and a message that names the program's data join a cut stack to a full one and a bare
exception line to a traceback; a runtime's generic message, two full stacks that crash in two places,
or two repositories never do."""
from __future__ import annotations

from agent.reports import parse_issue
from agent.reports.sameness import Keys, discriminates, groups, keys, normalised

REPO = "tuber/tuber"
SITE = "/home/u/.venv/lib/python3.11/site-packages/tuber"


def _tb(*frames: tuple[str, str], exc: str) -> str:
    """A traceback, outermost frame first, as pasted in an issue."""
    body = "".join(f'  File "{path}", line {10 + i}, in {func}\n    x = y\n' for i, (path, func) in enumerate(frames))
    return f"It fails:\n\n```\nTraceback (most recent call last):\n{body}{exc}\n```\n"


FULL = _tb(("/home/u/dl.py", "<module>"), (f"{SITE}/__main__.py", "streams"), (f"{SITE}/__main__.py", "fmt_streams"),
           (f"{SITE}/__main__.py", "streaming_data"), exc="KeyError: 'streamingData'")
# the same crash, the paste cut above the innermost frames (the reporter copied the last lines they saw)
CUT = _tb(("/home/v/bot/music.py", "play"), (f"{SITE}/__main__.py", "streams"), exc="KeyError: 'streamingData'")


def _keys(text: str, repo: str = REPO) -> Keys:
    rep = parse_issue(text, repo)
    assert rep is not None
    return keys(rep, repo)


def _same(a: str, b: str, repo_a: str = REPO, repo_b: str = REPO) -> bool:
    ka, kb = _keys(a, repo_a), _keys(b, repo_b)
    n = len(groups([("a", ka), ("b", kb)]))
    assert n == len(groups([("b", kb), ("a", ka)]))          # the order of the issues does not matter
    return n == 1


def test_a_stack_cut_at_another_frame_is_the_same_crash():
    full, cut = parse_issue(FULL, REPO), parse_issue(CUT, REPO)
    assert full.signature != cut.signature          # the signatures alone (the old rule) keep them apart
    assert _same(FULL, CUT)


def test_a_bare_exception_line_joins_its_traceback_in_the_same_repository_only():
    bare = "KeyError: 'streamingData'\n\nWhen I call YouTube(url).streams it fails with the error above."
    assert _same(FULL, bare)
    assert not _same(FULL, bare, REPO, "other/downloader")


def test_a_custom_exception_with_a_named_function_in_its_message_joins_across_cut_stacks():
    exc = "tuber.exceptions.RegexMatchError: get_throttling_function_name: could not find match for multiple"
    deep = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/cipher.py", "__init__"),
               (f"{SITE}/cipher.py", "get_throttling_function_code"), (f"{SITE}/cipher.py", "get_throttling_function_name"),
               exc=exc)
    cut = _tb(("/home/w/b.py", "grab"), (f"{SITE}/cipher.py", "__init__"), (f"{SITE}/cipher.py", "get_throttling_function_code"),
              exc=exc)
    bare = "RegexMatchError: get_throttling_function_name: could not find match for multiple"
    assert _same(deep, cut) and _same(deep, bare) and _same(cut, bare)


def test_two_full_stacks_that_raise_one_message_in_two_places_are_two_crashes():
    one = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/orders.py", "fulfil"), exc="KeyError: 'sku'")
    two = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/pricing.py", "price"), exc="KeyError: 'sku'")
    assert not _same(one, two)


def test_a_generic_message_never_joins_two_places():
    # the Python null dereference: the attribute is where the None was used, not why it was None
    a = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/cipher.py", "__init__"),
            exc="AttributeError: 'NoneType' object has no attribute 'span'")
    b = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/parser.py", "throttling_array_split"),
            exc="AttributeError: 'NoneType' object has no attribute 'span'")
    cut = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/__main__.py", "streams"),
              exc="AttributeError: 'NoneType' object has no attribute 'span'")
    assert not _same(a, b) and not _same(a, cut) and not _same(b, cut)


def test_python_2_and_3_words_for_one_attribute_error_meet():
    py2 = _tb(("<string>", "<module>"), exc="AttributeError: 'module' object has no attribute 'getsitepackages'")
    py3 = "AttributeError: module 'site' has no attribute 'getsitepackages'"
    assert _same(py2, py3)


def test_what_discriminates():
    for generic in ("list index out of range", "index out of range [#] with length #", "'NoneType' object is not subscriptable",
                    "called `Option::unwrap()` on a `None` value", "division by zero", "Index # out of bounds for length #",
                    "runtime error: invalid memory address or nil pointer dereference", "Connection refused",
                    "CUDA out of memory. Tried to allocate #.# MiB", ""):
        assert not discriminates(generic), generic
    for telling in ("'streamingData'", "get_throttling_function_name: could not find match", "No module named 'etmTk'",
                    "lateinit property userProfile has not been initialized", "'_ModuleMock' object has no attribute 'PLUGIN'"):
        assert discriminates(telling), telling
    assert not discriminates("Cannot invoke \"String.length()\" because \"name\" is null", "NullPointerException")
    assert normalised("Index 7 out of bounds at 0xdeadbeef in /tmp/x.py") == "Index # out of bounds at 0x… in /…"


def test_native_and_kernel_reports_have_no_message_key():
    asan = ("==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000011 at pc 0x1 bp 0x2 sp 0x3\n"
            "READ of size 1 at 0x602000000011 thread T0\n"
            "    #0 0x4c3 in parse_header /src/tool/src/header.c:42:9\n    #1 0x4c4 in main /src/tool/src/main.c:9:3\n")
    k = _keys(asan, "o/tool")
    assert k.anchors == (parse_issue(asan, "o/tool").signature,) and not k.reaches


def test_groups_are_union_find_over_keys():
    a = Keys(("sig-a", "m|f"), ("m", "m|f", "m|g"))  # a framed report: guilty f, g on its stack
    b = Keys(("m|g",), ("m",))                       # its stack cut at g
    c = Keys(joins=("m",))                           # the bare exception line
    c2 = Keys(joins=("m",))                          # another
    d = Keys(("m|h",), ("m",))                       # the same message raised at h, its stack not reaching f or g
    e = Keys()                                       # no key: alone
    assert groups([("a", a), ("e", e), ("b", b), ("c", c), ("c2", c2)]) == [["a", "b", "c", "c2"], ["e"]]
    # with d, the message's framed reports are two crashes: the bare lines could be either, and join neither
    assert groups([("a", a), ("e", e), ("b", b), ("d", d), ("c", c), ("c2", c2)]) == [["a", "b"], ["e"], ["d"], ["c", "c2"]]
    assert groups([("x", Keys(("s",))), ("y", Keys(("s",))), ("z", Keys(("t",)))]) == [["x", "y"], ["z"]]


def test_a_bare_line_between_two_crashes_of_one_message_joins_neither():
    one = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/orders.py", "fulfil"), exc="KeyError: 'sku'")
    two = _tb(("/home/u/a.py", "<module>"), (f"{SITE}/pricing.py", "price"), exc="KeyError: 'sku'")
    bare = "KeyError: 'sku'\n\nIt crashed again."
    got = groups([(n, _keys(t)) for n, t in (("one", one), ("bare", bare), ("two", two))])
    assert got == [["one"], ["bare"], ["two"]]


def test_a_guilty_frame_that_lost_its_file_meets_its_function_on_a_full_stack():
    # a paste that kept only a frame's tail (`in streams`), so its guilty frame has a function and no file
    import dataclasses
    cut = parse_issue(CUT, REPO)
    fileless = dataclasses.replace(cut.guilty, file="")
    tail = dataclasses.replace(cut, guilty=fileless, frames=[fileless])
    full = parse_issue(FULL, REPO)
    assert len(groups([("full", keys(full, REPO)), ("tail", keys(tail, REPO))])) == 1
