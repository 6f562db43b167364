# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
from tally.export import to_toml


def test_to_toml():
    assert to_toml({"cpu": 0.6}) == "[summary]\ncpu = 0.6\n"
