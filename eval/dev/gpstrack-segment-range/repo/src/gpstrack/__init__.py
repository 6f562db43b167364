from .track import Point, load_gpx_points, segment_lengths, total_distance
from .stats import pace_per_km

__all__ = ["Point", "load_gpx_points", "segment_lengths", "total_distance", "pace_per_km"]
