"""What the Python and native paths share: a snapshot of the repo in a sandbox, template candidates
validated there, and the research agent with sandboxes of its own."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from agent.inputs import place_inputs
from agent.path import Steps, is_git_source, repo_files
from agent.judge.protect import guard
from agent.judge import expectations
from agent.judge.proof import script_command
from agent.judge.anchor import code_here
from agent.judge.match import anchor_on, repo_frame

from agent.reports.paths import map_to_repo
from agent.reports.python import at_repo_frame
from agent.research.client import LLMAuthError
from agent.records import furnish, furnish_check
from agent.run import Run
from agent.research import strategy as research_agent, second_opinion
from agent.candidates import Candidate
from agent.repair_context import RepairContext, Site, frame_sites
from agent.judge.testrun import SCRATCH, ensure_scratch
from agent.judge.flaky import CleanRerun
from agent.judge.validate import Validator, Verdict
from sandbox import Sandbox, SandboxDead, SandboxError, open_sandbox, prepare_source


def expect_command(rep) -> str | None:
    """The command that runs the regression test's assertion of what the issue expects, when the
    reproduction command runs that test (agent/python/ladder/regression.py); else None."""
    test = rep.regression_test if rep else None
    if test is None or not test.expect_test or not rep.command:
        return rep.expect_command if rep else None      # the repository's own test reproduced: the call
    crash = test.node(f"{SCRATCH}/{test.path.rsplit('/', 1)[-1]}", "crash")
    return rep.command.replace(crash, test.node(crash.split("::")[0], "expect")) if crash in rep.command else None


class SandboxPath:
    """The phases both sandbox paths run the same way; subclasses fill in the rest."""

    research_agent = True
    debugger = "pdb"
    copies_prepared = False        # the first sandbox's state is copied for the later ones (sandbox/docker/prepared.py)

    def __init__(self, run: Run, steps: Steps):
        self.run, self.cfg, self.steps = run, run.config, steps
        self.work = Path(tempfile.mkdtemp(prefix="crashfix-src-"))
        self.source: Path | None = None
        self.sb: Sandbox | None = None
        self.validator: Validator | None = None
        self.clean_rerun = CleanRerun()     # the unpatched tree's second test run, one for all the run's validators
        self.env_opts: dict = {}
        self.protected = guard(self.cfg.protected)
        self.model = None                   # the run's model client, made when the agent first runs
        self.machinery_error: Exception | None = None   # a later sandbox that did not open (crashfix's failure)

    # -- prepare -----------------------------------------------------------------------------
    def prepare(self) -> None:
        cfg, step = self.cfg, self.steps.step
        self.source = source = step("prepare", lambda: prepare_source(cfg.repo, cfg.ref, self.work / "repo"))
        self.choose_image()
        self.map_frames(source)
        self.env_opts = step("environment", self.environment)
        keep = self.copies_prepared and cfg.sandbox == "docker" and self.run.may_research
        self.sb = step("sandbox", lambda: open_sandbox(
            cfg.sandbox, source, image=self.run.image, setup_cmd=cfg.setup_cmd, limits=cfg.limits,
            **self.env_opts, notes=self.run.notes, keep_prepared=keep))
        if cfg.inputs:
            self.run.notes.extend(place_inputs(self.sb, cfg.inputs))

    def environment(self) -> dict:
        """The `open_sandbox` options that set the repository's environment up (none by default)."""
        return {}

    def choose_image(self) -> None:
        """Set run.image (what the set-up resolved) when the path needs its own (native code: the C image)."""

    def map_frames(self, source: Path) -> None:
        run = self.run
        run.files = files = repo_files(source)
        for frame in run.report.frames:
            mapped = map_to_repo(frame.file, files) if frame.file else None
            if mapped:
                run.repo_paths[frame.file] = mapped
        read = source_reader(source)
        if run.report.kind == "python":
            skipped = anchor_on(run.report, run.repo_paths, read)
            if skipped:
                run.notes.append("frames of the report that name a repository file but a function this tree does not "
                                 f"define (the reporter's own code, or another version): {', '.join(skipped[:5])}")
            site = repo_frame(run.report, run.repo_paths)
            if site is not None and run.report.guilty is not site and at_repo_frame(run.report, site).guilty is site:
                mine = run.report.extra.get("reporter_frame") or {}
                run.notes.append(f"crash site: {site.function} ({run.repo_paths[site.file]}), the innermost frame in "
                                 f"the repository; the reporter's own code reached it from {mine.get('function')}")
        for frame in run.report.frames:                    # innermost first
            path = run.repo_paths.get(frame.file or "")
            if not (path and frame.line):
                continue
            line, code = code_here(frame, path, read) if run.report.kind == "python" else (frame.line, frame.code or "")
            if line is None:           # not this tree's code: no site, no fact quoting it
                continue
            if line != frame.line:
                run.notes.append(f"{frame.function} ({path}): the reported line {frame.line} is line {line} here")
            run.sites.append(Site(path, line, frame.function, len(run.sites)))
            run.memory.add("frame", f"{frame.function} at {path}:{line}: {code.strip() or frame.code or ''}",
                           f"{path}:{line}")
        if not run.sites:
            run.notes.append("no frame of the report maps to a file of the repo")

    # -- analyse -----------------------------------------------------------------------------
    def crash_line(self) -> tuple[Site, list[str], str] | None:
        """The innermost mapped site, its file's lines and the crashing line (None without a site)."""
        if not self.run.sites:
            return None
        site = self.run.sites[0]
        code = self.sb.read(site.path).splitlines()
        return site, code, code[site.line - 1] if site.line <= len(code) else ""

    def has_history(self) -> bool:
        if is_git_source(self.cfg.repo):
            return True
        self.run.notes.append("the repo was a plain folder, not a git repository: no history to search")
        return False

    # -- candidates and validation -----------------------------------------------------------
    def candidates(self) -> list[Candidate]:
        run, probe = self.run, self.run.probe
        ctx = RepairContext(
            exc_type=run.report.type.rsplit(".", 1)[-1], message=run.report.message, sites=run.sites,
            read=self.sb.read, files=run.files,
            values=dict(probe.values) if probe and not probe.error else {},
            protected=self.protected,
            alloc_sites=frame_sites(run.report.alloc_frames, run.files),
            free_sites=frame_sites(run.report.free_frames, run.files))
        return self.generate(ctx)

    def generate(self, ctx: RepairContext) -> list[Candidate]:
        raise NotImplementedError

    def validate(self, candidate: Candidate, n: int) -> Verdict:
        if self.validator is None:
            self.validator = self.new_validator(self.sb)
        return self.validator.check(candidate)

    def new_validator(self, sb: Sandbox) -> Validator:
        """A validator with the run's gates: protected paths (the repo's, tests and CI), diff size."""
        cfg, run = self.cfg, self.run
        validator = Validator(sb, run.report, run.reproduction.command, self.run.test_cmd, run.tests_before,
                              tries=cfg.tries, timeout=self.run.timeout, repro_seconds=run.reproduction.seconds,
                              rerun=self.clean_rerun, **self.validator_options())
        validator.protected = self.protected
        validator.max_diff_lines = cfg.max_diff_lines
        validator.expect_cmd = expect_command(run.reproduction)
        validator.script_cmd = script_command(run.reproduction)
        validator.no_exception = expectations.rules_out_exceptions(cfg.report_text) if run.report.kind == "python" else ""
        return validator

    def validator_options(self) -> dict:
        return {}

    # -- the research agent ------------------------------------------------------------------
    def new_sandbox(self) -> Sandbox:
        """Another sandbox like the first (the research agent's trajectories each get one): a copy of
        the first one's prepared state when there is one, else set up again. One that does not open
        is crashfix's failure (`machinery_error`), not the issue's."""
        cfg, rep = self.cfg, self.run.reproduction
        notes: list[str] = []
        try:
            sb = open_sandbox(cfg.sandbox, self.source, image=self.run.image, setup_cmd=cfg.setup_cmd, limits=cfg.limits,
                              **self.env_opts, notes=notes, prepared=getattr(self.sb, "prepared", None))
        except SandboxError as exc:
            self.machinery_error = self.machinery_error or exc
            raise
        finally:
            for note in notes:             # the same set-up's notes are not said again
                if note not in self.run.notes and (note.startswith("environment cache: the") or "prepared sandbox" in note):
                    self.run.notes.append(f"a later sandbox: {note}")
        if cfg.inputs:
            try:
                place_inputs(sb, cfg.inputs)    # what the first sandbox said of them is not said again
            except BaseException:
                sb.close()
                raise
        if rep is not None and rep.regression_test is not None:
            furnish(sb, rep.regression_test, rep.command)
        if rep is not None:
            furnish_check(sb, rep)
            self._furnish_script(sb)
        return sb

    def _furnish_script(self, sb: Sandbox) -> None:
        """The issue's own script (in the first sandbox's scratch folder), where the validator re-runs it
        with each candidate (`script_after`: what the patched code gives on the issue's input)."""
        command = script_command(self.run.reproduction)
        for word in (command or "").split():
            if word.startswith(SCRATCH + "/") and self.sb is not None:
                try:
                    text = self.sb.read(word)
                except (SandboxError, OSError):
                    continue
                ensure_scratch(sb)
                sb.write(word, text)

    def llm(self):
        """One model client for the run (research_agent.new_model): one budget, one cost."""
        if self.model is None:
            self.model = research_agent.new_model(self.cfg)
        return self.model

    def fail_on_machinery(self, where: str) -> bool:
        """End the run as crashfix's error when one of its later sandboxes did not open: the issue was
        not judged, so no `not_reproduced`/`not_fixed` verdict is given."""
        exc = self.machinery_error
        if exc is None:
            return False
        kind = "sandbox_lost" if isinstance(exc, SandboxDead) else "sandbox"
        self.run.fail("error", f"crashfix's own sandbox failed, not the issue's code: the research agent's sandbox "
                               f"for the {where} did not open ({type(exc).__name__}: {exc}); the first sandbox had "
                               f"set up, so this is crashfix's failure and the issue was not judged", kind)
        return True

    def expectation(self):
        """What the issue says the crashing call should give: the model's reading when a model is
        configured (and the strategy lets it run), else the parser's (agent/judge/expectations.py)."""
        cfg, run = self.cfg, self.run
        parsed = expectations.parse(cfg.report_text, run.report.type)
        if run.may_research:
            llm = self.llm()
            try:
                with llm.ledger.phase("expectation"):
                    said = second_opinion.expectation(llm, cfg.report_text, run.report.type,
                                                      seconds=cfg.side_question_seconds)
            except LLMAuthError as e:
                run.fail("error", f"LLM: {type(e).__name__}: {e}", "llm")
                return None
            except second_opinion.Unanswered as e:
                run.notes.append(f"{e}; the parser's reading of the issue is used")
                said = None
            finally:
                self.count_cost()
            if said is not None or parsed is None:
                parsed = said
        if parsed is not None:
            run.notes.append(f"the issue expects the crashing call to {parsed.words()} (read by the "
                             f"{'model' if parsed.source == 'model' else 'parser'} from: {parsed.quote[:200]!r})")
        return parsed

    def second_opinion(self, survivors: list[Verdict]) -> second_opinion.Review:
        """With a model: a fresh review of the first survivor beside the others (a `Review`: its verdict,
        its reason, the candidate it would choose); an empty one without a model or an answer."""
        cfg, run = self.cfg, self.run
        if not run.may_research:
            return second_opinion.Review()
        facts = [f"- {f.text.splitlines()[0]} ({f.source})" for f in run.memory.facts if f.kind != "code"]
        llm = self.llm()
        try:
            with llm.ledger.phase("review"):
                said = second_opinion.review(llm, cfg.report_text, survivors[0], facts, survivors[1:],
                                             seconds=cfg.side_question_seconds)
        except second_opinion.Unanswered as e:
            run.notes.append(f"{e}; the patches are judged on the evidence alone")
            return second_opinion.Review()
        finally:
            self.count_cost()
        first = survivors[0].candidate.description
        if not said.verdict:
            run.notes.append(f"second opinion on {first!r}: no usable answer; the patches are judged on the evidence alone")
        else:
            run.notes.append(f"second opinion on {first!r}: " + (f"hides the symptom: {said.why}" if said.hides
                                                                  else f"fixes the cause: {said.why}"))
        return said

    def count_cost(self) -> None:
        """The run's cost: every call of its one model client (the research agent's, the reproduction and
        set-up phases', the side questions'), whether or not the research agent ran."""
        if self.model is not None:
            self.run.cost = {**self.model.ledger.to_dict(), "model": self.model.model, "replay": bool(self.cfg.replay)}

    def rebuild_cmd(self) -> str | None:
        """What rebuilds the code after an edit (the research agent runs it); None: nothing to build."""
        return None

    def research(self) -> str | None:
        cfg, run = self.cfg, self.run
        missing = research_agent.not_ready(run)
        if missing:
            return missing
        outcome = research_agent.run_agent(
            run, self.source, has_history=is_git_source(cfg.repo),
            progress=lambda text: self.steps.say(text, "research"), protected=self.protected,
            sandbox_factory=self.new_sandbox, validator_factory=self.new_validator, build_cmd=self.rebuild_cmd(),
            llm=self.llm())
        if not outcome.validated:
            self.fail_on_machinery("research agent")
        return f"LLM: {outcome.error}" if outcome.error else None

    def guard(self, survivors: list[Verdict]) -> list[Verdict]:
        return survivors

    def finish(self) -> None:
        pass

    def close(self) -> None:
        self.count_cost()            # a side question's late answer too
        try:
            if self.sb is not None:
                self.sb.close()
        finally:
            shutil.rmtree(self.work, ignore_errors=True)


def source_reader(source: Path):
    """A repository file's text from the checkout on the host (None: not there, not text)."""
    def read(path: str) -> str | None:
        try:
            return (Path(source) / path).read_text()
        except (OSError, UnicodeDecodeError):
            return None
    return read
