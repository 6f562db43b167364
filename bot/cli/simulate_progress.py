"""`crashfix simulate`'s console: the run's progress on stderr as it happens (each checklist step of the
status comment when the run reaches it, each event under it in words, bot/conversation/progress_words.py),
and a long phase said again with its elapsed time, while the transcript of the App's writes goes to stdout."""
from __future__ import annotations

from typing import Callable

from agent.run import Progress
from bot.conversation.checklist import STEPS as CHECKLIST
from bot.conversation.progress_words import Heartbeat, event_line
from bot.kinds.progress import STEPS as STEP_OF_PHASE

LABELS = dict(CHECKLIST)


def console(say: Callable[[str], None]) -> Callable[[Progress], None]:
    """A progress listener for one run: the checklist step's label when the run reaches a new one
    ("== Reproduce the crash"), then each event in words, indented."""
    shown: list[str] = []

    def on(event: Progress) -> None:
        step = "parse" if event.phase == "parse" else STEP_OF_PHASE.get(event.phase)
        if step and step not in shown:
            shown.append(step)
            say(f"== {LABELS[step]}")
        say(f"   {event_line(event)}")
    return on


def with_progress(say: Callable[[str], None], every: float | None = None):
    """A pipeline (bot/kinds/context.py `Pipeline`) that runs the App's own one (`bot.cli.simulate.execute`,
    looked up at each run) telling ``say`` its progress (`console`) and, with a `Heartbeat`, the current
    line again after ``every`` seconds without an event."""
    def pipeline(config, on_progress):
        from bot.cli import simulate
        tell = console(say)

        def both(event: Progress) -> None:
            tell(event)
            on_progress(event)
        with Heartbeat(lambda line: say(f"   … {line}"), every) as beat:
            return simulate.execute(config, beat.wrap(both))
    return pipeline
