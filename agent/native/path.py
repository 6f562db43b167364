"""The native path (reports of kind "sanitizer" and "gdb"): build with ASan + UBSan in the C image,
reproduce, probe with gdb, C fix templates; validation rebuilds incrementally per candidate."""
from __future__ import annotations

import re

from agent.limits import BUILD_TIMEOUT, GDB_TIMEOUT
from agent.native.arch import CROSS, UNSUPPORTED, report_arch
from agent.native.build import (MSAN_FLAG, SANITIZERS, BuildPlan, build, compiler_error, detect, san_flags, sanitizers_for, usable_sanitizers,
                                without_werror)
from agent.native.build_crash import crash_in_build
from agent.native.described import stands_for
from agent.native.leaks import leak_check
from agent.native.cannot_run import cannot_run
from agent.native.missing import missing_input
from agent.native.model_repro import reproduce_by_model
from agent.native.probe import probe
from agent.native.recipe import chain
from agent.native.recipe import unused_inputs
from agent.native.reproduce import (add_untagged_fragments, c_programs, fragments, links_nothing, needed_goals, reproduce,
                                    sanitizer_env, shell_snippets)
from agent.native.state import NativeState, ready, validator_options
from agent.native.tests import read_results
from agent.path import code_window, record_history
from agent.reports.paths import map_to_repo
from agent.repair_context import Site
from agent.sandboxed import SandboxPath
from agent.run import RunError
from agent.records import CauseKind, SetupCause, failing_line
from agent.candidates import Candidate
from agent.native.templates import generate
from agent.native.templates.engine import C_FILES
from agent.repair_context import RepairContext
from agent.judge.testrun import run_tests
from sandbox import Sandbox
from sandbox.docker.images import ensure_image

IMAGE_KIND = "c"
WERROR = re.compile(r"\[-Werror(?:=[\w-]+)?\]|all warnings being treated as errors")


def c_image(backend: str, configured: str | None) -> str | None:
    """The C image for the docker backend (built on first use), unless one was configured."""
    if configured or backend != "docker":
        return configured
    return ensure_image(IMAGE_KIND)


