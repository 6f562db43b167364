"""The `crashfix` command line."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

# How `crashfix run` exits, by the run's status: the one table's (agent/compose/outcomes.py), shown in --help.
from agent.compose.outcomes import EXIT_CODES  # noqa: E402

EXIT_USAGE = 2                          # a bad command line, an unreadable input, an unreachable LLM endpoint
EXIT_HELP = "exit status of run:\n" + "\n".join(
    f"  {code}  {status}" + ("  (also: usage error, unreadable input, unreachable LLM endpoint)"
                             if code == EXIT_USAGE else "")
    for status, code in sorted(EXIT_CODES.items(), key=lambda item: item[1]))




class HELP(argparse.RawDescriptionHelpFormatter):
    """Every option's default in its help: its value, unless the help already says what happens
    without it (an option with no value: "(default: detected)")."""

    def _get_help_string(self, action):
        text = action.help or ""
        if "default" in text or action.default in (None, False, argparse.SUPPRESS) or not action.option_strings:
            return text
        return f"{text} (default: %(default)s)".strip()


def _run_default(name: str):
    """A `crashfix run` default: RunConfig's (agent/run.py, from agent/limits.py), never a literal here."""
    from dataclasses import fields
    from agent.run import RunConfig
    return next(f.default for f in fields(RunConfig) if f.name == name)


