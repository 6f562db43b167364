"""Many jobs across repos and installations, two real worker processes (one thread each): the
per-installation limit holds at every moment, no job is lost, every job ends in a final state,
and each issue gets exactly one PR.

The pipeline is the stand-in (tests/faults/standin.py), taking 0.8 s a run and logging when it
ran; everything else is real (webhook app, SQLite, SqliteHuey, consumers, PyGithub over HTTP,
token-checked git pushes)."""
from __future__ import annotations

import json
from collections import defaultdict

from github_fakes import assert_valid_github_requests

# installation -> repos; two issues each
FLEET = {4242: ["acme/api", "acme/web", "acme/cli"], 5151: ["globex/core", "globex/ui"]}
ISSUES = (1, 2)


def overlaps(intervals: list[dict]) -> int:
    """The most runs in progress at one moment."""
    edges = sorted([(i["start"], 1) for i in intervals] + [(i["end"], -1) for i in intervals])
    most = now = 0
    for _, step in edges:
        now += step
        most = max(most, now)
    return most


def test_jobs_across_repos_respect_the_installation_limit_and_all_finish(world, tmp_path):
    jobs: dict[int, tuple[int, str, int]] = {}
    for inst, repos in FLEET.items():
        for repo in repos:
            world.add_repo(repo, ISSUES)
    settings = {"MAX_JOBS_PER_INSTALLATION": 1, "LIMIT_RETRY_SECONDS": 0.3}
    for _ in range(2):      # one thread each: while one process runs a job, the other takes the next
        world.start_worker(threads=1, work_seconds=0.8, settings=settings)
    for n in ISSUES:                                    # interleaved, as deliveries would arrive
        for inst, repos in FLEET.items():
            for repo in repos:
                jobs[world.label(n, repo, inst)] = (inst, repo, n)
    assert len(jobs) == 10

    rows = world.wait_final(jobs, timeout=90)
    assert all(r["state"] == "done" for r in rows), [(r["id"], r["state"], r["error"]) for r in rows] + [world.logs()]

    runs = [json.loads(line) for line in (world.data / "runs" / "intervals.jsonl").read_text().splitlines()]
    assert sorted(r["job"] for r in runs) == sorted(jobs), "each job's pipeline ran exactly once"
    per_inst = defaultdict(list)
    for r in runs:
        per_inst[jobs[r["job"]][0]].append(r)
    assert {inst: overlaps(rs) for inst, rs in per_inst.items()} == {4242: 1, 5151: 1}
    assert overlaps(runs) == 2, "the two installations ran side by side"
    assert len({r["pid"] for r in runs}) == 2, "both worker processes took jobs"

    pulls = world.fake.pulls
    assert sorted((repo, p["head"]["ref"]) for (repo, _), p in pulls.items()) == sorted(
        (repo, f"crashfix/issue-{n}") for _, repo, n in jobs.values())
    assert world.queue.pending() == 0
    assert_valid_github_requests(world.fake.recorded, tmp_path, "--github-app")
