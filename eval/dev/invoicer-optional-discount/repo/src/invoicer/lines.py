from dataclasses import dataclass
from typing import Optional


@dataclass
class Line:
    description: str
    unit_price: float
    quantity: int = 1
    discount: Optional[float] = None   # fraction, e.g. 0.15 for 15 %

    def gross_amount(self):
        return self.unit_price * self.quantity

    def net_amount(self):
        gross = self.gross_amount()
        discount = self.discount
        return round(gross * (1 - discount), 2)
