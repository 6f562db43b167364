"""`crashfix simulate`'s heartbeat: the App's pipeline wrapped so that a long phase of a run is said on
stderr in words with its elapsed time (bot/conversation/progress_words.py), while the transcript of the App's
writes goes to stdout."""
from __future__ import annotations

from typing import Callable

from bot.conversation.progress_words import Heartbeat


def with_heartbeat(emit: Callable[[str], None], every: float | None = None):
    """A pipeline (bot/kinds/context.py `Pipeline`) that runs the App's own one (`bot.cli.simulate.execute`,
    looked up at each run) with a `Heartbeat` on its progress listener."""
    def pipeline(config, on_progress):
        from bot.cli import simulate
        with Heartbeat(emit, every) as beat:
            return simulate.execute(config, beat.wrap(on_progress))
    return pipeline
