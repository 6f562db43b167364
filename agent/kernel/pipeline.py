"""The kernel path of the main job (report.kind == "kernel").

build (cached tree, tinyconfig + KASAN harness + the options the stack needs) → compile the C
reproducer into an initramfs → boot under QEMU up to 10 times until the same title shows →
symbolize, map the stack, blame the guilty line → C fix templates → per candidate: incremental
rebuild, boots running the reproducer, no crash with that title and no new one → a
`git format-patch` mail with Fixes:/Reported-by:/Closes:. Console and build logs land in out/logs.
"""
from __future__ import annotations

import logging
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from agent import history
from agent.kernel import mail
from agent.kernel.boots import Booter, Judged, console_tail
from agent.kernel.kconfig import options_for
from agent.kernel.symbolize import symbolize
from agent.reports.kernel import parse_kernel
from agent.reports.paths import map_to_repo
from agent.reproduce import Attempt, Reproduction
from agent.strategies.base import Candidate
from agent.strategies.context import RepairContext, Site
from agent.validate import Verdict, rank_key
from sandbox.kernel_build import KernelBuildError, KernelTree, git, open_tree, tail
from sandbox.qemu import QemuError, ReproducerBuildError, compile_reproducer, make_initramfs

if TYPE_CHECKING:
    from agent.pipeline import Pipeline

log = logging.getLogger(__name__)

REPRODUCE_TRIES = 10      # boots before giving up on reproducing
RUNS_PER_BOOT = 3         # reproducer runs inside one boot


def run_kernel(pipe: "Pipeline") -> None:
    """Run the kernel path; RunError (from agent.pipeline) for bad input or a broken build or boot."""
    from agent.pipeline import RunError
    work = Path(tempfile.mkdtemp(prefix="crashfix-kernel-"))
    try:
        KernelJob(pipe, work).execute()
    except (KernelBuildError, ReproducerBuildError) as exc:
        (pipe.cfg.out / "logs").mkdir(parents=True, exist_ok=True)
        name = "reproducer-build.log" if isinstance(exc, ReproducerBuildError) else "kernel-error.log"
        (pipe.cfg.out / "logs" / name).write_text(f"{exc}\n\n{exc.log}\n")
        raise RunError(f"{exc} (see logs/{name})\n{tail(exc.log, 12)}") from exc
    except QemuError as exc:
        raise RunError(str(exc)) from exc
    finally:
        shutil.rmtree(work, ignore_errors=True)


def pick_reproducer(reproducers: list[str]) -> str | None:
    """The first code block that is a C program (has a main function)."""
    for snippet in reproducers:
        if "main(" in snippet and ("#include" in snippet or "int main" in snippet):
            return snippet
    return None


