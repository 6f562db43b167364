from .registry import step


@step("strip")
def strip_whitespace(row):
    return {k: v.strip() if isinstance(v, str) else v for k, v in row.items()}


@step("lower-email")
def lower_email(row):
    if "email" in row:
        row = {**row, "email": row["email"].lower()}
    return row


@step("clean-contact")
def clean_contact(row):
    return lower_email(strip_whitespace(row))
