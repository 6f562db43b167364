# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
from tally.report import summarize


def test_an_empty_group_is_summarized_as_zero():
    assert summarize({"cpu": [0.5, 0.7], "disk": []}) == {"cpu": 0.6, "disk": 0.0}
