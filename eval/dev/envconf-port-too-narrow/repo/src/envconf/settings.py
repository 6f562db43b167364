from dataclasses import dataclass

from .reader import env_bool, env_int, env_list


@dataclass(frozen=True)
class Settings:
    port: int
    workers: int
    debug: bool
    allowed_hosts: list


def load_settings(environ):
    return Settings(
        port=env_int(environ, "APP_PORT", 8000),
        workers=env_int(environ, "APP_WORKERS", 2),
        debug=env_bool(environ, "APP_DEBUG"),
        allowed_hosts=env_list(environ, "APP_ALLOWED_HOSTS") or ["localhost"],
    )
