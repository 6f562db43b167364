"""`GET /metrics` in Prometheus' text format, computed from the job table (the table is the source
of truth, so every web worker answers the same) at most once every CACHE_SECONDS per process, so
scrapers cannot load the database the webhook needs. Off (404) until METRICS_TOKEN is set; then
it wants `Authorization: Bearer <token>`."""
from __future__ import annotations

import hmac
import logging
import threading
import time

from flask import Blueprint, Response, current_app, request
from prometheus_client import CollectorRegistry
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.exposition import choose_encoder

from bot.db import Database, loads
from bot.jobs.store import KINDS, STATES

log = logging.getLogger(__name__)
bp = Blueprint("metrics", __name__)
BUCKETS = (1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600)
CACHE_SECONDS = 5.0
_cache_lock = threading.Lock()


class JobTableCollector:
    """Reads the database at collect time; no state of its own."""

    def __init__(self, db: Database):
        self.db = db

    def collect(self):
        yield from self._jobs()
        yield from self._durations()
        yield from self._results()
        yield from self._prs()
        yield from self._rate_limits()

    def _jobs(self):
        by = GaugeMetricFamily("crashfix_jobs", "Jobs in the job table, by state and kind", labels=["state", "kind"])
        counts = {(r["state"], r["kind"]): r["n"] for r in
                  self.db.all("SELECT state, kind, COUNT(*) AS n FROM jobs GROUP BY state, kind")}
        for state in STATES:
            for kind in KINDS:
                by.add_metric([state, kind], counts.get((state, kind), 0))
        yield by
        depth = GaugeMetricFamily("crashfix_queue_depth", "Jobs waiting for a worker (state queued)")
        depth.add_metric([], sum(n for (state, _), n in counts.items() if state == "queued"))
        yield depth

    def _durations(self):
        from bot.dashboard.data import seconds_between
        per_kind: dict[str, list[float]] = {}
        for r in self.db.all("SELECT kind, started_at, finished_at FROM jobs WHERE state IN ('done', 'failed') "
                             "AND started_at IS NOT NULL AND finished_at IS NOT NULL"):
            seconds = seconds_between(r["started_at"], r["finished_at"])
            if seconds is not None and seconds >= 0:
                per_kind.setdefault(r["kind"], []).append(seconds)
        h = HistogramMetricFamily("crashfix_job_duration_seconds", "Time from a job's start to its end",
                                  labels=["kind"])
        for kind, values in sorted(per_kind.items()):
            buckets = [(str(b), sum(1 for v in values if v <= b)) for b in BUCKETS] + [("+Inf", len(values))]
            h.add_metric([kind], buckets, sum(values))
        yield h

    def _results(self):
        outcomes = CounterMetricFamily("crashfix_validation_candidates", "Candidate patches validated or rejected",
                                       labels=["outcome"])
        status = CounterMetricFamily("crashfix_pipeline_runs", "Pipeline runs by result status",
                                     labels=["kind", "status"])
        tokens = CounterMetricFamily("crashfix_llm_tokens", "LLM tokens used by pipeline runs", labels=["type"])
        usd = CounterMetricFamily("crashfix_llm_cost_usd", "LLM spend of finished jobs in US dollars")
        totals = {"validated": 0, "rejected": 0, "prompt": 0, "completion": 0}
        runs: dict[tuple[str, str], int] = {}
        spent = 0.0
        for r in self.db.all("SELECT kind, cost, result FROM jobs WHERE state IN ('done', 'failed')"):
            spent += float(r["cost"] or 0)
            result = loads(r["result"])
            if not isinstance(result, dict) or "status" not in result:
                continue
            runs[(r["kind"], str(result["status"]))] = runs.get((r["kind"], str(result["status"])), 0) + 1
            for key, source in (("validated", "validation"), ("rejected", "validation"),
                                ("prompt", "tokens"), ("completion", "tokens")):
                value = (result.get(source) or {}).get(key)
                totals[key] += int(value) if isinstance(value, (int, float)) else 0
        for outcome in ("validated", "rejected"):
            outcomes.add_metric([outcome], totals[outcome])
        for (kind, st), n in sorted(runs.items()):
            status.add_metric([kind, st], n)
        for kind in ("prompt", "completion"):
            tokens.add_metric([kind], totals[kind])
        usd.add_metric([], spent)
        yield from (outcomes, status, tokens, usd)

    def _prs(self):
        g = GaugeMetricFamily("crashfix_pull_requests", "crashfix's pull requests by state", labels=["state"])
        rows = self.db.all("SELECT state, merged, COUNT(*) AS n FROM prs GROUP BY state, merged")
        for name, test in (("open", lambda r: r["state"] == "open"), ("merged", lambda r: r["merged"]),
                           ("closed", lambda r: r["state"] != "open" and not r["merged"])):
            g.add_metric([name], sum(r["n"] for r in rows if test(r)))
        yield g

    def _rate_limits(self):
        remaining = GaugeMetricFamily("crashfix_github_rate_limit_remaining",
                                      "Requests left in GitHub's rate-limit window, as last reported",
                                      labels=["installation", "resource"])
        limit = GaugeMetricFamily("crashfix_github_rate_limit_limit", "GitHub's rate limit per window",
                                  labels=["installation", "resource"])
        for r in self.db.all("SELECT * FROM rate_limits ORDER BY installation_id, resource"):
            labels = [str(r["installation_id"]), r["resource"]]
            remaining.add_metric(labels, r["remaining"] or 0)
            if r["lim"] is not None:
                limit.add_metric(labels, r["lim"])
        yield remaining
        yield limit


def registry_for(db: Database) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(JobTableCollector(db))
    return registry


@bp.get("/metrics")
def metrics():
    services = current_app.extensions["crashfix"]
    token = services.settings.METRICS_TOKEN
    if not token:
        return Response("metrics are off: set CRASHFIX_METRICS_TOKEN\n", 404, mimetype="text/plain")
    sent = request.headers.get("Authorization", "")
    if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
        return Response("metrics need Authorization: Bearer <CRASHFIX_METRICS_TOKEN>\n", 401,
                        {"WWW-Authenticate": 'Bearer realm="crashfix metrics"'}, mimetype="text/plain")
    encode, content_type = choose_encoder(request.headers.get("Accept", ""))    # text 0.0.4 unless asked
    cache = current_app.extensions.setdefault("crashfix_metrics_cache", {})      # content type -> (at, body)
    with _cache_lock:                      # one scrape computes; the others within CACHE_SECONDS reuse it
        at, body = cache.get(content_type, (0.0, b""))
        if time.monotonic() - at > CACHE_SECONDS:
            registry = current_app.extensions.get("crashfix_metrics")
            if registry is None:
                registry = current_app.extensions["crashfix_metrics"] = registry_for(services.db)
            body = encode(registry)
            cache[content_type] = (time.monotonic(), body)
    return Response(body, content_type=content_type)
