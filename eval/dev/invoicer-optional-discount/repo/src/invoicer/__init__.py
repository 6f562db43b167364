from .invoice import Invoice
from .lines import Line

__all__ = ["Invoice", "Line"]
