# (name, minimum yearly spend, discount), highest first
TIERS = [
    ("gold", 1000, 0.10),
    ("silver", 250, 0.05),
    ("bronze", 0, 0.0),
]


def tier_for(yearly_spend):
    for name, threshold, discount in TIERS:
        if yearly_spend > threshold:
            return name, discount
    return TIERS[-1][0], TIERS[-1][2]
