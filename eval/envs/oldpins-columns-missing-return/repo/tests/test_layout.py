from columns import layout, terminal_width


def test_terminal_width_is_positive():
    assert terminal_width() > 0


def test_layout_pads_columns():
    assert layout([["a", "bb"], ["ccc", "d"]]) == "a    bb\nccc  d"


def test_layout_of_nothing_is_empty():
    assert layout([]) == ""
