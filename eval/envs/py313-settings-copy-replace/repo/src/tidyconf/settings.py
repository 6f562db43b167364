import copy
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    name: str
    retries: int = 3
    tags: dict = field(default_factory=dict)


def with_overrides(settings, overrides):
    return copy.replace(settings, **overrides)


def tag_value(settings, tag):
    return settings.tags[tag]
