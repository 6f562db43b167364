"""Sign-in: the admin token (constant-time compare, CSRF-checked form) and GitHub's OAuth web flow
through the App against the fake GitHub over real HTTP; a maintainer sees only their
installations' repos; the OAuth `state` stops a forged or replayed callback."""
from __future__ import annotations

import re

import pytest
import requests

from github_fakes import assert_valid_github_requests

pytestmark = pytest.mark.docker


def csrf_of(client) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', client.get("/dashboard/login").get_data(as_text=True)).group(1)


def github_sign_in(world, client, login: str, installations: list[int]):
    """Click "Sign in with GitHub", let `login` approve on (fake) GitHub, come back to the callback."""
    world.fake.user_installations[login] = installations
    world.fake.approving = login
    start = client.get("/dashboard/login/github?next=/dashboard/summary")
    assert start.status_code == 302
    authorize = start.headers["Location"]
    assert authorize.startswith(world.settings.web_url + "/login/oauth/authorize?")
    at_github = requests.get(authorize, allow_redirects=False, timeout=10)
    assert at_github.status_code == 302
    back = at_github.headers["Location"]
    assert back.startswith("http://localhost/dashboard/oauth/callback?")
    return client.get(back.removeprefix("http://localhost"))


def test_the_admin_token_form(world, dash):
    c = world.app.test_client()
    assert c.post("/dashboard/login", data={"token": dash.ADMIN}).status_code == 400       # no CSRF token
    wrong = c.post("/dashboard/login", data={"csrf": csrf_of(c), "token": dash.ADMIN + "x"})
    assert wrong.status_code == 401 and "not the admin token" in wrong.get_data(as_text=True)
    assert c.get("/dashboard/jobs").status_code == 302
    ok = c.post("/dashboard/login", data={"csrf": csrf_of(c), "token": dash.ADMIN, "next": "//evil.example/x"})
    assert ok.status_code == 302 and ok.headers["Location"] == "/dashboard/jobs"    # no open redirect
    assert c.get("/dashboard/jobs").status_code == 200
    assert c.post("/dashboard/logout", data={}).status_code == 400                    # CSRF-checked too
    page = c.get("/dashboard/jobs").get_data(as_text=True)
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    assert c.post("/dashboard/logout", data={"csrf": token}).status_code == 302
    assert c.get("/dashboard/jobs").status_code == 302


def test_github_sign_in_shows_only_the_users_installations(world, dash, tmp_path):
    c = world.app.test_client()
    done = github_sign_in(world, c, "mona", [dash.ORG[0]])
    assert done.status_code == 302 and done.headers["Location"] == "/dashboard/summary"
    exchange = [s for s in world.fake.web_flow if s["step"] == "access_token"][-1]
    assert exchange["client_id"] == dash.CLIENT_ID and exchange["redirect_uri"].endswith("/dashboard/oauth/callback")
    jobs = c.get("/dashboard/jobs").get_data(as_text=True)
    assert "mona" in jobs and "octo-org/stockroom" in jobs and "other-org/widgets" not in jobs
    assert c.get(f"/dashboard/jobs/{world.jobs['fixed']}").status_code == 200
    assert c.get(f"/dashboard/jobs/{world.jobs['failed']}").status_code == 404        # another installation's job
    assert c.get(f"/dashboard/jobs/{world.jobs['failed']}/progress.json").status_code == 404
    inst = c.get("/dashboard/installations").get_data(as_text=True)
    assert "octo-org" in inst and "other-org" not in inst
    assert "widgets" not in c.get("/dashboard/summary").get_data(as_text=True)
    user_calls = [r for r in world.fake.recorded if r["url"].split("?")[0].endswith(("/user", "/user/installations"))]
    assert len(user_calls) >= 2
    assert_valid_github_requests(user_calls, tmp_path)
    cookie = c.get_cookie("crashfix_session")
    assert cookie is not None and "ghu_" not in cookie.value                          # no token in the session


def test_a_user_with_no_installation_sees_nothing(world):
    c = world.app.test_client()
    assert github_sign_in(world, c, "stranger", []).status_code == 302
    assert "No jobs match" in c.get("/dashboard/jobs").get_data(as_text=True)
    assert c.get(f"/dashboard/jobs/{world.jobs['fixed']}").status_code == 404


def test_a_forged_or_replayed_callback_is_refused(world):
    c = world.app.test_client()
    world.fake.approving = "mona"
    start = c.get("/dashboard/login/github").headers["Location"]
    back = requests.get(start, allow_redirects=False, timeout=10).headers["Location"].removeprefix("http://localhost")
    forged = re.sub(r"state=[^&]+", "state=attacker", back)
    assert c.get(forged).status_code == 400                     # state does not match the session's
    assert c.get(back).status_code == 400                       # the state was used up by the try above
    assert c.get("/dashboard/jobs").status_code == 302
    other = world.app.test_client()                             # a callback with no sign-in started here
    assert other.get(back).status_code == 400


def test_a_bad_code_is_a_clear_error(world):
    c = world.app.test_client()
    start = c.get("/dashboard/login/github").headers["Location"]
    state = re.search(r"state=([^&]+)", start).group(1)
    r = c.get(f"/dashboard/oauth/callback?code=not-a-code&state={state}")
    assert r.status_code == 502 and "incorrect or expired" in r.get_data(as_text=True)
    denied = c.get("/dashboard/login/github").headers["Location"]
    state = re.search(r"state=([^&]+)", denied).group(1)
    r = c.get(f"/dashboard/oauth/callback?error=access_denied&state={state}")
    assert r.status_code == 400 and "access_denied" in r.get_data(as_text=True)
