"""A module slow to import (tests/security/test_parse_deadline.py: a child process slow to start)."""
import time

time.sleep(1.5)


def echo(value):
    return value
