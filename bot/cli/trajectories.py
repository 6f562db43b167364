"""`crashfix trajectories export`: the research agent's recorded trajectories as training data (agent/research/trajectories.py)."""
from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path


def add_parser(sub) -> None:
    """The `trajectories` command and its `export` subcommand."""
    traj = sub.add_parser("trajectories", help="the research agent's recorded trajectories")
    traj_sub = traj.add_subparsers(dest="traj_command", required=True)
    export = traj_sub.add_parser("export", help="every run's trajectories as chat-format training data with tool "
                                 "calls, the validated outcome attached, secrets redacted")
    export.add_argument("paths", nargs="*", type=Path, help="run folders, or folders holding them "
                        "(default: the bot's runs, $CRASHFIX_DATA_DIR/runs)")
    export.add_argument("--format", default="openai-jsonl", choices=["openai-jsonl"])
    export.add_argument("--out", type=Path, help="the JSONL file to write (default: standard output)")
    export.add_argument("--only-validated", action="store_true", help="only trajectories whose patch validated")


def main(args) -> int:
    """Exit 0 when conversations were written, 1 when none was found, 2 on an error (nothing written)."""
    import agent.families  # noqa: F401  (each crash family registers its debugger tool: gdb for native runs)
    from agent.redact import register, register_settings
    from agent.research.trajectories import ExportError, export
    from bot.settings import SettingsError, load_settings
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"crashfix: {exc}", file=sys.stderr)
        return 2
    register_settings(settings)
    register(os.environ.get("CRASHFIX_LLM_API_KEY"))
    paths = args.paths or [settings.runs_dir]
    tmp = args.out.with_name(args.out.name + ".tmp") if args.out else None
    try:
        with open(tmp, "w") if tmp else contextlib.nullcontext(sys.stdout) as out:
            summary = export(paths, out, fmt=args.format, only_validated=args.only_validated)
        if tmp:
            os.replace(tmp, args.out)
    except (ExportError, OSError) as exc:
        if tmp:
            tmp.unlink(missing_ok=True)
        print(f"crashfix: {exc}", file=sys.stderr)
        return 2
    for line in summary.skipped:
        print(f"crashfix: skipped {line}", file=sys.stderr)
    print(f"crashfix: {summary.examples} conversations ({summary.validated} of validated trajectories) from "
          f"{summary.trajectories} trajectories of {summary.runs} runs" + (f" -> {args.out}" if args.out else ""),
          file=sys.stderr)
    return 0 if summary.examples else 1
