"""The operator's view: dashboard pages (bot/dashboard/views.py), sign-in (auth.py) and
/metrics (metrics.py), served by the webhook's Flask app. See docs/dashboard.md."""
from __future__ import annotations


def register(app, settings) -> None:
    from agent.redact import register_settings
    from bot.dashboard import auth, metrics, views
    register_settings(settings)                     # no page shows them (agent/redact.py)
    auth.configure(app, settings)
    app.register_blueprint(views.bp)
    app.register_blueprint(metrics.bp)
