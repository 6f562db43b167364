"""`/crashfix test <ref>`: reproduce the crash against another branch, tag or commit and say what happened."""
from __future__ import annotations

from agent.run import Result
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
    rep = result.reproduction
    head = f"crashfix tested `{ref}`: "
    if rep is not None and rep.reproduced:
        return head + f"the crash **reproduces** ({rep.crashed}/{rep.tries} runs) with `{rep.command}`."
    if rep is not None:
        tried = "; ".join(f"`{a.command}` (exit {a.exit_code})" for a in rep.attempts) or "nothing to run"
        return head + f"the crash does **not** reproduce. Tried: {tried}."
    return head + f"could not run: {result.error or result.status}."
