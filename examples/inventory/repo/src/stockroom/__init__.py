"""stockroom: stock levels, order fulfilment and reorder lists."""
from .models import Item, Shipment
from .orders import fulfil, unknown_skus
from .store import Inventory

__all__ = ["Inventory", "Item", "Shipment", "fulfil", "unknown_skus"]
