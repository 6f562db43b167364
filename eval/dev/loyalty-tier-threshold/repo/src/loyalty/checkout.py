from decimal import ROUND_HALF_UP, Decimal

from .tiers import tier_for


def checkout_total(basket_total, yearly_spend):
    _, discount = tier_for(yearly_spend)
    total = Decimal(str(basket_total)) * (1 - Decimal(str(discount)))
    return float(total.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
