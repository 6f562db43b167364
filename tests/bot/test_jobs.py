"""Jobs, the queue, the worker's edge, limits, settings, and one real end-to-end fix."""
from __future__ import annotations

import json
from types import SimpleNamespace
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone

import pytest

from bot.jobs.store import MAX_ATTEMPTS, claim, create_job, get_job, sweep
from bot.settings import SettingsError, load_settings


def _job(h, kind="fix", issue=1, **kw):
    with h.db.tx() as tx:
        return create_job(tx, kind, installation_id=4242, repo="Codertocat/Hello-World", issue=issue,
                          sender="Codertocat", params={"trigger": "command", "comment_id": 9}, **kw)


# -- crash recovery --------------------------------------------------------------------------
def test_a_job_left_running_by_a_killed_worker_is_requeued_and_then_runs(harness):
    job_id = _job(harness)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()                                                   # a pid that no longer exists
    import socket
    harness.db.execute("UPDATE jobs SET state = 'running', attempts = 1, worker = ?, started_at = ? WHERE id = ?",
                       f"{socket.gethostname()}:{dead.pid}", datetime.now(timezone.utc).isoformat(), job_id)
    live = _job(harness, issue=2)
    harness.db.execute("UPDATE jobs SET state = 'running', attempts = 1, worker = ? WHERE id = ?",
                       f"{socket.gethostname()}:{os.getppid()}", live)          # a live worker: untouched
    ids = harness.worker.startup()                                 # sweeps, then enqueues (immediate: runs)
    assert job_id in ids and live not in ids
    job = get_job(harness.db, job_id)
    assert job.state == "done" and job.attempts == 2 and len(harness.api.published()) == 1
    assert get_job(harness.db, live).state == "running"


def test_a_job_that_keeps_killing_its_worker_fails_for_good(harness):
    job_id = _job(harness)
    harness.db.execute("UPDATE jobs SET state = 'running', attempts = ?, worker = 'gone-host:1', started_at = ? "
                       "WHERE id = ?", MAX_ATTEMPTS, "2000-01-01T00:00:00+00:00", job_id)
    assert sweep(harness.db) == []
    job = get_job(harness.db, job_id)
    assert job.state == "failed" and "gave up" in job.error


def test_a_job_runs_once_however_often_it_is_enqueued(harness):
    job_id = _job(harness, dedupe=False)
    for _ in range(3):
        harness.queue.enqueue(job_id)
    assert len(harness.pipeline.configs) == 1 and get_job(harness.db, job_id).attempts == 1


# -- the job's edge --------------------------------------------------------------------------
def test_a_failing_job_is_marked_failed_with_its_reason_and_says_so_in_plain_words(harness, gh):
    def broken(config, progress):
        raise OSError("disk full")
    harness.worker.pipeline = broken
    harness.deliver("issues", "issues.labeled", gh.labeled())
    job = harness.jobs(kind="fix")[0]
    assert job["state"] == "failed" and job["error"] == "OSError: disk full" and job["finished_at"]
    assert [e["body"] for e in harness.db.job_events(job["id"], "failure")] == ["OSError: disk full"]
    comments, edits = harness.api.named("comment"), harness.api.named("edit_comment")
    assert len(comments) == 1 and edits[-1][2] == 1001                    # the status comment, edited
    said = edits[-1][3]
    assert "crashfix hit a bug of its own" in said and "- [ ] Parse the crash report ❌" in said
    assert "disk full" not in said and "OSError" not in said and "/crashfix retry" not in said


def test_a_broken_repo_config_is_named_in_the_failure(harness, gh):
    harness.api.files[(gh.REPO, ".github/crashfix.yml")] = "protected_paths: 3\n"
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix"))
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix retry"))
    jobs = harness.jobs(kind="fix")
    assert [j["state"] for j in jobs] == ["failed", "failed"] and "protected_paths" in jobs[0]["error"]
    comments = harness.api.named("comment")
    assert len(comments) == 1 and "protected_paths" in comments[0][3] and "not valid" in comments[0][3]
    assert harness.pipeline.configs == []


