from logtail import last_lines, tail_file


def test_short_file_returned_whole():
    assert last_lines(["a", "b"], 5) == ["a", "b"]


def test_zero():
    assert last_lines(["a"], 0) == []


def test_last_three(tmp_path):
    log = tmp_path / "app.log"
    log.write_text("".join(f"line {i}\n" for i in range(1, 8)))
    assert tail_file(log, 3) == ["line 5", "line 6", "line 7"]


def test_grep(tmp_path):
    log = tmp_path / "app.log"
    log.write_text("INFO a\nERROR b\nINFO c\nERROR d\nERROR e\n")
    assert tail_file(log, 2, grep="ERROR") == ["ERROR d", "ERROR e"]
