"""mdtool: Markdown documents with YAML front matter."""
from mdtool.document import Document, parse

__version__ = "0.4.1"
__all__ = ["Document", "parse"]
