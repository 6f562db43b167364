"""The main job: a repo and a crash report in, a validated patch (or an honest account) out."""
from __future__ import annotations

import json
import logging
import shutil
import tempfile
import time
from pathlib import Path
from typing import Callable

from agent import history
from agent.native import path as native_path
from agent.probe import Probe, probe
from agent.reports import parse, to_json
from agent.reports.paths import map_to_repo
from agent.reproduce import Reproduction, reproduce
from agent.result import write_outputs
from agent.run import Progress, Result, Run, RunConfig, RunError
from agent.strategies.base import Candidate
from agent.strategies.context import RepairContext, Site, frame_sites, is_test_path
from agent.testrun import TestOutcome, run_tests
from agent.validate import MAX_DIFF_LINES, Validator, Verdict, rank_key
from sandbox import Sandbox, SandboxDead, SandboxError, open_sandbox, prepare_source
from sandbox.base import limit_hits

log = logging.getLogger(__name__)


def is_protected_default(path: str) -> bool:
    """Tests and CI are evidence, not things a fix may change."""
    return path.startswith((".github/", ".ci/")) or is_test_path(path)


class Pipeline:
    def __init__(self, config: RunConfig, progress: Callable[[str], None] = lambda msg: None):
        self.cfg, self.progress = config, progress
        self.run = Run(config)

    def execute(self) -> Run:
        self.cfg.out.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="crashfix-src-"))
        sb: Sandbox | None = None
        try:
            if self._parse() and self.run.report.kind == "kernel":
                from agent.kernel.pipeline import run_kernel
                run_kernel(self)
            elif self.run.report is not None:
                source = self._phase("prepare", lambda: prepare_source(self.cfg.repo, self.cfg.ref, work / "repo"))
                if native_path.is_native(self.run.report):
                    self.cfg.image = self._phase("image", lambda: native_path.image(self.cfg.sandbox, self.cfg.image))
                self._map(source)
                sb = self._phase("sandbox", lambda: open_sandbox(
                    self.cfg.sandbox, source, image=self.cfg.image, setup_cmd=self.cfg.setup_cmd,
                    limits=self.cfg.limits))
                self._analyse(sb, source)
                if self.run.reproduction and self.run.reproduction.reproduced:
                    self._repair(sb, source)
        except (SandboxError, RunError) as exc:
            kind = "bad_input" if isinstance(exc, RunError) else "sandbox_lost" if isinstance(exc, SandboxDead) else "sandbox"
            self.run.fail("error", f"{type(exc).__name__}: {exc}", kind)
            log.error("run failed: %s", self.run.error)
        except BaseException:
            self.run.fail("error", self.run.error or "crashfix failed (an internal error)", "internal")
            raise
        finally:
            if sb is not None:
                sb.close()
            shutil.rmtree(work, ignore_errors=True)
            self.run.result = Result.of(self.run)
            write_outputs(self.run)
        return self.run

    def _phase(self, name: str, fn):
        self.progress(f"{name}…")
        start = time.monotonic()
        try:
            return fn()
        finally:
            self.run.timings[name] = round(time.monotonic() - start, 3)

    def _parse(self) -> bool:
        report = self._phase("parse", lambda: parse(self.cfg.report_text))
        if report is None:
            self.run.error = "no crash report found in the given text"
            return False
        self.run.report = report
        self.progress(f"parsed: {report.kind} {report.type}: {report.title}")
        return True

    def _map(self, source: Path) -> None:
        run = self.run
        run.files = files = repo_files(source)
        for frame in run.report.frames:
            mapped = map_to_repo(frame.file, files) if frame.file else None
            if mapped:
                run.repo_paths[frame.file] = mapped
        depth = 0
        for frame in run.report.frames:                    # innermost first
            path = run.repo_paths.get(frame.file or "")
            if path and frame.line:
                run.sites.append(Site(path, frame.line, frame.function, depth))
                run.memory.add("frame", f"{frame.function} at {path}:{frame.line}: {frame.code or ''}",
                               f"{path}:{frame.line}")
                depth += 1
        if not run.sites:
            run.notes.append("no frame of the report maps to a file of the repo")

    def _analyse(self, sb: Sandbox, source: Path) -> None:
        cfg, run = self.cfg, self.run
        if native_path.is_native(run.report):
            return native_path.analyse(self, sb, source)
        if cfg.test_cmd:
            run.tests_before = self._phase("tests_before", lambda: run_tests(sb, cfg.test_cmd, timeout=cfg.timeout))
        run.reproduction = self._phase("reproduce", lambda: reproduce(
            sb, run.report, cfg.report_text, cfg.test_cmd, run.repo_paths, baseline=run.tests_before,
            files=run.files, tries=cfg.tries, timeout=cfg.timeout))
        rep = run.reproduction
        if not rep.reproduced:
            run.status = "not_reproduced"
            tried = "; ".join(f"{a.how}: `{a.command}` (exit {a.exit_code}{''.join(', ' + h for h in limit_hits(a.output_tail))})"
                              for a in rep.attempts) or "nothing to run"
            run.error = f"the crash did not reproduce; tried {tried}"
            return
        run.memory.add("reproduction", f"`{rep.command}` crashes {rep.crashed}/{rep.tries} times ({rep.how})", "sandbox")
        if run.sites:
            site = run.sites[0]
            code = sb.read(site.path).splitlines()
            lo, hi = max(site.line - 4, 0), min(site.line + 3, len(code))
            window = "\n".join(f"{n + 1:5} {code[n]}" for n in range(lo, hi))
            run.memory.add("code", window, f"{site.path}:{lo + 1}-{hi}")
            self._phase("pdb", lambda: self._probe(sb, site, code[site.line - 1] if site.line <= len(code) else ""))
            self._phase("history", lambda: self._history(source, site))

    def _probe(self, sb: Sandbox, site: Site, line: str) -> None:
        seen = probe(sb, self.run.reproduction.command, site.path, site.line, line, timeout=60)
        self.run.probe = seen
        if seen.error:
            self.run.memory.add("debugger", f"pdb: {seen.error}", "pdb")
            return
        values = ", ".join(f"{k} = {v}" for k, v in seen.values.items())
        self.run.memory.add("debugger", f"at {seen.frame}: {values}", "pdb")
        sb.reset()

    def _history(self, source: Path, site: Site) -> None:
        if not is_git_source(self.cfg.repo):
            self.run.notes.append("the repo was a plain folder, not a git repository: no history to search")
            return
        blame = history.blame_line(source, site.path, site.line)
        if blame:
            self.run.memory.add("history", f"line {site.path}:{site.line} last changed by {blame.short()}", blame.sha)
        for commit in history.line_history(source, site.path, max(site.line - 2, 1), site.line + 2, limit=3):
            self.run.memory.add("history", f"{commit.short()} by {commit.author} touched lines near {site.path}:{site.line}", commit.sha)

    def _repair(self, sb: Sandbox, source: Path) -> None:
        cfg, run = self.cfg, self.run
        if cfg.strategy != "llm":
            candidates = self._phase("synthesis", lambda: self._candidates(sb, source))
            if candidates:
                self._validate(sb, candidates)
        survivors = sorted((v for v in run.verdicts if v.validated), key=rank_key)
        agent_error = None
        if not survivors and cfg.strategy != "templates":
            from agent.strategies import llm
            if cfg.strategy == "llm" or llm.configured(cfg):
                agent_error = self._phase("agent", lambda: self._agent(source))
                from agent.agent_loop import dedupe_and_rank
                survivors = dedupe_and_rank(run.verdicts)
            elif cfg.strategy == "auto":
                run.notes.append("no template candidate validated and no LLM endpoint is configured "
                                 "(CRASHFIX_LLM_MODEL + CRASHFIX_LLM_BASE_URL): the research agent did not run")
        if survivors:
            run.status, run.best = "fixed", survivors[0]
            run.memory.add("validation", f"validated: {run.best.candidate.description}", "validation")
        elif agent_error:
            run.status, run.error = "error", agent_error
        elif not run.verdicts:
            run.status, run.error = "not_fixed", "no strategy produced a candidate patch"
        else:
            run.status, run.error = "not_fixed", f"none of {len(run.verdicts)} candidate(s) passed validation"

    def _validate(self, sb: Sandbox, candidates: list[Candidate]) -> None:
        cfg, run = self.cfg, self.run
        validator = self._gated(self._validator(sb))
        start = time.monotonic()
        for i, cand in enumerate(candidates[: cfg.max_candidates]):
            if time.monotonic() - start > cfg.max_seconds:
                run.notes.append(f"validation stopped at its budget of {cfg.max_seconds:.0f} s")
                break
            self.progress(f"validating {i + 1}/{len(candidates)}: {cand.description}")
            run.verdicts.append(validator.check(cand))
            valid = [j for j, v in enumerate(run.verdicts) if v.validated]
            if len(valid) >= cfg.want_valid or (valid and len(run.verdicts) - 1 - valid[0] >= cfg.patience):
                break
        run.timings["validation"] = round(time.monotonic() - start, 3)

    def _validator(self, sb: Sandbox) -> Validator:
        cfg, run = self.cfg, self.run
        return Validator(sb, run.report, run.reproduction.command, cfg.test_cmd, run.tests_before,
                         tries=cfg.tries, timeout=cfg.timeout, repro_seconds=run.reproduction.seconds,
                         **native_path.validator_options(run.native))

    def _gated(self, validator: Validator) -> Validator:
        """The validator with the run's gates: protected paths (repo config + tests and CI), diff size."""
        validator.protected = lambda p: self.cfg.protected(p) or is_protected_default(p)
        validator.max_diff_lines = self.cfg.max_diff_lines
        return validator

    def _agent(self, source: Path) -> str | None:
        """Run the research agent; its verdicts join the run's. Returns a fatal model error, if any."""
        from agent.strategies.llm import configured, run_agent
        cfg, run = self.cfg, self.run
        if not configured(cfg):
            return ("the llm strategy needs a model endpoint: --model and --base-url "
                    "(or CRASHFIX_LLM_MODEL, CRASHFIX_LLM_BASE_URL / CRASHFIX_LLM_API_KEY)")
        if cfg.replay:
            run.notes.append(f"REPLAY: the research agent ran against a scripted model ({cfg.replay}), "
                             "not a real LLM")
        outcome = run_agent(
            run, source, has_history=is_git_source(cfg.repo), progress=self.progress,
            protected=lambda p: cfg.protected(p) or is_protected_default(p),
            sandbox_factory=lambda: native_path.ready(open_sandbox(
                cfg.sandbox, source, image=cfg.image, setup_cmd=cfg.setup_cmd, limits=cfg.limits), run.native),
            validator_factory=lambda sb: self._gated(self._validator(sb)))
        run.verdicts.extend(outcome.verdicts)
        run.cost = outcome.cost
        for fact in outcome.memory:
            run.memory.add(fact.kind, fact.text, fact.source)
        for t in outcome.trajectories:
            run.notes.append(f"agent trajectory {t['n']}: {t['status']} ({t['reason']}), {t['steps']} steps, "
                             f"{t['submits']} submit(s); {t['file']}")
        if outcome.limits:
            run.notes.append(f"agent stopped by its budget: {outcome.limits}")
        return f"LLM: {outcome.error}" if outcome.error else None

    def _candidates(self, sb: Sandbox, source: Path) -> list[Candidate]:
        cfg, run = self.cfg, self.run
        if native_path.is_native(run.report):
            from agent.strategies.ctemplates import generate
        else:
            from agent.strategies.templates import generate
        probe_seen = run.probe
        ctx = RepairContext(
            exc_type=run.report.type.rsplit(".", 1)[-1], message=run.report.message, sites=run.sites,
            read=sb.read, files=run.files,
            values=dict(probe_seen.values) if probe_seen and not probe_seen.error else {},
            protected=lambda p: cfg.protected(p) or is_protected_default(p),
            alloc_sites=frame_sites(run.report.alloc_frames, run.files),
            free_sites=frame_sites(run.report.free_frames, run.files))
        return generate(ctx, max_candidates=cfg.max_candidates)


def is_git_source(repo: str) -> bool:
    """A URL or a folder with its own .git (a plain folder is snapshotted, so has no real history)."""
    path = Path(repo)
    return not path.exists() or (path / ".git").exists()


def repo_files(source: Path) -> list[str]:
    return sorted(str(p.relative_to(source)).replace("\\", "/") for p in source.rglob("*")
                  if p.is_file() and ".git" not in p.relative_to(source).parts)


def run_pipeline(config: RunConfig, progress: Callable[[str], None] = lambda msg: None) -> Run:
    return Pipeline(config, progress).execute()
