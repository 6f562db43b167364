"""Where the stack shows no frame of a program's code the guilty frame is None (abstain), never the runtime,
the standard library, a console wrapper, `<string>` or a wrapper inside a checkout named like the project."""
from agent.reports import parse_issue

GO_RUNTIME_ONLY = '''fatal error: concurrent map writes

```
fatal error: concurrent map writes

goroutine 42 [running]:
runtime.throw(0x1a2b3c, 0x15)
\t/usr/local/go/src/runtime/panic.go:1117 +0x72
runtime.mapassign_faststr(0x19e0a0, 0xc0001a2000, 0xc00012e0a0, 0x8, 0x0)
\t/usr/local/go/src/runtime/map_faststr.go:211 +0x3f1
database/sql.(*DB).conn(0xc000110000, 0x1c2d40, 0xc000120000, 0x1, 0x0, 0x0, 0x0)
\t/usr/local/go/src/database/sql/sql.go:1264 +0x2ae
```
'''


def test_a_go_stack_of_the_runtime_and_standard_library_only_blames_nothing():
    rep = parse_issue(GO_RUNTIME_ONLY, "someone/somedb")
    assert rep.kind == "go" and rep.frames and rep.guilty is None


WRAPPER_ONLY = '''ImportError: No module named backports

```
$ tool --help
Traceback (most recent call last):
  File "/usr/bin/tool", line 9, in <module>
    from toolpkg.cli import main
ImportError: No module named backports
```
'''


def test_a_console_wrapper_alone_is_never_guilty():
    assert parse_issue(WRAPPER_ONLY).guilty is None
    assert parse_issue(WRAPPER_ONLY, "someone/toolpkg").guilty is None


STRING_ONLY = '''AttributeError: 'module' object has no attribute 'getsitepackages'

```
Traceback (most recent call last):
  File "<string>", line 1, in <module>
AttributeError: 'module' object has no attribute 'getsitepackages'
```
'''


def test_string_alone_is_never_guilty():
    assert parse_issue(STRING_ONLY).guilty is None


CHECKOUT_VENV = '''ImportError: cannot import name 'main'

```
Traceback (most recent call last):
  File "/opt/webapp/.venv/bin/pip", line 7, in <module>
    from pip._internal import main
  File "/opt/webapp/.venv/lib/python3.9/site-packages/pip/_internal/__init__.py", line 5, in <module>
    import logging
  File "/usr/lib/python3.9/logging/__init__.py", line 26, in <module>
    import weakref
ImportError: cannot import name 'main'
```
'''


def test_a_wrapper_inside_a_checkout_named_like_the_project_is_not_the_projects_code():
    rep = parse_issue(CHECKOUT_VENV, "someone/webapp")
    assert rep.guilty is not None and rep.guilty.file != "/opt/webapp/.venv/bin/pip"
