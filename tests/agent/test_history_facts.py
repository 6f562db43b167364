"""History facts only when there is history: a single initial commit gives none (real git repos)."""
from types import SimpleNamespace

from agent import history
from agent.memory import Memory
from agent.path import record_history
from agent.repair_context import Site
from gitrepo import commit, make_repo


def test_a_single_commit_gives_no_history_facts_and_two_commits_do(tmp_path):
    repo = make_repo(tmp_path / "r", {"app.py": "x = 1\ny = x / 0\n"}, "initial")
    run = SimpleNamespace(memory=Memory())
    assert not history.has_history(repo)
    assert record_history(run, repo, Site("app.py", 2, "<module>", 0)) is None and run.memory.facts == []
    commit(repo, {"app.py": "x = 1\ny = x / 0  # divide\n"}, "comment the division")
    assert history.has_history(repo)
    blame = record_history(run, repo, Site("app.py", 2, "<module>", 0))
    assert blame and "comment the division" in run.memory.facts[0].text
    assert not history.has_history(tmp_path / "not-a-repo")


def test_a_line_that_came_with_the_trees_import_is_blamed_on_no_one(tmp_path):
    """The import commit (a root commit) names no change: no "last changed by" fact, a note instead."""
    repo = make_repo(tmp_path / "r", {"app.py": "x = 1\ny = x / 0\n", "b.py": "pass\n"}, "import the tree")
    commit(repo, {"b.py": "pass  # later\n"}, "touch another file")
    run = SimpleNamespace(memory=Memory(), notes=[])
    assert history.has_history(repo)
    blame = record_history(run, repo, Site("app.py", 2, "<module>", 0))       # returned (kernel: Fixes: says why not)
    assert blame is not None and blame.subject == "import the tree"
    assert not [f for f in run.memory.facts if "import the tree" in f.text]
    assert any("an import of the tree" in n for n in run.notes)
