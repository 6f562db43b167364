"""`crashfix simulate`: one issue through the real webhook, router and worker against the simulated
GitHub; the App's writes come out in order (readable, or one JSON op per line)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.cli.simulate import MAINTAINER, REPORTER, issue_title, render_op, simulate

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"


def test_the_title_is_the_first_heading_or_line():
    assert issue_title("\n### `fulfil` crashes\n\nbody") == "`fulfil` crashes"
    assert issue_title("  plain first line\nsecond") == "plain first line"
    assert issue_title("\n\n") == "crash report"


def test_comments_are_posted_by_a_writer_and_answered_in_order(tmp_path, gh, git_repo):
    steps, shown = [], []
    out = simulate(git_repo, gh.CRASH_BODY, ["/crashfix fix"], tmp_path / "sim", sandbox="local",
                   pipeline=gh.fake_pipeline("not_fixed"), on_op=shown.append, on_step=steps.append)
    assert [(s.who, s.what) for s in steps] == [(REPORTER, "opened"), (MAINTAINER, "commented")]
    names = [o["op"] for o in out.ops]
    assert out.ops == shown and out.status == "not_fixed"
    assert names[0] == "label.add" and names[1] == "comment.create"            # triage, on the opened issue
    eyes = [o for o in out.ops if o["op"] == "reaction.add"]
    assert [o["content"] for o in eyes] == ["eyes"]                              # the command accepted
    assert eyes[0]["comment_id"] not in {o.get("comment_id") for o in out.ops if o["op"] == "comment.create"}
    assert "branch.push" not in names and "pr.create" not in names
    assert "comment.edit" in names and names.index("comment.create") < names.index("comment.edit")
    assert [(j["kind"], j["state"]) for j in out.jobs] == [("triage", "done"), ("fix", "done")]
    assert not out.waiting


def test_a_reporter_without_write_access_is_refused(tmp_path, gh, git_repo):
    from bot.cli.simulate import Simulation
    sim = Simulation(git_repo, "local/upstream", tmp_path / "data", sandbox="local", pipeline=gh.fake_pipeline())
    sim.open_issue("crash", gh.CRASH_BODY)
    sim.deliver("issue_comment", {"action": "created", "issue": sim._issue(),
                                  "comment": {"id": sim.state.new_id(), "body": "/crashfix fix",
                                              "user": {"login": REPORTER}}}, REPORTER)
    refusal = [o for o in sim.ops if o["op"] == "comment.create" and "write access" in o["body"]]
    assert refusal and sim.outcome().jobs[-1]["state"] == "cancelled"


def test_a_plain_folder_is_simulated_on_a_snapshot_and_the_label_comes_from_its_config(tmp_path, gh):
    folder = tmp_path / "plain"
    (folder / ".github").mkdir(parents=True)
    (folder / ".github" / "crashfix.yml").write_text("trigger_label: please-fix\n")
    (folder / "app.py").write_text("print('hi')\n")
    steps = []
    out = simulate(folder, gh.CRASH_BODY, [], tmp_path / "sim", sandbox="local", pipeline=gh.fake_pipeline(),
                   on_step=steps.append)
    assert steps[-1].text == "please-fix" and out.status == "fixed"
    pr = next(o for o in out.ops if o["op"] == "pr.create")
    assert pr["repo"] == "local/plain" and pr["draft"] is True
    removed = [o for o in out.ops if o["op"] == "label.remove"]          # the config's label comes off at the end
    assert [o["label"] for o in removed] == ["please-fix"] and out.ops.index(removed[0]) > out.ops.index(pr)
    assert not (folder / ".git").exists()                      # the folder itself is left alone
    assert "pr.create #" in render_op(pr) and "(draft)" in render_op(pr)


def test_bad_arguments_exit_2_with_one_line(tmp_path, capsys):
    assert main(["simulate", "--repo", str(tmp_path), "--issue", str(tmp_path / "none.md")]) == 2
    assert "cannot read the issue" in capsys.readouterr().err
    issue = tmp_path / "issue.md"
    issue.write_text("crash")
    assert main(["simulate", "--repo", str(tmp_path / "nope"), "--issue", str(issue)]) == 2
    assert "no such directory" in capsys.readouterr().err
    assert main(["simulate", "--repo", str(tmp_path), "--issue", str(issue), "--name", "noslash"]) == 2


def test_the_command_prints_one_json_op_per_line_and_exits_by_the_outcome(tmp_path, gh, git_repo, monkeypatch,
                                                                         capsys):
    from bot.cli import main as cli
    monkeypatch.setattr("bot.cli.simulate.execute", gh.fake_pipeline("not_reproduced"))
    issue = tmp_path / "issue.md"
    issue.write_text(gh.CRASH_BODY)
    code = main(["simulate", "--repo", str(git_repo), "--issue", str(issue), "--sandbox", "local", "--json",
                 "--comment", "/crashfix fix", "--data-dir", str(tmp_path / "data")])
    out = capsys.readouterr()
    ops = [json.loads(line) for line in out.out.splitlines()]
    assert [o["op"] for o in ops][:2] == ["label.add", "comment.create"] and "reaction.add" in [o["op"] for o in ops]
    assert "job 2 (fix): done, not_reproduced" in out.err
    table = getattr(cli, "exit_code", None)                # `crashfix run`'s exit codes, where the cli has them
    assert code == (table("not_reproduced") if table else 0)


def _simulate(tmp_path, monkeypatch, *args: str) -> tuple[int, str, str]:
    """`crashfix simulate ARGS` with HOME in tmp_path (where the data dir goes by default): (exit, stdout, stderr)."""
    import contextlib
    import io
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["simulate", "--sandbox", "local", *args])
    return code, out.getvalue(), err.getvalue()


def test_a_typo_in_the_last_command_is_answered_not_a_failed_simulate(tmp_path, gh, git_repo, monkeypatch):
    """The run errored, then the maintainer's next command had a typo: the App answers "unknown command",
    and that answer is where the conversation ends; simulate exits 0, not the earlier run's 2."""
    monkeypatch.setattr("bot.cli.simulate.execute", gh.fake_pipeline("error"))
    issue = tmp_path / "issue.md"
    issue.write_text(gh.CRASH_BODY)
    code, out, err = _simulate(tmp_path, monkeypatch, "--repo", str(git_repo), "--issue", str(issue),
                               "--comment", "/crashfix fix", "--comment", "/crashfix fixx")
    assert "unknown command `fixx`" in out
    assert "job 2 (fix): done, error" in err and "job 3 (help): done" in err
    assert "the last step started no run: the App answered it on the issue" in err
    assert code == 0
    code, _, _ = _simulate(tmp_path, monkeypatch, "--repo", str(git_repo), "--issue", str(issue),
                           "--comment", "/crashfix fix")
    assert code == 2                                          # the run's own error still exits 2


