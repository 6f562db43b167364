"""The operator's view: dashboard pages (bot/dashboard/views.py), sign-in (auth.py) and
/metrics (metrics.py), served by the webhook's Flask app. See docs/dashboard.md."""
from __future__ import annotations


def register(app, settings) -> None:
    from bot.dashboard import auth, metrics, views
    auth.configure(app, settings)
    app.register_blueprint(views.bp)
    app.register_blueprint(metrics.bp)
