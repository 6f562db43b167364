from .collect import Collector
from .stats import mean, percentile

__all__ = ["Collector", "mean", "percentile"]
