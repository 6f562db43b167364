from dataclasses import dataclass


@dataclass(frozen=True)
class Zone:
    name: str
    base: float
    per_kg: float


ZONES = {
    "local": Zone("local", 3.50, 0.40),
    "national": Zone("national", 5.90, 0.75),
    "islands": Zone("islands", 12.00, 1.60),
}

PREFIXES = {"10": "local", "11": "local", "2": "national", "3": "national", "4": "national", "9": "islands"}


def lookup(postcode):
    """Zone for a postcode, or None when we do not deliver there."""
    for length in (2, 1):
        name = PREFIXES.get(postcode[:length])
        if name:
            return ZONES[name]
    return None
