"""What a fixed run leaves on GitHub: a pushed branch, a draft PR and a check run.

`publish_result()` is the only place the bot writes code to a repository, and it only ever
pushes its own branch ``crashfix/issue-<N>`` and opens (or updates) a pull request. It never
merges, never pushes to another branch, and never opens a PR for a closed or locked issue or
one somebody else is already fixing. What the run says on the issue (its checklist, outcome and
diagnosis) is the status comment's (bot/conversation); the PR's command block lives in the PR only.
"""
from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import tempfile
from pathlib import Path

from agent.compose.compose import compose, speculative
from agent.markdown_safe import fence_untrusted, quote_untrusted
from agent.redact import has_secret, redact, redacting
from agent.run import Result
from bot.commands import COMMANDS as ALL_COMMANDS, usage_of
from bot.conversation import checks
from bot.github import push as gitpush
from bot.conversation.checklist import cost_text
from bot.repo_config import RepoConfig, is_protected
from sandbox import hostgit

log = logging.getLogger(__name__)

BRANCH = "crashfix/issue-{number}"
BRANCH_RE = re.compile(r"^crashfix/issue-\d+$")
CHECK_NAME = "crashfix"
DEFAULT_AUTHOR = ("crashfix[bot]", "crashfix[bot]@users.noreply.github.com")
COMMANDS = [(usage_of(c), c.does) for c in ALL_COMMANDS if c.on_pr_footer]     # the PR footer (bot/commands.py)


def _git(clone_dir: Path, *args: str, env: dict | None = None, input: str | None = None,
         check: bool = True) -> subprocess.CompletedProcess:
    """git in the bot's own clone, hardened (security: sandbox.hostgit, no hooks, no global config)."""
    return subprocess.run(hostgit.argv(*args), cwd=clone_dir, input=input, capture_output=True, text=True,
                          check=check, env=hostgit.env(base=env), stdin=None if input else subprocess.DEVNULL)


# -- reading a run -----------------------------------------------------------------------------

def _tests_text(counts: dict | None) -> str:
    if not counts:
        return "not run"
    if not (counts.get("passed") or counts.get("failed") or counts.get("skipped")):
        ran = counts.get("ran")
        return (f"the runner says {ran} ran (exit {counts.get('exit_code')}); no per-test results" if ran else
                f"no test counted (exit {counts.get('exit_code')}): validation only shows the crash is gone") \
            + (" (timed out)" if counts.get("timed_out") else "")
    text = f"{counts.get('passed', 0)} passed, {counts.get('failed', 0)} failed"
    if counts.get("skipped"):
        text += f", {counts['skipped']} skipped"
    return text + (" (timed out)" if counts.get("timed_out") else "")


def _tests_before(result: Result) -> dict | None:
    return result.tests_before.counts() if result.tests_before else None


def check_summary(result: Result) -> str:
    """The check run's summary: how the patch was checked and how sure crashfix is (the Findings' words)."""
    f = compose(result)
    return "\n".join([f"- {c}" for c in f.checked] + ([f"\nConfidence: {f.confidence}"] if f.confidence else []))


def commands_text() -> str:
    return "\n".join(["<details><summary>Commands</summary>", ""]
                     + [f"- `{cmd}`: {what}" for cmd, what in COMMANDS] + ["", "</details>"])


def below_policy(result: Result, config: RepoConfig) -> str | None:
    """Why the repository's `pull_requests.min_confidence` allows no PR for this patch, or None."""
    if speculative(result) and config.pull_requests.min_confidence == "high":
        return ("the patch is speculative, and this repository opens pull requests only for high-confidence "
                "patches (`pull_requests.min_confidence: high`); it is shown below as a suggestion")
    return None


def pr_title(result: Result, issue: int) -> str:
    report = result.report
    what = (report.title or report.type) if report else None
    title = (f"Draft: possible fix for {what or 'crash'} (#{issue})" if speculative(result)
             else f"Fix {what or 'crash'} (#{issue})")
    return title if len(title) <= 200 else title[:197] + "…"


