from .parser import Entry, parse_line, parse_lines
from .summary import count_by_level, worst_level

__all__ = ["Entry", "parse_line", "parse_lines", "count_by_level", "worst_level"]
