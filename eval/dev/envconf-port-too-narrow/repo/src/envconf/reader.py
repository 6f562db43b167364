_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_int(environ, name, default):
    raw = environ.get(name)
    try:
        return int(raw)
    except ValueError:
        return default


def env_bool(environ, name, default=False):
    raw = environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(f"{name}: not a boolean: {raw!r}")


def env_list(environ, name):
    return [part.strip() for part in environ.get(name, "").split(",") if part.strip()]
