from collections import defaultdict
from decimal import Decimal


def monthly_totals(expenses):
    totals = defaultdict(lambda: defaultdict(Decimal))
    for e in expenses:
        totals[e.day.strftime("%Y-%m")][e.category] += e.amount
    return {month: dict(cats) for month, cats in sorted(totals.items())}


def render(expenses):
    lines = []
    for month, cats in monthly_totals(expenses).items():
        lines.append(month)
        for cat, amount in sorted(cats.items()):
            lines.append(f"  {cat:<14}{amount:>10.2f}")
    return "\n".join(lines)
