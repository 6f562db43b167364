"""
This module defines the version.
"""

__version__ = "1.1.0"
