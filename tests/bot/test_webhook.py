"""POST /webhook with GitHub's real payload examples, signed like GitHub signs them."""
from __future__ import annotations

import json
import logging
import uuid

import pytest

EXAMPLES = {
    "check_run.completed": ("check_run", 200), "check_suite.completed": ("check_suite", 200),
    "installation.created": ("installation", 202), "installation.deleted": ("installation", 200),
    "installation_repositories.added": ("installation_repositories", 202),     # a backlog scan is queued
    "installation_repositories.removed": ("installation_repositories", 200),
    "issue_comment.created": ("issue_comment", 200), "issue_comment.created.with-installation": ("issue_comment", 200),
    "issue_comment.edited": ("issue_comment", 200), "issues.closed.derived": ("issues", 200),
    "issues.edited": ("issues", 202), "issues.labeled": ("issues", 202), "issues.opened": ("issues", 202),
    "ping": ("ping", 200), "ping.with-app_id": ("ping", 200), "pull_request.closed": ("pull_request", 200),
    "pull_request.opened": ("pull_request", 200), "pull_request.synchronize": ("pull_request", 200),
    "pull_request_review.submitted": ("pull_request_review", 200),
    "pull_request_review_comment.created": ("pull_request_review_comment", 200),
    "push": ("push", 200), "push.with-installation": ("push", 200),
}


def test_every_published_example_is_in_the_table(gh):
    names = {p.name.removesuffix(".json") for p in gh.WEBHOOKS.glob("*.json")} - {"schema"}
    assert names == set(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_real_examples_are_accepted_as_published(harness, gh, name):
    """Every example (installation added where it has none, as a GitHub App always gets one):
    acknowledged, never 4xx/5xx. issues.labeled's label is `bug`, not the trigger label: its fix
    job is dropped by the worker. Examples that already have an installation are sent byte for byte."""
    event, status = EXAMPLES[name]
    body = (gh.WEBHOOKS / f"{name}.json").read_bytes()
    data = json.loads(body)
    if "installation" not in data:
        data["installation"] = gh.INSTALLATION
        body = json.dumps(data).encode()
    r = harness.post(event, body)
    assert r.status_code == status, r.json
    assert harness.db.one("SELECT COUNT(*) AS n FROM deliveries")["n"] == 1


def test_missing_and_wrong_signatures_are_401(harness, gh):
    body = json.dumps(harness.payload("issues.labeled", gh.labeled())).encode()
    assert harness.post("issues", body, secret="wrong").status_code == 401
    assert harness.post("issues", body, **{"X-Hub-Signature-256": None}).status_code == 401
    assert harness.post("issues", body, **{"X-Hub-Signature-256": "sha256="}).status_code == 401
    assert harness.post("issues", body, **{"X-Hub-Signature-256": "sha256=zz"}).status_code == 401
    tampered = body.replace(b'"crashfix"', b'"crashfiy"')
    assert harness.post("issues", tampered, **{"X-Hub-Signature-256": gh.sign(body)}).status_code == 401
    assert harness.jobs() == [] and harness.api.calls == []


def test_no_sha1_fallback(harness, gh):
    import hashlib
    import hmac
    body = json.dumps(harness.payload("ping")).encode()
    sha1 = "sha1=" + hmac.new(gh.SECRET.encode(), body, hashlib.sha1).hexdigest()
    r = harness.post("ping", body, **{"X-Hub-Signature-256": None, "X-Hub-Signature": sha1})
    assert r.status_code == 401


def test_without_a_configured_secret_everything_is_401(make_harness, gh):
    h = make_harness(WEBHOOK_SECRET=None)
    body = json.dumps(h.payload("ping")).encode()
    assert h.post("ping", body).status_code == 401


def test_wrong_content_type_is_415(harness, gh):
    body = json.dumps(harness.payload("ping")).encode()
    r = harness.post("ping", body, content_type="application/x-www-form-urlencoded")
    assert r.status_code == 415


def test_too_large_is_413(harness, gh):
    body = b'{"zen": "' + b"x" * (25 * 1024 * 1024) + b'"}'
    r = harness.post("ping", body)
    assert r.status_code == 413
    assert harness.db.one("SELECT COUNT(*) AS n FROM deliveries")["n"] == 0


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2]", b"\xff\xfe", b""])
def test_malformed_json_is_400(harness, body):
    assert harness.post("issues", body).status_code == 400
    assert harness.jobs() == []


def test_missing_event_or_delivery_header_is_400(harness):
    body = json.dumps(harness.payload("ping")).encode()
    assert harness.post("ping", body, **{"X-GitHub-Event": None}).status_code == 400
    assert harness.post("ping", body, **{"X-GitHub-Delivery": None}).status_code == 400


