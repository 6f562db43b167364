"""`cleanup` (a crashfix PR closed or merged): delete its branch."""
from __future__ import annotations

import logging

from bot.kinds.context import Context

log = logging.getLogger(__name__)


def run(ctx: Context) -> dict:
    job = ctx.job
    branch = job.params["branch"]
    try:
        ctx.api.delete_branch(job.repo, branch)
        deleted = True
    except Exception as exc:  # noqa: BLE001 - GitHub may already have deleted it
        log.info("branch %s not deleted: %s", branch, exc)
        deleted = False
    return {"branch": branch, "deleted": deleted, "merged": job.params.get("merged")}