def exit_code(status: str) -> int:
    """The exit status of a run that ended with ``status``; an unknown status is an error (2)."""
    return EXIT_CODES.get(status, EXIT_CODES["error"])


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("crashfix")
    except PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="crashfix", description="Turn crash reports into validated patches.",
                                     epilog=EXIT_HELP, formatter_class=HELP)
    parser.add_argument("--version", action="version", version=f"crashfix {_version()}")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    sub = parser.add_subparsers(dest="command", required=True)
    _add = sub.add_parser
    sub.add_parser = lambda *a, **k: _add(*a, **{"formatter_class": HELP, **k})    # every command shows its defaults

    run = sub.add_parser("run", help="find and validate a patch for a crash report against a repo",
                         epilog=EXIT_HELP, formatter_class=HELP)
    run.add_argument("--repo", required=True, help="path or URL of the git repository")
    run.add_argument("--report", required=True, type=Path, help="file holding the crash report or issue text")
    run.add_argument("--ref", help="commit, tag or branch to check out")
    run.add_argument("--test-cmd", help='the test command, e.g. "python -m pytest -q"')
    run.add_argument("--setup-cmd", help="command that installs the repo in the sandbox (default: detected)")
    run.add_argument("--build-cmd", help="C/C++: the build command, run with CC/CFLAGS/LDFLAGS set to ASan + UBSan "
                     "(default: detected make, CMake, Meson or autotools)")
    run.add_argument("--repro-cmd", help="C/C++: the command that crashes, run after the build in the tree's top "
                     "folder with the sanitizer settings on every command, e.g. \"printf '\\x00' > f && ./example f\" "
                     "(tried before what the issue shows; not the test suite: that is --test-cmd)")
    run.add_argument("--input", action="append", default=[], metavar="[NAME=]PATH",
                     help="an input file the issue's command reads (its attachment, `./poc`), written into the "
                     "sandbox's tree at NAME (default: the file's own name) before anything runs; repeatable")
    run.add_argument("--strategy", choices=["templates", "llm", "auto"], default=_run_default("strategy"),
                     help="templates only, the research agent (needs a model; Python, C and kernel crashes), or both")
    run.add_argument("--sandbox", choices=["docker", "local"], default=_run_default("sandbox"), help="where it runs")
    run.add_argument("--image", help="sandbox image (default: the project's own python image)")
    run.add_argument("--python", type=_python_version, help='the sandbox\'s Python, e.g. 3.9 (default: resolved '
                     'from the repo; the nearest image is used and the report says so)')
    run.add_argument("--tries", type=int, default=_run_default("tries"), help="reproductions before and after a patch")
    run.add_argument("--max-candidates", type=int, default=_run_default("max_candidates"), help="candidate patches tried")
    run.add_argument("--max-seconds", type=float, default=_run_default("max_seconds"), help="validation budget")
    run.add_argument("--out", required=True, type=Path, help="folder for result.json, patch.diff, report.md")
    run.add_argument("--model", help="LLM for the research agent (default $CRASHFIX_LLM_MODEL); "
                     "scripted:PATH replays a scripted model from a JSON file (offline, no real LLM)")
    run.add_argument("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 "
                     "(default $CRASHFIX_LLM_BASE_URL; the key comes only from $CRASHFIX_LLM_API_KEY)")
    run.add_argument("--trajectories", type=int, default=_run_default("trajectories"), help="parallel agent attempts")
    run.add_argument("--max-llm-calls", type=int, default=_run_default("max_llm_calls"), help="model calls per run")
    run.add_argument("--max-tokens", type=int, default=_run_default("max_tokens"),
                     help="prompt+completion tokens per run")
    run.add_argument("--max-usd", type=float, default=_run_default("max_usd"), help="model cost per run, in dollars")
    run.add_argument("--max-llm-seconds", type=float, default=_run_default("max_llm_seconds"),
                     help="agent wall time per run")
    run.add_argument("--resume", action="store_true", help="continue the trajectories saved in --out")
    run.add_argument("--kernel-config", help="kernel: a .config or a fragment (default: tinyconfig + KASAN "
                     "harness + the options that build the files of the report's stack, with their Kconfig "
                     "dependencies)")
    run.add_argument("--kernel-cmdline", help="kernel: extra boot arguments")
    run.add_argument("--issue-url", help="the issue's URL, for the Closes: tag of a kernel patch mail")

    parse = sub.add_parser("parse", help="parse crash reports and print what they hold")
    parse.add_argument("files", nargs="+", type=Path)
    parse.add_argument("--json", action="store_true", help="one JSON object (or null) per file, one line each")

    ev = sub.add_parser("eval", help="run every case of a benchmark suite and print a table")
    ev.add_argument("suite", type=Path)
    ev.add_argument("--json", action="store_true")
    ev.add_argument("--sandbox", choices=["docker", "local"], default="docker", help="where the cases run")
    ev.add_argument("--case", action="append", help="only this case (repeatable)")
    ev.add_argument("--out", type=Path, help="keep each case's run folder here")
    ev.add_argument("--strategy", choices=["templates", "llm", "auto"], default="templates",
                    help="templates, or run the research agent too")
    ev.add_argument("--model", help="the agent's model (default $CRASHFIX_LLM_MODEL); scripted: each case's "
                    "scripted-model.json is replayed (no real LLM)")
    ev.add_argument("--base-url", help="OpenAI-compatible endpoint (default $CRASHFIX_LLM_BASE_URL)")
    ev.add_argument("--trajectories", type=int, default=_run_default("trajectories"),
                    help="parallel agent attempts per case")

    from bot.cli.trajectories import add_parser as add_trajectories
    add_trajectories(sub)

    sub.add_parser("doctor", help="check what crashfix needs on this machine")
    ref = sub.add_parser("config-reference", help="print every .github/crashfix.yml key and CRASHFIX_* variable "
                         "(docs/configuration.md)")
    ref.add_argument("--write", action="store_true", help="write docs/configuration.md of this checkout instead")
    img = sub.add_parser("images", help="build the sandbox images (no registry needed)")
    img.add_argument("--kind", default="python", choices=["python", "c", "base"],
                     help="base: not a sandbox, the base of the bot image (Dockerfile BASE)")
    img.add_argument("--rebuild", action="store_true")

    serve = sub.add_parser("serve", help="serve the GitHub App webhook receiver")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8080, help="port to listen on")
    serve.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    serve.add_argument("--dev", action="store_true", help="Flask's development server instead of gunicorn")
    app = sub.add_parser("app", help="the GitHub App registration").add_subparsers(dest="app_command", required=True)
    _add_app = app.add_parser
    app.add_parser = lambda *a, **k: _add_app(*a, **{"formatter_class": HELP, **k})
    create = app.add_parser("create", help="register the GitHub App from deploy/app-manifest.json and store its "
                            "credentials (GitHub's manifest flow; see docs/deploy.md)")
    create.add_argument("--webhook-url", required=True, help="where GitHub sends webhooks, e.g. https://HOST/webhook")
    create.add_argument("--out", type=Path, default=Path("."), help="folder for crashfix.env and the .pem (0600)")
    create.add_argument("--org", help="register the App on this organization instead of your account")
    create.add_argument("--github-url", default="https://github.com", help="GitHub Enterprise Server: https://HOST")
    create.add_argument("--name", help="the App's name (default from the manifest; must be unique on GitHub)")
    create.add_argument("--homepage", help="the App's homepage URL")
    create.add_argument("--callback-url", action="append", help="OAuth callback of the dashboard (repeatable)")
    create.add_argument("--public", action="store_true", help="let other accounts install the App")
    create.add_argument("--port", type=int, default=0, help="local port of the page (0: any free one)")
    create.add_argument("--key-path", help="CRASHFIX_PRIVATE_KEY_PATH to write (e.g. the path inside a container)")
    create.add_argument("--manifest", type=Path, help="another manifest file")
    worker = sub.add_parser("worker", help="consume queued jobs")
    worker.add_argument("--workers", type=int, default=1, help="jobs run at once by this consumer")
    from bot.cli.backlog import add_parser as add_backlog_parser
    add_backlog_parser(sub)
    from bot.cli.simulate_cli import add_parser as add_simulate_parser
    add_simulate_parser(sub)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    from agent.redact import install_logging
    install_logging()                  # every log line of every command goes through agent/redact.py
    handler = globals()[f"cmd_{args.command.replace('-', '_')}"]
    return handler(args)


