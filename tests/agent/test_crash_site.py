"""The crash site of a traceback through the reporter's own script into the library's installed copy
(issue 24): once the checkout's files are known, the run names the library's innermost frame in the
repository (the report's guilty frame and title, so the PR title, the root cause and the dashboard's
highlighted frame), and keeps the reporter's function as context. Real git checkout, crashfix's own
frame mapping (SandboxPath.map_frames)."""
from __future__ import annotations

from pathlib import Path

from agent.path import Steps
from agent.reports import parse
from agent.run import Result, Run, RunConfig, root_cause
from agent.sandboxed import SandboxPath
from bot.conversation.publish import pr_title
from gitrepo import make_repo

IO = '''def _quote(name):
    if '"' in name:
        return '"' + name.replace('"', '""') + '"'
    return name


def _header(columns):
    return ",".join(_quote(c) for c in columns)


class Table:
    def to_csv(self, path):
        header = _header(self.columns)
        return header
'''
PASTE = (Path(__file__).resolve().parent / "reports" / "pastes" / "user_script.md").read_text()


def _mapped(tmp_path) -> Run:
    # the reported line numbers are the reporter's version: 55/61/88 in theirs, 2/8/13 here
    repo = make_repo(tmp_path / "tabula", {"src/tabula/__init__.py": "", "src/tabula/io.py": IO})
    run = Run(RunConfig(repo=str(repo), report_text=PASTE, out=tmp_path / "out"))
    run.report = parse(PASTE)
    path = SandboxPath(run, Steps(run))
    path.map_frames(repo)
    return run


def test_the_innermost_repo_frame_is_the_crash_site(tmp_path):
    run = _mapped(tmp_path)
    rep = run.report
    assert rep.guilty.function == "_quote" and rep.guilty is rep.frames[0]
    assert rep.title == "TypeError in _quote"
    assert rep.extra["reporter_frame"] == {"function": "export", "file": "/home/alice/reports/make_report.py",
                                           "line": 12}
    # the parser named the library's frame already (issue 36: never the reporter's script): nothing to move
    assert not any(n.startswith("crash site:") for n in run.notes)
    assert root_cause(run) == "`TypeError: argument of type 'int' is not iterable` in `_quote` at `src/tabula/io.py:2`."
    assert pr_title(Result.of(run), 7) == "Fix TypeError in _quote (#7)"


def test_a_checkout_traceback_keeps_the_parsers_guilty_frame(tmp_path):
    own = PASTE.replace("/home/alice/.local/lib/python3.12/site-packages/", "/home/ci/tabula/src/")
    repo = make_repo(tmp_path / "tabula", {"src/tabula/__init__.py": "", "src/tabula/io.py": IO})
    run = Run(RunConfig(repo=str(repo), report_text=own, out=tmp_path / "out"))
    run.report = parse(own)
    SandboxPath(run, Steps(run)).map_frames(repo)
    assert run.report.guilty.function == "_quote" and run.report.title == "TypeError in _quote"
    # the reporter's script (outside the repository) stays as context, as for an installed copy
    assert run.report.extra["reporter_frame"]["function"] == "export"
