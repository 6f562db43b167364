# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
"""Summaries as TOML (needs the optional `toml` extra: tomli_w)."""
import tomli_w


def to_toml(summary):
    return tomli_w.dumps({"summary": summary})
