"""Stacks as users paste them, read to the project's own frame: a Rust backtrace quoted in a blockquote whose
symbols hold spaces (`<A as B>::f`) or crate disambiguators (`std[e265cdaa12e58024]::`), a Rust backtrace
without its `panicked at` line, a Go frame whose arguments wrapped onto the next line, a Python traceback a
console wrapped at 80 columns, a chain pasted up to the wrapper's frames, a `File` line quoted alone, and a
cut traceback whose exception the title names in CPython's own words."""
from agent.reports import parse_issue

RUST_QUOTED = '''thread 'Worker' panicked (item tree)

> thread 'Worker' panicked at 'index out of bounds: the len is 0 but the index is 0', crates\\loader\\src\\tree.rs:88:9

The stack:
>    4: <loader::ItemLoc<N> as loader::src::HasSource>::source
   5: loader::body::Body::body_query
   6: cache::runtime::Runtime::execute_query
'''


def test_a_quoted_rust_frame_with_spaces_in_its_symbol_is_the_guilty_one():
    rep = parse_issue(RUST_QUOTED, "someone/loader")
    assert rep.kind == "rust"
    assert rep.frames[0].function == "<loader::ItemLoc<N> as loader::src::HasSource>::source"
    assert rep.guilty.function == "<loader::ItemLoc<N> as loader::src::HasSource>::source"


RUST_V0 = '''panic while indexing

thread 'main' panicked at src/index.rs:40:5:
attempt to subtract with overflow
stack backtrace:
   0:     0x55d5c1a0 - std[1a2b3c4d5e6f7a8b]::panicking::begin_panic_handler
   1:     0x55d5c1b0 - core[0f1e2d3c4b5a6978]::panicking::panic
   2:     0x55d5c1c0 - <std[1a2b3c4d5e6f7a8b]::thread::local::LocalKey<indexer[99aa88bb77cc66dd]::State>>::with
   3:     0x55d5c1d0 - indexer[99aa88bb77cc66dd]::index::shrink
   4:     0x55d5c1e0 - indexer[99aa88bb77cc66dd]::main
'''


def test_crate_disambiguators_do_not_hide_the_standard_library():
    rep = parse_issue(RUST_V0, "someone/indexer")
    assert rep.guilty.function == "indexer::index::shrink"


RUST_NO_HEAD = '''panic when opening a workspace

```
  21:     0x55b76dfa7560 - <std[e265cdaa12e58024]::thread::local::LocalKey<ws::Db>>::with
                               at /rustc/abc/library/std/src/thread/local.rs:427:20
  22:     0x55b76dfa7570 - ws[00aa11bb22cc33dd]::open::load_manifest
                               at /home/me/ws/src/open.rs:112:14
  23:     0x55b76dfa7580 - ws[00aa11bb22cc33dd]::main
                               at /home/me/ws/src/main.rs:9:5
```
'''


def test_a_rust_backtrace_without_its_panic_line_is_a_rust_panic():
    rep = parse_issue(RUST_NO_HEAD, "someone/ws")
    assert rep.kind == "rust" and rep.type == "panic"
    assert rep.guilty.function == "ws::open::load_manifest" and rep.guilty.line == 112


def test_numbered_steps_are_no_rust_backtrace():
    text = "Panic button docs\n\nSteps:\n  1: open the app::settings page\n  2: press panic\n"
    assert parse_issue(text) is None


GO_WRAPPED = '''runtime error: invalid memory address or nil pointer dereference

```
runtime error: invalid memory address or nil pointer dereference
[signal 0xc0000005 code=0x0 addr=0x20 pc=0x9a92c7]

goroutine 23 [running]:

github.com/someone/tool/runner.(*Pool).start.func2
(0xc0430b1e20, 0xc04208e2c0)
        /build/src/github.com/someone/tool/runner/pool.go:155 +0x1b7
created by github.com/someone/tool/runner.(*Pool).start
        /build/src/github.com/someone/tool/runner/pool.go:141 +0x40d
```
'''


def test_a_go_frame_whose_arguments_wrapped_is_still_a_frame():
    rep = parse_issue(GO_WRAPPED, "someone/tool")
    assert rep.kind == "go"
    assert rep.guilty.function == "github.com/someone/tool/runner.(*Pool).start.func2"
    assert (rep.guilty.file, rep.guilty.line) == ("/build/src/github.com/someone/tool/runner/pool.go", 155)


PY_WRAPPED = '''AttributeError: 'module' object has no attribute 'getuserbase'

C:\\work>tool shell
Traceback (most recent call last):
  File "C:\\work\\venv\\Scripts\\to
ol-script.py", line 9, in <module>
    load_entry_point('tool==1.2', 'console_scripts', 'tool')()
  File "C:\\work\\venv\\lib\\site-p
ackages\\tool\\paths.py", line 31, in <module>
    BASE = site.getuserbase()
AttributeError: 'module' object has no attribute 'getuserbase'
'''


def test_a_traceback_wrapped_at_the_consoles_width_keeps_its_frames():
    rep = parse_issue(PY_WRAPPED, "someone/tool")
    assert [f.file for f in rep.frames] == ["C:\\work\\venv\\lib\\site-packages\\tool\\paths.py",
                                             "C:\\work\\venv\\Scripts\\tool-script.py"]
    assert rep.guilty.file.endswith("paths.py") and rep.guilty.function == "<module>"


