from .pricing import unit_price
from .quote import Quote

__all__ = ["Quote", "unit_price"]
