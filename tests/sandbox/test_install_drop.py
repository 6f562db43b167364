"""A package that cannot install is dropped from a tox `deps` line or a requirements file and the
set-up goes on, said (real pip, real PyPI, the local sandbox's venv)."""
from __future__ import annotations

from sandbox import open_sandbox
from sandbox.setup import InstallStep

MISSING = "crashfix-no-such-package-4f1c==1.0"


def test_a_requirement_that_cannot_install_is_dropped_from_its_file(repo_factory):
    repo = repo_factory({"requirements/base.txt": "six\n",
                         "requirements/test.txt": f"-r base.txt\n# the suite\n{MISSING}\nsix>=1.10\n"})
    notes: list[str] = []
    box = open_sandbox("local", repo, steps=[InstallStep("pip install -r requirements/test.txt", True, droppable=True)],
                       notes=notes)
    try:
        said = [n for n in notes if "dropped" in n]
        assert said and said[0].startswith(f"`{MISSING}` failed to install and was dropped from requirements/test.txt")
        copy = box.read(".crashfix/requirements_test.txt")
        assert MISSING not in copy and "-r ../requirements/base.txt" in copy and "six>=1.10" in copy
        assert box.run("git status --porcelain", timeout=30).output.strip() == ""     # the copy is not the tree's
    finally:
        box.close()


def test_a_package_that_cannot_install_is_dropped_from_a_deps_line_and_not_otherwise(repo_factory):
    repo = repo_factory({"a.txt": "a\n"})
    notes: list[str] = []
    box = open_sandbox("local", repo, steps=[InstallStep(f"pip install 'six' '{MISSING}'", True, droppable=True)],
                       notes=notes)
    box.close()
    assert any(n.startswith(f"`{MISSING}` failed to install and was dropped from `pip install 'six'") for n in notes), notes
    import pytest
    from sandbox import SetupFailed
    with pytest.raises(SetupFailed):           # not droppable (an explicit or a project install): the set-up fails
        open_sandbox("local", repo, steps=[InstallStep(f"pip install 'six' '{MISSING}'", True)]).close()
