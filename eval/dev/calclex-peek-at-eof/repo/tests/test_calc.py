import pytest

from calclex import Token, evaluate, tokenize


def test_tokens_of_parenthesised_expression():
    assert tokenize("(1 + 2)") == [Token("op", "("), Token("num", "1"), Token("op", "+"),
                                   Token("num", "2"), Token("op", ")")]


def test_bad_character():
    with pytest.raises(SyntaxError):
        tokenize("2 $ 3")


def test_precedence():
    assert evaluate("(2 + 3) * (4)") == 20.0


def test_expression_ending_in_number():
    assert evaluate("2 + 3 * 4") == 14.0
