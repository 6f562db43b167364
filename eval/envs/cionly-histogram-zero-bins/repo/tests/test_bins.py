from histo.bins import counts, share


def test_counts():
    assert counts("abca") == {"a": 2, "b": 1, "c": 1}


def test_share():
    assert share("abca", "a") == 0.5


def test_share_of_no_values_is_zero():
    assert share([], "a") == 0
