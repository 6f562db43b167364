from dataclasses import dataclass

from . import zones
from .pricing import billable_weight, price_for

HANDLING = 1.25


@dataclass(frozen=True)
class Quote:
    zone: str
    price: float


def quote(postcode, weight_kg, dims_cm=None):
    """A Quote, or None when the destination is not served."""
    zone = zones.lookup(postcode)
    price = price_for(zone, billable_weight(weight_kg, dims_cm))
    return Quote(zone.name, round(price + HANDLING, 2))