class NativePath(SandboxPath):

    def choose_image(self) -> None:
        cfg = self.cfg
        self.run.image = self.steps.step("image", lambda: c_image(cfg.sandbox, self.run.image))

    def prepare(self) -> None:
        """Source and sandbox, then the build with the sanitizers (fails the run when it does not build)."""
        super().prepare()
        cfg, run = self.cfg, self.run
        run.language = "c"
        arch = report_arch(cfg.report_text)
        if arch in UNSUPPORTED:
            raise RunError(f"the crash was reported on {arch}, which cannot be reproduced here: {UNSUPPORTED[arch]}")
        cross = CROSS.get(arch or "")
        sanitizers, self.no_msan = usable_sanitizers(self.sb, sanitizers_for(run.report), cross)
        run.notes += [self.no_msan] if self.no_msan else []
        add_untagged_fragments(run.report, cfg.report_text)
        plan = detect(run.files, self.sb.read, cfg.build_cmd, self.run.test_cmd, cross, sanitizers)
        if plan is None and (c_programs(run.report) or fragments(run.report)) and any(f.endswith((".h", ".hpp")) for f in run.files):
            plan = BuildPlan("none", ["true"], self.run.test_cmd, flags=san_flags(sanitizers))
            run.notes.append("no build system: the issue's program is compiled against the tree's headers "
                             "(and its sources without a main)")
        if plan is None and not any(f.endswith(C_FILES) for f in run.files):
            raise RunError("the tree holds no C or C++ source, so this C crash cannot be built or reproduced from it "
                           "(is the crash in another project's code?)")
        if plan is None:
            raise RunError("no build system found (Makefile, CMakeLists.txt, meson.build, configure or "
                           "autogen.sh" + (f"; Meson cannot cross-compile for {arch} here" if cross else "")
                           + "): give the build command with --build-cmd")
        state = run.native = NativeState(plan, cross=cross)
        run.debugger = "gdb"
        if cross:
            run.notes.append(f"reported on {arch}: built with {cross.triple}-gcc and run under {cross.qemu}"
                             + ("" if self.run.test_cmd else "; the build system's tests were not run (no binfmt_misc)"))
        state.build = self.steps.step("build", lambda: build(self.sb, plan, timeout=max(self.run.timeout, BUILD_TIMEOUT)))
        werror = not state.build.ok and bool(WERROR.search(state.build.log))
        if werror:
            plan = state.plan = without_werror(plan)       # an older compiler's -Werror, today's warnings
            run.notes.append("the build failed on warnings turned into errors (-Werror) by today's compiler: "
                             "built again through a compiler wrapper that drops every -Werror flag")
            first = state.build
            state.build = self.steps.step("build_without_werror", lambda: build(
                self.sb, plan, timeout=max(self.run.timeout, BUILD_TIMEOUT)))
            state.build.log = f"{first.log}\n# -Werror dropped, built again:\n{state.build.log}"
        if not state.build.ok and (found := crash_in_build(run.report, state.build)) is not None:
            self.build_crash = found       # the build ran the tests, and they crashed as reported
            return
        if not state.build.ok:
            last = state.build.steps[-1]
            if werror:      # it failed on -Werror first: today's compiler, not the repository, is the matter
                words = (f"the repository does not build with today's compiler (it failed on -Werror; with -Werror "
                         f"dropped `{last['command']}` exited {last['exit_code']}; the whole log is in logs/build.log)")
                run.fail("env_broken", words, "build", cause=SetupCause(
                    CauseKind.BUILD_FAILED, (compiler_error(state.build.log, "# -Werror dropped, built again:")
                                             or failing_line(f"{last['command']}\n{state.build.log}"))[:300], words))
                return
            run.fail("error", f"the repository does not build with the sanitizers: `{last['command']}` exited "
                              f"{last['exit_code']} (the whole log is in logs/build.log)", "build")
            return
        names = {"address": "ASan", "undefined": "UBSan", "memory": "MSan"}
        used = " + ".join(names.get(s, s) for s in sanitizers)
        run.memory.add("build", f"{plan.system} build with {used}: {state.build.seconds:.1f} s", "build")
        if sanitizers != SANITIZERS:
            run.notes.append(f"built with {used} only, the sanitizer of the report")

    build_crash = None       # the reproduction, when the build itself ran the tests and they crashed as reported
    no_msan = None           # the report's MemorySanitizer could not be had here: why, in one line

    def reproduce(self) -> None:
        cfg, run, sb, step, state = self.cfg, self.run, self.sb, self.steps.step, self.run.native
        if self.build_crash is not None:
            run.reproduction = self.build_crash
            run.memory.add("reproduction", f"`{self.build_crash.command}` (the build, which runs the tests) "
                                           "crashes as reported", "sandbox")
            return
        if state.plan.test_cmd:
            self.run.test_cmd = chain(sanitizer_env(run.report), state.plan.test_cmd)   # every command of it
            run.tests_before = step("tests_before", lambda: read_results(
                run_tests(sb, self.run.test_cmd, timeout=self.run.timeout)))
        found = step("reproduce", lambda: reproduce(sb, run.report, state.plan, run.files, self.run.test_cmd,
                                                    tries=cfg.tries, timeout=self.run.timeout, cross=state.cross,
                                                    text=cfg.report_text, given=cfg.repro_cmd))
        if not found.reproduction.reproduced and run.may_research:      # rung 5: the model writes one
            step("reproducer", lambda: reproduce_by_model(self, found))
            if run.ended:                # crashfix's own sandbox failed (fail_on_machinery)
                return
        run.reproduction, state.prepare_cmd, state.scratch = found.reproduction, found.prepare_cmd, found.scratch
        run.notes += (unused := unused_inputs(cfg.report_text, shell_snippets(run.report), set(run.files).__contains__))
        if run.report.extra.get("described") and found.reproduction.observed is not None:
            words = run.report.message
            run.report = stands_for(run.report, found.reproduction.observed)
            run.notes.append(f"the issue describes the crash in words ({words!r}, no sanitizer output): the report "
                             f"its reproducer printed under the sanitizers stands for it ({run.report.type} in "
                             f"{run.report.guilty.function if run.report.guilty else '?'})")
        needed = needed_goals(found.reproduction.command or "", found.prepare_cmd) if found.reproduction.reproduced else []
        only = state.plan.rebuild_only(needed) if needed and not state.program_only else None
        if only and state.plan.system == "cmake" and not sb.run(only, timeout=self.run.timeout).ok:
            only = None                        # the targets are not named as CMake names them: the whole build
        if only:
            state.rebuild_only = only          # a candidate rebuilds what the reproduction runs, not the suite
            if state.plan.system == "cmake" and self.run.test_cmd:     # ctest builds nothing: the rest first
                self.run.test_cmd = chain(sanitizer_env(run.report), f"{state.plan.rebuild} && {state.plan.test_cmd}")
            run.notes.append(f"each candidate rebuilds only {', '.join(needed)} (what the reproduction needs)"
                             + ("; the tests build the rest" if self.run.test_cmd else ""))
        if found.prepare_cmd and links_nothing(found.prepare_cmd) and state.plan.system != "custom":
            state.program_only = True     # header-only: a candidate recompiles the program, not the suite
            run.notes.append("the issue's program uses only the tree's headers: each candidate recompiles "
                             "that program, not the whole build")
        rep = run.reproduction
        if not rep.reproduced:
            tried = "; ".join(f"{a.how}: `{a.command}` (exit {a.exit_code})" for a in rep.attempts) or "nothing to run"
            lacking = self.no_msan or (unused[0] if unused else None) or next(filter(None, (
                missing_input(a.command or "", a.output_tail or "", self.cfg.report_text, self.cfg.inputs)
                or cannot_run(a.command or "", a.exit_code, a.output_tail or "") for a in rep.attempts)), None)
            run.fail("not_reproduced", (f"{lacking}. " if lacking else "")
                     + f"the crash did not reproduce under the sanitizers; tried {tried}")
            return
        run.memory.add("reproduction", f"`{rep.command}` crashes {rep.crashed}/{rep.tries} times ({rep.how})", "sandbox")
        if not run.sites and rep.observed is not None:
            self._sites_from(rep.observed)

    def _sites_from(self, observed) -> None:
        """The report's frames name no file and line of the tree (`in parse_string cJSON.c`, a build
        without -g): the crash sites are read from the reproduced crash's own frames, as a maintainer
        reads the trace of the crash they reproduced."""
        run = self.run
        for frame in observed.frames:                 # innermost first
            path = map_to_repo(frame.file, run.files) if frame.file else None
            if not (path and frame.line):
                continue
            run.repo_paths[frame.file] = path
            run.sites.append(Site(path, frame.line, frame.function, len(run.sites)))
            run.memory.add("frame", f"{frame.function} at {path}:{frame.line} (the reproduced crash)", f"{path}:{frame.line}")
        if run.sites:
            run.notes.append("the report's frames name no line of the tree: the crash sites are the reproduced "
                             f"crash's frames ({run.sites[0].function} at {run.sites[0].path}:{run.sites[0].line} innermost)")

    def analyse(self) -> None:
        run, state, step = self.run, self.run.native, self.steps.step
        if MSAN_FLAG in state.plan.flags:
            run.notes.append("a candidate's leaks are not checked: an MSan build has no LeakSanitizer")
        elif not state.cross:      # LeakSanitizer is not run under qemu user mode
            state.leaks = step("leaks_before", lambda: leak_check(
                self.sb, [run.reproduction.command, self.run.test_cmd], timeout=self.run.timeout))
        found = self.crash_line()
        if found is None:
            return
        site, code, line = found
        code_window(run, site, code)
        if state.cross:
            run.memory.add("debugger", f"gdb: not run, the program runs under {state.cross.qemu}", "gdb")
        else:
            step("gdb", lambda: self._probe(site, line))
        step("history", lambda: self.has_history() and record_history(run, self.source, site))

    def _probe(self, site, line: str) -> None:
        run = self.run
        seen = run.probe = probe(self.sb, run.reproduction.command, site, line, run.report, timeout=GDB_TIMEOUT)
        if seen.error:
            run.memory.add("debugger", f"gdb: {seen.error}", "gdb")
            return
        values = ", ".join(f"{k} = {v}" for k, v in seen.values.items())
        if values:
            run.memory.add("debugger", f"at {seen.frame}: {values}", "gdb")

    def generate(self, ctx: RepairContext) -> list[Candidate]:
        return generate(ctx, max_candidates=self.cfg.max_candidates)

    def validator_options(self) -> dict:
        return validator_options(self.run.native)

    def rebuild_cmd(self) -> str | None:
        return self.run.native.rebuild_cmd

    def new_sandbox(self) -> Sandbox:
        return ready(super().new_sandbox(), self.run.native)
