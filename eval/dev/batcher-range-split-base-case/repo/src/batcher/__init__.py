from .ranges import split_range
from .plan import Plan, make_plan

__all__ = ["Plan", "make_plan", "split_range"]
