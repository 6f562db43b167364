from .registry import REGISTRY, step
from .runner import run_pipeline
from . import builtin  # noqa: F401  (registers the built-in steps)

__all__ = ["REGISTRY", "run_pipeline", "step"]
