from .tiers import TIERS, tier_for
from .checkout import checkout_total

__all__ = ["TIERS", "tier_for", "checkout_total"]
