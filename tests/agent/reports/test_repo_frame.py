"""The issue's repository names the project's own frames when there is no checkout (issue 36)."""
from agent.reports import parse_issue
from agent.reports.repo import repo_names

# the shape of a real pytube report: the reporter's bot calls pytube from a discord callback
BOT = '''Bug: RegexMatchError

```
Traceback (most recent call last):
  File "/home/u/.local/lib/python3.10/site-packages/discord/app_commands/commands.py", line 842, in _do_call
    return await self._callback(interaction, **params)
  File "/home/u/bot/QUAD PROD.py", line 77, in play
    stream = yt.streams.filter(only_audio=True).first()
  File "/home/u/.local/lib/python3.10/site-packages/pytube/__main__.py", line 296, in streams
    return StreamQuery(self.fmt_streams)
  File "/home/u/.local/lib/python3.10/site-packages/pytube/cipher.py", line 411, in get_throttling_function_code
    name = re.escape(get_throttling_function_name(js))
pytube.exceptions.RegexMatchError: get_throttling_function_name: could not find match for multiple
```
'''


def test_the_repositorys_installed_package_is_guilty_not_the_reporters_callback():
    assert parse_issue(BOT).guilty.function == "play"            # the text alone: the reporter's code
    rep = parse_issue(BOT, "pytube/pytube")
    assert rep.guilty.function == "get_throttling_function_code"
    assert rep.title.endswith("in get_throttling_function_code")
    assert ":get_throttling_function_code:cipher.py" in rep.signature
    assert rep.extra["parser_frame"]["function"] == "play"


# a research repository run from its checkout: its script is the project's code, numpy only raised
SCRIPT = '''AttributeError when testing

Traceback (most recent call last):
  File "main_test.py", line 280, in <module>
    Ref = optimal_reference_selection(LQ, refs)
  File "main_test.py", line 95, in optimal_reference_selection
    d = [np.float(x) for x in scores]
  File "main_test.py", line 95, in <listcomp>
    d = [np.float(x) for x in scores]
  File "C:\\Users\\u\\anaconda3\\envs\\net\\lib\\site-packages\\numpy\\__init__.py", line 305, in __getattr__
    raise AttributeError(__former_attrs__[attr])
AttributeError: module 'numpy' has no attribute 'float'.
'''


def test_a_repository_that_is_no_package_on_the_stack_owns_the_script_that_was_run():
    assert parse_issue(SCRIPT).guilty.function == "__getattr__"
    assert parse_issue(SCRIPT, "someone/ASFFNet512").guilty.function == "optimal_reference_selection"
    # a repository that is on the stack: the script stays the reporter's
    assert parse_issue(SCRIPT, "numpy/numpy").guilty.function == "__getattr__"


EGG = '''Broken after an upgrade

```
Traceback (most recent call last):
  File "/usr/local/bin/pyg", line 8, in <module>
    load_entry_point('pyg==0.6', 'console_scripts', 'pyg')()
  File "/usr/local/lib/python2.7/dist-packages/pyg-0.6-py2.7.egg/pyg/__init__.py", line 14, in main
    from pyg.parser.parser import init_parser, load_options
ImportError: No module named parser.parser
```
'''


def test_an_egg_holds_the_repositorys_package_and_a_console_wrapper_is_never_guilty():
    assert parse_issue(EGG, "rubik/pyg").guilty.function == "main"


GO = '''panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]

goroutine 1 [running]:
github.com/spf13/cobra.(*Command).execute(0xc000100000)
	/go/pkg/mod/github.com/spf13/cobra@v1.1.1/command.go:850 +0x472
github.com/acme/tool/cmd.run(0xc000100000)
	/src/cmd/root.go:40 +0x2a
main.main()
	/src/main.go:10 +0x25
'''


def test_a_go_module_of_the_repository_is_guilty_over_a_dependency():
    assert parse_issue(GO).guilty.function.startswith("github.com/spf13/cobra")
    assert parse_issue(GO, "acme/tool").guilty.function == "github.com/acme/tool/cmd.run"


def test_names_of_a_repository():
    assert repo_names("pytube/pytube") == {"pytube"}
    assert {"sortedcollections", "python-sortedcollections"} <= repo_names("x/python-sortedcollections")
    assert "lune_utils" in repo_names("o/lune-utils")
    assert repo_names("") == set()


def test_the_guarded_parser_passes_the_repository_to_its_child():
    from agent.reports.guarded import GuardedParser

    with GuardedParser(timeout=30) as p:
        assert p.parse(BOT, "pytube/pytube").report.guilty.function == "get_throttling_function_code"
        assert p.parse(BOT).report.guilty.function == "play"


def test_a_repository_given_to_another_parser_is_refused_not_dropped():
    import pytest

    from agent.reports.guarded import GuardedParser

    with GuardedParser(timeout=30, fn=len) as p, pytest.raises(ValueError):
        p.parse("text", "o/r")