def pr_body(result: Result, issue: int, *, draft: bool = True, pushed: bool = False, author: str | None = None) -> str:
    """The PR's body: the run's Findings (agent/compose, the words report.md and the status comment print)
    framed for a pull request: one screen of summary, then folded details. ``pushed``: the regression test
    is on the branch (the repository opted in), else it is shown here only; ``author``: the issue author's
    login (whose code the test runs)."""
    findings = compose(result)
    maybe = speculative(result)
    lines = [f"<!-- crashfix:pr issue={issue} -->",
             f"{'Closes' if maybe else 'Fixes'} #{issue}" + (": a possible fix, rated speculative (it may hide the crash "
                                                              "rather than fix it)." if maybe else ""), "",
             f"crashfix reproduced the crash reported in #{issue} and checked this patch in a sandbox. "
             f"{'It is a draft: ' if draft else ''}review it before merging; crashfix never merges anything.", ""]
    lines += findings.summary_lines()
    if pushed and result.regression_test:
        who = f"{quote_untrusted(author, 60)} (#{issue})" if author else f"the author of #{issue}"
        lines += ["", f"**The regression test {quote_untrusted(result.regression_test, 200)} is on this branch, and it "
                      f"runs code from the issue, written by {who}**: read it before CI runs it "
                      "(`regression_test: push` in `.github/crashfix.yml`)."]
    lines += ["", CI_NOTE]
    lines += findings.details_lines()
    lines += regression_lines(result, issue, pushed=pushed, author=author)
    lines += ["", f"<details><summary>Cost</summary>\n\n{cost_text(result)}\n\n</details>", "", commands_text(), ""]
    return "\n".join(lines)


SHOWN_MAX = 20_000       # characters of a regression test shown in a PR body (GitHub's limit is 65,536)
SKIP_CI = "[skip ci]"
CI_NOTE = ("CI has not run: crashfix's commits carry `[skip ci]`, so no workflow (nor its secrets) runs on code "
           "nobody has reviewed. After review, comment `/crashfix ci` to run it.")


def regression_lines(result: Result, issue: int, *, pushed: bool, author: str | None) -> list[str]:
    """The regression test not on the branch, folded: why, and its text (it runs code from the issue)."""
    if not result.regression_test or pushed:
        return []
    who = f"{quote_untrusted(author, 60)} (#{issue})" if author else f"the author of #{issue}"
    text = result.regression_text or ""
    shown = text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX]
    fence = "`" * max(3, _longest_run(shown, "`") + 1)
    cut = f" (its first {SHOWN_MAX:,} of {len(text):,} characters)" if shown != text else ""
    return ["", f"<details><summary>Regression test (not on the branch): {result.regression_test}{cut}</summary>", "",
            "It fails with the reported crash before the patch and passes with it. crashfix did not push it: it runs "
            f"code from the issue, written by {who}, which would run in this repository's CI. Read it before adding "
            f"it as `{result.regression_test}`. (To have crashfix push such tests, set `regression_test: push` in "
            "`.github/crashfix.yml`.)", "", f"{fence}python", shown.rstrip("\n"), fence, "", "</details>"]


def _longest_run(text: str, char: str) -> int:
    best = run = 0
    for c in text:
        run = run + 1 if c == char else 0
        best = max(best, run)
    return best


def validation_log(run_dir: Path, result: Result) -> str:
    """The reproduction log and the chosen candidate's validation log (agent/render.py wrote them), for the check run."""
    logs = Path(run_dir) / "logs"
    parts = []
    if (logs / "reproduction.log").exists():
        parts.append("## Reproduction (before the patch)\n\n"
                     + fence_untrusted((logs / "reproduction.log").read_text()[-20000:]))
    if result.best is not None and result.best in result.verdicts:
        best_log = logs / f"candidate-{result.verdicts.index(result.best) + 1:02}.log"
        if best_log.exists():
            parts.append("## Validation of the patch\n\n" + fence_untrusted(best_log.read_text()[-40000:]))
    return "\n\n".join(parts) or "(no logs recorded)"


def _closing_ref(body: str, repo: str, issue: int) -> bool:
    keyword = r"(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)"
    target = rf"(?:{re.escape(repo)})?#{issue}(?!\d)"
    return re.search(rf"\b{keyword}\s*:?\s+{target}", body or "", re.I) is not None


# -- publishing --------------------------------------------------------------------------------

