# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
"""Small statistics over lists of numbers."""


def mean(values):
    total = sum(values)
    return total / len(values)


def spread(values):
    return max(values) - min(values)
