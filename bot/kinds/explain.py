"""`/crashfix explain`: what is known of the crash, in a few lines, on the issue's status comment; no PR.

When an earlier run on the issue reached a diagnosis (it reproduced the crash, or tried and could not),
that run's result is said again, with a link to its job; nothing is re-run. Otherwise the pipeline runs
once, repairing nothing beyond what a fix run would, and its diagnosis is posted.
"""
from __future__ import annotations

import json
from pathlib import Path

from agent.compose.words import scrub
from agent.compose.outcomes import DIAGNOSED, words as outcome_words
from agent.markdown_safe import quote_untrusted
from bot.conversation import checks
from bot.conversation.board import board_for
from bot.conversation.checklist import Trigger
from bot.kinds import fix, gates, runner
from bot.kinds.context import Context

KNOWN = DIAGNOSED                   # the outcomes that carry a diagnosis (agent/compose/outcomes.py)


def run(ctx: Context) -> dict:
    config = runner.admit(ctx)
    issue = gates.target_issue(ctx)
    known = last_diagnosis(ctx, issue)
    if known is not None:
        board = board_for(ctx, issue)
        comment = board.status.run(ctx.job.id, explained(board.trigger, *known, ctx=ctx, issue=issue))
        return {"explained": known[1]["status"], "from_job": known[0], "comment": comment}
    t = runner.target(ctx, config)
    board = board_for(ctx, t.issue)
    board.reach("parse")
    with runner.checkout(ctx) as (repo, _):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo), board)
    return {**runner.summary(result, runner.run_dir(ctx)), "comment": fix.finish(ctx, board, t.issue, result)}


def last_diagnosis(ctx: Context, issue: int) -> tuple[int, dict] | None:
    """(job id, its result.json) of the issue's latest fix or explain run that reached a diagnosis."""
    rows = ctx.db.all("SELECT id FROM jobs WHERE repo = ? AND issue = ? AND kind IN ('fix', 'explain') "
                      "AND state = 'done' AND id < ? ORDER BY id DESC LIMIT 10", ctx.job.repo, issue, ctx.job.id)
    for row in rows:
        path = Path(ctx.settings.runs_dir) / str(int(row["id"])) / "result.json"
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("status") in KNOWN and data.get("report"):
            return int(row["id"]), data
    return None


def explained(trigger: Trigger, job: int, data: dict, *, ctx: Context, issue: int) -> str:
    """A few lines: the outcome of run `job`, the crash, the reproduction, the root cause, the patch."""
    page = checks.job_url(ctx.settings, job)
    run = f"[job {job}]({page})" if page else f"job {job}"
    status = data["status"]
    lines = [trigger.headline(f"what is known, from {run} ({outcome_words(status)})"), ""]
    report = data.get("report") or {}
    said = data.get("findings") if isinstance(data.get("findings"), dict) else None
    if said is not None and said.get("crash"):          # its one name, as the run's texts said it
        lines.append(f"- **The crash:** {str(said['crash'])[:600]}")
    else:
        lines.append(f"- **The crash:** a {quote_untrusted(str(report.get('kind', '?')), 20)} crash, "
                     f"{quote_untrusted(str(report.get('type', '?')), 80)}")
    rep = data.get("reproduction") or {}
    if rep.get("reproduced"):
        lines.append(f"- **Reproduced:** {rep.get('crashed')} of {rep.get('tries')} runs crashed with "
                     f"{quote_untrusted(scrub(str(rep.get('command') or '')), 200)}")
    else:
        lines.append(f"- **Not reproduced** in {len(rep.get('attempts') or [])} attempt(s)")
    if said is not None:            # the composed words (agent/compose): labelled as far as they are established
        if said.get("why"):
            lines.append(f"- **{said.get('why_label') or 'Why it crashed'}:** {str(said['why'])[:600]}")
        if said.get("missing"):
            lines.append(f"- **Not confirmed:** {str(said['missing'])[:600]}")
    elif data.get("root_cause"):    # a run folder written before the Findings: its paragraph, claiming no cause
        lines.append(f"- **What the run said:** {data['root_cause'][:600]}")
    best = data.get("fix")
    if status in ("fixed", "speculative") and best:
        pr = ctx.db.pr_for_issue(ctx.job.repo, issue)
        where = f"; pull request #{pr['number']}" if pr else ""
        lines.append(f"- **The patch:** {quote_untrusted(str(best.get('description') or ''), 200)}"
                     f" (validated, {best.get('reproduction_clean')} clean runs){where}")
    lines += ["", f"<sub>Nothing was re-run; {run}'s page has the whole diagnosis. `/crashfix retry` runs the "
                  "issue again.</sub>"]
    return "\n".join(lines) + "\n"