class KernelJob:
    def __init__(self, pipe: "Pipeline", work: Path):
        self.pipe, self.cfg, self.run, self.work = pipe, pipe.cfg, pipe.run, work
        self.logs = self.cfg.out / "logs"
        self.tree: KernelTree | None = None
        self.booter: Booter | None = None

    def execute(self) -> None:
        from agent.pipeline import RunError
        cfg, run = self.cfg, self.run
        run.language = "c"
        repo = Path(cfg.repo)
        if not (repo / ".git").exists():
            raise RunError(f"a kernel run needs a local git checkout of the kernel tree as --repo (got {cfg.repo})")
        source = pick_reproducer(run.report.reproducers)
        if source is None:
            raise RunError("the report has no C reproducer (a ```c code block with a main function); "
                           "syzbot's reproducer links cannot be fetched here")
        binary = self.pipe._phase("reproducer", lambda: compile_reproducer(source, self.work))
        try:
            config = Path(cfg.kernel_config).read_text() if cfg.kernel_config else None
        except OSError as exc:
            raise RunError(f"cannot read the kernel config: {exc}") from exc
        frames = [f.file for f in run.report.frames if f.file]
        needed = options_for(repo, frames)
        self.tree = tree = open_tree(repo, cfg.ref or "HEAD", config=config, fragments=["\n".join(needed)])
        run.artifacts["kernel"] = {"build_dir": str(tree.root), "commit": tree.commit, "options_from_stack": needed}
        with tree.lock():
            self._build_first()
            initrd = make_initramfs(binary, self.work, runs=RUNS_PER_BOOT)
            self.booter = Booter(tree.bzimage, initrd, self.logs, run.report.title,
                                 timeout=min(cfg.timeout, 600), extra_cmdline=cfg.kernel_cmdline or "")
            self.pipe._phase("reproduce", self._reproduce)
            if not run.reproduction.reproduced:
                return
            self.pipe._phase("analyse", self._analyse)
            self._repair()

    # -- build and reproduce -------------------------------------------------------------
    def _build_first(self) -> None:
        from agent.pipeline import RunError
        tree, run = self.tree, self.run
        self.pipe._phase("checkout", tree.checkout)
        missing = self.pipe._phase("configure", tree.configure)
        if missing:
            raise RunError(f"the kernel config lacks what the QEMU harness needs: {', '.join(missing)}")
        dropped = tree.wanted_but_unset()
        if dropped:
            run.notes.append(f"config options asked for but unset after olddefconfig (unmet dependencies): "
                             f"{', '.join(dropped)}")
        built = self.pipe._phase("build", tree.build)
        self.logs.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(tree.build_log, self.logs / "kernel-build.log")
        run.artifacts["kernel"]["build_seconds"] = round(built.seconds, 1)   # full, or incremental when cached
        if not built.ok:
            raise RunError("the kernel does not build" + (" (time limit)" if built.timed_out else "")
                           + f" (see logs/kernel-build.log)\n{tail(built.log, 12)}")

    def _reproduce(self) -> None:
        from agent.pipeline import RunError
        run = self.run
        rep = run.reproduction = Reproduction(command=f"boot under QEMU; /init runs the reproducer "
                                                      f"{RUNS_PER_BOOT}x", how="qemu")
        for i in range(1, REPRODUCE_TRIES + 1):
            judged = self.booter.boot(f"reproduce-{i:02}")
            rep.tries += 1
            rep.seconds = max(rep.seconds, judged.boot.seconds)
            rep.attempts.append(Attempt("qemu boot", f"boot {i}", judged.outcome == "same",
                                        judged.boot.exit_code if judged.boot.exit_code is not None else -1,
                                        f"{judged.describe()}\n{console_tail(judged)}"))
            if judged.outcome == "same":
                rep.crashed, rep.observed = 1, judged.crash
                self.observed_console = judged.boot.console
                run.memory.add("reproduction", f"the reproducer crashes the kernel with the same title on boot "
                               f"{i} of up to {REPRODUCE_TRIES} ({judged.boot.summary()})", judged.console_file.name)
                return
            if judged.outcome == "no-boot":
                raise RunError(f"the kernel did not boot: {judged.describe()} "
                               f"(last console lines in logs/{judged.console_file.name})")
            if judged.outcome == "other":
                run.notes.append(f"boot {i}: {judged.describe()}")
        run.status = "not_reproduced"
        run.error = (f"the crash did not reproduce in {rep.tries} boots (each running the reproducer "
                     f"{RUNS_PER_BOOT}x); consoles in logs/console-reproduce-*.log")

    # -- analysis --------------------------------------------------------------------------
    def _analyse(self) -> None:
        tree, run = self.tree, self.run
        symbolized = symbolize(self.observed_console, tree)
        (self.logs / "console-symbolized.log").write_text(symbolized)
        self.seen = seen = parse_kernel(symbolized)
        frames = seen.frames if seen and any(f.file for f in seen.frames) else run.report.frames
        run.files = git(tree.src, "ls-files").split("\n")
        guilty = (seen.guilty if seen and seen.guilty else run.report.guilty)
        start = next((i for i, f in enumerate(frames) if guilty and f.function == guilty.function), 0)
        known = set(run.files)
        for frame in frames[start:]:
            path = frame.file if frame.file in known else map_to_repo(frame.file, run.files) if frame.file else None
            if path and frame.line:
                run.repo_paths[frame.file] = path
                run.sites.append(Site(path, frame.line, frame.function, len(run.sites)))
                run.memory.add("frame", f"{frame.function} at {path}:{frame.line}", f"{path}:{frame.line}")
        if not run.sites:
            run.notes.append("no frame of the crash maps to a file of the tree (is CONFIG_DEBUG_INFO set?)")
            return
        site = run.sites[0]
        code = tree.read(site.path).splitlines()
        lo, hi = max(site.line - 4, 0), min(site.line + 3, len(code))
        run.memory.add("code", "\n".join(f"{n + 1:5} {code[n]}" for n in range(lo, hi)), f"{site.path}:{lo + 1}-{hi}")
        blame = history.blame_line(tree.src, site.path, site.line)
        if blame:
            self.fixes = blame
            run.memory.add("history", f"line {site.path}:{site.line} last changed by {blame.short()}", blame.sha)

    # -- repair ------------------------------------------------------------------------------
    def _repair(self) -> None:
        cfg, run = self.cfg, self.run
        candidates = self.pipe._phase("synthesis", self._candidates)
        start = time.monotonic()
        for i, cand in enumerate(candidates[: cfg.max_candidates], 1):
            if time.monotonic() - start > cfg.max_seconds:
                run.notes.append(f"validation stopped at its budget of {cfg.max_seconds:.0f} s")
                break
            self.pipe.progress(f"validating {i}/{len(candidates)}: {cand.description}")
            run.verdicts.append(self.check(cand, i))
            valid = [j for j, v in enumerate(run.verdicts) if v.validated]
            if len(valid) >= cfg.want_valid or (valid and len(run.verdicts) - 1 - valid[0] >= cfg.patience):
                break
        run.timings["validation"] = round(time.monotonic() - start, 3)
        survivors = sorted((v for v in run.verdicts if v.validated), key=rank_key)
        if survivors:
            run.status, run.best = "fixed", survivors[0]
            run.memory.add("validation", f"validated: {run.best.candidate.description}", "validation")
            self.pipe._phase("mail", self._mail)
        elif not run.verdicts:
            run.status, run.error = "not_fixed", "no strategy produced a candidate patch"
        else:
            run.status, run.error = "not_fixed", f"none of {len(run.verdicts)} candidate(s) passed validation"

    def _candidates(self) -> list[Candidate]:
        from agent.pipeline import is_protected_default
        cfg, run = self.cfg, self.run
        if cfg.strategy == "llm":
            run.notes.append("the research agent does not drive kernel runs yet: C fix templates only")
        try:
            from agent.strategies.ctemplates import generate
        except ImportError as exc:
            run.notes.append(f"C fix templates unavailable: {exc}")
            return []
        ctx = RepairContext(exc_type=run.report.type, message=run.report.message, sites=run.sites,
                            read=self.tree.read, files=run.files,
                            protected=lambda p: cfg.protected(p) or is_protected_default(p))
        return generate(ctx, max_candidates=cfg.max_candidates)

    def check(self, cand: Candidate, n: int) -> Verdict:
        """Apply, rebuild incrementally, boot cfg.tries times: valid when every boot is clean."""
        tree, v = self.tree, Verdict(cand)
        start = time.monotonic()
        try:
            try:
                tree.apply(cand.diff)
            except KernelBuildError as exc:
                v.reason = f"the patch does not apply: {exc.log.strip()[:300]}"
                return v
            v.applied = True
            built = tree.build()
            v.log.append(f"$ make bzImage   # incremental, {built.seconds:.1f} s, {'ok' if built.ok else 'FAILED'}")
            v.log.append(tail(built.log, 8 if built.ok else 40))
            if not built.ok:
                v.reason = "the patched kernel does not build"
                return v
            for k in range(1, self.cfg.tries + 1):
                judged = self.booter.boot(f"candidate-{n:02}-boot-{k}")
                v.tries += 1
                v.command_seconds += judged.boot.seconds
                v.log.append(f"boot {k}: {judged.describe()}")
                if judged.outcome != "clean":
                    v.log.append(console_tail(judged, 40))
                    v.reason = f"boot {k}: {judged.describe()}"
                    return v
                v.clean_runs += 1
            v.validated = True
            v.reason = (f"rebuilt in {built.seconds:.0f} s; {v.tries} boots, each running the reproducer "
                        f"{RUNS_PER_BOOT}x: no crash")
            return v
        finally:
            v.seconds = time.monotonic() - start
            tree.revert()

    def _mail(self) -> None:
        cfg, run, best = self.cfg, self.run, self.run.best
        fixes = getattr(self, "fixes", None)
        site = run.sites[0] if run.sites else None
        validation = (f"Validated with crashfix: incremental rebuild, then {best.tries} boots under QEMU "
                      f"(tinyconfig + KASAN), each running the reproducer {RUNS_PER_BOOT} times, without a crash.")
        by = mail.reported_by(run.report, cfg.report_text)
        subject = mail.subject(run.report, site.path if site else "", fixes)
        text = mail.body(getattr(self, "seen", None) or run.report, best.candidate.description, fixes,
                         reported_by=by, closes=cfg.issue_url, validation=validation)
        path = mail.format_patch(self.tree, best.candidate.diff, subject, text, cfg.out)
        run.artifacts["mail"] = path.name
        if not by:
            run.notes.append("no Reported-by: the report names no reporter")
        run.notes.append(f"mailing-list patch: {path.name} (add your Signed-off-by: before sending)")
