"""The Python path (reports of kind "python"): reproduce in the Python sandbox, probe with pdb,
Python fix templates, validation by the reproduction and the test suite."""
from __future__ import annotations

from dataclasses import replace

from agent.python.environment.apply import keep_environment, prepare as prepare_environment
from agent.python.environment.sanity import broken, stale_dependency
from agent.python.environment.timeouts import BASELINE_PER_TEST, derived_timeout, per_test_timeout
from agent.python.ladder import overfit, reproducer
from agent.limits import PDB_TIMEOUT
from agent.path import code_window, is_git_source, record_history
from agent.sandboxed import SandboxPath
from agent.python.origin import origins
from agent.python.probe import probe
from agent.python.reproduce import reproduce
from agent.research import strategy as research_agent
from agent.candidates import Candidate
from agent.repair_context import RepairContext
from agent.python.templates import generate
from agent.judge import expectations
from agent.judge.testrun import arm_watchdog, run_tests
from agent.judge.validate import Verdict
from agent.python.environment import fallbacks, model_setup, verify
from agent.python.environment.apply import (
    sandbox_python,
    test_command,
)
from agent.records import SetupCause, import_check, setup_failed
from sandbox import SetupFailed, open_sandbox
from sandbox.base import limit_hits


class PythonPath(SandboxPath):

    copies_prepared = True
    resolved = None                     # the resolved Environment (agent/python/environment)
    fallbacks_tried: list[fallbacks.Fallback]   # the set-up's fallbacks tried (agent/python/environment/fallbacks.py)
    expected = None                     # what the issue says the crashing call should give (agent/judge/expectations.py)

    def environment(self) -> dict:
        """Resolve the checkout's environment (agent/python/environment): image, install steps, test command."""
        env, opts, self.run.image, self.run.test_cmd = prepare_environment(self.cfg, self.source, self.run.files,
                                                                           self.steps.say)
        self.resolved, self.fallbacks_tried = env, []
        self.run.notes += [f"environment: {step}" for step in env.steps]
        return opts

    def prepare(self) -> None:
        try:
            super().prepare()
        except SetupFailed as exc:
            if self.resolved is None or self.resolved.explicit_install:
                raise
            self.note(f"set-up failed: {str(exc).splitlines()[0]} ({(str(exc).strip().splitlines() or [''])[-1][:200]})")
            cause = setup_failed(str(exc))
            if not self.fall_back(cause) and model_setup.last_fallback(self, cause)[0] is not None:
                raise
        said = sandbox_python(self.sb, self.resolved, self.cfg.sandbox) if self.resolved else None
        if said:
            self.run.notes.append(f"environment: {said}")

    # -- the set-up's fallbacks ----------------------------------------------------------------
    def note(self, text: str) -> None:
        self.resolved.steps.append(text)
        self.run.notes.append(f"environment: {text}")

    def fall_back(self, cause: SetupCause, missing: list[str] = (), output: str = "") -> bool:
        """Try the next set-up fallback for ``cause``: a new sandbox with other install steps or
        another Python image. True when one opened (``self.sb`` replaced); each fallback is noted."""
        cfg = self.cfg
        stale = stale_dependency(output, self.run.files)
        while True:
            pytest_now = None
            if self.sb is not None and cause.kind in fallbacks.ASK_PYTEST:
                pytest_now = fallbacks.pytest_version(self.sb.run("python -m pytest --version 2>&1", timeout=60).output)
            older = None
            if cfg.sandbox == "docker" and not self.resolved.image and not self.resolved.explicit_python:
                from sandbox.docker.images import image_source
                from sandbox.pythons import available_pythons
                older = fallbacks.older_python(self.resolved.python_used, available_pythons(image_source()))
            tried = fallbacks.next_fallback(self.resolved, self.env_opts.get("steps") or [], cause, self.fallbacks_tried,
                                            missing=list(missing), pytest_now=pytest_now, older=older,
                                            source=self.source, stale=stale)
            if tried is None:
                return False
            self.fallbacks_tried.append(tried)
            image = self.run.image
            if tried.python:
                from sandbox.docker.images import python_image
                image, self.resolved.python_used, _ = python_image(tried.python, log=self.steps.say)
            opts = {**self.env_opts, "steps": tried.steps}
            try:
                box = self.steps.step("sandbox", lambda: open_sandbox(
                    cfg.sandbox, self.source, image=image, limits=cfg.limits, **opts, notes=self.run.notes))
            except SetupFailed as exc:
                self.note(f"fallback: {tried.label}: set-up failed: {str(exc).splitlines()[0]}")
                cause, missing = setup_failed(str(exc)), []
                continue
            self.note(f"fallback: {tried.label}: set up")
            if self.sb is not None:
                self.sb.close()
            self.sb, self.env_opts, self.run.image = box, opts, image
            if tried.test_cmd:
                self.resolved.test_cmd = tried.test_cmd
                self.run.test_cmd = test_command(self.resolved, None)
            self.validator = None
            return True

    def verified(self) -> list[str]:
        """The import check after set-up, said in the environment steps; the third-party modules missing."""
        checked = verify.check(self.sb, self.run.files)
        if checked.modules or checked.packages or checked.broken_packages or checked.foreign or checked.error:
            self.note(checked.summary())
        return checked.missing

    def baseline(self):
        cfg, sb = self.cfg, self.sb
        watched = arm_watchdog(sb, self.run.test_cmd, min(BASELINE_PER_TEST, self.run.timeout))
        self.run.tests_before = self.steps.step("tests_before", lambda: run_tests(sb, self.run.test_cmd, timeout=self.run.timeout))
        return watched, broken(self.run.tests_before, files=self.run.files, report_text=cfg.report_text)

    def settled_baseline(self):
        """The import check (missing modules: the first fallback), then the baseline test run (when
        there is a test command), falling back while it says the environment is broken. (watched, cause); the
        environment benchmark (bench/bench_envs.py) runs this too."""
        missing = self.verified() if self.resolved is not None else []
        while missing and self.fall_back(import_check(missing), missing):
            missing = self.verified()
        if not self.run.test_cmd:
            return False, None
        watched, cause = self.baseline()
        while cause and self.resolved is not None:
            self.note(f"the baseline says the environment is broken: {cause}")
            if not self.fall_back(cause, output=self.run.tests_before.output):
                break
            self.verified()
            watched, cause = self.baseline()
        return watched, cause

    def reproduce(self) -> None:
        cfg, run, step = self.cfg, self.run, self.steps.step
        watched, cause = self.settled_baseline()
        sb = self.sb
        if self.run.test_cmd:
            model_tried = ""
            if cause and self.resolved is not None:
                cause, watched, model_tried = model_setup.last_fallback(self, cause, watched)
            sb = self.sb
            if cause:
                tried = f" (the set-up fallbacks tried: {'; '.join(r.label for r in self.fallbacks_tried)})" \
                    if getattr(self, "fallbacks_tried", None) else ""
                run.fail("env_broken", f"the baseline test run says the environment is broken: {cause}{tried}{model_tried}",
                         cause=cause)
                return
            keep_environment(sb, run.notes)
            if run.tests_before.collect_errors:
                run.notes.append("the baseline: " + run.tests_before.summary(run.files) + "; a module that fails to "
                                 "collect before any change is a known pre-existing failure, not the patch's")
            if watched:
                self.watch(run.tests_before)
            self.run.timeout = derived_timeout(run.tests_before, self.run.timeout)
            run.notes.append(f"commands time out after {self.run.timeout:.0f} s "
                             f"(the baseline took {run.tests_before.duration:.1f} s)")
        else:
            keep_environment(sb, run.notes)
        expect = self.expected = self.expectation()
        if run.ended:                    # the model's credentials were refused
            return
        said = expectations.unread(cfg.report_text) if expect is None else ""
        if said:
            run.notes.append(f"the issue states an expectation crashfix could not read as a value or an exception "
                             f"(not checked): {said[:200]!r}")
        rep = run.reproduction = step("reproduce", lambda: reproduce(
            sb, run.report, cfg.report_text, self.run.test_cmd, run.repo_paths, baseline=run.tests_before,
            files=run.files, tries=cfg.tries, timeout=self.run.timeout, expect=expect))
        if not rep.reproduced and run.may_research:
            step("reproducer", lambda: self.reproduce_by_agent(rep))
            if run.ended:                # crashfix's own sandbox failed (fail_on_machinery)
                return
        if not rep.reproduced:
            tried = "; ".join(f"{a.how}: `{a.command}` (exit {a.exit_code}{''.join(', ' + h for h in limit_hits(a.output_tail))})"
                              for a in rep.attempts) or "nothing to run"
            hung = run.tests_before.hung if run.tests_before else []
            run.fail("not_reproduced", f"the crash did not reproduce; tried {tried}" + (
                f"; the baseline's {', '.join(hung)} hang(s) (stopped by the per-test watchdog)" if hung else ""))
            return
        run.memory.add("reproduction", f"`{rep.command}` crashes {rep.crashed}/{rep.tries} times ({rep.how})", "sandbox")
        if rep.expect_command:
            run.notes.append(f"the reproduction is not a test of what the issue expects, so that is checked on the "
                             f"issue's own call with each validated patch: `{rep.expect_command}`")
        elif expect is not None and (rep.regression_test is None or not rep.regression_test.expect_test):
            run.notes.append(f"the issue expects the call to {expect.words()}, and no call of the issue's crashes as "
                             f"reported outside the repository's test: that expectation is not checked")

    def watch(self, baseline) -> None:
        """Name the tests the baseline's watchdog stopped; bound each later test by the baseline's times."""
        run = self.run
        for test in baseline.hung:
            run.notes.append(f"the baseline's test {test} hangs: stopped by the per-test watchdog after "
                             f"{min(BASELINE_PER_TEST, self.run.timeout):g} s")
        bound = per_test_timeout(baseline, self.run.timeout)
        if bound and arm_watchdog(self.sb, self.run.test_cmd, bound[0]):
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
        self._origins(seen, site)
        self.sb.reset()

    def _origins(self, seen, site) -> None:
        """Where the crashing line's plain names came from (the root cause's "from where"), from the code."""
        run = self.run
        try:
            source = self.sb.read(site.path)
        except Exception:            # unreadable now: no origin is claimed
            return
        seen.origins = origins(source, site.function, site.line, list(seen.values))
        frames = run.report.frames
        at = next((i for i, f in enumerate(frames) if f.function == site.function
                   and run.repo_paths.get(f.file or "") == site.path), None)
        outer = frames[at + 1] if at is not None and at + 1 < len(frames) else None
        if outer is not None:
            where = run.repo_paths.get(outer.file or "") or outer.file or "?"
            seen.caller = f"{outer.function} at {where}:{outer.line}" + (f": {outer.code.strip()}" if outer.code else "")
        for o in seen.origins:
            run.memory.add("origin", o.text(site.function, site.path, seen.caller if o.how == "parameter" else ""),
                           f"{site.path}:{o.line}")

    def guard(self, survivors: list[Verdict]) -> list[Verdict]:
        """Two or more validated candidates: rank them on inputs generated around the crash."""
        if len(survivors) < 2:
            return survivors
        run = self.run
        ranked, run.overfit = self.steps.step("overfitting", lambda: overfit.guard(
            self.sb, run.report, run.reproduction.command, run.repo_paths, run.files, self.cfg.report_text,
            survivors, timeout=self.run.timeout))
        if run.overfit.skipped:
            run.notes.append(f"overfitting guard did not run: {run.overfit.skipped}")
        return ranked

    def generate(self, ctx: RepairContext) -> list[Candidate]:
        # the issue's words reach the templates: the reporter's own fix, the exception class it expects
        ctx = replace(ctx, issue_text=self.cfg.report_text, expectation=self.expected)
        return generate(ctx, max_candidates=self.cfg.max_candidates, notes=self.run.notes)

    def reproduce_by_agent(self, rep) -> None:
        """Rung 5 of the reproduction ladder (agent/python/ladder/reproducer.py): the research agent writes a reproducer that crashfix checks."""
        cfg, run = self.cfg, self.run
        agent = research_agent.reproduction_agent(
            run, self.source, sandbox_factory=self.new_sandbox, has_history=is_git_source(cfg.repo),
            protected=self.protected, progress=lambda text: self.steps.say(text, "reproduce"), llm=self.llm())
        with self.llm().ledger.phase("reproduction"):
            found = reproducer.find_reproducer(
                agent, reproducer.checker(run.report, run.repo_paths, run.files, self.run.test_cmd, self.run.timeout),
                reproducer.target(run.report, run.repo_paths))
        run.notes.append(f"reproduction phase (rung 5): {found.status}: {found.reason}; "
                         f"{found.trajectory.get('file', 'no trajectory')}")
        if found.error:
            run.notes.append(f"reproduction phase stopped: {found.error}")
        run.cost = found.cost                # the research agent's, later, counts on from it (one ledger)
        for fact in found.facts:             # every turn's notes, the accepting turn's too, reach the fix phase
            run.memory.add(fact.kind, fact.text, f"reproduction phase; {fact.source}")
        reproducer.settle(rep, found, self.sb, run.report, run.repo_paths, run.files, tries=cfg.tries,
                          timeout=self.run.timeout)
        if not rep.reproduced:
            self.fail_on_machinery("reproduction phase (rung 5)")
