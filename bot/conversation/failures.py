"""Failures in plain words: an internal error (a run's error kind, an exception at the job's edge)
becomes one sentence a maintainer can act on, and whether `/crashfix retry` can help as things stand.

The error's own text (exception class, message, GitHub's JSON) never goes to GitHub: it stays in
the job's row and its "failure" event on the dashboard's job page. Only `Failure.text()` is posted.
"""
from __future__ import annotations

from dataclasses import dataclass

import requests
from github import GithubException

from agent.research.client import LLMError
from agent.kernel.path import REFUSED as KERNEL_REFUSED
from agent.run import Result
from bot.github.push import PushError
from bot.github.tracked import WriteRefused
from sandbox import CommandTimeout, SandboxDead, SandboxError, SetupFailed

RETRY = "`/crashfix retry` runs it again."
CONFIG = "`.github/crashfix.yml`"


@dataclass(frozen=True)
class Failure:
    """What happened (`what`), what a maintainer can do about it (`action`, "" when nothing they
    can do here), and whether a retry as things stand can help (`retry`)."""
    what: str
    action: str = ""
    retry: bool = False

    def text(self) -> str:
        return f"{self.what} {self.action}".strip()


ENV_BROKEN = Failure(
    "crashfix could not set the project up in its sandbox: installing it, or its test suite before any "
    "change, failed.",
    f"Say how it installs and tests in {CONFIG} (`setup_cmd`, `test_cmd`, `environment:`), then "
    "`/crashfix retry`.")
NO_REPORT = Failure(
    "crashfix found no crash report (a traceback or a sanitizer report) in this issue.",
    "Edit the issue to add the whole traceback as a code block; crashfix reads it again.")
KERNEL = Failure(
    "This is a Linux kernel crash report, and kernel jobs are not enabled on this crashfix: nothing was "
    "built or run.",
    "The operator of this crashfix can turn them on (`CRASHFIX_KERNEL_JOBS=enabled`).")
SANDBOX_LOST = Failure(
    "The sandbox died under the run (its container was killed or the engine restarted) on every attempt; "
    "this says nothing about the crash.", RETRY, retry=True)
SANDBOX_DIED = Failure(
    "The sandbox died under the run (its container was killed or the engine restarted); this says nothing "
    "about the crash.")
SANDBOX = Failure(
    "crashfix's sandbox could not be started or used: a problem of this crashfix's host, not of the crash.",
    "Its operator can check it with `crashfix doctor`; `/crashfix retry` once it works.")
TIMEOUT = Failure(
    "A command in the sandbox ran past its time limit.",
    f"If the project's tests are slow, raise `budgets.seconds` in {CONFIG}, then `/crashfix retry`.")
BUILD = Failure(
    "The repository did not build in the sandbox.",
    f"Say how it builds in {CONFIG} (`build_cmd`, `setup_cmd`), then `/crashfix retry`.")
BAD_INPUT = Failure(
    "crashfix could not use the report, the repository or its configuration as they are.",
    "The job's page on the crashfix dashboard says which; correct it, then `/crashfix retry`.")
LLM = Failure(
    "The research agent's model endpoint failed.",
    "`/crashfix retry` once it answers again (its operator can check it with `crashfix doctor`).", retry=True)
INTERNAL = Failure(
    "crashfix hit a bug of its own.",
    "The details are on the job's page for its operator; a retry would most likely fail the same way.")
GITHUB_GONE = Failure(
    "GitHub answered that the issue, the pull request or the repository is gone, or that crashfix can no "
    "longer see it.",
    "If crashfix should act here, check which repositories its installation may access.")
GITHUB_REFUSED = Failure(
    "GitHub refused one of crashfix's requests (a missing permission or a rate limit).",
    "Check that the App's installation grants issues, pull requests, contents and checks (write).")
GITHUB_DOWN = Failure("GitHub did not answer crashfix (a server error or a network failure).", RETRY, retry=True)
PUSH = Failure(
    "crashfix could not push its branch `crashfix/issue-N`.",
    "Check that the App's installation may write the repository's contents and that no rule blocks the "
    "branch, then `/crashfix retry`.")

WRITES = Failure(
    "crashfix stopped the run: it asked for more GitHub writes (comments, pull requests, labels) than one "
    "run may make.",
    "The job's page lists each write and the one refused; this is a bug of crashfix's to report.")

CLONE = Failure(
    "crashfix could not clone the repository.",
    "Check that the App's installation may read the repository's contents; `/crashfix retry` once it can.")

ENDPOINT_ACTION = "Its operator can check it with `crashfix doctor`; `/crashfix retry` once it answers."
# the probe's line (agent/research/endpoint.py) -> what the endpoint did, in words without its address or key
ENDPOINT = (("refused the credentials", "refused crashfix's credentials (its API key)"),
            ("cannot connect", "could not be reached (the connection was refused or the host is unknown)"),
            ("no answer within", "did not answer within a few seconds"),
            ("does not serve model", "does not serve the model crashfix is configured to use"))


class EndpointUnusable(LLMError):
    """A run's model endpoint failed the probe before the run started; the message is the probe's
    line (it names the endpoint's address: the job's page only)."""


def for_endpoint(detail: str) -> Failure:
    """The plain words for an endpoint the probe found unusable: what it did, never its address."""
    did = next((words for phrase, words in ENDPOINT if phrase in detail), "gave an answer crashfix cannot use")
    return Failure(f"crashfix did not start the run: the research agent's model endpoint {did}.", ENDPOINT_ACTION,
                   retry=True)


BY_KIND = {"build": BUILD, "sandbox": SANDBOX, "sandbox_lost": SANDBOX_LOST, "llm": LLM, "internal": INTERNAL}


REF_MISSING = Failure(
    "The repository has no branch, tag or commit by that name.",
    "Check the name, then `/crashfix test <branch, tag or commit>` again.")


def for_result(result: Result) -> Failure | None:
    """The failure of a run that ended `error` or `env_broken`; None for the other outcomes."""
    if result.status == "env_broken":
        return ENV_BROKEN
    if result.status != "error":
        return None
    error = result.error or ""
    if KERNEL_REFUSED in error:
        return KERNEL
    if result.report is None and result.error_kind == "bad_input" and "no crash report" in error:
        return NO_REPORT
    if "CommandTimeout" in error:
        return TIMEOUT
    if error.startswith("RefMissing"):
        return REF_MISSING
    return BY_KIND.get(result.error_kind or "", BAD_INPUT if result.error_kind == "bad_input" else INTERNAL)


def for_exception(exc: BaseException) -> Failure:
    """The failure of a job that ended in an exception at the worker's edge."""
    if isinstance(exc, GithubException):
        if exc.status == 404:
            return GITHUB_GONE
        if exc.status in (401, 403, 429):
            return GITHUB_REFUSED
        return GITHUB_DOWN if exc.status >= 500 else INTERNAL
    if isinstance(exc, requests.RequestException):
        return GITHUB_DOWN
    if isinstance(exc, PushError):
        return CLONE if str(exc).startswith("git clone") else PUSH
    if isinstance(exc, SandboxDead):
        return SANDBOX_LOST
    if isinstance(exc, CommandTimeout):
        return TIMEOUT
    if isinstance(exc, SetupFailed):
        return ENV_BROKEN
    if isinstance(exc, SandboxError):
        return SANDBOX
    if isinstance(exc, EndpointUnusable):
        return for_endpoint(str(exc))
    if isinstance(exc, LLMError):
        return LLM
    if isinstance(exc, WriteRefused):
        return WRITES
    return INTERNAL
