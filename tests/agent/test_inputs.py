"""The run's input files (agent/inputs.py) written into a sandbox's tree where the issue's command runs,
byte for byte, kept by the snapshot (no candidate's diff holds them, a reset keeps them); a file the
tree already has is not written over, a name outside the tree is refused; and `crashfix run --input`."""
from __future__ import annotations

import pytest

from agent.inputs import InputFile, bad_name, place_inputs
from bot.cli.main import _inputs, main
from gitrepo import make_repo
from sandbox.local import LocalSandbox

BYTES = bytes(range(256)) + b"\n\x00=\xff"


@pytest.fixture
def sb(tmp_path):
    repo = make_repo(tmp_path / "repo", {"tool.c": "int main(void) { return 0; }\n", "poc": "the tree's own\n"})
    box = LocalSandbox(repo)
    box.snapshot()
    yield box
    box.close()


def test_inputs_are_written_where_the_command_runs_and_survive_a_reset(sb, tmp_path):
    (tmp_path / "a.bin").write_bytes(BYTES)
    inputs = (InputFile("crash.bin", tmp_path / "a.bin", "https://github.com/user-attachments/files/1/crash.bin"),
              InputFile("cases/deep/crash2", tmp_path / "a.bin", "--input"),
              InputFile("poc", tmp_path / "a.bin", "--input"),
              InputFile("lost.bin", None, "https://github.com/user-attachments/files/2/lost.bin",
                        "could not be downloaded: HTTP 404 Not Found"))
    notes = place_inputs(sb, inputs)
    assert sb.run("cmp crash.bin cases/deep/crash2 && od -An -tx1 crash.bin | head -1", timeout=30).output.split()[:3] \
        == ["00", "01", "02"]
    assert (tmp_path / "a.bin").read_bytes() == BYTES
    assert sb.run("wc -c < crash.bin", timeout=30).output.strip() == str(len(BYTES))
    assert sb.read("poc") == "the tree's own\n"              # never written over
    assert "input `poc` (--input) not written: the tree already has a file of that name" in notes
    assert ("input `lost.bin` (https://github.com/user-attachments/files/2/lost.bin): could not be downloaded: "
            "HTTP 404 Not Found") in notes
    assert sb.diff() == ""                                   # in the snapshot: no candidate's diff holds them
    sb.write("tool.c", "int main(void) { return 1; }\n")
    sb.reset()
    assert sb.run("cmp crash.bin cases/deep/crash2", timeout=30).ok


def test_names_outside_the_tree_are_refused(sb, tmp_path):
    for name in ("/etc/x", "../x", "a/../../x", ".git/config", "a b", ""):
        assert bad_name(name), name
    assert bad_name("./poc") is None and bad_name("fuzz/crash-1.bin") is None
    (tmp_path / "a.bin").write_bytes(b"x")
    notes = place_inputs(sb, (InputFile("../escape", tmp_path / "a.bin", "--input"),))
    assert notes == ["input from --input not written: `../escape` is not a path inside the tree (absolute, or "
                     "leaving it with `..`)"]
    assert not (tmp_path / "escape").exists()


def test_the_cli_input_option(tmp_path, capsys):
    f = tmp_path / "poc.zip"
    f.write_bytes(b"PK")
    got, bad = _inputs([str(f), f"./cases/poc={f}"])
    assert bad is None and [(i.name, i.path, i.source) for i in got] == [("poc.zip", f, "--input"),
                                                                         ("cases/poc", f, "--input")]
    assert _inputs([str(tmp_path / "nope")])[1] == f"--input {tmp_path / 'nope'}: no such file {str(tmp_path / 'nope')!r}"
    assert "is not a path inside the tree" in _inputs([f"/abs={f}"])[1]
    report = tmp_path / "issue.md"
    report.write_text("crash\n")
    code = main(["run", "--repo", str(tmp_path), "--report", str(report), "--input", str(tmp_path / "nope"),
                 "--out", str(tmp_path / "out")])
    assert code == 2 and f"crashfix: --input {tmp_path / 'nope'}: no such file" in capsys.readouterr().err and not (tmp_path / "out" / "result.json").exists()
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    assert "--input [NAME=]PATH" in capsys.readouterr().out
