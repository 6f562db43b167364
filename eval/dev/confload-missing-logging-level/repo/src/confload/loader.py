"""Parse `key = value` settings grouped in [sections]."""
from pathlib import Path

from .schema import DEFAULTS, coerce


def parse_lines(text):
    data = {}
    section = "main"
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            data.setdefault(section, {})
            continue
        if "=" not in line:
            raise ValueError(f"line {lineno}: expected key = value, got {raw!r}")
        key, value = (part.strip() for part in line.split("=", 1))
        data.setdefault(section, {})[key.lower()] = value
    return data


def _log_level(data):
    section = data.get("logging", {})
    level = section["level"]
    return level.upper() if level else DEFAULTS["log_level"]


def load_config(text):
    data = parse_lines(text)
    server = data.get("server", {})
    return {
        "host": server.get("host", DEFAULTS["host"]),
        "port": coerce("port", server.get("port", DEFAULTS["port"])),
        "workers": coerce("workers", server.get("workers", DEFAULTS["workers"])),
        "log_level": _log_level(data),
    }


def load_path(path):
    return load_config(Path(path).read_text(encoding="utf-8"))
