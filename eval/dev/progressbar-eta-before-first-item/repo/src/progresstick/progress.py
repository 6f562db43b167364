import time


class Progress:
    def __init__(self, total, clock=time.monotonic):
        self.total = total
        self.done = 0
        self._clock = clock
        self._start = clock()

    def advance(self, n=1):
        self.done = min(self.total, self.done + n)

    def elapsed(self):
        return self._clock() - self._start

    def rate(self):
        """Items per second so far."""
        elapsed = self.elapsed()
        return self.done / elapsed if elapsed > 0 else 0.0

    def eta(self):
        """Seconds until done, or None while the rate is unknown."""
        rate = self.rate()
        remaining = self.total - self.done
        return remaining / rate
