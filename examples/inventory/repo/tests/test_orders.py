from stockroom import Inventory, Item, fulfil, unknown_skus


def make():
    return Inventory([Item("AB-100", "Hex bolt M6", 40, 10), Item("CD-200", "Washer M6", 5, 20)])


def test_fulfil_from_stock():
    inv = make()
    shipment = fulfil(inv, [("AB-100", 12)])
    assert shipment.shipped == [("AB-100", 12)]
    assert shipment.backordered == []
    assert inv.find("AB-100").quantity == 28


def test_partial_backorder():
    shipment = fulfil(make(), [("cd-200", 8)])
    assert shipment.shipped == [("CD-200", 5)]
    assert shipment.backordered == [("CD-200", 3)]


def test_unknown_skus():
    assert unknown_skus(make(), [("AB-100", 1), ("ZZ-999", 2)]) == ["ZZ-999"]


def test_unstocked_sku_is_skipped():
    shipment = fulfil(make(), [("AB-100", 2), ("ZZ-999", 1), ("CD-200", 1)])
    assert shipment.shipped == [("AB-100", 2), ("CD-200", 1)]
    assert shipment.backordered == []
