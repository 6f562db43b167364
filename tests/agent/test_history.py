"""History over the guilty lines, on a real git repository."""
from agent import history
from gitrepo import commit, make_repo


def test_blame_names_the_commit_that_introduced_the_line(tmp_path):
    repo = make_repo(tmp_path / "r", {"app.py": "def f(d):\n    return d.get('k')\n"}, "add f")
    bad = commit(repo, {"app.py": "def f(d):\n    return d['k']\n"}, "speed up f")
    blame = history.blame_line(repo, "app.py", 2)
    assert blame is not None
    assert blame.sha == bad and blame.subject == "speed up f" and blame.author == "Test Author"


def test_line_history_lists_every_commit_that_touched_the_lines(tmp_path):
    repo = make_repo(tmp_path / "r", {"app.py": "x = 1\ny = 2\n"}, "one")
    commit(repo, {"app.py": "x = 1\ny = 3\n"}, "two")
    commit(repo, {"app.py": "x = 1\ny = 4\n"}, "three")
    subjects = [c.subject for c in history.line_history(repo, "app.py", 2, 2)]
    assert subjects == ["three", "two", "one"]


def test_pickaxe_finds_the_commit_that_added_a_string(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.py": "pass\n"}, "start")
    commit(repo, {"a.py": "limit = compute_limit()\n"}, "introduce compute_limit")
    assert [c.subject for c in history.pickaxe(repo, "compute_limit")] == ["introduce compute_limit"]


def test_history_of_a_folder_that_is_not_a_repo_is_empty(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    assert history.blame_line(tmp_path, "a.py", 1) is None
    assert history.line_history(tmp_path, "a.py", 1, 1) == []
