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
