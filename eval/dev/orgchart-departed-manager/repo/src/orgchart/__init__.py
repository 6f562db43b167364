from .directory import Directory, Person

__all__ = ["Directory", "Person"]
