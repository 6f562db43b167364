from .window import SlidingWindow


class KeyedLimiter:
    def __init__(self, limit, period):
        self.limit, self.period = limit, period
        self._windows = {}

    def allow(self, key, now):
        window = self._windows.get(key)
        if window is None:
            window = self._windows[key] = SlidingWindow(self.limit, self.period)
        return window.allow(now)
