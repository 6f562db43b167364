"""The dashboard's pages under /dashboard: jobs, one job (and its live progress as JSON),
installations and repos, the summary, and sign-in/out."""
from __future__ import annotations

import logging
import secrets

from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, session, url_for

from agent.redact import redact_obj
from bot.dashboard import auth, charts, data, render
from bot.dashboard.markdown import markdown_html
from bot.jobs.store import ACTIVE, KINDS, STATES

log = logging.getLogger(__name__)
bp = Blueprint("dashboard", __name__, url_prefix="/dashboard", template_folder="templates",
               static_folder="static", static_url_path="/static")


def _services():
    return current_app.extensions["crashfix"]


@bp.app_context_processor
def _globals():
    s = _services().settings
    return {"viewer": auth.viewer(), "csrf_token": auth.csrf_token, "dry_run": s.dry_run, "web_url": s.web_url}


@bp.get("/")
def index():
    return redirect(url_for("dashboard.jobs"))


# -- sign-in --------------------------------------------------------------------------------

@bp.route("/login", methods=["GET", "POST"])
def login():
    target = auth.safe_next(request.values.get("next"))
    error = None
    if request.method == "POST":
        auth.check_csrf()
        wait = auth.signin_blocked(request.remote_addr or "-")
        if wait:
            log.warning("dashboard: admin sign-in from %s refused: too many wrong tokens", request.remote_addr)
            return render_template("login.html", next=target, oauth=auth.oauth_enabled(),
                                   admin=bool(_services().settings.ADMIN_TOKEN),
                                   error=f"Too many wrong tokens: try again in {wait} s."), 429, {"Retry-After": str(wait)}
        if auth.admin_token_ok(request.form.get("token", "")):
            auth.sign_in(auth.Viewer("admin", True))
            log.info("dashboard: admin signed in from %s", request.remote_addr)
            return redirect(target)
        log.warning("dashboard: wrong admin token from %s", request.remote_addr)
        auth.signin_failed(request.remote_addr or "-")
        error = "That token is not the admin token." if _services().settings.ADMIN_TOKEN else \
            "No admin token is configured (CRASHFIX_ADMIN_TOKEN)."
    return render_template("login.html", next=target, error=error, oauth=auth.oauth_enabled(),
                           admin=bool(_services().settings.ADMIN_TOKEN)), (401 if error else 200)


@bp.post("/logout")
def logout():
    auth.check_csrf()
    auth.sign_out()
    return redirect(url_for("dashboard.login"))


@bp.get("/login/github")
def oauth_start():
    if not auth.oauth_enabled():
        abort(404)
    state = secrets.token_urlsafe(24)
    session["oauth_state"] = state
    session["oauth_next"] = auth.safe_next(request.args.get("next"))
    return redirect(auth.authorize_url(state))


@bp.get("/oauth/callback")
def oauth_callback():
    if not auth.oauth_enabled():
        abort(404)
    expected = session.pop("oauth_state", None)
    state, code = request.args.get("state", ""), request.args.get("code", "")
    if not expected or not state or not secrets.compare_digest(state.encode(), expected.encode()):
        log.warning("dashboard: OAuth callback with a wrong or replayed state from %s", request.remote_addr)
        return render_template("login.html", error="The sign-in link expired or was not started here; try again.",
                               oauth=True, admin=bool(_services().settings.ADMIN_TOKEN), next=None), 400
    if not code:
        reason = request.args.get("error_description") or request.args.get("error") or "no code"
        return render_template("login.html", error=f"GitHub did not sign you in: {reason}", oauth=True,
                               admin=bool(_services().settings.ADMIN_TOKEN), next=None), 400
    target = auth.safe_next(session.pop("oauth_next", None))
    try:
        who = auth.github_viewer(auth.exchange_code(code))
    except auth.OAuthError as exc:
        log.warning("dashboard: GitHub sign-in failed: %s", exc)
        return render_template("login.html", error=str(exc), oauth=True,
                               admin=bool(_services().settings.ADMIN_TOKEN), next=None), 502
    auth.sign_in(who)
    log.info("dashboard: %s signed in with GitHub (%d installations)", who.login, len(who.installations))
    return redirect(target)


