# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
from tally.report import summarize, widest
from tally.stats import mean


def test_mean():
    assert mean([1, 2, 3]) == 2


def test_summarize():
    assert summarize({"cpu": [0.5, 0.7], "io": [1, 2]}) == {"cpu": 0.6, "io": 1.5}


def test_widest():
    assert widest({"a": [1, 2], "b": [0, 9]}) == "b"
