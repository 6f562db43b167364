from datetime import date
from decimal import Decimal

from expensecsv import monthly_totals, parse_csv, parse_row, render

EXPORT = """date,category,amount,note
2026-05-02,Groceries,"54,20",weekly shop
2026-05-09,groceries,31.80,market
2026-06-01,Rent,950.00,june
""".replace("            ", "")


def test_parse_row():
    e = parse_row(["2026-05-02", "Groceries", "54,20", "weekly"])
    assert (e.day, e.category, e.amount, e.note) == (date(2026, 5, 2), "groceries", Decimal("54.20"), "weekly")


def test_monthly_totals():
    totals = monthly_totals(parse_csv(EXPORT))
    assert totals == {"2026-05": {"groceries": Decimal("86.00")}, "2026-06": {"rent": Decimal("950.00")}}


def test_render():
    assert render(parse_csv(EXPORT)).splitlines()[1] == "  groceries          86.00"


def test_rows_without_note():
    rows = parse_csv("date,category,amount,note\n2026-07-03,Fuel,60.00\n")
    assert rows[0].note == ""
    assert rows[0].amount == Decimal("60.00")
