class Shelf:
    def __init__(self, slots):
        self.slots = list(slots)

    def last_item(self):
        return self.slots[len(self.slots)]

    def first_item(self):
        return self.slots[0] if self.slots else None
