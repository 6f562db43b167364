# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
