from .graph import Graph
from .search import reachable, shortest_path

__all__ = ["Graph", "reachable", "shortest_path"]
