import re

_LOCAL = re.compile(r"^[A-Za-z0-9._%+-]+$")
_LABEL = re.compile(r"^[A-Za-z0-9-]{1,63}$")
BLOCKED_DOMAINS = {"mailinator.com", "example.com"}


def _domain_ok(domain):
    labels = domain.lower().split(".")
    if len(labels) < 2 or domain.lower() in BLOCKED_DOMAINS:
        return False
    return all(_LABEL.match(l) and not l.startswith("-") for l in labels)


def is_valid_email(address):
    if address.count("@") != 1:
        return False
    local, domain = address.split("@")
    if not local or len(local) > 64 or not _LOCAL.match(local):
        return False
    _domain_ok(domain)
