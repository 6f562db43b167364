from .reader import env_bool, env_int, env_list
from .settings import Settings, load_settings

__all__ = ["Settings", "env_bool", "env_int", "env_list", "load_settings"]