def _record_dry_push(api, dry_run_log, repo: str, **fields) -> None:
    record = getattr(api, "record", None)
    if callable(record):
        record("push", repo, **fields)
        same = getattr(api, "log_path", None)
        if same is not None and not isinstance(dry_run_log, list) and dry_run_log is not None \
                and Path(dry_run_log).resolve() == Path(same).resolve():
            return                                   # DryRunAPI already wrote it to that file
    if dry_run_log is not None:
        if isinstance(dry_run_log, list):
            dry_run_log.append({"action": "push", "repo": repo, **fields})
        else:
            path = Path(dry_run_log)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a") as fh:
                fh.write(json.dumps({"action": "push", "repo": repo, **fields}) + "\n")


def publish_result(api, repo: str, issue: int, run_dir: Path, result: Result, clone_dir: Path | None,
                   config: RepoConfig | None = None, *, dry_run_log: Path | list | None = None,
                   remote_url: str | None = None, author: tuple[str, str] | None = None) -> dict:
    """Publish a finished run (its Result; its logs in ``run_dir``); returns ``{"pr", "url", "reason", "quiet", ...}``.

    Fixed: a commit of the validated patch on ``crashfix/issue-<N>`` (on top of ``clone_dir``, a
    checkout of the default branch; cloned afresh when it is not a git checkout), force-pushed with
    the installation token, a draft PR opened (or the open one updated), a check run on its head.
    Otherwise nothing: ``reason`` says why no PR was published (in words for the status comment; the
    issue's text and the sandbox's in it quoted inert), ``quiet`` that the issue must not be written
    to at all (a pull request, a locked issue). In dry run (``api.token()`` is None) the push is recorded, not made."""
    run_dir = Path(run_dir)
    api = redacting(api)          # comments, PR bodies, check runs: no token or key goes out
    if isinstance(clone_dir, str) and "://" in clone_dir:    # given the clone URL instead of a checkout
        remote_url, clone_dir = remote_url or clone_dir, None
    config = config if isinstance(config, RepoConfig) else RepoConfig()
    status = result.status
    out = {"pr": None, "url": None, "reason": None, "quiet": False, "branch": None, "sha": None,
           "updated": False, "status": status}
    if not result.patched:
        return {**out, "reason": f"the run ended {status}"}
    info = api.get_issue(repo, issue)

    def refuse(reason: str, quiet: bool = False) -> dict:
        return {**out, "reason": reason, "quiet": quiet}

    if info.get("pull_request"):
        return refuse(f"#{issue} is a pull request, not an issue", quiet=True)
    if info.get("locked"):
        return refuse(f"issue #{issue} is locked", quiet=True)
    if info.get("state", "open") != "open":
        return refuse(f"issue #{issue} is closed")

    branch = BRANCH.format(number=issue)
    mine = api.find_open_pr(repo, branch)
    lister = getattr(api, "list_open_prs", None)
    bots = {DEFAULT_AUTHOR[0], getattr(api, "bot_login", None)}
    if callable(lister):
        for pr in lister(repo):
            if pr.get("head_ref") != branch and pr.get("author") not in bots \
                    and _closing_ref(pr.get("body") or "", repo, issue):
                return refuse(f"#{pr['number']} (not crashfix's) already fixes issue #{issue}")

    if not mine:
        ours = open_crashfix_prs(api, repo, bots)
        if ours is not None and len(ours) >= config.max_open_prs:
            return refuse(f"this repository already has {len(ours)} open crashfix pull request(s) "
                          f"({', '.join(f'#{n}' for n in ours[:10])}), its limit (`max_open_prs: "
                          f"{config.max_open_prs}` in .github/crashfix.yml); merge or close one, then "
                          "`/crashfix retry`")

    diff = result.patch or ""
    if not diff.strip():
        return refuse("the run is marked fixed but holds no patch")
    if has_secret(diff):
        return refuse("the patch holds a secret (a token or a key): nothing was published")
    if below_policy(result, config):
        return refuse(below_policy(result, config))

    token = api.token()
    url = remote_url or _git_url(api, repo)
    workdir = None
    try:
        clone = Path(clone_dir) if clone_dir else None
        if clone is None or not (clone / ".git").exists():
            workdir = tempfile.TemporaryDirectory(prefix="crashfix-publish-")
            clone = gitpush.clone(url, Path(workdir.name) / "repo", token,
                                  branch=api.default_branch(repo))
        applied = _apply(clone, branch, diff)
        if isinstance(applied, str):
            return refuse(f"the patch no longer applies to the default branch ({quote_untrusted(applied, 200)})")
        touched = [f for f in applied if is_protected(config, f)]
        if touched:
            _git(clone, "reset", "-q", "--hard", "HEAD", check=False)
            return refuse(f"the patch changes protected paths ({', '.join(quote_untrusted(f, 100) for f in touched)})")
        pushed = config.regression_test == "push" and _add_regression_test(clone, result)
        name, email = author or _identity(api)
        sha = _commit(clone, result, issue, name, email)
        if token:
            gitpush.push(clone, url, branch, token, force=True)
        else:
            _record_dry_push(api, dry_run_log, repo, branch=branch, sha=sha, remote=url, diff=diff)
    finally:
        if workdir is not None:
            workdir.cleanup()

    title = pr_title(result, issue)
    body = pr_body(result, issue, draft=config.draft, pushed=pushed, author=info.get("author"))
    if mine:
        api.update_pr(repo, mine["number"], title, body)
        pr, updated = mine, True
    else:
        try:
            pr, updated = api.open_pr(repo, branch, api.default_branch(repo), title, body, config.draft), False
        except Exception as exc:   # a PR opened meanwhile (422 "already exists"): update it instead
            again = api.find_open_pr(repo, branch) if "already exists" in str(exc) else None
            if not again:
                _drop_branch(api, repo, branch, pushed=bool(token), why=exc)
                raise
            api.update_pr(repo, again["number"], title, body)
            pr, updated = again, True
    rep, best = result.reproduction, result.best
    checks.on_commit(
        api, repo, sha, "success",
        f"Crash reproduced {rep.crashed if rep else 0}/{rep.tries if rep else 0} before, "
        f"clean {best.clean_runs if best else 0}/{best.tries if best else 0} with the patch",
        check_summary(result) + "\n\n" + cost_text(result),
        validation_log(run_dir, result))
    log.info("%s %s PR #%s for issue #%s (%s)", repo, "updated" if updated else "opened", pr["number"], issue,
             sha[:12])
    return {**out, "pr": pr["number"], "url": pr.get("html_url"), "branch": branch, "sha": sha,
            "updated": updated}


