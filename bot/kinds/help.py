"""An invalid `/crashfix` command: one reply saying what is wrong and which commands exist (asked again, a 😕)."""
from __future__ import annotations

from bot.kinds import gates
from bot.kinds.context import Context


def run(ctx: Context) -> dict:
    gates.authorize(ctx)
    return {"reply": gates.refuse(ctx, ctx.job.params.get("error") or "unknown command")}
