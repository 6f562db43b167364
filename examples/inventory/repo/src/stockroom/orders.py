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
