from .track import total_distance


def pace_per_km(points):
    """Seconds per kilometre over the whole track."""
    meters = total_distance(points)
    if meters == 0:
        return None
    return (points[-1].t - points[0].t) / (meters / 1000)
