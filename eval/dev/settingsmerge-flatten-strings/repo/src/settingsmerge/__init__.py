from .flatten import flatten
from .merge import merge, plugin_list

__all__ = ["flatten", "merge", "plugin_list"]
