from linkcheck.extract import links

__all__ = ["links"]
