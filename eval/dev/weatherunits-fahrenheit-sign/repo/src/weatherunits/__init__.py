from .convert import c_to_f, f_to_c, kmh_to_mph
from .reading import Reading

__all__ = ["Reading", "c_to_f", "f_to_c", "kmh_to_mph"]
