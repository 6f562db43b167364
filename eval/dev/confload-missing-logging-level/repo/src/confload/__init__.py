from .loader import load_config, load_path

__all__ = ["load_config", "load_path"]
