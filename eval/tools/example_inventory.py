"""The bundled example (examples/inventory/): the crash the README's first command fixes.

Built with `python eval/tools/build_dev.py --example`, exactly like a dev case.
"""

EXAMPLE = dict(
    name="inventory",
    project="stockroom",
    pkg="stockroom",
    version="1.2.0",
    description="Stock levels, order fulfilment and reorder lists for a small warehouse",
    kind="AttributeError-None",
    bug="fulfil() uses the result of Inventory.find() without checking it, but find returns None for a "
        "SKU the warehouse does not stock, so an order naming one crashes instead of skipping that line.",
    fix_class="none-guard",
    files={
        "src/stockroom/__init__.py": '''
            """stockroom: stock levels, order fulfilment and reorder lists."""
            from .models import Item, Shipment
            from .orders import fulfil, unknown_skus
            from .store import Inventory

            __all__ = ["Inventory", "Item", "Shipment", "fulfil", "unknown_skus"]
        ''',
        "src/stockroom/models.py": '''
            from dataclasses import dataclass, field


            @dataclass
            class Item:
                sku: str
                name: str
                quantity: int
                reorder_level: int = 0
                location: str = ""

                def needs_reorder(self):
                    return self.quantity <= self.reorder_level


            @dataclass
            class Shipment:
                shipped: list = field(default_factory=list)        # (sku, quantity)
                backordered: list = field(default_factory=list)    # (sku, quantity still owed)
        ''',
        "src/stockroom/store.py": '''
            import csv
            from pathlib import Path

            from .models import Item


            class Inventory:
                def __init__(self, items=()):
                    self._items = {item.sku: item for item in items}

                @classmethod
                def load_csv(cls, path):
                    """Columns: sku, name, quantity, reorder_level, location."""
                    with Path(path).open(newline="", encoding="utf-8") as fh:
                        rows = list(csv.DictReader(fh))
                    return cls(Item(r["sku"].strip().upper(), r["name"].strip(), int(r["quantity"]),
                                    int(r.get("reorder_level") or 0), (r.get("location") or "").strip())
                               for r in rows)

                def __len__(self):
                    return len(self._items)

                def find(self, sku):
                    """The item with this SKU, or None when it is not stocked."""
                    return self._items.get(sku.strip().upper())

                def receive(self, sku, quantity):
                    item = self.find(sku)
                    if item is None:
                        raise KeyError(f"unknown SKU {sku!r}")
                    item.quantity += quantity

                def take(self, sku, quantity):
                    item = self.find(sku)
                    if quantity > item.quantity:
                        raise ValueError(f"only {item.quantity} of {sku} in stock")
                    item.quantity -= quantity

                def reorder_list(self):
                    return sorted(i.sku for i in self._items.values() if i.needs_reorder())
        ''',
        "src/stockroom/orders.py": '''
            import csv
            from pathlib import Path

            from .models import Shipment


            def read_order(path):
                """Order lines from a CSV with columns sku, quantity."""
                with Path(path).open(newline="", encoding="utf-8") as fh:
                    return [(row["sku"], int(row["quantity"])) for row in csv.DictReader(fh)]


            def unknown_skus(inventory, lines):
                return [sku for sku, _ in lines if inventory.find(sku) is None]


            def fulfil(inventory, lines):
                """Ship what is in stock and backorder the rest; SKUs we do not stock are skipped."""
                shipment = Shipment()
                for sku, wanted in lines:
                    item = inventory.find(sku)
                    available = min(wanted, item.quantity)
                    if available:
                        inventory.take(item.sku, available)
                        shipment.shipped.append((item.sku, available))
                    if wanted > available:
                        shipment.backordered.append((item.sku, wanted - available))
                return shipment
        ''',
        "src/stockroom/cli.py": '''
            """python -m stockroom.cli fulfil STOCK.csv ORDER.csv | reorder STOCK.csv"""
            import argparse
            import sys

            from .orders import fulfil, read_order, unknown_skus
            from .store import Inventory


            def main(argv=None):
                parser = argparse.ArgumentParser(prog="stockroom")
                sub = parser.add_subparsers(dest="command", required=True)
                p_fulfil = sub.add_parser("fulfil", help="fulfil an order from stock")
                p_fulfil.add_argument("stock")
                p_fulfil.add_argument("order")
                p_reorder = sub.add_parser("reorder", help="list SKUs at or below their reorder level")
                p_reorder.add_argument("stock")
                args = parser.parse_args(argv)

                inventory = Inventory.load_csv(args.stock)
                if args.command == "reorder":
                    print("\\n".join(inventory.reorder_list()))
                    return 0
                lines = read_order(args.order)
                for sku in unknown_skus(inventory, lines):
                    print(f"warning: {sku} is not stocked, skipping", file=sys.stderr)
                shipment = fulfil(inventory, lines)
                for sku, qty in shipment.shipped:
                    print(f"ship       {sku:10} {qty:5}")
                for sku, qty in shipment.backordered:
                    print(f"backorder  {sku:10} {qty:5}")
                return 0


            if __name__ == "__main__":
                sys.exit(main())
        ''',
        "tests/test_store.py": '''
            import pytest

            from stockroom import Inventory, Item

            STOCK = "sku,name,quantity,reorder_level,location\\nab-100,Hex bolt M6,40,10,A1\\nCD-200,Washer M6,5,20,A2\\n"


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
        ''',
        "tests/test_orders.py": '''
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
        ''',
    },
    fix=[("src/stockroom/orders.py", '''
                    item = inventory.find(sku)
                    available = min(wanted, item.quantity)''', '''
                    item = inventory.find(sku)
                    if item is None:
                        continue
                    available = min(wanted, item.quantity)''')],
    report=dict(
        user="alice", checkout="stockroom", cmd=["python", "-m", "stockroom.cli", "fulfil", "data/stock.csv",
                                                 "data/order-1187.csv"],
        wrap="issue",
        user_files={
            "data/stock.csv": ("sku,name,quantity,reorder_level,location\n"
                               "AB-100,Hex bolt M6,240,50,A1\n"
                               "CD-200,Washer M6,35,100,A2\n"
                               "EF-310,Wall plug 8mm,0,25,B4\n"),
            "data/order-1187.csv": "sku,quantity\nAB-100,60\nGH-404,10\nCD-200,50\n",
        },
        prose="""
            ### `stockroom fulfil` crashes when an order contains a SKU we don't stock

            The CLI prints its warning that GH-404 is not stocked (and says it will skip it), and then
            crashes instead of fulfilling the rest of the order. stockroom 1.2.0, Python 3.11, Ubuntu 24.04.

            Command:

            ```
            python -m stockroom.cli fulfil data/stock.csv data/order-1187.csv
            ```

            Output:
        """,
        footer="""
            `data/order-1187.csv`:

            ```
            sku,quantity
            AB-100,60
            GH-404,10
            CD-200,50
            ```
        """,
    ),
)
