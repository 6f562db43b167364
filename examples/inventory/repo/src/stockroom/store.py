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
