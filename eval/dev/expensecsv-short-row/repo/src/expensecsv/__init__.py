from .parse import Expense, parse_csv, parse_row
from .report import monthly_totals, render

__all__ = ["Expense", "parse_csv", "parse_row", "monthly_totals", "render"]
