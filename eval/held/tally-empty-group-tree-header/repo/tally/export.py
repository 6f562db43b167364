# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
"""Summaries as TOML, through the C speedups module (built by `make ext`; absent from a plain checkout)."""
from tally._speedups import dumps_toml


def to_toml(summary):
    return dumps_toml({"summary": summary})
