from tidyconf.settings import Settings, tag_value, with_overrides


def test_overrides_make_a_new_object():
    base = Settings("svc")
    assert with_overrides(base, {"retries": 5}).retries == 5 and base.retries == 3


def test_tag_value():
    assert tag_value(Settings("svc", tags={"env": "prod"}), "env") == "prod"


def test_missing_tag_is_none():
    assert tag_value(Settings("svc"), "owner") is None
