"""End to end in the Docker sandbox: a tiny package crashes with a bare KeyError on bad input, the issue says it
"should raise ConfError" (the package's own error); the own_error template's patch validates, the regression test's
assertion of what the issue expects passes with it, and it is the patch crashfix keeps."""
from __future__ import annotations

import json

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from gitrepo import make_repo

PACKAGE = {
    "pyproject.toml": '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
                      '[project]\nname = "confkit"\nversion = "0.1"\n[tool.setuptools]\npackages = ["confkit"]\n',
    "confkit/__init__.py": "from confkit.errors import ConfError\nfrom confkit.options import get_option\n",
    "confkit/errors.py": 'class ConfError(ValueError):\n    """A configuration the package cannot use."""\n',
    "confkit/options.py": (
        "from confkit.errors import ConfError\n\n\n"
        "def _check(name):\n"
        "    if not name:\n"
        "        raise ConfError('empty option name')\n"
        "    return name\n\n\n"
        "def get_option(conf, name):\n"
        "    _check(name)\n"
        "    return conf[name]\n"),
    "tests/test_options.py": (
        "import pytest\n\nfrom confkit import ConfError, get_option\n\n\n"
        "def test_present():\n    assert get_option({'port': '80'}, 'port') == '80'\n\n\n"
        "def test_empty_name():\n    with pytest.raises(ConfError):\n        get_option({}, '')\n"),
}
ISSUE = '''`confkit.get_option` crashes with a bare KeyError when the option is missing:

```python
import confkit
confkit.get_option({"host": "x"}, "port")
```

```
Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    confkit.get_option({"host": "x"}, "port")
  File "/usr/lib/python3/site-packages/confkit/options.py", line 12, in get_option
    return conf[name]
KeyError: 'port'
```

It should raise ConfError (the package's own error for bad configuration), not a bare KeyError.
'''


@pytest.mark.docker
def test_the_packages_own_error_validates_and_meets_the_issues_expectation(sandbox_image, tmp_path):
    repo = make_repo(tmp_path / "confkit", PACKAGE)
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=tmp_path / "out", test_cmd="python -m pytest -q",
                            strategy="templates", sandbox="docker", tries=1, max_candidates=3, want_valid=1))
    assert run.reproduction.reproduced and run.reproduction.regression_test.expectation.raises == ("ConfError",)
    own = [v for v in run.verdicts if v.candidate.template == "own_error"]
    assert own and own[0] is run.verdicts[0], [v.candidate.template for v in run.verdicts]
    assert own[0].validated and own[0].expected is True, (own[0].reason, own[0].expected_said)
    assert run.best is own[0]
    assert "+    except KeyError as exc:\n+        raise ConfError(str(exc)) from exc\n" in run.best.candidate.diff
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert result["candidates"][0]["template"] == "own_error" and result["candidates"][0]["meets_expectation"] is True


FAILING_TEST = ("\n\ndef test_missing_option_is_a_conf_error():\n    with pytest.raises(ConfError):\n"
                "        get_option({'host': 'x'}, 'port')\n")
TEST_ISSUE = '''`tests/test_options.py::test_missing_option_is_a_conf_error` fails:

```
    def test_missing_option_is_a_conf_error():
        with pytest.raises(ConfError):
>           get_option({'host': 'x'}, 'port')

tests/test_options.py:17:
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

conf = {'host': 'x'}, name = 'port'

    def get_option(conf, name):
        _check(name)
>       return conf[name]
E       KeyError: 'port'

confkit/options.py:12: KeyError
```

A missing option should raise ConfError, not a bare KeyError.
'''


@pytest.mark.docker
def test_the_expectation_is_checked_when_the_repositorys_own_test_reproduces(sandbox_image, tmp_path):
    files = {**PACKAGE, "tests/test_options.py": PACKAGE["tests/test_options.py"] + FAILING_TEST}
    repo = make_repo(tmp_path / "confkit", files)
    run = run_job(RunConfig(repo=str(repo), report_text=TEST_ISSUE, out=tmp_path / "out",
                            test_cmd="python -m pytest -q", strategy="templates", sandbox="docker", tries=1,
                            max_candidates=3, want_valid=1))
    rep = run.reproduction
    assert rep.reproduced and rep.rung == 2 and rep.regression_test is None, rep.how
    assert rep.expect_command and rep.expect_check.expectation.raises == ("ConfError",)
    best = run.best
    assert best is not None and best.expected is True, [(v.candidate.template, v.expected) for v in run.verdicts]
    assert any("checked on the issue's own call" in n for n in run.notes)
