# (minimum quantity, unit price) per product, highest break first
PRICE_BREAKS = {
    "bolt-m6": [(500, 0.06), (100, 0.08), (1, 0.10)],
    "washer-m6": [(1000, 0.01), (1, 0.02)],
    "bracket": [(10, 2.40), (1, 2.90)],
}


def unit_price(sku, quantity):
    for minimum, price in PRICE_BREAKS[sku]:
        if quantity >= minimum:
            return price
    raise ValueError(f"quantity must be positive, got {quantity}")
