"""The pipeline's native path (reports of kind "sanitizer" and "gdb"): build with ASan + UBSan in
the C image, reproduce, probe with gdb; validation then rebuilds incrementally per candidate."""
from __future__ import annotations

from typing import TYPE_CHECKING

from agent.native.arch import CROSS, UNSUPPORTED, report_arch
from agent.native.build import build, detect
from agent.native.leaks import leak_check
from agent.native.state import NativeState
from agent.native.probe import probe
from agent.native.reproduce import env_prefix, reproduce
from agent.native.tests import read_results
from agent.reports.model import CrashReport
from agent.testrun import ensure_scratch, run_tests
from sandbox import Sandbox

if TYPE_CHECKING:
    from agent.pipeline import Pipeline

KINDS = ("sanitizer", "gdb")
IMAGE_KIND = "c"


def is_native(report: CrashReport | None) -> bool:
    return report is not None and report.kind in KINDS


def validator_options(state: NativeState | None) -> dict:
    """What agent.validate.Validator needs for native code: the rebuild, and per-test results."""
    return {"build_cmd": state.rebuild_cmd, "read_results": read_results, "leaks": state.leaks} if state else {}


def image(backend: str, configured: str | None) -> str | None:
    """The C image for the docker backend, unless one was configured."""
    if configured or backend != "docker":
        return configured
    from sandbox.images import ensure_image
    return ensure_image(IMAGE_KIND)


def analyse(p: "Pipeline", sb: Sandbox, source) -> None:
    """Build, run the tests, reproduce, probe. Sets run.status/error when a step cannot go on."""
    from agent.pipeline import RunError
    cfg, run = p.cfg, p.run
    arch = report_arch(cfg.report_text)
    if arch in UNSUPPORTED:
        raise RunError(f"the crash was reported on {arch}, which cannot be reproduced here: {UNSUPPORTED[arch]}")
    cross = CROSS.get(arch or "")
    plan = detect(run.files, sb.read, cfg.build_cmd, cfg.test_cmd, cross)
    if plan is None:
        raise RunError("no build system found (Makefile, CMakeLists.txt, meson.build, configure or "
                       "autogen.sh" + (f"; Meson cannot cross-compile for {arch} here" if cross else "")
                       + "): give the build command with --build-cmd")
    state = run.native = NativeState(plan, cross=cross)
    run.debugger, run.language = "gdb", "c"
    if cross:
        run.notes.append(f"reported on {arch}: built with {cross.triple}-gcc and run under {cross.qemu}"
                         + ("" if cfg.test_cmd else "; the build system's tests were not run (no binfmt_misc)"))
    state.build = p._phase("build", lambda: build(sb, plan, timeout=max(cfg.timeout, 900)))
    if not state.build.ok:
        last = state.build.steps[-1]
        run.status = "error"
        run.error = (f"the repository does not build with the sanitizers: `{last['command']}` exited "
                     f"{last['exit_code']} (the whole log is in logs/build.log)")
        return
    run.memory.add("build", f"{plan.system} build with ASan + UBSan: {state.build.seconds:.1f} s", "build")
    if plan.test_cmd:
        cfg.test_cmd = f"{env_prefix(run.report)} {plan.test_cmd}"
        run.tests_before = p._phase("tests_before", lambda: read_results(
            run_tests(sb, cfg.test_cmd, timeout=cfg.timeout)))
    found = p._phase("reproduce", lambda: reproduce(sb, run.report, plan, run.files, cfg.test_cmd,
                                                     tries=cfg.tries, timeout=cfg.timeout, cross=cross))
    run.reproduction, state.prepare_cmd, state.scratch = found.reproduction, found.prepare_cmd, found.scratch
    rep = run.reproduction
    if not rep.reproduced:
        run.status = "not_reproduced"
        tried = "; ".join(f"{a.how}: `{a.command}` (exit {a.exit_code})" for a in rep.attempts) or "nothing to run"
        run.error = f"the crash did not reproduce under the sanitizers; tried {tried}"
        return
    run.memory.add("reproduction", f"`{rep.command}` crashes {rep.crashed}/{rep.tries} times ({rep.how})", "sandbox")
    if not cross:      # LeakSanitizer is not run under qemu user mode
        state.leaks = p._phase("leaks_before", lambda: leak_check(sb, [rep.command, cfg.test_cmd], timeout=cfg.timeout))
    if run.sites:
        site = run.sites[0]
        code = sb.read(site.path).splitlines()
        lo, hi = max(site.line - 4, 0), min(site.line + 3, len(code))
        run.memory.add("code", "\n".join(f"{n + 1:5} {code[n]}" for n in range(lo, hi)), f"{site.path}:{lo + 1}-{hi}")
        line = code[site.line - 1] if site.line <= len(code) else ""
        if cross:
            run.memory.add("debugger", f"gdb: not run, the program runs under {cross.qemu}", "gdb")
        else:
            p._phase("gdb", lambda: _probe(p, sb, site, line))
        p._phase("history", lambda: p._history(source, site))


def ready(sb: Sandbox, state: NativeState | None, *, timeout: float = 900) -> Sandbox:
    """Bring a sandbox opened later (the research agent's) to where the first one was: the issue's
    program written, the tree built and protected, the program compiled. The sandbox is closed and
    SandboxError raised when that fails."""
    if state is None:
        return sb
    from sandbox import SandboxError
    try:
        ensure_scratch(sb)
        for path, text in state.scratch.items():
            sb.write(path, text)
        done = build(sb, state.plan, timeout=timeout)
        if not done.ok:
            raise SandboxError(f"the build failed in a new sandbox: {done.log[-2000:]}")
        if state.prepare_cmd:
            res = sb.run(state.prepare_cmd, timeout=timeout)
            if not res.ok:
                raise SandboxError(f"the issue's program did not build in a new sandbox: {res.output[-2000:]}")
    except BaseException:
        sb.close()
        raise
    return sb


def _probe(p: "Pipeline", sb: Sandbox, site, line: str) -> None:
    run = p.run
    seen = probe(sb, run.reproduction.command, site, line, run.report, timeout=120)
    run.probe = seen
    if seen.error:
        run.memory.add("debugger", f"gdb: {seen.error}", "gdb")
        return
    values = ", ".join(f"{k} = {v}" for k, v in seen.values.items())
    run.memory.add("debugger", f"at {seen.frame}: {values}", "gdb")
