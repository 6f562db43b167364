from slugger import slugify, unique_slug
from slugger.text import fold


def test_fold_accents():
    assert fold("Crème Brûlée") == "creme brulee"


def test_simple_title():
    assert slugify("The Art of Computer Programming") == "art-computer-programming"


def test_long_titles_are_cut():
    assert slugify("one two three four five six seven eight nine ten") == \
        "one-two-three-four-five-six-seven-eight"


def test_unique_slug():
    assert unique_slug("Hello, World!", {"hello-world", "hello-world-2"}) == "hello-world-3"
