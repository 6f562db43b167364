"""Defaults and value coercion for the service settings."""

DEFAULTS = {
    "host": "127.0.0.1",
    "port": "8080",
    "workers": "2",
    "log_level": "INFO",
}

_INTS = {"port", "workers"}


def coerce(key, value):
    if key in _INTS:
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"{key} must be an integer, got {value!r}") from None
    return value