@pytest.mark.parametrize("event,name,drop", [
    ("issues", "issues.labeled", ("issue", "number")),
    ("issues", "issues.labeled", ("label", "name")),
    ("issues", "issues.opened", ("installation",)),
    ("issues", "issues.opened", ("repository",)),
    ("issue_comment", "issue_comment.created.with-installation", ("comment", "body")),
    ("pull_request", "pull_request.closed", ("pull_request", "head")),
    ("installation", "installation.created", ("installation", "account")),
])
def test_payloads_missing_fields_are_400_and_nothing_is_enqueued(harness, gh, event, name, drop):
    def edit(p):
        node = p
        for key in drop[:-1]:
            node = node[key]
        del node[drop[-1]]
        if name == "issue_comment.created.with-installation" and "comment" in p:
            pass
    data = harness.payload(name, gh.labeled() if name == "issues.labeled" else None)
    edit(data)
    r = harness.post(event, json.dumps(data).encode())
    assert r.status_code == 400, r.json
    assert ".".join(drop) in r.json["error"]
    assert harness.jobs() == [] and harness.api.calls == []
    assert harness.db.one("SELECT COUNT(*) AS n FROM deliveries")["n"] == 0


def test_wrong_field_type_is_400(harness, gh):
    data = harness.payload("issues.opened")
    data["issue"]["number"] = "1"
    assert harness.post("issues", json.dumps(data).encode()).status_code == 400


def test_a_redelivery_is_acknowledged_once_and_runs_once(harness, gh):
    delivery = str(uuid.uuid4())
    first = harness.deliver("issues", "issues.labeled", gh.labeled(), delivery=delivery)
    again = harness.deliver("issues", "issues.labeled", gh.labeled(), delivery=delivery)
    assert first.status_code == 202 and again.status_code == 200 and again.json == {"duplicate": True}
    assert len(harness.jobs(kind="fix")) == 1 and len(harness.api.published()) == 1


def test_unknown_events_are_acknowledged_and_ignored(harness, gh, caplog):
    caplog.set_level(logging.INFO)
    r = harness.deliver("push", "push.with-installation")
    assert r.status_code == 200 and r.json == {"ignored": True}
    r = harness.deliver("check_run", "check_run.completed")
    assert r.status_code == 200
    r = harness.post("made_up_event", b'{"action": "whatever"}')
    assert r.status_code == 200 and r.json == {"ignored": True}
    assert harness.jobs() == [] and harness.api.calls == []
    assert any("no handler, ignored" in rec.getMessage() for rec in caplog.records)
    outcomes = {r["outcome"] for r in harness.db.all("SELECT outcome FROM deliveries")}
    assert outcomes == {"ignored"}


def test_ping_and_healthz(harness):
    assert harness.deliver("ping", "ping.with-app_id").status_code == 200
    r = harness.client.get("/healthz")
    assert r.status_code == 200 and r.json["ok"] is True and r.json["dry_run"] is True


def test_the_request_makes_no_github_calls_when_the_queue_is_not_immediate(tmp_path, gh, make_harness):
    """With a real (not immediate) queue, the request only records and enqueues: 202, no API call."""
    from bot.jobs.queue import JobQueue
    h = make_harness()
    h.app.extensions["crashfix"].queue = JobQueue(h.settings)       # SqliteHuey in DATA_DIR
    r = h.deliver("issues", "issues.labeled", gh.labeled())
    assert r.status_code == 202
    assert h.api.calls == [] and h.apis_made == []
    assert h.jobs()[0]["state"] == "queued"
    assert h.app.extensions["crashfix"].queue.pending() == 1


def test_log_lines_carry_delivery_repo_and_job(harness, gh, caplog):
    caplog.set_level(logging.INFO)
    delivery = str(uuid.uuid4())
    harness.deliver("issues", "issues.labeled", gh.labeled(), delivery=delivery)
    job_id = harness.jobs()[0]["id"]
    worker_lines = [r for r in caplog.records if r.name == "bot.worker"]
    assert worker_lines and all(r.delivery == delivery and r.repo == gh.REPO and r.job == job_id
                                for r in worker_lines)
    hook_lines = [r for r in caplog.records if r.name == "bot.web.webhook"]
    assert hook_lines and all(r.delivery == delivery for r in hook_lines)
    from bot.jobs.store import LOG_FORMAT
    text = logging.Formatter(LOG_FORMAT).format(worker_lines[0])
    assert f"delivery={delivery} repo={gh.REPO} job={job_id}" in text
