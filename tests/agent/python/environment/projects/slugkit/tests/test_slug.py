# -*- coding: utf-8 -*-
import pytest

from slugkit import slugify


def test_simple():
    assert slugify(u"Hello World") == "hello-world"


def test_accents(titles):
    assert slugify(titles[1]) == "cafe-au-lait"


def test_underscore():
    assert slugify(u"Hello World", separator="underscore") == "hello_world"


def test_max_length():
    assert slugify(u"a very long title indeed", max_length=10) == "a-very-lon"


@pytest.mark.slow
def test_many():
    for i in range(1000):
        assert slugify(u"title %d" % i) == "title-%d" % i