def test_the_runs_progress_is_said_on_stderr_as_it_happens(tmp_path, gh, git_repo, monkeypatch):
    """Each checklist step the run reaches and each of its events, in words, before the job's end."""
    monkeypatch.setattr("bot.cli.simulate.execute", gh.fake_pipeline("not_fixed"))
    issue = tmp_path / "issue.md"
    issue.write_text(gh.CRASH_BODY)
    code, out, err = _simulate(tmp_path, monkeypatch, "--repo", str(git_repo), "--issue", str(issue), "--json")
    lines = err.splitlines()
    assert "crashfix: == Parse the crash report" in lines
    assert "crashfix:    parsing the crash report (waiting for: the report to be parsed)" in lines
    assert "crashfix: == Validate candidate patches" in lines
    assert "crashfix:    validating 1/1: guard None" in lines
    assert lines.index("crashfix: == Parse the crash report") < lines.index("crashfix: == Validate candidate patches")
    assert lines.index("crashfix:    validating 1/1: guard None") < lines.index("crashfix: job 2 (fix): done, not_fixed")
    assert all(json.loads(line) for line in out.splitlines())          # stdout stays the JSON transcript
    assert code == 1


def test_the_data_dir_is_kept_under_home_and_its_path_said(tmp_path, gh, git_repo, monkeypatch):
    monkeypatch.setattr("bot.cli.simulate.execute", gh.fake_pipeline("fixed"))
    issue = tmp_path / "issue.md"
    issue.write_text(gh.CRASH_BODY)
    code, _, err = _simulate(tmp_path, monkeypatch, "--repo", str(git_repo), "--issue", str(issue))
    assert code == 0
    [kept] = (tmp_path / "home" / ".local" / "share" / "crashfix" / "simulate").iterdir()
    assert f"crashfix: kept in {kept}: " in err
    assert (kept / "crashfix.db").is_file() and (kept / "dry-run.jsonl").is_file()
    assert (kept / "runs" / "2" / "report.md").is_file()                  # the fix job's run folder
    code, _, err = _simulate(tmp_path, monkeypatch, "--repo", str(git_repo), "--issue", str(issue))
    assert len(list(kept.parent.iterdir())) == 2                            # a new folder each time


