import math


def billable_weight(weight_kg, dims_cm=None):
    if dims_cm is None:
        return weight_kg
    volumetric = math.prod(dims_cm) / 5000
    return max(weight_kg, volumetric)


def price_for(zone, weight_kg):
    kilos = math.ceil(weight_kg)
    return round(zone.base + zone.per_kg * kilos, 2)
