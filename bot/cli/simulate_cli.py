"""`crashfix simulate`'s command line: the issue (a file, or a bundled example by name), the transcript of the
App's writes on stdout, the run's progress on stderr, the data dir kept where the user finds it, and the
exit status of the conversation's last step."""
from __future__ import annotations

import json
import logging
import secrets
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

HOME = Path("~/.local/share/crashfix/simulate")      # beside the server's DATA_DIR default (bot/settings.py)


def add_parser(sub) -> None:
    from bot.cli.examples import examples
    names = ", ".join(examples()) or "none found"
    sim = sub.add_parser("simulate", help="play one issue's conversation with the App locally: no GitHub, no "
                         "credentials; prints every write the App would make")
    sim.add_argument("--example", metavar="NAME", help=f"a bundled example as the repository and the issue, from "
                     f"the installed package (no checkout needed): {names}")
    sim.add_argument("--repo", type=Path, help="the repository (a git checkout or a plain folder)")
    sim.add_argument("--issue", type=Path, help="the issue body (title: its first heading or line)")
    sim.add_argument("--comment", action="append", help="post this comment as a maintainer instead of adding the "
                     "trigger label (repeatable, in order), e.g. --comment '/crashfix explain'")
    sim.add_argument("--json", action="store_true", help="one JSON object per write (op, body, draft, ...) per line")
    sim.add_argument("--name", help="the repository's OWNER/NAME (default local/<folder name>)")
    sim.add_argument("--sandbox", choices=["docker", "local"], default="docker", help="where the runs go")
    sim.add_argument("--html", type=Path, metavar="DIR", help="also write DIR/index.html, issue.html (the issue "
                     "and its thread, the status comment as it ended) and pr.html (the PR's title and body), "
                     "rendered as GitHub shows them")
    sim.add_argument("--data-dir", type=Path, help="keep the database, run folders and dry-run.jsonl here (an "
                     f"empty or new folder; default: a new folder under {HOME}/; `crashfix serve` with "
                     "CRASHFIX_DATA_DIR=it shows them on the dashboard)")


def default_data_dir(home: Path = HOME) -> Path:
    """A new folder under ``home`` named by the time (UTC) and a few random letters: one per simulation."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return home.expanduser() / f"{stamp}-{secrets.token_hex(2)}"


def _inputs(args) -> tuple[Path, Path] | str:
    """(repository, issue file), or the one line saying what is wrong with the arguments."""
    if args.example:
        if args.repo or args.issue:
            return "--example names the repository and the issue: give it without --repo and --issue"
        from bot.cli.examples import UnknownExample, find
        try:
            found = find(args.example)
        except UnknownExample as exc:
            return str(exc)
        return found.repo, found.issue
    if not (args.repo and args.issue):
        return "give --repo and --issue (or --example NAME)"
    return args.repo, args.issue


def run(args, exit_code: Callable[[str], int]) -> int:
    from bot.cli.simulate import SimulateError, render_op, render_step, simulate
    from bot.cli.simulate_progress import with_progress
    if not args.verbose:
        logging.getLogger().setLevel(logging.WARNING)        # the transcript and the progress are the output
    say = lambda line: print(f"crashfix: {line}", file=sys.stderr, flush=True)     # noqa: E731
    inputs = _inputs(args)
    if isinstance(inputs, str):
        say(inputs)
        return 2
    repo, issue = inputs
    try:
        text = issue.read_text(errors="replace")
    except OSError as exc:
        say(f"cannot read the issue: {exc}")
        return 2
    if args.name and (args.name.count("/") != 1 or args.name.startswith("/") or args.name.endswith("/")):
        say(f"--name must be OWNER/NAME, got {args.name!r}")
        return 2
    if args.data_dir and args.data_dir.exists() and any(args.data_dir.iterdir()):
        say(f"--data-dir {args.data_dir} is not empty")
        return 2
    if not Path(repo).is_dir():
        say(f"no such directory: {Path(repo).resolve()}")
        return 2
    data_dir = args.data_dir or default_data_dir()
    show = (lambda op: print(json.dumps(op, default=str), flush=True)) if args.json \
        else (lambda op: print(render_op(op), flush=True))
    step = None if args.json else (lambda s: print(render_step(s), flush=True))
    try:
        out = simulate(repo, text, args.comment or [], data_dir, name=args.name, sandbox=args.sandbox,
                       on_op=show, on_step=step, pipeline=with_progress(say))
    except SimulateError as exc:
        say(str(exc))
        return 2
    if args.html:
        from bot.cli.simulate_html import write_html
        pages = write_html(data_dir, args.html, out.ops)
        say(f"rendered as GitHub shows it: {pages[0]} ({', '.join(p.name for p in pages[1:])})")
    for job in out.jobs:
        say(f"job {job['id']} ({job['kind']}): {job['state']}"
            + (f", {job['status']}" if job["status"] else "") + (f" ({job['error']})" if job["error"] else ""))
    if out.waiting:
        say(f"still queued (held back by a limit): jobs {out.waiting}")
    if out.status is None and not out.waiting:
        say("the last step started no run: the App answered it on the issue (above)")
    kept = Path(data_dir).resolve()
    say(f"kept in {kept}: the database, dry-run.jsonl and runs/<job>/ (result.json, report.md, patch.diff, "
        f"logs); `CRASHFIX_DATA_DIR={kept} crashfix serve` shows the jobs on the dashboard")
    return exit_code(out.status) if out.status else 0
