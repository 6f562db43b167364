import pytest

from stockroom import Inventory, Item

STOCK = "sku,name,quantity,reorder_level,location\nab-100,Hex bolt M6,40,10,A1\nCD-200,Washer M6,5,20,A2\n"


@pytest.fixture
def inv(tmp_path):
    path = tmp_path / "stock.csv"
    path.write_text(STOCK)
    return Inventory.load_csv(path)


def test_load_csv_normalises_skus(inv):
    assert len(inv) == 2
    assert inv.find("AB-100") == Item("AB-100", "Hex bolt M6", 40, 10, "A1")


def test_find_is_case_insensitive(inv):
    assert inv.find(" cd-200 ").name == "Washer M6"


def test_find_unknown_is_none(inv):
    assert inv.find("ZZ-999") is None


def test_receive(inv):
    inv.receive("CD-200", 30)
    assert inv.find("CD-200").quantity == 35


def test_receive_unknown_sku(inv):
    with pytest.raises(KeyError):
        inv.receive("ZZ-999", 1)


def test_take_more_than_stocked(inv):
    with pytest.raises(ValueError):
        inv.take("CD-200", 6)


def test_reorder_list(inv):
    assert inv.reorder_list() == ["CD-200"]
