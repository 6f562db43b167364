from .tail import last_lines, tail_file

__all__ = ["last_lines", "tail_file"]
