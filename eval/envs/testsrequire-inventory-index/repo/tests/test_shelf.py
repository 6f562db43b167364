import mock

from stock.shelf import Shelf


def test_first_item():
    assert Shelf(["a", "b"]).first_item() == "a"


def test_last_item():
    assert Shelf(["a", "b", "c"]).last_item() == "c"


def test_slots_are_copied():
    slots = mock.MagicMock()
    slots.__iter__.return_value = iter(["x"])
    assert Shelf(slots).slots == ["x"]