# -- pages ----------------------------------------------------------------------------------

def _int_arg(name: str, default: int = 1) -> int:
    try:
        return int(request.args.get(name, default))
    except ValueError:
        return default


@bp.get("/jobs")
@auth.required
def jobs():
    f = {k: request.args.get(k, "") for k in ("repo", "state", "kind")}
    page = data.list_jobs(_services().db, auth.viewer(), page=_int_arg("page"), **f)
    return render_template("jobs.html", page=page, filters=f, states=STATES, kinds=KINDS)


@bp.get("/jobs/<int:job_id>")
@auth.required
def job(job_id: int):
    s, db = _services().settings, _services().db
    row = data.get_job(db, auth.viewer(), job_id)
    if row is None:
        abort(404)
    row = redact_obj(row)
    folder = data.run_dir(s.runs_dir, row)
    run = data.load_run(folder)
    # a finished job whose folder is gone: deleted by retention (bot/jobs/retention.py)
    pruned = s.RUNS_KEEP_DAYS if folder is None and row["state"] not in ACTIVE and (row.get("result") or {}).get("run_dir") else None
    result = run.get("result") or {}
    best = (result.get("fix") or {}) if isinstance(result.get("fix"), dict) else {}
    return render_template(
        "job.html", job=row, run=result, files=run, pr=data.pr_of(db, row),
        progress=data.progress(db, job_id), now=data.now(db, job_id) if row["state"] in ACTIVE else None, writes=data.dry_run_writes(db, job_id), posted=data.posted(db, job_id),
        failures=data.failures(db, job_id),
        active=row["state"] in ACTIVE, timeline=charts.timeline(result.get("timings") or row["result"].get("timings")),
        patch_html=render.diff_html(run.get("patch") or result.get("patch")), best=best,
        diff_html=render.diff_html, python_html=render.python_html,
        markdown_html=markdown_html, pruned=pruned)


@bp.get("/jobs/<int:job_id>/progress.json")
@auth.required
def job_progress(job_id: int):
    db = _services().db
    row = data.get_job(db, auth.viewer(), job_id)
    if row is None:
        return jsonify({"error": "no such job"}), 404
    events = data.progress(db, job_id, _int_arg("after", 0))
    return jsonify({"id": job_id, "state": row["state"], "active": row["state"] in ACTIVE, "events": events,
                    "now": data.now(db, job_id) if row["state"] in ACTIVE else None})


@bp.get("/installations")
@auth.required
def installations():
    return render_template("installations.html", installations=data.installations(_services().db, auth.viewer()))


@bp.get("/summary")
@auth.required
def summary():
    sm = data.summary(_services().db, auth.viewer())
    rated = [r for r in sm["repos"] if r["rate"] is not None]
    rate_chart = charts.bars([(r["repo"], r["rate"] * 100, f"{r['rate']:.0%} of {r['runs']}") for r in rated],
                             "Fix rate per repo (%)", 100)
    spend_chart = charts.bars([(r["repo"], r["usd"], f"${r['usd']:.2f}") for r in sm["repos"]], "LLM spend per repo")
    pr_chart = charts.bars([(label, sm[key], str(sm[key])) for label, key in
                            (("open", "open"), ("merged", "merged"), ("closed unmerged", "closed"))],
                           "crashfix pull requests")
    return render_template("summary.html", sm=sm, rate_chart=rate_chart, spend_chart=spend_chart, pr_chart=pr_chart)


@bp.get("/highlight.css")
def highlight_css():
    return current_app.response_class(render.css(), mimetype="text/css")


@bp.app_template_filter("ago")
def _short_time(value: str | None) -> str:
    return value[:19].replace("T", " ") if value else ""
