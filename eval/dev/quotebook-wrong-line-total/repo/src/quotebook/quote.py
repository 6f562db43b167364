from .pricing import unit_price


class Quote:
    def __init__(self, customer):
        self.customer = customer
        self.items = []

    def add(self, sku, quantity):
        self.items.append((sku, quantity))
        return self

    def lines(self):
        for sku, quantity in self.items:
            price = unit_price(sku, quantity)
            yield sku, quantity, price, round(price * quantity, 2)

    def total(self):
        total = 0.0
        for sku, quantity, price, line_total in self.lines():
            total += price
        return round(total, 2)