def test_a_failing_clone_fails_the_job(harness, gh):
    harness.api.git_base = str(harness.git_repo.parent / "no-such-place")
    harness.deliver("issues", "issues.labeled", gh.labeled())
    job = harness.jobs(kind="fix")[0]
    assert job["state"] == "failed" and "git clone of" in job["error"] and "does not exist" in job["error"]


# -- limits ----------------------------------------------------------------------------------
def test_concurrent_jobs_per_installation_are_limited(make_harness):
    h = make_harness(MAX_JOBS_PER_INSTALLATION=1)
    first, second = _job(h, issue=1), _job(h, issue=2)
    job, why = claim(h.db, first, 1)
    assert job is not None and job.state == "running"
    h.worker.run(second)                                          # the installation is busy: waits
    assert get_job(h.db, second).state == "queued" and h.queue.huey.scheduled_count() == 1
    assert claim(h.db, _job(h, kind="triage", issue=3), 1)[0] is not None, "triage is not limited"


def test_prs_per_repo_per_hour_are_limited_but_updates_are_not(make_harness, gh):
    h = make_harness(MAX_PRS_PER_REPO_PER_HOUR=2)
    for n in (1, 2, 3):
        h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix", number=n))
    states = [j["state"] for j in h.jobs(kind="fix")]
    assert states == ["done", "done", "queued"] and len(h.api.published()) == 2
    assert h.queue.huey.scheduled_count() == 1                   # tried again when the hour frees a slot
    h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix retry", number=1))
    assert len(h.api.published()) == 3 and h.api.published()[-1]["issue"] == 1   # updating PR #100 is fine
    old = (datetime.now(timezone.utc) - timedelta(hours=2)).isoformat()
    h.db.execute("UPDATE prs SET created_at = ?", old)
    h.worker.run(h.jobs(kind="fix")[2]["id"])
    assert h.jobs(kind="fix")[2]["state"] == "done"


