"""The kernel path (reports of kind "kernel").

prepare: build (cached tree, tinyconfig + KASAN harness + the options the stack needs), compile the
C reproducer into an initramfs → reproduce: boot under QEMU up to 10 times until the same title
shows → analyse: symbolize, map the stack, blame the guilty line → candidates: C fix templates →
validate: per candidate an incremental rebuild, boots running the reproducer, no crash with that
title and no new one → research (with a model, when no template candidate validated): the research
agent reads and searches the tree and its history on the host, edits a workspace over the cached
checkout (sandbox/kernel/workspace.py), and each patch it submits is validated here → finish: a `git format-patch` mail with Fixes:/Reported-by:/Closes:.
Console and build logs land in out/logs.
"""
from __future__ import annotations

import functools
import re
import shutil
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Callable

from agent.kernel import kunit, mail
from agent.kernel.behaviour import compare, syscall_names
from agent.kernel.boots import Booter, console_tail
from agent.kernel.kconfig import options_for_crash, with_dependencies
from agent.kernel.symbolize import symbolize
from agent.limits import (
    KERNEL_BOOT_MARGIN,
    KERNEL_BOOT_TIMEOUT,
    KERNEL_REPRODUCE_BOOTS,
    KERNEL_RUN_SECONDS,
    KERNEL_RUNS_PER_BOOT,
)
from agent.path import Steps, code_window, record_history
from agent.judge.protect import guard
from agent.reports.kernel import parse_kernel
from agent.reports.paths import map_to_repo
from agent.records import Attempt, Reproduction
from agent.run import Run, RunError
from agent.candidates import Candidate
from agent.repair_context import RepairContext, Site, frame_sites
from agent.judge.validate import Verdict
from sandbox.kernel.build import KernelBuildError, KernelTree, git, open_tree, tail
from sandbox.kernel.qemu import QemuError, ReproducerBuildError, compile_reproducer, make_initramfs
from sandbox.kernel.workspace import KernelWorkspace

REFUSED = ("this is a Linux kernel crash report, and kernel jobs are not enabled on this crashfix "
           "(its operator can turn them on with CRASHFIX_KERNEL_JOBS=enabled): nothing was built or run")


def pick_reproducer(reproducers: list[str]) -> str | None:
    """The first code block that is a C program (has a main function)."""
    for snippet in reproducers:
        if "main(" in snippet and ("#include" in snippet or "int main" in snippet):
            return snippet
    return None


_SYZBOT_REPRO = re.compile(r"C reproducer:\s*(https://syzkaller\.appspot\.com/x/repro\.c\?x=[0-9a-fA-F]+)")


def syzbot_reproducer_link(text: str) -> str | None:
    """The C reproducer syzbot's mail links (`C reproducer: https://syzkaller.appspot.com/x/repro.c?x=…`)."""
    m = _SYZBOT_REPRO.search(text)
    return m.group(1) if m else None


