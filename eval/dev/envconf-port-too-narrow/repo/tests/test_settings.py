import pytest

from envconf import env_bool, env_int, load_settings


def test_all_set():
    s = load_settings({"APP_PORT": "9000", "APP_WORKERS": "8", "APP_DEBUG": "yes",
                       "APP_ALLOWED_HOSTS": "a.example, b.example"})
    assert (s.port, s.workers, s.debug, s.allowed_hosts) == (9000, 8, True, ["a.example", "b.example"])


def test_garbage_int_falls_back():
    assert env_int({"APP_PORT": "80a"}, "APP_PORT", 8000) == 8000


def test_bad_bool():
    with pytest.raises(ValueError):
        env_bool({"APP_DEBUG": "maybe"}, "APP_DEBUG")


def test_defaults_when_unset():
    s = load_settings({})
    assert (s.port, s.workers, s.debug, s.allowed_hosts) == (8000, 2, False, ["localhost"])
