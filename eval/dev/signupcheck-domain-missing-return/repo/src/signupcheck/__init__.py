from .email import is_valid_email
from .form import validate_form

__all__ = ["is_valid_email", "validate_form"]
