import datetime

from mdtool import parse


def test_front_matter_is_parsed():
    doc = parse("---\ntitle: Hello\ndate: 2018-03-01\n---\n# Body\n")
    assert doc.title == "Hello"
    assert doc.date == datetime.date(2018, 3, 1)
    assert doc.body == "# Body\n"


def test_no_front_matter():
    doc = parse("# Just a body\n")
    assert doc.meta == {} and doc.title == ""
