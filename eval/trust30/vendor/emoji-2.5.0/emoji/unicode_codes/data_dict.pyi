from typing import Any

__all__ = ["EMOJI_DATA", "STATUS", "LANGUAGES"]

STATUS: dict[str, int]
LANGUAGES: list[str]
EMOJI_DATA: dict[str, dict[str, Any]]
