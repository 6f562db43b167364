import pytest

from gridtools import column, render_columns, shape, transpose


def test_shape():
    assert shape([[1, 2, 3], [4, 5, 6]]) == (2, 3)
    with pytest.raises(ValueError):
        shape([[1], [2, 3]])


def test_transpose_square():
    assert transpose([[1, 2], [3, 4]]) == [[1, 3], [2, 4]]


def test_transpose_tall():
    assert transpose([[1], [2], [3]]) == [[1, 2, 3]]


def test_column():
    assert column([[1, 2], [3, 4]], 1) == [2, 4]


def test_render_columns():
    text = render_columns(["name", "qty"], [["bolt", "nut", "washer"], [40, 120, 7]])
    assert text.splitlines() == ["name    qty", "bolt    40", "nut     120", "washer  7"]
