"""The worker fetches the issue's attachment links for the run (bot/kinds/runner.py attachment_inputs)
under the operator's settings: the run's config carries what came of each link; with ATTACHMENTS
disabled it carries none. (No download here: ATTACHMENT_LINKS=0 stops before any request.)"""
from __future__ import annotations

LINK = "https://github.com/user-attachments/files/17001234/poc.zip"


def _with_attachment(gh):
    def edit(p):
        gh.labeled()(p)
        p["issue"]["body"] += f"\n\nRun `./tool ./poc` with [poc.zip]({LINK})\n"
    return edit


def test_the_worker_gives_the_run_what_became_of_the_issues_attachment(make_harness, gh):
    h = make_harness(ATTACHMENT_LINKS=0)
    h.deliver("issues", "issues.labeled", _with_attachment(gh))
    [inp] = h.pipeline.configs[0].inputs
    assert (inp.name, inp.path, inp.source) == ("poc.zip", None, LINK)
    assert inp.problem == "was not downloaded: the issue has more than 0 attachment links"


def test_attachments_disabled_gives_the_run_none(make_harness, gh):
    h = make_harness(ATTACHMENTS="disabled")
    h.deliver("issues", "issues.labeled", _with_attachment(gh))
    assert h.pipeline.configs[0].inputs == ()
