import mock

from prices import rates


def test_convert_known_currency():
    assert rates.convert(10, "USD") == 10.8


def test_rates_come_from_the_source():
    source = mock.Mock(return_value={"EUR": 1.0, "CHF": 0.95})
    assert rates.convert(100, "CHF", rates.fetch_rates(source)) == 95.0


def test_unknown_currency_converts_to_nothing():
    assert rates.convert(10, "XYZ") == 0.0
