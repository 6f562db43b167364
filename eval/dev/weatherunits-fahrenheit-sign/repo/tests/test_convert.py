import pytest

from weatherunits import Reading, c_to_f, f_to_c, kmh_to_mph


def test_f_to_c():
    assert f_to_c(212) == 100


def test_wind():
    assert kmh_to_mph(100) == pytest.approx(62.137, abs=1e-3)


def test_imperial_reading():
    r = Reading("EHAM", 21.0, 30.0)
    assert r.imperial() == {"station": "EHAM", "temp_f": 69.8, "wind_mph": 18.6}
