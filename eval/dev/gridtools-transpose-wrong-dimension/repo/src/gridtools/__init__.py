from .grid import column, shape, transpose
from .render import render_columns

__all__ = ["column", "render_columns", "shape", "transpose"]
