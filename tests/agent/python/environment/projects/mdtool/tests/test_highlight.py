from mdtool.highlight import highlight


def test_python_block():
    html = highlight("x = 1", "py")
    assert "x" in html
