class Counter:
    def __init__(self, name, help_text="", labelnames=()):
        self.name = name
        self.help_text = help_text
        self.labelnames = tuple(labelnames)
        self._values = {}
        if not self.labelnames:
            self._values[()] = 0

    def _key(self, labels):
        if set(labels) != set(self.labelnames):
            raise ValueError(f"{self.name}: expected labels {self.labelnames}, got {tuple(labels)}")
        return tuple(str(labels[n]) for n in self.labelnames)

    def inc(self, amount=1, **labels):
        if amount < 0:
            raise ValueError("counters only go up")
        key = self._key(labels)
        self._values[key] += amount

    def value(self, **labels):
        return self._values.get(self._key(labels), 0)

    def samples(self):
        for key in sorted(self._values):
            yield dict(zip(self.labelnames, key)), self._values[key]
