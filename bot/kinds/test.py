"""`/crashfix test <ref>`: reproduce the crash against another branch, tag or commit and say what happened."""
from __future__ import annotations

from agent.markdown_safe import quote_untrusted
from agent.run import Result
from bot.failures import for_result
from bot.kinds import runner
from bot.kinds.context import Context


def run(ctx: Context) -> dict:
    ref = ctx.job.params.get("arg")
    t = runner.target(ctx, runner.admit(ctx), charged=False)
    with runner.checkout(ctx) as (repo, _):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo, ref=ref, repair=False))
    ctx.api.comment(ctx.job.repo, t.issue, comment(result, ref))
    return runner.summary(result, runner.run_dir(ctx))


def comment(result: Result, ref: str | None) -> str:
    """The answer, in plain words: the commands are quoted inert, an error is named by bot/failures.py."""
    rep = result.reproduction
    head = f"crashfix tested {quote_untrusted(ref)}: "
    if rep is not None and rep.reproduced:
        return head + f"the crash **reproduces** ({rep.crashed}/{rep.tries} runs) with {quote_untrusted(rep.command)}."
    if rep is not None:
        tried = "; ".join(f"{quote_untrusted(a.command, 200)} (exit {a.exit_code})" for a in rep.attempts)
        return head + f"the crash does **not** reproduce. Tried: {tried or 'nothing to run'}."
    failure = for_result(result)
    return head + f"could not run. {failure.text() if failure else result.status}"
