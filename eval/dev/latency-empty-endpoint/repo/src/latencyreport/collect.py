from .stats import mean, percentile


class Collector:
    def __init__(self, endpoints=()):
        self._samples = {e: [] for e in endpoints}

    def record(self, endpoint, millis):
        self._samples.setdefault(endpoint, []).append(millis)

    def summary(self):
        rows = {}
        for endpoint, samples in sorted(self._samples.items()):
            rows[endpoint] = {
                "count": len(samples),
                "mean": round(mean(samples), 1),
                "p95": percentile(samples, 95),
            }
        return rows
