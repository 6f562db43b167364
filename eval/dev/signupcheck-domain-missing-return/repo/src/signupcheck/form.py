from .email import is_valid_email


def validate_form(form):
    """Map of field -> error message; empty when the form is fine."""
    errors = {}
    if len(form.get("username", "")) < 3:
        errors["username"] = "at least 3 characters"
    if not is_valid_email(form.get("email", "")):
        errors["email"] = "not a valid address"
    if len(form.get("password", "")) < 10:
        errors["password"] = "at least 10 characters"
    return errors
