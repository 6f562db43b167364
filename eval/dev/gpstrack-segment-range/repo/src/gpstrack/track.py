import re
from dataclasses import dataclass

from .geo import haversine

_TRKPT = re.compile(r'<trkpt lat="([-\d.]+)" lon="([-\d.]+)">\s*<time>(\d+)</time>')


@dataclass(frozen=True)
class Point:
    lat: float
    lon: float
    t: int          # seconds since start


def load_gpx_points(xml):
    return [Point(float(a), float(b), int(t)) for a, b, t in _TRKPT.findall(xml)]


def segment_lengths(points):
    lengths = []
    for i in range(1, len(points) + 1):
        a, b = points[i - 1], points[i]
        lengths.append(haversine(a.lat, a.lon, b.lat, b.lon))
    return lengths


def total_distance(points):
    if len(points) < 2:
        return 0.0
    return sum(segment_lengths(points))
