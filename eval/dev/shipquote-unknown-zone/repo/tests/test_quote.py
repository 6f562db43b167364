from shipquote import Quote, quote
from shipquote.pricing import billable_weight


def test_local_quote():
    assert quote("1012AB", 1.2) == Quote("local", 3.50 + 0.80 + 1.25)


def test_island_quote():
    assert quote("9901", 3) == Quote("islands", 12.00 + 4.80 + 1.25)


def test_volumetric_weight_wins():
    assert billable_weight(1.0, (50, 40, 30)) == 12.0


def test_unserved_postcode_gives_no_quote():
    assert quote("7300", 2.0) is None
