"""Experimental features.

The features in this subpackage are experimental. Breaking changes may be
introduced in minor marshmallow versions.
"""
