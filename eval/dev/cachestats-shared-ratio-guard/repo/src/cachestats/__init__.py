from .numbers import growth, ratio
from .stats import CacheStats, render_summary

__all__ = ["CacheStats", "growth", "ratio", "render_summary"]
