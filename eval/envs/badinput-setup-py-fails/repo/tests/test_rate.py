from legacy import rate


def test_rate():
    assert rate(1, 2) == 0.5
