"""`POST /webhook`: verify, record, route, enqueue, answer; no GitHub calls in the request.

    401  missing or wrong X-Hub-Signature-256 (HMAC-SHA256 of the raw body; no SHA-1 fallback)
    413  body over MAX_CONTENT_LENGTH (25 MB)
    415  not application/json
    400  no X-GitHub-Event / X-GitHub-Delivery, malformed JSON, a field a handler needs is missing
    200  {"duplicate": true} for a redelivery (same X-GitHub-Delivery); {"duplicate": true, "replay":
         true} for the same signed body under another delivery id; events that need nothing
    202  {"jobs": [...]} when jobs were queued
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from bot.db import Database
from bot.web.handlers import Context, Event, MissingField, router
from bot.jobs.store import log_context

log = logging.getLogger(__name__)
bp = Blueprint("webhook", __name__)


def signature_ok(secret: str | None, body: bytes, header: str | None) -> bool:
    if not secret or not header or not header.startswith("sha256="):
        return False
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), header.strip().encode())


def _error(status: int, message: str):
    return jsonify({"error": message}), status


@bp.app_errorhandler(HTTPException)
def _http_error(exc: HTTPException):
    """Flask's own refusals (413 body too large, 405, 404…) answer JSON like ours."""
    return _error(exc.code or 500, exc.description or exc.name)


@bp.get("/healthz")
def healthz():
    services = current_app.extensions["crashfix"]
    try:
        services.db.one("SELECT 1 AS ok")
    except Exception as exc:  # noqa: BLE001 - health reports, never raises
        return jsonify({"ok": False, "database": str(exc)}), 503
    return jsonify({"ok": True, "dry_run": services.settings.dry_run})


@bp.post("/webhook")
def webhook():
    started = time.monotonic()
    services = current_app.extensions["crashfix"]
    delivery = request.headers.get("X-GitHub-Delivery", "")
    name = request.headers.get("X-GitHub-Event", "")
    with log_context(delivery=delivery or "-"):
        body = request.get_data(cache=True)            # raw bytes; 413 above MAX_CONTENT_LENGTH
        if not signature_ok(services.settings.WEBHOOK_SECRET, body, request.headers.get("X-Hub-Signature-256")):
            log.warning("rejected: %s X-Hub-Signature-256", "missing" if "X-Hub-Signature-256" not in request.headers
                        else "wrong")
            return _error(401, "bad signature")
        if request.mimetype != "application/json":
            return _error(415, "Content-Type must be application/json")
        if not name or not delivery:
            return _error(400, "X-GitHub-Event and X-GitHub-Delivery headers are required")
        try:
            payload = json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            return _error(400, f"malformed JSON: {exc}")
        except RecursionError:
            return _error(400, "malformed JSON: nested too deeply")
        if not isinstance(payload, dict):
            return _error(400, "the payload must be a JSON object")
        action = payload.get("action") if isinstance(payload.get("action"), str) else None
        event = Event(name, action, delivery, payload)
        with log_context(repo=event.repo or "-"):
            return _handle(services, event, started, body)


def _observe(settings, event: Event) -> None:
    """Dry run: the simulated GitHub learns the issue, comment, repository and sender from the payload."""
    from bot.github.dry_state import observe, state_of
    try:
        observe(state_of(settings.DATA_DIR), event.payload)
    except Exception:  # noqa: BLE001 - a dry run's bookkeeping never refuses a delivery
        log.exception("dry run: the payload was not recorded in the simulated GitHub")


def _handle(services, event: Event, started: float, body: bytes):
    label = f"{event.name}.{event.action}" if event.action else event.name
    handled = router.handles(event)
    if handled:
        try:
            router.validate(event)
        except MissingField as exc:
            log.warning("%s rejected: %s", label, exc)
            return _error(400, str(exc))
    with services.db.tx() as tx:
        if not Database.record_delivery(tx, event.delivery, event.name, event.action, event.installation_id,
                                        event.repo):
            log.info("%s: redelivery, already handled", label)
            return jsonify({"duplicate": True}), 200
        if not Database.record_body(tx, body, event.delivery):
            tx.execute("UPDATE deliveries SET outcome = 'replay' WHERE id = ?", event.delivery)
            log.warning("%s: the same signed body as an earlier delivery under a new id (a replay), ignored", label)
            return jsonify({"duplicate": True, "replay": True}), 200
        if services.settings.dry_run:
            _observe(services.settings, event)
        if not handled:
            tx.execute("UPDATE deliveries SET outcome = 'ignored' WHERE id = ?", event.delivery)
            log.info("%s: no handler, ignored", label)
            return jsonify({"ignored": True}), 200
        jobs = router.dispatch(event, Context(tx, services.settings))
        tx.execute("UPDATE deliveries SET outcome = ? WHERE id = ?",
                   "jobs " + ",".join(map(str, jobs)) if jobs else "handled", event.delivery)
    for job_id in jobs:
        with log_context(job=job_id):
            try:
                services.queue.enqueue(job_id)
            except Exception:  # noqa: BLE001 - the row stays queued; the worker's sweep enqueues it
                log.exception("could not enqueue job %s; the worker's sweep will pick it up", job_id)
            log.info("%s: job %s queued", label, job_id)
    log.info("%s handled in %.1f ms", label, (time.monotonic() - started) * 1000)
    if jobs:
        return jsonify({"jobs": jobs}), 202
    return jsonify({"ok": True}), 200
