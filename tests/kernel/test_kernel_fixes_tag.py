"""`Fixes:` from syzbot's bisection when it names a commit of the tree, else blame; never an import
commit (a root commit, or one touching thousands of files), on the real 6.1 demo tree."""
from __future__ import annotations

import subprocess

import pytest

from agent.history import blame_line
from agent.kernel import mail

pytestmark = [pytest.mark.kernel]

MAIL = """Hello,

syzbot found the following issue on:

HEAD commit:    830b3c68c1fb Linux 6.1
C reproducer:   https://syzkaller.appspot.com/x/repro.c?x=12ab34cd560000

The issue was bisected to:

commit {sha}
Author: Dana Demo <dana@crashfix.invalid>
Date:   Thu Feb 1 12:00:00 2024 +0000

    misc: add crashfix_demo

bisection log:  https://syzkaller.appspot.com/x/bisect.txt?x=1
"""


def _shas(repo):
    out = subprocess.run(["git", "log", "--format=%H"], cwd=repo, capture_output=True, text=True, check=True)
    driver, root = out.stdout.split()[:2]
    return driver, root


def test_the_bisection_names_the_fixes_commit(demo_repo):
    driver, root = _shas(demo_repo)
    assert mail.bisected(MAIL.format(sha=driver)) == driver
    found, why = mail.fixes_tag(demo_repo, MAIL.format(sha=driver), blamed=None)
    assert found is not None and found.sha == driver and "bisection" in why


def test_an_import_commit_is_never_the_fixes_commit(demo_repo):
    """Blame of a line the tree's import brought names the import: no Fixes: at all (before: the import
    commit was named); a bisection naming a commit the tree lacks falls back to blame."""
    driver, root = _shas(demo_repo)
    assert mail.is_import(demo_repo, root) and not mail.is_import(demo_repo, driver)
    imported = blame_line(demo_repo, "security/keys/big_key.c", 57)
    assert imported is not None and imported.sha == root
    found, why = mail.fixes_tag(demo_repo, "no bisection here", imported)
    assert found is None and "import" in why
    found, why = mail.fixes_tag(demo_repo, MAIL.format(sha=root), imported)
    assert found is None and "an import commit" in why
    blamed = blame_line(demo_repo, "drivers/misc/crashfix_demo.c", 33)
    found, why = mail.fixes_tag(demo_repo, MAIL.format(sha="0123456789abcdef0123"), blamed)
    assert found is not None and found.sha == driver and "not a commit of this tree" in why and "blame" in why
