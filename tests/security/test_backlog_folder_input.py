"""`crashfix backlog --issues DIR` reads the folder as untrusted input (issue 35): it stays inside
DIR (a link out of it is not followed), caps each file's size and the number of files, and turns
any unreadable or invalid file (JSON nested too deep, a FIFO, a title that is not text) into one
line and exit 2, never a traceback. The real CLI entry point on real files."""
from __future__ import annotations

import json
import os

from bot.cli.backlog_local import MAX_FILE_BYTES, MAX_FILES
from bot.cli.main import main

CRASH = ("# crash\n\nTraceback (most recent call last):\n  File \"app/core.py\", line 3, in load\n"
         "    return data[key]\nKeyError: 'sku'\n")
SECRET = "Traceback (most recent call last):\n  File \"/etc/secret.py\", line 1, in <module>\nValueError: OUTSIDE-7c1e\n"


def _one_line_refusal(capsys, *words) -> str:
    out = capsys.readouterr()
    err = out.err.strip()
    assert "Traceback" not in out.err and "Traceback" not in out.out, out.err[-2000:]
    assert err.count("\n") == 0 and err.startswith("crashfix: "), err[-2000:]
    for w in words:
        assert w in err, err
    return err


def _folder(tmp_path, name="issues"):
    d = tmp_path / name
    d.mkdir()
    (d / "1.md").write_text(CRASH)
    return d


def test_a_link_out_of_the_folder_is_not_followed(tmp_path, capsys):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET)
    d = _folder(tmp_path)
    (d / "2.md").symlink_to(outside / "secret.txt")
    assert main(["backlog", "--issues", str(d), "--json"]) == 2
    err = _one_line_refusal(capsys, "2.md", "link out of")
    assert "OUTSIDE-7c1e" not in err
    (d / "2.md").unlink()
    (d / "2.md").symlink_to(d / "1.md")                 # a link to a file inside the folder is read
    assert main(["backlog", "--issues", str(d), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["crashes"] == 2


def test_json_nested_too_deep_is_one_line_not_a_traceback(tmp_path, capsys):
    d = _folder(tmp_path)
    (d / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    assert main(["backlog", "--issues", str(d)]) == 2
    _one_line_refusal(capsys, "deep.json", "nested too deep")
    (d / "deep.json").write_text('{"number": 2, "title": ' + "[" * 50 + "]" * 50 + ', "body": ""}')
    assert main(["backlog", "--issues", str(d)]) == 2
    _one_line_refusal(capsys, "deep.json", "`title` is not text")
    (d / "deep.json").write_text(json.dumps({"number": True, "title": "x"}))
    assert main(["backlog", "--issues", str(d)]) == 2
    _one_line_refusal(capsys, "deep.json", "number")


def test_each_file_is_capped_in_size(tmp_path, capsys):
    d = _folder(tmp_path)
    with open(d / "2.md", "w") as fh:
        fh.write(CRASH + "x" * (MAX_FILE_BYTES + 1))
    assert main(["backlog", "--issues", str(d)]) == 2
    _one_line_refusal(capsys, "2.md", "over 8 MiB")


def test_the_number_of_files_is_capped(tmp_path, capsys):
    d = _folder(tmp_path)
    for i in range(MAX_FILES):
        (d / f"{i + 2}.md").write_text("# not a crash\n")
    assert main(["backlog", "--issues", str(d)]) == 2
    _one_line_refusal(capsys, f"at most {MAX_FILES}")


def test_a_fifo_is_refused_without_blocking(tmp_path, capsys):
    d = _folder(tmp_path)
    os.mkfifo(d / "2.md")
    assert main(["backlog", "--issues", str(d)]) == 2
    _one_line_refusal(capsys, "2.md", "not a regular file")
