"""One table of `/crashfix` commands (bot/commands.py COMMANDS): the parser, the reply to an invalid
command and the PR footer all read it, so a command added there is parsed, listed and routed."""
from __future__ import annotations

from bot.commands import COMMANDS, KIND, USAGE, parse_command, usage_of
from bot.conversation import publish
from bot.jobs.store import KINDS


def test_every_command_of_the_table_parses_and_is_listed():
    for spec in COMMANDS:
        text = f"/crashfix {spec.name}" + (" something" if spec.arg else "")
        cmd = parse_command(text)
        assert cmd is not None and cmd.valid and cmd.name == spec.name and cmd.kind == spec.kind in KINDS
        assert f"`{usage_of(spec)}`" in USAGE


def test_the_pr_footer_is_the_tables_footer_commands():
    footer = [c for c in COMMANDS if c.on_pr_footer]
    assert publish.COMMANDS == [(usage_of(c), c.does) for c in footer]
    assert ("/crashfix revise <feedback>", footer[[c.name for c in footer].index("revise")].does) in publish.COMMANDS


def test_an_unknown_command_is_answered_with_the_tables_usage():
    cmd = parse_command("/crashfix frobnicate")
    assert not cmd.valid and cmd.error.endswith(USAGE) and KIND.get("frobnicate") is None
