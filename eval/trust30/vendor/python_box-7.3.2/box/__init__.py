#!/usr/bin/env python
# -*- coding: utf-8 -*-

__author__ = "Chris Griffith"
__version__ = "7.3.2"

from box.box import Box
from box.box_list import BoxList
from box.config_box import ConfigBox
from box.exceptions import BoxError, BoxKeyError
from box.from_file import box_from_file, box_from_string
from box.shorthand_box import SBox, DDBox
import box.converters

__all__ = [
    "Box",
    "BoxList",
    "ConfigBox",
    "BoxError",
    "BoxKeyError",
    "box_from_file",
    "SBox",
    "DDBox",
]
