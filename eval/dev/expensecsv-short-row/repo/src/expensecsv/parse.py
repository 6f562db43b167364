import csv
import io
from dataclasses import dataclass
from datetime import date
from decimal import Decimal


@dataclass(frozen=True)
class Expense:
    day: date
    category: str
    amount: Decimal
    note: str


def parse_row(row):
    """date, category, amount[, note]"""
    day = date.fromisoformat(row[0].strip())
    category = row[1].strip().lower() or "uncategorised"
    amount = Decimal(row[2].strip().replace(",", "."))
    note = row[3].strip()
    return Expense(day, category, amount, note)


def parse_csv(text):
    reader = csv.reader(io.StringIO(text))
    next(reader, None)          # header
    return [parse_row(row) for row in reader if row]
