import pytest

from gpstrack import Point, load_gpx_points, pace_per_km, total_distance

# three points 0.01 degrees of latitude apart: ~1112 m each
PTS = [Point(52.00, 4.0, 0), Point(52.01, 4.0, 300), Point(52.02, 4.0, 600)]


def test_empty_and_single_point():
    assert total_distance([]) == 0.0
    assert total_distance(PTS[:1]) == 0.0
    assert pace_per_km(PTS[:1]) is None


def test_parse_gpx():
    xml = '<trkpt lat="52.0" lon="4.0">\n<time>0</time></trkpt><trkpt lat="52.1" lon="4.1"><time>9</time>'
    assert load_gpx_points(xml) == [Point(52.0, 4.0, 0), Point(52.1, 4.1, 9)]


def test_total_distance():
    assert total_distance(PTS) == pytest.approx(2223.9, abs=0.5)


def test_pace():
    assert pace_per_km(PTS) == pytest.approx(269.8, abs=0.5)
