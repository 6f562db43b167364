"""The Flask app (webhook receiver) and how it is served (gunicorn, or Flask's server with --dev)."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from flask import Flask

from bot.db import Database
from bot.private import private_dir
from bot.jobs.queue import JobQueue
from bot.settings import Settings, announce, load_settings
from bot.web.slow_body import SlowBodyGuard

log = logging.getLogger(__name__)
MAX_BODY = 25 * 1024 * 1024          # GitHub caps payloads at 25 MB
# every response: no framing, no sniffing, no referrer to other sites, and pages load only their own
# styles and scripts (the dashboard has no inline script or style; charts are inline SVG)
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


@dataclass
class Services:
    settings: Settings
    db: Database
    queue: JobQueue


def create_app(settings: Settings | None = None, test_config: dict[str, Any] | None = None) -> Flask:
    """The app. `test_config` may hold Flask settings and `CRASHFIX_DB` / `CRASHFIX_QUEUE` to use."""
    settings = settings or load_settings()
    test_config = dict(test_config or {})
    db = test_config.pop("CRASHFIX_DB", None) or Database(settings.database_url)
    queue = test_config.pop("CRASHFIX_QUEUE", None) or JobQueue(settings)
    app = Flask("crashfix")
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False)
    app.config.update(test_config)
    app.extensions["crashfix"] = Services(settings, db, queue)
    private_dir(settings.DATA_DIR)                               # 0700, and the run folders in it
    private_dir(settings.runs_dir)
    app.after_request(_security_headers)
    app.wsgi_app = SlowBodyGuard(app.wsgi_app, MAX_BODY)       # under gunicorn: slow uploads get 408
    from bot.web.webhook import bp
    app.register_blueprint(bp)
    from bot.dashboard import register as register_dashboard
    register_dashboard(app, settings)
    announce(settings)
    return app


def _security_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def warn_weak_secret(settings: Settings) -> str | None:
    """One warning line when the webhook secret fails `crashfix doctor`'s rules (bot/cli/doctor.py
    secret_problem): serving goes on (a missing secret is refused before this); the secret is never logged."""
    from bot.settings import secret_problem
    problem = secret_problem(settings.WEBHOOK_SECRET) if settings.WEBHOOK_SECRET else None
    if problem:
        log.warning("CRASHFIX_WEBHOOK_SECRET is weak (%s): anyone who guesses it can sign webhooks; "
                    "`crashfix doctor` says how to set a random one", problem)
    return problem


def serve(settings: Settings, host: str, port: int, dev: bool = False, workers: int = 2) -> int:
    warn_weak_secret(settings)
    app = create_app(settings)
    if dev:
        log.warning("Flask development server on http://%s:%s (not for production)", host, port)
        app.run(host=host, port=port, debug=False, use_reloader=False)
        return 0
    from gunicorn.app.base import BaseApplication

    class GunicornApp(BaseApplication):
        def __init__(self, application, options):
            self.application, self.options = application, options
            super().__init__()

        def load_config(self):
            for key, value in self.options.items():
                if key in self.cfg.settings and value is not None:
                    self.cfg.set(key.lower(), value)

        def load(self):
            return self.application

    GunicornApp(app, {"bind": f"{host}:{port}", "workers": workers, "worker_class": "bot.web.slow_headers.HeaderGuardedWorker", "threads": 4,
                      "timeout": 30, "keepalive": 5,      # request line and headers: 8 KiB, 50 fields
                      "limit_request_line": 8190, "limit_request_fields": 50, "limit_request_field_size": 8190,
                      "accesslog": "-", "errorlog": "-"}).run()
    return 0
