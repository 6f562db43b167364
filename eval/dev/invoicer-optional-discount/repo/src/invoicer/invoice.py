from .lines import Line

VAT = 0.21


class Invoice:
    def __init__(self, number, lines=()):
        self.number = number
        self.lines = list(lines)

    def add(self, description, unit_price, quantity=1, discount=None):
        self.lines.append(Line(description, unit_price, quantity, discount))

    def subtotal(self):
        return round(sum(line.net_amount() for line in self.lines), 2)

    def vat(self):
        return round(self.subtotal() * VAT, 2)

    def total(self):
        return round(self.subtotal() + self.vat(), 2)
