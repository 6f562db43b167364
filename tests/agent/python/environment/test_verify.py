"""The import check after set-up, in a real (local) sandbox: the project's packages and each test
module imported the way pytest would; a missing third-party module named, the project's own not."""
from __future__ import annotations

from pathlib import Path

from agent.python.environment.verify import check
from sandbox import open_sandbox


def test_packages_and_test_modules_are_imported_and_what_they_miss_is_named(tmp_path: Path):
    files = {"src/feedkit/__init__.py": "from feedkit.parse import entries\n",
             "src/feedkit/parse.py": "def entries(text):\n    return text.split()\n",
             "tests/__init__.py": "",
             "tests/helpers.py": "WORDS = ['a', 'b']\n",
             "tests/test_parse.py": "from .helpers import WORDS\nfrom feedkit import entries\n\n"
                                    "def test_entries():\n    assert entries('a b') == WORDS\n",
             "tests/test_yaml.py": "import yaml_feed_missing_dep\n\ndef test_x():\n    pass\n",
             "tests/test_own.py": "import feedkit.nosuchpart\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    box = open_sandbox("local", tmp_path, install=False)
    try:
        box.setenv({"PYTHONPATH": str(box.root / "src")})        # as an editable install of src/ would
        result = check(box, list(files))
    finally:
        box.close()
    assert result.error is None, result.error
    assert result.modules == 3 and result.packages == ["feedkit"]
    assert set(result.failing) == {"tests/test_yaml.py", "tests/test_own.py"}
    assert result.missing == ["yaml_feed_missing_dep"]          # the project's own missing part is a bug, not a dependency
    assert "1 of 3 test modules import" in result.summary()
    assert "tests/test_yaml.py: ModuleNotFoundError: No module named 'yaml_feed_missing_dep'" in result.summary()


def test_conftest_is_checked_first_and_the_suites_own_missing_helpers_are_not_packages(tmp_path: Path):
    # a conftest importing a missing dependency stops pytest before any test; a test module that imports
    # `common` (a helper the release archive did not ship: tabulate 0.7.7) misses a file, not PyPI's `common`
    files = {"calc.py": "def add(a, b):\n    return a + b\n",
             "tests/__init__.py": "",
             "tests/conftest.py": "import tz_dep_missing_here\n",
             "tests/base.py": "X = 1\n",
             "tests/test_calc.py": "from tests.base import X\n",
             "test/test_api.py": "from common import SkipTest\n",
             "test/test_more.py": "from testing.support import ROOT\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    box = open_sandbox("local", tmp_path, install=False)
    try:
        result = check(box, list(files))
    finally:
        box.close()
    assert result.error is None, result.error
    assert result.missing == ["tz_dep_missing_here"]
    assert result.helpers == ["common", "testing"]
    assert "not installed from PyPI" in result.summary()
