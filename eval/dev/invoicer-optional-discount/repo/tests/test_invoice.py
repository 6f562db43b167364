from invoicer import Invoice, Line


def test_discounted_line():
    assert Line("desk", 200.0, 2, discount=0.25).net_amount() == 300.0


def test_gross_amount():
    assert Line("chair", 80.0, 3).gross_amount() == 240.0


def test_invoice_total_with_discount_only():
    inv = Invoice("2026-014")
    inv.add("desk", 100.0, discount=0.1)
    assert inv.total() == 108.9


def test_invoice_mixed_lines():
    inv = Invoice("2026-015")
    inv.add("desk", 100.0, discount=0.1)
    inv.add("lamp", 20.0, quantity=2)
    assert inv.subtotal() == 130.0
    assert inv.total() == 157.3
