"""`/crashfix explain`: run the pipeline and put its diagnosis in the issue's status comment; no PR."""
from __future__ import annotations

from bot.conversation.board import board_for
from bot.kinds import fix, runner
from bot.kinds.context import Context


def run(ctx: Context) -> dict:
    t = runner.target(ctx, runner.admit(ctx))
    board = board_for(ctx, t.issue)
    board.reach("parse")
    with runner.checkout(ctx) as (repo, _):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo), board)
    return {**runner.summary(result, runner.run_dir(ctx)), "comment": fix.finish(ctx, board, t.issue, result)}
