"""Validation: is it the reported crash, did the patch remove it, did a passing test break."""
