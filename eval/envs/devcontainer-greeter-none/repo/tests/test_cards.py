from greeter.cards import card, greeting, table


def test_greeting_follows_the_locale():
    assert greeting() == "Hello"


def test_card_with_title():
    assert card("Ada", " Countess ") == "Hello, Ada Countess"


def test_table_of_people_without_titles():
    assert "Hello, Bo" in table([{"name": "Bo", "title": None}])
