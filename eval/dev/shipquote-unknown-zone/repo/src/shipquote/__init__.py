from .quote import Quote, quote

__all__ = ["Quote", "quote"]
