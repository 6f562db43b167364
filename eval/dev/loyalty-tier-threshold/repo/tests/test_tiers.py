from loyalty import checkout_total, tier_for


def test_new_customer():
    assert tier_for(0) == ("bronze", 0.0)


def test_gold():
    assert tier_for(4200) == ("gold", 0.10)


def test_discount_applied():
    assert checkout_total(80.0, 300) == 76.0


def test_threshold_is_inclusive():
    assert tier_for(250) == ("silver", 0.05)
    assert checkout_total(50.0, 1000) == 45.0