CHAIN_CUT = '''KeyError: 'Sample'

```
Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/pandas/core/indexes/base.py", line 3802, in get_loc
    return self._engine.get_loc(casted_key)
  File "pandas/_libs/index.pyx", line 138, in pandas._libs.index.IndexEngine.get_loc
  File "pandas/_libs/hashtable_class_helper.pxi", line 7081, in pandas._libs.hashtable.PyObjectHashTable.get_item
KeyError: 'Sample'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "summarise.py", line 88, in <module>
    run(args)
  File "summarise.py", line 61, in load_table
    names = table['Sample'].unique()
  File "/opt/conda/lib/python3.10/site-packages/pandas/core/fr
```
'''


def test_a_chain_cut_in_the_wrappers_frames_blames_the_program_not_pandas():
    rep = parse_issue(CHAIN_CUT, "someone/summarise")
    assert rep.type == "KeyError"
    assert rep.guilty.function == "load_table" and rep.guilty.file == "summarise.py"
    # without the repository: the library the program called, never its compiled internals
    assert parse_issue(CHAIN_CUT).guilty.function == "get_loc"


LONE_FILE_LINE = '''AttributeError: 'NoneType' object has no attribute 'lower'

Uploading a package fails with

AttributeError: 'NoneType' object has no attribute 'lower'

at

File "/srv/venv/lib/python3.9/site-packages/pkgserver/views/upload.py", line 42, in store_file

since the form has no filename.
'''


def test_a_file_line_quoted_alone_is_the_crash_site():
    rep = parse_issue(LONE_FILE_LINE, "someone/pkgserver")
    assert rep.type == "AttributeError"
    assert rep.guilty.function == "store_file" and rep.guilty.line == 42


CUT_WITH_MESSAGE_TITLE = '''[BUG] 'NoneType' object has no attribute 'group'

```
Traceback (most recent call last):
  File "/home/me/app.py", line 4, in <module>
    fetch(url)
  File "/home/me/.local/lib/python3.11/site-packages/fetcher/core.py", line 77, in fetch
    return parse(page)
```
'''


def test_a_cut_traceback_takes_its_exception_from_cpythons_words_in_the_title():
    rep = parse_issue(CUT_WITH_MESSAGE_TITLE, "someone/fetcher")
    assert rep.type == "AttributeError" and rep.extra["exception_from"] == "title"
    assert rep.guilty.function == "fetch"


COLAB_HEADLESS = '''AttributeError when planning

the following error happens..

[/usr/local/lib/python3.10/dist-packages/fetcher/plan.py](https://localhost:8080/#) in build_plan(js)
    120     match = plan_regex.search(raw)
    121 
--> 122     start = match.span()[1] - 1
    123 

AttributeError: 'NoneType' object has no attribute 'span'
'''


def test_ipython_frames_pasted_without_their_head_with_notebook_links():
    rep = parse_issue(COLAB_HEADLESS, "someone/fetcher")
    assert rep.type == "AttributeError"
    assert rep.guilty.function == "build_plan"
    assert (rep.guilty.file, rep.guilty.line) == ("/usr/local/lib/python3.10/dist-packages/fetcher/plan.py", 122)


FRAME_TAIL = '''[BUG] fetcher.errors.PatternError: find_player_name: no match

The end of the output:

line 296, in find_player_name
    raise PatternError(
fetcher.errors.PatternError: find_player_name: no match

Current `def find_player_name`:
'''


def test_a_frames_tail_copied_without_its_file_is_the_crash_site_but_no_place_to_group_by():
    rep = parse_issue(FRAME_TAIL, "someone/fetcher")
    assert rep.type == "fetcher.errors.PatternError"
    assert rep.guilty.function == "find_player_name" and rep.guilty.line == 296 and rep.guilty.file is None
    # grouped as a report without a file is: by exception and message, in its repository only
    assert rep.signature.endswith("@someone/fetcher") and ":?:" in rep.signature


DJANGO_PAGE = ''''NoneType' object is not subscriptable

Django Version: | 3.0.7
-- | --
TypeError
'NoneType' object is not subscriptable
/srv/shop/orders/views.py in checkout, line 58
/usr/bin/python3
3.8.2
'''


def test_a_django_error_pages_exception_location_is_the_crash_site():
    rep = parse_issue(DJANGO_PAGE, "someone/shop")
    assert rep.type == "TypeError"
    assert (rep.guilty.function, rep.guilty.file, rep.guilty.line) == ("checkout", "/srv/shop/orders/views.py", 58)
    newer = DJANGO_PAGE.replace("/srv/shop/orders/views.py in checkout, line 58",
                                "Exception Location:\t/srv/shop/orders/views.py, line 58, in checkout")
    assert parse_issue(newer, "someone/shop").guilty.function == "checkout"


BODY_LINE_OVER_TITLE = '''[BUG] PatternError: find_player_name

fetcher==15.0.0

PatternError: find_player_name: could not find match for multiple
Traceback:
File "/home/me/.venv/lib/python3.12/site-packages/streamlit/runtime/exec_code.py", line 88, in exec_func
    result = func()
File "/home/me/app.py", line 15, in show
    streams = self.video.streams
File "/home/me/.venv/lib/python3.12/site-packages/fetcher/cipher.py", line 296, in find_player_name
    raise PatternError(
'''


def test_an_exception_line_pasted_in_the_body_names_it_before_the_title_retelling_it():
    rep = parse_issue(BODY_LINE_OVER_TITLE, "someone/fetcher")
    assert (rep.type, rep.message) == ("PatternError", "find_player_name: could not find match for multiple")
    assert rep.guilty.function == "find_player_name"
