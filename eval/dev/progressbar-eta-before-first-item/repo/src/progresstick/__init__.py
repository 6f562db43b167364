from .progress import Progress
from .fmt import format_line

__all__ = ["Progress", "format_line"]