def _as_run_error(method):
    """A broken kernel build, reproducer build or QEMU ends the run as RunError, its log in out/logs."""
    @functools.wraps(method)
    def wrapper(self: "KernelPath", *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except (KernelBuildError, ReproducerBuildError) as exc:
            self.logs.mkdir(parents=True, exist_ok=True)
            name = "reproducer-build.log" if isinstance(exc, ReproducerBuildError) else "kernel-error.log"
            (self.logs / name).write_text(f"{exc}\n\n{exc.log}\n")
            kind = "bad_input" if isinstance(exc, ReproducerBuildError) else "build"
            raise RunError(f"{exc} (see logs/{name})\n{tail(exc.log, 12)}", kind) from exc
        except QemuError as exc:
            raise RunError(str(exc), "sandbox") from exc
    return wrapper


class KernelPath:
    research_agent = True      # the research agent drives kernel runs (its submits validated by `validate`)

    def __init__(self, run: Run, steps: Steps, *, templates: Callable[..., list[Candidate]]):
        self.run, self.cfg, self.steps = run, run.config, steps
        self.templates = templates      # the C fix templates (agent/native/templates, handed over by agent/families.py)
        self.work = Path(tempfile.mkdtemp(prefix="crashfix-kernel-"))
        self.logs = self.cfg.out / "logs"
        self.held = ExitStack()
        self.tree: KernelTree | None = None
        self.booter: Booter | None = None
        self.observed_console = ""
        self.symbolized = ""      # the crash console with file:line (the templates read KMSAN's origin there)
        self.seen = None          # the crash as the symbolized console shows it
        self.fixes = None         # the commit that last changed the guilty line (Fixes:)
        self.submitted = 0        # the research agent's submits validated so far
        self.dropped: list[str] = []   # options the stack needs that olddefconfig dropped
        self._syscall_names: dict[int, str] | None = None
        self.kunit: dict = {}              # the guilty directory's KUnit options (agent/kernel/kunit.py)

    # -- prepare: the tree, its first build, the reproducer -----------------------------------
    @_as_run_error
    def prepare(self) -> None:
        cfg, run, step = self.cfg, self.run, self.steps.step
        if not cfg.kernel_allowed:
            run.report = None        # nothing ran: report.md says why, and no "root cause" of the issue's claims
            raise RunError(REFUSED)
        run.language = "c"
        repo = Path(cfg.repo)
        if not (repo / ".git").exists():
            raise RunError(f"a kernel run needs a local git checkout of the kernel tree as --repo (got {cfg.repo})")
        source = pick_reproducer(run.report.reproducers)
        if source is None:
            link = syzbot_reproducer_link(cfg.report_text)
            if link:
                raise RunError(f"the C reproducer is only linked ({link}): this worker does not fetch it; "
                               f"paste that file into the issue as a ```c code block", "bad_input")
            raise RunError("the report has no C reproducer (a ```c code block with a main function)", "bad_input")
        binary = step("reproducer", lambda: compile_reproducer(source, self.work))
        try:
            config = Path(cfg.kernel_config).read_text() if cfg.kernel_config else None
        except OSError as exc:
            raise RunError(f"cannot read the kernel config: {exc}") from exc
        needed = with_dependencies(repo, options_for_crash(repo, run.report, [source, cfg.report_text]))
        needed += self._kunit(repo)
        self.tree = tree = open_tree(repo, cfg.ref or "HEAD", config=config, fragments=["\n".join(needed)],
                                     owner=cfg.repo_id or str(Path(cfg.repo).resolve()))
        run.artifacts["kernel"] = {"build_dir": str(tree.root), "commit": tree.commit, "options_from_stack": needed,
                                  "kunit": self.kunit or None}
        self.held.enter_context(tree.lock())
        self._build_first()
        initrd = make_initramfs(binary, self.work, runs=KERNEL_RUNS_PER_BOOT, run_seconds=KERNEL_RUN_SECONDS)
        # a boot holds its runs, each up to its bound: the time limit leaves room for all of them
        bounded = KERNEL_BOOT_MARGIN + KERNEL_RUNS_PER_BOOT * KERNEL_RUN_SECONDS
        self.booter = Booter(tree.bzimage, initrd, self.logs, run.report.title,
                             timeout=max(min(self.run.timeout, KERNEL_BOOT_TIMEOUT), bounded),
                             extra_cmdline=cfg.kernel_cmdline or "", run_seconds=KERNEL_RUN_SECONDS)

    def _build_first(self) -> None:
        tree, run, step = self.tree, self.run, self.steps.step
        step("checkout", tree.checkout)
        missing = step("configure", tree.configure)
        if missing:
            raise RunError(f"the kernel config lacks what the QEMU harness needs: {', '.join(missing)}")
        self.dropped = dropped = tree.wanted_but_unset()
        if dropped:
            said = (f"config options asked for but unset after olddefconfig (unmet dependencies): "
                    f"{', '.join(dropped)}")
            run.notes.append(said)
            run.artifacts["kernel"]["options_dropped"] = dropped
            self.steps.say(said)
        built = step("build", tree.build)
        self.logs.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(tree.build_log, self.logs / "kernel-build.log")
        run.artifacts["kernel"]["build_seconds"] = round(built.seconds, 1)   # full, or incremental when cached
        if not built.ok:
            raise RunError("the kernel does not build" + (" (time limit)" if built.timed_out else "")
                           + f" (see logs/kernel-build.log)\n{tail(built.log, 12)}", "build")

    # -- reproduce -------------------------------------------------------------------------
    @_as_run_error
    def reproduce(self) -> None:
        self.steps.step("reproduce", self._reproduce)

    def _reproduce(self) -> None:
        run = self.run
        rep = run.reproduction = Reproduction(command=f"boot under QEMU; /init runs the reproducer "
                                                      f"{KERNEL_RUNS_PER_BOOT}x", how="qemu")
        ran = 0            # seconds the reproducer ran without a crash, at least (its stopped runs)
        for i in range(1, KERNEL_REPRODUCE_BOOTS + 1):
            judged = self.booter.boot(f"reproduce-{i:02}")
            ran += judged.bound
            rep.tries += 1
            rep.seconds = max(rep.seconds, judged.boot.seconds)
            rep.attempts.append(Attempt("qemu boot", f"boot {i}", judged.outcome == "same",
                                        judged.boot.exit_code if judged.boot.exit_code is not None else -1,
                                        f"{judged.describe()}\n{console_tail(judged)}"))
            if judged.outcome == "same":
                rep.crashed, rep.observed = 1, judged.crash
                self.observed_console = judged.boot.console
                run.memory.add("reproduction", f"the reproducer crashes the kernel with the same title on boot "
                               f"{i} of up to {KERNEL_REPRODUCE_BOOTS} ({judged.boot.summary()})",
                               judged.console_file.name)
                return
            if judged.outcome == "no-boot":
                raise RunError(f"the kernel did not boot: {judged.describe()} "
                               f"(last console lines in logs/{judged.console_file.name})", "build")
            if judged.outcome == "other":
                run.notes.append(f"boot {i}: {judged.describe()}")
        dropped = (f"; the kernel was built without {', '.join(self.dropped)} (asked for, dropped by olddefconfig: "
                   f"give a config that sets them with --kernel-config)") if self.dropped else ""
        within = f": no crash within {ran} s of a repeating reproducer on {rep.tries} boots" if ran else ""
        run.fail("not_reproduced", f"the crash did not reproduce in {rep.tries} boots (each running the reproducer "
                                   f"{KERNEL_RUNS_PER_BOOT}x, each run stopped at {KERNEL_RUN_SECONDS} s if still "
                                   f"going{within}); consoles in logs/console-reproduce-*.log{dropped}")

    # -- analyse ---------------------------------------------------------------------------
    @_as_run_error
    def analyse(self) -> None:
        self.steps.step("analyse", self._analyse)

    def _analyse(self) -> None:
        tree, run = self.tree, self.run
        symbolized = symbolize(self.observed_console, tree)
        (self.logs / "console-symbolized.log").write_text(symbolized)
        self.symbolized = symbolized
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
        code_window(run, site, tree.read(site.path).splitlines())
        blamed = record_history(run, tree.src, site, nearby=False)
        self.fixes, why = mail.fixes_tag(tree.src, self.cfg.report_text, blamed)
        run.notes.append(f"Fixes: {why}" if self.fixes else f"no Fixes: tag: {why}")

    # -- candidates and validation ---------------------------------------------------------
    def candidates(self) -> list[Candidate]:
        cfg, run = self.cfg, self.run
        crash = self.seen or run.report
        ctx = RepairContext(exc_type=run.report.type, message=run.report.message, sites=run.sites,
                            read=self.tree.read, files=run.files, protected=guard(cfg.protected),
                            alloc_sites=frame_sites(crash.alloc_frames, run.files),
                            free_sites=frame_sites(crash.free_frames, run.files))
        return self.templates(ctx, max_candidates=cfg.max_candidates, report_text=f"{cfg.report_text}\n{self.symbolized}")

    @_as_run_error
    def validate(self, cand: Candidate, n: int) -> Verdict:
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
            v.build_seconds = built.seconds
            v.log.append(f"$ make bzImage   # incremental, {built.seconds:.1f} s, {'ok' if built.ok else 'FAILED'}")
            v.log.append(tail(built.log, 8 if built.ok else 40))
            if not built.ok:
                v.reason = "the patched kernel does not build"
                return v
            for k in range(1, self.cfg.tries + 1):
                judged = self.booter.boot(f"candidate-{n:02}-boot-{k}")
                if k == 1 and judged.boot.booted:
                    self._behaviour(v, judged)
                    if v.behaviour and v.behaviour.get("kunit_broken"):
                        v.reason = f"KUnit tests that pass without the patch fail with it: {', '.join(v.behaviour['kunit_broken'][:5])}"
                        return v
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
                        f"{KERNEL_RUNS_PER_BOOT}x (each run stopped at {KERNEL_RUN_SECONDS} s if still going): no crash"
                        + (f"; on the reproducer: {v.behaviour['said']}" if v.behaviour else ""))
            return v
        finally:
            v.seconds = time.monotonic() - start
            tree.revert()

    def _kunit(self, repo: Path) -> list[str]:
        """The KUnit tests of the guilty file's directory, built in (they run at boot, before /init)."""
        guilty = self.run.report.guilty
        directory = str(Path(guilty.file).parent) if guilty and guilty.file else ""
        if not directory or directory == "." or Path(directory).is_absolute() or ".." in Path(directory).parts \
                or not (repo / directory).is_dir():
            return []
        options = kunit.options_for(lambda p: (repo / p).read_text(), directory)
        said = (f"KUnit tests for {directory}: {', '.join(options)} (built in, results read at each boot)" if options
                else f"no KUnit tests for {directory}")
        self.run.notes.append(said)
        self.kunit = {"directory": directory, "options": options}
        return with_dependencies(repo, kunit.fragment(options)) if options else []

    def _behaviour(self, v: Verdict, judged) -> None:
        """The candidate's first run of the reproducer beside the unpatched kernel's crashing one."""
        if self._syscall_names is None:
            try:
                self._syscall_names = syscall_names(self.tree.read("arch/x86/entry/syscalls/syscall_64.tbl"))
            except (OSError, UnicodeError, KernelBuildError):
                self._syscall_names = {}
        v.behaviour = compare(self.observed_console, judged.boot.console, self._syscall_names)
        v.log.append(f"on the reproducer: {v.behaviour['said']}")
        if self.kunit.get("options"):
            before, after = kunit.results(self.observed_console), kunit.results(judged.boot.console)
            v.behaviour["kunit"] = {"unpatched": kunit.summary(before), "patched": kunit.summary(after)}
            broke = sorted(set(v.behaviour["kunit"]["patched"]["failed"]) - set(v.behaviour["kunit"]["unpatched"]["failed"]))
            v.behaviour["kunit_broken"] = broke

    def research(self) -> str | None:
        """The research agent on the kernel tree: host-side search and history tools on the cached
        checkout, a workspace of its edits (sandbox/kernel/workspace.py), each submit built and booted
        by `validate` (one at a time: one build dir). None, or the fatal model error."""
        cfg, run = self.cfg, self.run
        from agent.research import strategy
        missing = strategy.not_ready(run)
        if missing:
            return missing
        tree = self.tree
        outcome = strategy.run_agent(
            run, tree.src, has_history=True, progress=lambda text: self.steps.say(text, "research"),
            protected=guard(cfg.protected), sandbox_factory=lambda: KernelWorkspace(tree.src),
            validator_factory=lambda workspace: _Submits(self), llm=strategy.new_model(cfg))
        return f"LLM: {outcome.error}" if outcome.error else None

    # -- finish: the mailing-list patch ------------------------------------------------------
    @_as_run_error
    def guard(self, survivors: list[Verdict]) -> list[Verdict]:
        return survivors

    def finish(self) -> None:
        if self.run.best is not None:
            self._facts(self.run.best)
            self.steps.step("mail", self._mail)

    def _facts(self, best: Verdict) -> None:
        """What validation saw beyond "no crash", among the facts report.md lists for the patch."""
        facts = []
        if best.behaviour:
            facts.append(f"on the reproducer, beside the unpatched kernel: {best.behaviour['said']}")
        if self.kunit.get("options") and best.behaviour and best.behaviour.get("kunit"):
            k = best.behaviour["kunit"]["patched"]
            facts.append(f"KUnit tests of {self.kunit['directory']} with the patch: {k['passed']} passed, "
                         f"{len(k['failed'])} failed, {k['skipped']} skipped")
        elif self.kunit:
            facts.append(f"no KUnit tests for {self.kunit['directory']}")
        best.confidence_reasons += [f for f in facts if f not in best.confidence_reasons]

    def _mail(self) -> None:
        cfg, run, best = self.cfg, self.run, self.run.best
        site = run.sites[0] if run.sites else None
        validation = (f"Validated with crashfix: incremental rebuild, then {best.tries} boots under QEMU "
                      f"(tinyconfig + KASAN), each running the reproducer {KERNEL_RUNS_PER_BOOT} times, without a crash.")
        by = mail.reported_by(run.report, cfg.report_text)
        subject = mail.subject(run.report, site.path if site else "", self.fixes)
        text = mail.body(self.seen or run.report, best.candidate.description, self.fixes,
                         reported_by=by, closes=cfg.issue_url, validation=validation)
        path = mail.format_patch(self.tree, best.candidate.diff, subject, text, cfg.out)
        run.artifacts["mail"] = path.name
        if not by:
            run.notes.append("no Reported-by: the report names no reporter")
        run.notes.append(f"mailing-list patch: {path.name} (add your Signed-off-by: before sending)")

    def close(self) -> None:
        try:
            self.held.close()
        finally:
            shutil.rmtree(self.work, ignore_errors=True)


class _Submits:
    """The research agent's validator on a kernel: each submit is candidate number n of the run (its
    consoles logs/console-candidate-NN-boot-K.log), validated one at a time (the trajectories share
    one build dir)."""
    lock = threading.Lock()

    def __init__(self, path: KernelPath):
        self.path = path

    def check(self, cand: Candidate) -> Verdict:
        with self.lock:
            self.path.submitted += 1
            n = len(self.path.run.verdicts) + self.path.submitted
            return self.path.validate(cand, n)
