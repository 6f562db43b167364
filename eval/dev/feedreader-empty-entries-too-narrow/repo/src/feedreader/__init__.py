from .headlines import headlines, latest_title

__all__ = ["headlines", "latest_title"]
