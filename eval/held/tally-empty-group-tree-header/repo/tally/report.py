# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
"""Per-group summaries."""
from tally.stats import mean, spread


def summarize(groups):
    """{group: [numbers]} -> {group: mean rounded to 2 places}."""
    return {name: round(mean(values), 2) for name, values in groups.items()}


def widest(groups):
    return max(groups, key=lambda name: spread(groups[name]))