def cmd_config_reference(args) -> int:
    from bot.cli.config_reference import main as reference
    return reference(args)


def _python_version(text: str) -> str:
    import re
    if not re.fullmatch(r"3\.\d{1,2}", text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a Python version such as 3.11")
    return text


def cmd_run(args) -> int:
    import os
    from agent.run import RunConfig
    try:
        data = args.report.read_bytes()
    except OSError as exc:
        print(f"crashfix: cannot read the report: {exc}", file=sys.stderr)
        return 2
    text = data.decode(errors="replace")
    refused = _refuse_before_setup(args, text, len(data))
    inputs, bad = _inputs(args.input)
    refused = refused or bad
    if refused:
        print(f"crashfix: {refused}", file=sys.stderr)
        return EXIT_USAGE
    # the key is read once and removed from the environment: sandboxes (the local one inherits the
    # environment) and the commands they run never see it
    api_key = os.environ.pop("CRASHFIX_LLM_API_KEY", None)
    model, base_url, replay, server = args.model, args.base_url, None, None
    if model and model.startswith("scripted:"):
        from agent.research.scripted import REPLAY_LABEL, ScriptedServer
        path = Path(model.split(":", 1)[1])
        try:
            server = ScriptedServer(path).start()
        except (OSError, ValueError) as exc:
            print(f"crashfix: cannot load the scripted model: {exc}", file=sys.stderr)
            return 2
        model, base_url, api_key = server.model.script.get("model", "scripted"), server.base_url, "scripted-replay"
        replay = str(path)
        print(f"crashfix: {REPLAY_LABEL}: the model's turns are replayed from {path}", file=sys.stderr)
    from agent.redact import register
    register(api_key)
    config = RunConfig(repo=args.repo, report_text=text, out=args.out, ref=args.ref, test_cmd=args.test_cmd,
                       strategy=args.strategy, sandbox=args.sandbox, image=args.image, setup_cmd=args.setup_cmd,
                       build_cmd=args.build_cmd, repro_cmd=args.repro_cmd, tries=args.tries, max_candidates=args.max_candidates, max_seconds=args.max_seconds,
                       model=model, base_url=base_url, api_key=api_key, trajectories=args.trajectories,
                       max_llm_calls=args.max_llm_calls, max_tokens=args.max_tokens, max_usd=args.max_usd,
                       max_llm_seconds=args.max_llm_seconds, replay=replay, resume=args.resume,
                       kernel_config=args.kernel_config, kernel_cmdline=args.kernel_cmdline, issue_url=args.issue_url,
                       kernel_allowed=True,   # on the command line the user is the operator
                       python=args.python, inputs=inputs)
    from agent.research.strategy import configured
    if config.strategy == "llm" and not configured(config):
        print("crashfix: --strategy llm needs a model: --model NAME (or $CRASHFIX_LLM_MODEL) and --base-url URL "
              "(or $CRASHFIX_LLM_BASE_URL); nothing was set up", file=sys.stderr)
        if server is not None:
            server.stop()
        return EXIT_USAGE
    failure = _probe_llm(config)
    if failure:
        print(f"crashfix: {failure}", file=sys.stderr)
        if server is not None:
            server.stop()
        return EXIT_USAGE
    earlier = args.out / "patch.diff"
    if earlier.is_file():                # the run writes its own or none: the earlier one is kept aside
        aside = args.out / "patch.diff.earlier"
        earlier.replace(aside)
        print(f"crashfix: moved the patch.diff of an earlier run in {args.out} to {aside.name}", file=sys.stderr)
    from agent.pipeline import run_job
    from bot.conversation.progress_words import Heartbeat, event_line
    say = lambda msg: print(f"crashfix: {msg}", file=sys.stderr, flush=True)     # noqa: E731
    try:
        # each step as it starts; a long one said again, in words with its time, every ~12 s
        with Heartbeat(lambda line: say(f"… {line}")) as beat:
            run = run_job(config, beat.wrap(lambda event: say(event_line(event))))
    finally:
        if server is not None:
            server.stop()
    if replay:
        print(f"REPLAY: a scripted model ({replay}) played the LLM; no real model was called")
    print(f"status: {run.status}" + (f" ({run.error})" if run.error and run.status != "fixed" else "")
          + (" (a validated patch that may hide the crash rather than fix it; report.md says why)"
             if run.status == "speculative" else ""))
    if run.best:
        print(f"fix: {run.best.candidate.description}")
    if run.cost.get("llm_calls"):
        c = run.cost
        print(f"llm: {c['llm_calls']} calls, {c['prompt_tokens']}+{c['completion_tokens']} tokens, ${c['usd']:.4f}")
    written = [n for n in ("result.json", "patch.diff", "report.md") if (args.out / n).is_file()]
    print(f"results in {args.out}/ ({', '.join(written)})")
    return exit_code(run.status)


def _inputs(given: list[str]) -> tuple[tuple, str | None]:
    """`--input [NAME=]PATH` as the run's input files (agent/inputs.py), or why one cannot be used."""
    from agent.inputs import InputFile, bad_name
    out = []
    for arg in given:
        name, sep, path = arg.partition("=")
        if not sep or Path(arg).is_file():          # PATH alone (a file whose own name holds `=` too)
            name, path = Path(arg).name, arg
        if not Path(path).is_file():
            return (), f"--input {arg}: no such file {path!r}"
        if (why := bad_name(name)) is not None:
            return (), f"--input {arg}: {why}"
        out.append(InputFile(name.removeprefix("./"), Path(path).resolve(), "--input"))
    return tuple(out), None


def _refuse_before_setup(args, text: str, size: int) -> str | None:
    """One line saying why `crashfix run` stops before any set-up (a missing repository, an invalid
    `.github/crashfix.yml` refused as the App refuses it, a kind of crash crashfix does not fix), or
    None. A report over the read limit is said, not refused."""
    from agent.reports.families import family_of, refusal
    from agent.reports import MAX_INPUT, parse_issue
    if size > MAX_INPUT:
        print(f"crashfix: the report is {size / 1e6:.0f} MB; read the first {MAX_INPUT >> 20} MiB of it "
              f"(the rest is not parsed)", file=sys.stderr)
    remote = "://" in args.repo or args.repo.startswith("git@")
    local = Path(args.repo)
    if not remote and not local.exists():
        return f"no repository at {args.repo} (a local path or a git URL)"
    if not remote and local.is_dir():
        problem = _repo_config_problem(local)
        if problem:
            return problem
    report = parse_issue(text)         # what the run will read: the text as GitHub shows it (agent/pipeline.py)
    if report is not None and not (family := family_of(report)).fixes:
        return refusal(family, report.type)
    return None


def _repo_config_problem(repo: Path) -> str | None:
    """The repository's `.github/crashfix.yml` checked as the App checks it (bot/repo_config.py):
    an invalid file is refused with its problems, never half-applied."""
    from bot.repo_config import ConfigError, _parse, validate
    path = repo / ".github" / "crashfix.yml"
    if not path.is_file():
        return None
    try:
        data = _parse(path.read_text(errors="replace"), ".github/crashfix.yml")
        data.pop("_extends", None)       # another repository's file: the App's to follow, not read here
        validate(data)
    except ConfigError as err:
        return f"{path} is not valid, nothing was run: " + "; ".join(err.problems)
    return None


def _probe_llm(config) -> str | None:
    """One line naming an unreachable or refusing LLM endpoint, when the run would use one; else None."""
    from agent.research.endpoint import run_endpoint_problem
    problem = run_endpoint_problem(config)
    return f"{problem} (or run with --strategy templates)" if problem else None


def cmd_parse(args) -> int:
    from agent.reports import parse, to_json
    found = False
    for path in args.files:
        try:
            report = parse(path.read_text(errors="replace"))
        except OSError as exc:
            print(f"crashfix: cannot read {path}: {exc}", file=sys.stderr)
            report = None
        found |= report is not None
        if args.json:
            print(json.dumps(to_json(report)))
        elif report is None:
            print(f"{path}: no crash found")
        else:
            guilty = report.guilty
            where = f" at {guilty.file}:{guilty.line}" if guilty and guilty.file else ""
            print(f"{path}: [{report.kind}] {report.title}{where}" + (" (corrupted)" if report.corrupted else ""))
    return 0 if found else 1


def cmd_eval(args) -> int:
    from agent.evaluate import main as eval_main
    return eval_main(args)


def cmd_trajectories(args) -> int:
    from bot.cli.trajectories import main as trajectories_main
    return trajectories_main(args)


def cmd_doctor(args) -> int:
    from bot.cli.doctor import main as doctor_main
    return doctor_main()


def cmd_images(args) -> int:
    from sandbox.docker.images import ensure_image
    tag = ensure_image(args.kind, rebuild=args.rebuild, log=lambda msg: print(msg, file=sys.stderr))
    print(tag)
    return 0


def cmd_serve(args) -> int:
    from bot.jobs.store import configure_logging
    from bot.settings import SettingsError, check_service_sandbox, load_settings
    try:
        settings = load_settings()
        if not settings.WEBHOOK_SECRET:
            raise SettingsError("CRASHFIX_WEBHOOK_SECRET", "missing (needed to verify GitHub's signatures)")
        check_service_sandbox(settings)
    except SettingsError as exc:
        print(f"crashfix: {exc}", file=sys.stderr)
        return 2
    from agent.redact import register_settings
    register_settings(settings)
    configure_logging(logging.DEBUG if args.verbose else logging.INFO)
    from bot.web.app import serve
    return serve(settings, args.host, args.port, dev=args.dev, workers=args.workers or 2)


def cmd_app(args) -> int:
    from bot.cli.app_create import MANIFEST, AppCreateError, create_app
    try:
        create_app(webhook_url=args.webhook_url, out=args.out, github_url=args.github_url, org=args.org,
                   name=args.name, homepage=args.homepage, callback_urls=args.callback_url, public=args.public,
                   manifest_path=args.manifest or MANIFEST, port=args.port, key_path_in_env=args.key_path)
    except AppCreateError as exc:
        print(f"crashfix: {exc}", file=sys.stderr)
        return 2
    return 0


def cmd_worker(args) -> int:
    from bot.jobs.store import configure_logging
    from bot.settings import SettingsError, announce, check_service_sandbox, load_settings
    try:
        settings = load_settings()
        check_service_sandbox(settings)
    except SettingsError as exc:
        print(f"crashfix: {exc}", file=sys.stderr)
        return 2
    configure_logging(logging.DEBUG if args.verbose else logging.INFO)
    announce(settings)
    from bot.db import Database
    from bot.jobs.queue import JobQueue
    from bot.worker import Worker
    db, queue = Database(settings.database_url), JobQueue(settings)
    worker = Worker(settings, db, queue)
    queue.attach(worker.run, worker.lost_jobs)
    worker.startup()
    worker.keep_leases()
    queue.consumer(workers=args.workers or 1).run()
    return 0


def cmd_backlog(args) -> int:
    from bot.cli.backlog import run
    return run(args)


def cmd_simulate(args) -> int:
    from bot.cli.simulate_cli import run
    return run(args, exit_code)


if __name__ == "__main__":
    sys.exit(main())