def test_a_bundled_example_by_name_from_any_directory(tmp_path, gh, monkeypatch):
    """`--example inventory` finds the repository and the issue beside the package, not in the current directory."""
    from bot.cli.examples import examples
    pipeline = gh.fake_pipeline("not_fixed")
    monkeypatch.setattr("bot.cli.simulate.execute", pipeline)
    monkeypatch.chdir(tmp_path)
    code, out, err = _simulate(tmp_path, monkeypatch, "--example", "inventory", "--json")
    assert code == 1, err
    assert "AttributeError" in pipeline.configs[0].report_text
    [kept] = (tmp_path / "home" / ".local" / "share" / "crashfix" / "simulate").iterdir()
    assert (kept / "snapshot" / "src" / "stockroom" / "orders.py").is_file()     # the example's repo, cloned
    assert {"inventory", "clib/off-by-one"} <= set(examples())
    code, _, err = _simulate(tmp_path, monkeypatch, "--example", "nope")
    assert code == 2 and "no example 'nope'; the examples: " in err and "inventory" in err
    code, _, err = _simulate(tmp_path, monkeypatch, "--example", "inventory", "--repo", str(tmp_path))
    assert code == 2 and "without --repo and --issue" in err
    code, _, err = _simulate(tmp_path, monkeypatch)
    assert code == 2 and "--example NAME" in err
    assert not (tmp_path / "home").exists() or len(list((tmp_path / "home").rglob("crashfix.db"))) == 1


@pytest.mark.docker
def test_simulate_the_bundled_example_in_the_docker_sandbox(sandbox_image, tmp_path):
    """The README's command, as a user runs it: the real pipeline in Docker, the App's writes as JSON lines."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env = {k: v for k, v in env.items() if not k.startswith("CRASHFIX_")}        # no App, no LLM: the templates
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "simulate", "--repo", str(EXAMPLE / "repo"),
                           "--issue", str(EXAMPLE / "report.txt"), "--json", "--data-dir", str(tmp_path / "data")],
                          capture_output=True, text=True, timeout=900, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    ops = [json.loads(line) for line in done.stdout.splitlines()]
    names = [o["op"] for o in ops]
    assert names[:2] == ["label.add", "comment.create"]            # triage of the opened issue
    assert "crash:python" in ops[0]["labels"]
    created = {o["comment_id"] for o in ops if o["op"] == "comment.create"}
    edits = [o for o in ops if o["op"] == "comment.edit"]
    assert edits and names.index("comment.create") < names.index("comment.edit")
    assert {o["comment_id"] for o in edits} <= created                # only comments it created are edited
    push, pr = names.index("branch.push"), names.index("pr.create")
    assert push < pr and ops[pr]["draft"] is True and ops[pr]["head"] == "crashfix/issue-1"
    assert "if item is None" in ops[push]["diff"] and "Fixes #1" in ops[pr]["body"]
    assert "check.create" in names
    assert "label.remove" in names, names                  # the trigger label comes off when the run ends
    assert names.index("label.remove") > pr and ops[names.index("label.remove")]["label"] == "crashfix"
    assert {o["repo"] for o in ops} == {"local/repo"}
    assert "job 2 (fix): done, fixed" in done.stderr
    assert (tmp_path / "data" / "dry-run.jsonl").exists()
