import os

from tabulate import tabulate

GREETINGS = {"en": "Hello", "fr": "Bonjour"}


def greeting():
    return GREETINGS.get(os.environ.get("GREETER_LOCALE", ""))


def card(name, title=None):
    suffix = title.strip()
    return f"{greeting()}, {name} {suffix}".rstrip()


def table(people):
    return tabulate([[p["name"], card(p["name"], p.get("title"))] for p in people])