# -- a real queue ----------------------------------------------------------------------------
def test_a_real_sqlite_huey_and_consumer_thread_run_the_job(make_harness, gh):
    from bot.jobs.queue import JobQueue
    h = make_harness()
    queue = JobQueue(h.settings)                                   # SqliteHuey in DATA_DIR, not immediate
    assert type(queue.huey).__name__ == "SqliteHuey"
    h.app.extensions["crashfix"].queue = queue
    h.worker.queue = queue
    queue.attach(h.worker.run, h.worker.lost_jobs)
    started = time.monotonic()
    r = h.deliver("issues", "issues.labeled", gh.labeled())
    assert r.status_code == 202 and time.monotonic() - started < 1.0
    assert h.jobs()[0]["state"] == "queued" and h.api.calls == []
    consumer = queue.consumer(workers=1, periodic=False, initial_delay=0.05, max_delay=0.1)
    consumer.start()  # threads; signal handlers are set only in the main thread's run()
    try:
        deadline = time.monotonic() + 20
        while h.jobs()[0]["state"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        consumer.stop(graceful=True)
    assert h.jobs()[0]["state"] == "done" and len(h.api.published()) == 1


# -- settings --------------------------------------------------------------------------------
def test_settings_defaults_and_dry_run():
    s = load_settings(env={})
    assert s.GITHUB_API_URL == "https://api.github.com" and s.MAX_JOBS_PER_INSTALLATION == 2
    assert s.MAX_PRS_PER_REPO_PER_HOUR == 5 and s.dry_run and str(s.DATA_DIR).endswith(".local/share/crashfix")
    assert s.database_url == f"sqlite:///{s.DATA_DIR / 'crashfix.db'}"


@pytest.mark.parametrize("env,message", [
    ({"CRASHFIX_APP_ID": "abc"}, "setting CRASHFIX_APP_ID: must be an integer, got 'abc'"),
    ({"CRASHFIX_SANDBOX": "vm"}, "setting CRASHFIX_SANDBOX: must be one of 'docker' or 'local', got 'vm'"),
    ({"CRASHFIX_MAX_JOBS_PER_INSTALLATION": "0"}, "setting CRASHFIX_MAX_JOBS_PER_INSTALLATION: must be at least 1"),
    ({"CRASHFIX_APP_ID": "12"}, "setting CRASHFIX_PRIVATE_KEY_PATH: missing"),
    ({"CRASHFIX_APP_ID": "12", "CRASHFIX_PRIVATE_KEY_PATH": "/nonexistent.pem"},
     "setting CRASHFIX_PRIVATE_KEY_PATH: no such file: /nonexistent.pem"),
    ({"CRASHFIX_GITHUB_API_URL": "api.github.com"}, "setting CRASHFIX_GITHUB_API_URL: must be an http(s) URL"),
    ({"CRASHFIX_DATABASE_URL": "mysql://x"}, "setting CRASHFIX_DATABASE_URL: must start with"),
])
def test_a_bad_setting_is_named_in_one_line(env, message):
    with pytest.raises(SettingsError) as err:
        load_settings(env=env)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_settings_from_a_yaml_or_toml_file_and_the_environment_wins(tmp_path):
    key = tmp_path / "app.pem"
    key.write_text("-----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY-----\n")
    yml = tmp_path / "c.yml"
    yml.write_text(f"APP_ID: 77\nprivate_key_path: {key}\nCRASHFIX_MAX_PRS_PER_REPO_PER_HOUR: 9\n")
    s = load_settings(env={"CRASHFIX_CONFIG": str(yml), "CRASHFIX_MAX_PRS_PER_REPO_PER_HOUR": "3"})
    assert s.APP_ID == 77 and not s.dry_run and s.MAX_PRS_PER_REPO_PER_HOUR == 3
    toml = tmp_path / "c.toml"
    toml.write_text('REDIS_URL = "redis://localhost:6379/0"\nSANDBOX = "local"\n')
    s = load_settings(env={"CRASHFIX_CONFIG": str(toml)})
    assert s.REDIS_URL.startswith("redis://") and s.SANDBOX == "local"
    bad = tmp_path / "bad.yml"
    bad.write_text("NOPE: 1\n")
    with pytest.raises(SettingsError, match="setting CRASHFIX_NOPE: unknown setting"):
        load_settings(env={"CRASHFIX_CONFIG": str(bad)})


@pytest.fixture
def redis_url(redis_server):
    """A real redis-server on a free loopback port, for this test only."""
    return f"redis://127.0.0.1:{redis_server()}/0"


def test_redis_url_selects_redis_huey_and_a_consumer_runs_the_job(make_harness, gh, redis_url):
    """Workers on many machines share the work through Redis: a real server, a real consumer."""
    from bot.jobs.queue import JobQueue
    h = make_harness(REDIS_URL=redis_url)
    queue = JobQueue(h.settings)
    assert type(queue.huey).__name__ == "RedisHuey"
    h.app.extensions["crashfix"].queue = queue
    h.worker.queue = queue
    queue.attach(h.worker.run, h.worker.lost_jobs)
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    assert h.jobs()[0]["state"] == "queued"
    consumer = queue.consumer(workers=1, periodic=False, initial_delay=0.05, max_delay=0.1)
    consumer.start()
    try:
        deadline = time.monotonic() + 20
        while h.jobs()[0]["state"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        consumer.stop(graceful=True)
    assert h.jobs()[0]["state"] == "done" and len(h.api.published()) == 1


@pytest.mark.parametrize("command", ["serve", "worker"])
def test_cli_exits_2_naming_the_bad_setting(command, gh, tmp_path):
    env = {**os.environ, "CRASHFIX_APP_ID": "abc", "CRASHFIX_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "bot.cli.main", command], cwd=gh.ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip() == "crashfix: setting CRASHFIX_APP_ID: must be an integer, got 'abc'"


def test_serve_needs_the_webhook_secret(gh, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRASHFIX_")}
    env["CRASHFIX_DATA_DIR"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-m", "bot.cli.main", "serve"], cwd=gh.ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "CRASHFIX_WEBHOOK_SECRET: missing" in out.stderr


# -- the real pipeline, once -----------------------------------------------------------------
@pytest.mark.slow
def test_end_to_end_fix_with_the_real_pipeline(make_harness, gh, tmp_path):
    """issues.labeled -> worker clones a local git repo (the fake clone URL) -> the pipeline with
    sandbox=local on examples/inventory -> publish_result gets a fixed run with a patch."""
    import shutil
    upstream = tmp_path / "inventory"
    shutil.copytree(gh.ROOT / "examples" / "inventory" / "repo", upstream)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for cmd in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "init"]):
        subprocess.run(cmd, cwd=upstream, check=True, env=env)
    h = make_harness()
    from agent.pipeline import execute
    h.worker.pipeline = execute
    bare = h.serve(upstream)
    case = json.loads((gh.ROOT / "examples" / "inventory" / "case.json").read_text())
    h.config(test_cmd=case["test_cmd"])
    report = (gh.ROOT / "examples" / "inventory" / "report.txt").read_text()
    title, _, body = report.partition("\n")
    h.api.issues[(gh.REPO, 1)] = {"number": 1, "title": title.lstrip("# "), "body": body, "state": "open",
                                  "labels": [], "pull_request": False}
    r = h.deliver("issues", "issues.labeled", gh.labeled())
    assert r.status_code == 202
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    assert h.api.published() == [{"issue": 1, "pr": 100, "opened": True}]
    pushed = subprocess.run(["git", "-C", str(bare), "show", "crashfix/issue-1"], capture_output=True, text=True,
                            check=True).stdout
    assert "orders.py" in pushed
    assert "## crashfix: fixed" in (h.settings.runs_dir / str(job["id"]) / "report.md").read_text()
    result = json.loads(job["result"])
    assert result["status"] == "fixed" and result["pr"] == 100 and result["cost"] == 0.0
    assert h.db.pr_for_issue(gh.REPO, 1)["number"] == 100


def test_with_the_real_repo_config_and_publish_modules_in_dry_run(make_harness, gh):
    """Behind bot.github.dryrun.DryRunAPI (reads from the fake, writes recorded, no token): a run that did
    not fix puts its diagnosis in the status comment."""
    from bot.github.dryrun import DryRunAPI
    h = make_harness()
    dry = DryRunAPI(read_api=h.api)
    h.api.git_base = str(h.git_server.root)                       # no token in a dry run: clone the bare repo
    h.worker.api_factory = lambda installation_id: dry
    h.worker.pipeline = gh.fake_pipeline("not_fixed")
    h.api.permissions["Codertocat"] = "write"
    h.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix"))
    job = h.jobs(kind="fix")[0]
    assert job["state"] == "done", job["error"]
    actions = [a["action"] for a in dry.actions]
    # 👀, the status comment (created as the run starts), moved to validating, its outcome; no check
    # run: the issue has no crashfix PR, and an issue run never marks the default branch
    assert actions == ["react", "comment", "edit_comment", "edit_comment"], dry.actions
    status, done = dry.actions[1], dry.actions[3]
    assert "crashfix:status" in status["body"] and done["comment_id"] == json.loads(job["result"])["comment"]
    assert "`not_fixed`" in done["body"] and "**Crash:**" in done["body"] and "Root cause" not in done["body"]
    assert json.loads(job["result"])["reason"] == "the run ended not_fixed"
    assert h.db.pr_for_issue(gh.REPO, 1) is None


PYTHON_RUN = [("parse", "parse…"), ("parse", "parsed: python AttributeError: AttributeError in fulfil"),
              ("prepare", "prepare…"), ("prepare", "sandbox…"), ("prepare", "tests_before…"),
              ("reproduce", "reproduce…"), ("analyse", "pdb…"), ("analyse", "history…"),
              ("candidates", "synthesis…"), ("validate", "validating 1/3: guard None"),
              ("validate", "validating 2/3: guard None"), ("finish", "finish…")]
KERNEL_RUN = [("parse", "parse…"), ("parse", "parsed: kernel KASAN: use-after-free in foo_release"),
              ("prepare", "kernel build…"), ("reproduce", "boot 1/3 under QEMU…"), ("analyse", "gdb…"),
              ("research", "agent…"), ("validate", "validating 1/1: the agent's patch")]


@pytest.mark.parametrize("events", [PYTHON_RUN, KERNEL_RUN], ids=["python", "kernel"])
def test_progress_events_move_the_status_checklist_once_per_step(harness, events):
    """The run's (phase, text) events tick the issue's one comment, whatever the crash path says."""
    from agent.markdown_safe import quote_untrusted
    from agent.run import Progress
    from bot.kinds.context import Context
    from bot.kinds.progress import progress
    stages, said = [], []
    board = SimpleNamespace(reach=stages.append, current=said.append, details={})
    job = get_job(harness.db, _job(harness))
    ctx = Context(job, harness.api, harness.db, harness.settings, harness.pipeline, check_cancel=lambda: None)
    step = progress(ctx, board)
    for phase, text in events:
        step(Progress(phase, text))
    assert stages == ["prepare", "reproduce", "investigate", "validate"]
    # the research agent's long phase, within a step already shown, is said on its own (once)
    assert [line.split(" (since")[0] for line in said] == (["researching the cause with the model"]
                                                          if events is KERNEL_RUN else [])
    assert board.details["parse"] == quote_untrusted(events[1][1].removeprefix("parsed: ")), "the crash it found"
    assert [e["body"] for e in harness.db.job_events(job.id, "progress")] == [text for _, text in events]


def test_every_job_kind_has_one_function_in_the_table():
    from bot.jobs.store import KINDS as ALLOWED
    from bot.kinds import KINDS
    assert sorted(KINDS) == sorted(ALLOWED) and all(callable(run) for run in KINDS.values())


def test_an_installation_over_its_daily_llm_budget_gets_no_run(make_harness, gh):
    from datetime import datetime, timezone
    h = make_harness(MAX_USD_PER_INSTALLATION_PER_DAY=1.0)
    stamp = datetime.now(timezone.utc).isoformat()
    h.db.execute("INSERT INTO jobs (kind, state, installation_id, repo, issue, created_at, finished_at, cost) "
                 "VALUES ('fix', 'done', ?, ?, 99, ?, ?, 1.5)", gh.INSTALLATION["id"], gh.REPO, stamp, stamp)
    h.deliver("issues", "issues.labeled", gh.labeled())
    job = h.jobs(kind="fix")[-1]
    assert job["state"] == "cancelled" and "installation budget used: $1.50 of $1.00" in job["error"]
    assert h.pipeline.configs == []
    assert [c for c in h.api.named("comment") if "LLM budget" in c[3]]


def test_repo_budgets_and_the_installation_remainder_reach_the_run(make_harness, gh):
    h = make_harness(MAX_USD_PER_INSTALLATION_PER_DAY=3.0)
    h.config(budgets={"steps": 7, "tokens": 5000, "usd": 0.5, "seconds": 120})
    h.deliver("issues", "issues.labeled", gh.labeled())
    cfg = h.pipeline.configs[0]
    assert (cfg.max_llm_calls, cfg.max_tokens, cfg.max_usd, cfg.max_llm_seconds, cfg.max_seconds) == (7, 5000, 0.5, 120, 120)
    assert [ledger.budget.usd for ledger in cfg.llm_ledgers] == [3.0]
