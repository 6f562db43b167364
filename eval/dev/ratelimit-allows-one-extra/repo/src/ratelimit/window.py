from collections import deque


class SlidingWindow:
    def __init__(self, limit, period):
        if limit < 1 or period <= 0:
            raise ValueError("limit must be >= 1 and period > 0")
        self.limit = limit
        self.period = period
        self.hits = deque()

    def _expire(self, now):
        while self.hits and self.hits[0] <= now - self.period:
            self.hits.popleft()

    def allow(self, now):
        self._expire(now)
        if len(self.hits) <= self.limit:
            self.hits.append(now)
            return True
        return False

    def remaining(self, now):
        self._expire(now)
        return max(0, self.limit - len(self.hits))
