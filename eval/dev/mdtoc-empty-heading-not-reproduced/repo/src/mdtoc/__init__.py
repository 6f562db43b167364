from .headings import Heading, parse_heading, slugify
from .toc import build_toc

__all__ = ["Heading", "build_toc", "parse_heading", "slugify"]