def start_ci(api, repo: str, issue: int, sender: str, *, asked_at: str | None = None,
             dry_run_log: Path | list | None = None, remote_url: str | None = None) -> dict:
    """`/crashfix ci`: the branch's head commit again, same files, parent and author, its message
    without `[skip ci]` and naming who asked, force-pushed so that the repository's CI runs on it.
    Refused when the head commit was made after the request (the maintainer reviewed an older one)
    or carries no marker (CI already runs on it). ``{"sha", "reviewed", "message"}``."""
    branch = BRANCH.format(number=issue)
    token, url = api.token(), remote_url or _git_url(api, repo)
    with tempfile.TemporaryDirectory(prefix="crashfix-ci-") as tmp:
        clone = gitpush.clone(url, Path(tmp) / "repo", token, branch=branch)
        head = _git(clone, "rev-parse", "HEAD").stdout.strip()
        message = _git(clone, "log", "-1", "--format=%B", "HEAD").stdout
        made = _git(clone, "log", "-1", "--format=%cI", "HEAD").stdout.strip()
        out = {"sha": None, "reviewed": head}
        if SKIP_CI not in message:
            return {**out, "message": f"CI already runs on `{head[:12]}` (its commit carries no `{SKIP_CI}`): "
                                      "nothing to start."}
        if asked_at and _instant(made) > _instant(asked_at):
            return {**out, "message": f"`{head[:12]}`, the head of `{branch}`, was pushed after your request: "
                                      "review it, then comment `/crashfix ci` again."}
        kept = [ln for ln in message.rstrip("\n").split("\n") if SKIP_CI not in ln]
        text = "\n".join(kept).rstrip("\n") + f"\n\nCI requested after review by {sender}.\n"
        fields = _git(clone, "log", "-1", "--format=%an%x00%ae%x00%aI%x00%P", "HEAD").stdout.rstrip("\n").split("\0")
        name, email = _identity(api)
        env = {**os.environ, "GIT_AUTHOR_NAME": fields[0], "GIT_AUTHOR_EMAIL": fields[1], "GIT_AUTHOR_DATE": fields[2],
               "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email}
        parents = [a for p in fields[3].split() for a in ("-p", p)]
        sha = _git(clone, "commit-tree", f"{head}^{{tree}}", *parents, "-F", "-", env=env,
                   input=redact(text)).stdout.strip()
        if token:
            gitpush.push(clone, url, branch, token, force=True, ref=sha)
        else:
            _record_dry_push(api, dry_run_log, repo, branch=branch, sha=sha, remote=url, ci_for=head)
    log.info("%s: CI requested by %s on %s (the files of %s)", repo, sender, sha[:12], head[:12])
    return {"sha": sha, "reviewed": head,
            "message": f"CI started on `{sha[:12]}`, asked by {quote_untrusted(sender, 60)}: the same files, parent "
                       f"and author as the reviewed `{head[:12]}`, committed again without `{SKIP_CI}`."}


def _instant(iso: str):
    from datetime import datetime
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def open_crashfix_prs(api, repo: str, bots: set) -> list[int] | None:
    """The numbers of the repository's open pull requests from crashfix's branches (by the App),
    or None when the API cannot list them."""
    lister = getattr(api, "list_open_prs", None)
    if not callable(lister):
        return None
    return sorted(int(pr["number"]) for pr in lister(repo)
                  if BRANCH_RE.match(pr.get("head_ref") or "") and (pr.get("author") in bots or not pr.get("author")))


def _drop_branch(api, repo: str, branch: str, *, pushed: bool, why: Exception) -> None:
    """The PR could not be opened: delete the branch just pushed, so no branch is left without a PR."""
    if not pushed:
        return
    try:
        api.delete_branch(repo, branch)
        log.warning("%s: no pull request could be opened (%s); deleted the branch %s", repo, why, branch)
    except Exception as exc:  # noqa: BLE001 - GitHub is failing; the job fails with the first error
        log.error("%s: no pull request could be opened (%s), and the branch %s could not be deleted: %s",
                  repo, why, branch, exc)


def _git_url(api, repo: str) -> str:
    get = getattr(api, "git_url", None)
    return get(repo) if callable(get) else f"https://github.com/{repo}.git"


def _identity(api) -> tuple[str, str]:
    get = getattr(api, "bot_identity", None)
    return get() if callable(get) else DEFAULT_AUTHOR


def _add_regression_test(clone: Path, result: Result) -> bool:
    """Stage the reproduction's regression test beside the fix (only where the repository opted in:
    it runs the issue author's code): a new file only (never an edit of an existing test); one that
    no longer applies is left out, and the PR body then names no test. Whether it was staged."""
    patch = result.regression_patch
    if not patch or not result.regression_test or "\nnew file mode" not in patch \
            or (clone / result.regression_test).exists():
        result.regression_test = None
        return False
    text = patch if patch.endswith("\n") else patch + "\n"
    if _git(clone, "apply", "--index", "--whitespace=nowarn", "-", input=text, check=False).returncode != 0:
        result.regression_test = None
        return False
    return True


def _apply(clone: Path, branch: str, diff: str) -> list[str] | str:
    """Check out ``branch`` at HEAD and stage the patch; the changed paths, or why it failed."""
    _git(clone, "checkout", "-q", "-B", branch)
    text = diff if diff.endswith("\n") else diff + "\n"
    done = _git(clone, "apply", "--index", "--recount", "--whitespace=nowarn", "-", input=text, check=False)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        errors = [line for line in lines if line.startswith("error:")]
        return (errors or lines or ["git apply failed"])[0]
    names = _git(clone, "diff", "--cached", "--name-only", "--no-renames").stdout.split()
    return names or "the patch changes nothing"


def _commit(clone: Path, result: Result, issue: int, name: str, email: str) -> str:
    rep, best = result.reproduction, result.best
    crashed, tries = (rep.crashed, rep.tries) if rep else (0, 0)
    clean, after = (best.clean_runs, best.tries) if best else (0, 0)
    message = "\n".join([
        pr_title(result, issue), "",
        (best.candidate.description if best else "") or "A validated fix found by crashfix.", "",
        f"Validated by crashfix: the crash reproduced {crashed}/{tries} times "
        f"before the patch and {after - clean}/{after} "
        f"after; tests before: {_tests_text(_tests_before(result))}; after: {_tests_text(result.tests_after)}.", "",
        f"Fixes #{issue}", "",
        f"{SKIP_CI} crashfix's commits start no CI; a maintainer starts it after review with `/crashfix ci`.", ""])
    env = {**os.environ, "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email,
           "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email}
    _git(clone, "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-F", "-", env=env,
         input=redact(message))
    return _git(clone, "rev-parse", "HEAD").stdout.strip()
