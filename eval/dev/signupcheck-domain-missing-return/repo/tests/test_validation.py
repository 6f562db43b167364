from signupcheck import is_valid_email, validate_form


def test_rejects_malformed():
    assert is_valid_email("no-at-sign") is False
    assert is_valid_email("two@@signs.com") is False
    assert is_valid_email("@nolocal.org") is False


def test_rejects_blocked_domain():
    assert not is_valid_email("someone@mailinator.com")


def test_accepts_normal_address():
    assert is_valid_email("ada.lovelace+news@analytical.org.uk") is True


def test_form_errors():
    errors = validate_form({"username": "al", "email": "al@x", "password": "short"})
    assert set(errors) == {"username", "email", "password"}


def test_good_form():
    assert validate_form({"username": "ada", "email": "ada@analytical.org",
                          "password": "correct horse"}) == {}
