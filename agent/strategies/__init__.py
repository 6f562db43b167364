"""Repair strategies: ways of producing candidate patches."""
