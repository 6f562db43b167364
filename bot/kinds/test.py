"""`/crashfix test <ref>`: reproduce the crash against another branch, tag or commit; the answer is the
run's part of the issue's status comment (bot/conversation), edited in place like any other run."""
from __future__ import annotations

from agent.markdown_safe import quote_untrusted
from agent.run import Result
from bot.conversation.board import board_for
from bot.conversation.checklist import Trigger
from bot.conversation.failures import for_result
from bot.kinds import runner
from bot.kinds.context import Context


def run(ctx: Context) -> dict:
    ref = ctx.job.params.get("arg")
    t = runner.target(ctx, runner.admit(ctx), charged=False)
    board = board_for(ctx, t.issue)
    board.reach("parse")
    with runner.checkout(ctx, ref=ref) as (repo, _):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo, ref=ref, repair=False), board)
    comment = board.status.run(ctx.job.id, answer(board.trigger, result, ref))
    return {**runner.summary(result, runner.run_dir(ctx)), "comment": comment}


def answer(trigger: Trigger, result: Result, ref: str | None) -> str:
    """The run's part, in plain words: the commands are quoted inert, an error is named by bot/conversation/failures.py."""
    rep, on = result.reproduction, quote_untrusted(ref)
    if rep is not None and rep.reproduced:
        head = f"the crash **reproduces** on {on}"
        body = f"It crashed in {rep.crashed} of {rep.tries} run(s) of {quote_untrusted(rep.command)}."
    elif rep is not None:
        tried = "; ".join(f"{quote_untrusted(a.command, 200)} (exit {a.exit_code})" for a in rep.attempts)
        head, body = f"the crash does **not** reproduce on {on}", f"Tried: {tried or 'nothing to run'}."
    else:
        failure = for_result(result)
        head = f"`{result.status}`: could not test {on}"
        body = f"**What happened:** {failure.text() if failure else result.status}"
    return f"{trigger.headline(head)}\n\n{body}\n"
