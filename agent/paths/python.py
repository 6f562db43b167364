"""The Python path (reports of kind "python"): reproduce in the Python sandbox, probe with pdb,
Python fix templates, validation by the reproduction and the test suite."""
from __future__ import annotations

from agent.environment.apply import keep_environment, prepare as prepare_environment
from agent.environment.sanity import broken
from agent.environment.timeouts import BASELINE_PER_TEST, derived_timeout, per_test_timeout
from agent.ladder import overfit
from agent.limits import PDB_TIMEOUT
from agent.paths.base import code_window, record_history
from agent.paths.sandboxed import SandboxPath
from agent.probe import probe
from agent.reproduce import reproduce
from agent.strategies import research_agent
from agent.strategies.base import Candidate
from agent.strategies.repair_context import RepairContext
from agent.strategies.templates import generate
from agent.testrun import arm_watchdog, run_tests
from agent.validate import Verdict
from sandbox.base import limit_hits


class PythonPath(SandboxPath):

    def environment(self) -> dict:
        """Resolve the checkout's environment (agent/environment): image, install steps, test command."""
        env, opts = prepare_environment(self.cfg, self.source, self.run.files, self.steps.say)
        self.run.notes += [f"environment: {step}" for step in env.steps]
        return opts

    def reproduce(self) -> None:
        cfg, run, sb, step = self.cfg, self.run, self.sb, self.steps.step
        if cfg.test_cmd:
            watched = arm_watchdog(sb, cfg.test_cmd, min(BASELINE_PER_TEST, cfg.timeout))
            run.tests_before = step("tests_before", lambda: run_tests(sb, cfg.test_cmd, timeout=cfg.timeout))
            cause = broken(run.tests_before, files=run.files, report_text=cfg.report_text)
            if cause:
                run.fail("env_broken", f"the baseline test run says the environment is broken: {cause}")
                return
            keep_environment(sb, run.notes)
            if run.tests_before.collect_errors:
                run.notes.append("the baseline: " + run.tests_before.summary(run.files) + "; a module that fails to "
                                 "collect before any change is a known pre-existing failure, not the patch's")
            if watched:
                self.watch(run.tests_before)
            cfg.timeout = derived_timeout(run.tests_before, cfg.timeout)
            run.notes.append(f"commands time out after {cfg.timeout:.0f} s "
                             f"(the baseline took {run.tests_before.duration:.1f} s)")
        else:
            keep_environment(sb, run.notes)
        rep = run.reproduction = step("reproduce", lambda: reproduce(
            sb, run.report, cfg.report_text, cfg.test_cmd, run.repo_paths, baseline=run.tests_before,
            files=run.files, tries=cfg.tries, timeout=cfg.timeout))
        if not rep.reproduced and research_agent.may_reproduce(cfg):
            step("reproducer", lambda: self.reproduce_by_agent(rep))
        if not rep.reproduced:
            tried = "; ".join(f"{a.how}: `{a.command}` (exit {a.exit_code}{''.join(', ' + h for h in limit_hits(a.output_tail))})"
                              for a in rep.attempts) or "nothing to run"
            hung = run.tests_before.hung if run.tests_before else []
            run.fail("not_reproduced", f"the crash did not reproduce; tried {tried}" + (
                f"; the baseline's {', '.join(hung)} hang(s) (stopped by the per-test watchdog)" if hung else ""))
            return
        run.memory.add("reproduction", f"`{rep.command}` crashes {rep.crashed}/{rep.tries} times ({rep.how})", "sandbox")

    def watch(self, baseline) -> None:
        """Name the tests the baseline's watchdog stopped; bound each later test by the baseline's times."""
        run, cfg = self.run, self.cfg
        for test in baseline.hung:
            run.notes.append(f"the baseline's test {test} hangs: stopped by the per-test watchdog after "
                             f"{min(BASELINE_PER_TEST, cfg.timeout):g} s")
        bound = per_test_timeout(baseline, cfg.timeout)
        if bound and arm_watchdog(self.sb, cfg.test_cmd, bound[0]):
            run.notes.append(f"each test is stopped after {bound[0]:g} s (the slowest of the baseline took "
                             f"{bound[1]:.2f} s)")

    def analyse(self) -> None:
        found = self.crash_line()
        if found is None:
            return
        site, code, line = found
        code_window(self.run, site, code)
        self.steps.step("pdb", lambda: self._probe(site, line))
        self.steps.step("history", lambda: self.has_history() and record_history(self.run, self.source, site))

    def _probe(self, site, line: str) -> None:
        run = self.run
        exception = f"{run.report.type}: {run.report.message}"
        seen = run.probe = probe(self.sb, run.reproduction.command, site.path, site.line, line, timeout=PDB_TIMEOUT,
                                 exception=exception, files=run.files)
        if seen.error:
            run.memory.add("debugger", f"pdb: {seen.error}", "pdb")
            return
        values = ", ".join(f"{k} = {v}" for k, v in seen.values.items())
        if values:
            run.memory.add("debugger", f"at {seen.frame}: {values}", "pdb")
        for special in seen.specials:
            run.memory.add("debugger", special.text(exception, line), f"pdb; {special.path}:{special.line}")
        for called in seen.definitions:
            run.memory.add("code", called.text(), f"{called.path}:{called.start}-{called.end}")
        self.sb.reset()

    def guard(self, survivors: list[Verdict]) -> list[Verdict]:
        """Two or more validated candidates: rank them on inputs generated around the crash."""
        if len(survivors) < 2:
            return survivors
        run = self.run
        ranked, run.overfit = self.steps.step("overfitting", lambda: overfit.guard(
            self.sb, run.report, run.reproduction.command, run.repo_paths, run.files, self.cfg.report_text,
            survivors, timeout=self.cfg.timeout))
        if run.overfit.skipped:
            run.notes.append(f"overfitting guard did not run: {run.overfit.skipped}")
        return ranked

    def generate(self, ctx: RepairContext) -> list[Candidate]:
        return generate(ctx, max_candidates=self.cfg.max_candidates)
