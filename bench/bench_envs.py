"""Do real projects set themselves up? crashfix's environment resolver on 100+ PyPI sdists (Docker).

    export CRASHFIX_ENV_CACHE=/tmp/envcache-bench
    nice -n 10 python bench/bench_envs.py run [--timeout 240] [--only NAME ...] [--limit N] [--no-cache-off]
    python bench/bench_envs.py summary                 (the table of the results file)
    python bench/bench_envs.py make-list SDIST_DIR     (bench/envs_projects.json from downloaded sdists)

The projects are bench/envs_projects.json (name==version, the release date, the set-up style read
from the sdist); no sdist is stored here: `run` downloads each with `pip download --no-binary :all:
--no-deps` into --sdists. Each project's sdist is unpacked into a git repository whose commit is
dated to the release (so the dependency cut-off applies), then set up exactly as `crashfix run` does
before reproduction, with no flags: `agent.python.environment.apply.prepare` (the resolver), `open_sandbox`
(Docker, set-up online then sealed), the baseline test run with the per-test watchdog, and
`agent.python.environment.sanity.broken` (crashfix's env_broken verdict). After a sane baseline the
environment is kept in the cache (`keep_environment`) and a second sandbox is opened the way the
research agent's are (`new_sandbox`: the same options), timed, and its tests run again; then (unless
--no-cache-off) a third is opened with the cache off (CRASHFIX_ENV_CACHE_MAX=0, as documented).

One JSON line per project goes to --out (default /tmp/bench-envs/results.jsonl); projects already
there are skipped (resumable). Each project runs in a child process bounded by --timeout (the set-up
and the baseline share it; the cached sandbox gets its own --timeout).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
from dataclasses import replace
import sys
import tarfile
import tempfile
import time
import zipfile
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent.records import SetupCause

ROOT = Path(__file__).resolve().parent.parent
PROJECTS = ROOT / "bench" / "envs_projects.json"
WORK = Path("/tmp/bench-envs")
TEST_FILE = re.compile(r"(^|/)(test_[^/]*|[^/]*_test|tests?|testall|runtests|test[^/]*)\.py$|(^|/)tests?/")
# the projects of public bug benchmarks (BugsInPy, SWE-bench, QuixBugs, Defects4J) are never used
EXCLUDED = {"black", "cookiecutter", "fastapi", "httpie", "keras", "luigi", "pandas", "pysnooper", "sanic",
            "scrapy", "spacy", "thefuck", "tornado", "tqdm", "youtube-dl", "ansible", "matplotlib", "astropy",
            "django", "flask", "pylint", "pytest", "requests", "scikit-learn", "seaborn", "sphinx", "sympy",
            "xarray"}


# -- the project list -------------------------------------------------------------------------------
def unpack(archive: Path, dest: Path) -> Path:
    """The sdist's single top folder, unpacked under ``dest``."""
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as z:
            z.extractall(dest)
    else:
        with tarfile.open(archive) as t:
            t.extractall(dest, filter="data")
    tops = [p for p in dest.iterdir() if p.is_dir()]
    return tops[0] if len(tops) == 1 else dest


def released(archive: Path) -> str:
    """The release date: the newest file time inside the sdist (when it was built)."""
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as z:
            stamp = max(datetime(*i.date_time, tzinfo=timezone.utc).timestamp() for i in z.infolist())
    else:
        with tarfile.open(archive) as t:
            stamp = max(m.mtime for m in t.getmembers())
    return datetime.fromtimestamp(stamp, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


REPRODUCIBLE = ("1970-01-01", "1980-01-01", "2020-02-02")     # fixed sdist file times (hatch's default epoch)


def upload_time(archive: Path, name: str) -> str:
    """The sdist's upload time from PyPI's simple index (what pip reads), for sdists whose file times
    are a reproducible build's fixed epoch."""
    import urllib.request
    req = urllib.request.Request(f"https://pypi.org/simple/{re.sub(r'[-_.]+', '-', name).lower()}/",
                                 headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        files = json.load(r)["files"]
    return next(f["upload-time"][:19] + "Z" for f in files if f["filename"] == archive.name)


def style(tree: Path) -> list[str]:
    """The set-up style an sdist shows: its build backend, then what else drives it."""
    tags = []
    pyproject = (tree / "pyproject.toml").read_text(errors="replace") if (tree / "pyproject.toml").exists() else ""
    m = re.search(r'build-backend\s*=\s*"([^"]+)"', pyproject)
    backend = m.group(1) if m else ""
    for word, tag in (("flit", "flit"), ("hatch", "hatch"), ("poetry", "poetry"), ("pdm", "pdm"),
                      ("setuptools", "setuptools")):
        if word in backend:
            tags.append(f"pyproject:{tag}")
            break
    else:
        tags.append("pyproject:other" if backend else "setup.py" if (tree / "setup.py").exists() else "none")
    if (tree / "setup.py").exists() and tags[0] != "setup.py":
        tags.append("setup.py")
    names = {p.name for p in tree.iterdir()}
    cfg = (tree / "setup.cfg").read_text(errors="replace") if "setup.cfg" in names else ""
    if re.search(r"^\[(metadata|options)\]", cfg, re.M):
        tags.append("setup.cfg")             # declarative metadata (every sdist has an egg_info setup.cfg)
    tags += [t for f, t in (("tox.ini", "tox"), ("noxfile.py", "nox"), ("Makefile", "Makefile")) if f in names]
    if any(n.startswith("requirements") for n in names) or (tree / "requirements").is_dir():
        tags.append("requirements")
    if (tree / "src").is_dir():
        tags.append("src-layout")
    text = pyproject + "".join((tree / f).read_text(errors="replace") for f in ("setup.py", "setup.cfg")
                               if (tree / f).exists())
    if re.search(r"extras_require|optional-dependencies|\[tool\.poetry\.extras\]|^\[options\.extras_require\]",
                 text, re.M):
        tags.append("extras")
    return tags


def make_list(sdists: Path, out: Path) -> None:
    """bench/envs_projects.json from the downloaded sdists that ship tests."""
    rows = []
    for archive in sorted(sdists.iterdir()):
        if not re.search(r"\.(tar\.gz|zip|tar\.bz2)$", archive.name):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            tree = unpack(archive, Path(tmp))
            files = [str(p.relative_to(tree)) for p in tree.rglob("*.py")]
            tests = [f for f in files if TEST_FILE.search(f)]
            pkg = re.search(r"^Name:\s*(\S+)\s*$\n^Version:\s*(\S+)", (tree / "PKG-INFO").read_text(errors="replace"),
                            re.M) if (tree / "PKG-INFO").exists() else None
            if not pkg or not tests or pkg.group(1).lower() in EXCLUDED:
                print(f"skip {archive.name}: " + ("no PKG-INFO" if not pkg else "no tests" if not tests else "excluded"))
                continue
            date = released(archive)
            if date[:10] in REPRODUCIBLE:
                date = upload_time(archive, pkg.group(1))
            rows.append({"spec": f"{pkg.group(1)}=={pkg.group(2)}", "released": date[:10],
                         "style": style(tree), "test_files": len(tests), "sdist": archive.name})
    rows.sort(key=lambda r: r["released"])
    out.write_text("[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]\n")
    print(f"{len(rows)} projects -> {out}")


# -- one project ------------------------------------------------------------------------------------
def fetch(spec: str, sdists: Path) -> Path:
    name, version = spec.split("==")
    pattern = re.compile(rf"^{re.sub(r'[-_.]', '[-_.]', name)}-{re.escape(version)}\.(tar\.gz|zip|tar\.bz2)$", re.I)
    for _ in range(2):
        found = [p for p in sdists.glob("*") if pattern.match(p.name)] if sdists.is_dir() else []
        if found:
            return found[0]
        sdists.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-binary", ":all:", "--no-deps",
                        spec, "-d", str(sdists)], check=False, timeout=300)
    raise FileNotFoundError(f"no sdist of {spec}")


def make_repo(archive: Path, date: str, dest: Path) -> Path:
    """The sdist unpacked into a git repository, one commit dated ``date``, tagged with its version."""
    tree = unpack(archive, dest)
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "-c", "init.defaultBranch=main"]
    subprocess.run(git + ["init", "-q"], cwd=tree, check=True)
    subprocess.run(git + ["add", "-A", "-f"], cwd=tree, check=True)
    subprocess.run(git + ["commit", "-qm", f"{archive.name} as released", "--no-verify"], cwd=tree, check=True, env=env)
    version = re.search(r"^Version:\s*(\S+)", (tree / "PKG-INFO").read_text(errors="replace"), re.M)
    if version:
        subprocess.run(git + ["tag", version.group(1)], cwd=tree, check=False)
    return tree


RAN = re.compile(r"^Ran (\d+) tests? in ", re.M)
UNITTEST_FAILED = re.compile(r"^FAILED \((.*)\)", re.M)
SUMMARY = re.compile(r"^=+ (.*\d+ (?:passed|failed|errors?|skipped).*) in [\d.]+ ?s", re.M)        # old pytest: "in 12.93 seconds"


def counts(outcome) -> dict:
    """Passed/failed/errors of a baseline: pytest's junit, else the runner's own summary line."""
    c = {"passed": len(outcome.passed), "failed": len(outcome.failed), "skipped": outcome.skipped,
         "exit_code": outcome.exit_code, "timed_out": outcome.timed_out, "source": "junit"}
    if c["passed"] or c["failed"]:
        return c
    out = outcome.output
    summary = SUMMARY.findall(out)
    if summary:
        text = summary[-1]
        num = lambda word: sum(int(n) for n in re.findall(rf"(\d+) {word}", text))
        return {**c, "passed": num("passed"), "failed": num("failed") + num("errors?"), "skipped": num("skipped"),
                "source": "pytest summary"}
    ran = RAN.findall(out)
    if ran:
        bad = UNITTEST_FAILED.findall(out)
        failed = sum(int(n) for n in re.findall(r"(?:failures|errors)=(\d+)", bad[-1])) if bad else 0
        skipped = re.search(r"skipped=(\d+)", bad[-1] if bad else out[out.rfind("Ran "):])
        return {**c, "passed": int(ran[-1]) - failed - (int(skipped.group(1)) if skipped else 0), "failed": failed,
                "skipped": int(skipped.group(1)) if skipped else 0, "source": "unittest summary"}
    return {**c, "source": "none"}


NETWORK = re.compile(r"Temporary failure in name resolution|Network is unreachable|Name or service not known|"
                     r"Failed to establish a new connection|Could not find a version that satisfies|"
                     r"No matching distribution found|getaddrinfo failed")
MISSING = re.compile(r"No module named '([\w.]+)'")


def runner_error(out: str) -> str | None:
    """The line where the test runner itself stopped before running any test (its configuration, its
    plugins, its own imports), or None: a traceback that is not a test module's collection error."""
    if re.search(r"^ERROR collecting |errors? during collection|^ImportError while importing test module", out, re.M):
        return None
    m = re.search(r"^(INTERNALERROR>.*|Failed: .*|ERROR: usage:.*|\w+Error: .*pytest.*)$", out, re.M)
    if m:
        return m.group(1)
    last = re.findall(r"^(\w+(?:Error|Exception)\b.*)$", out, re.M)
    tail = [l for l in out.splitlines() if l.strip()][-1:]
    if last and ("Traceback (most recent call last)" in out or tail == last[-1:]):
        return last[-1]
    return None


def classify(setup_error: str | None, outcome, c: dict, verdict: SetupCause | None) -> tuple[str, str]:
    """(class, one-line reason); class "sane" when tests ran and at least 80% of those that ran passed."""
    from agent.records import CauseKind
    if setup_error is not None:
        lines = [l.strip() for l in setup_error.strip().splitlines() if l.strip()] or ["?"]
        said = [l for l in lines[1:] if re.match(r"(error|ERROR|\w+(Error|Exception)\b)", l) and "hint:" not in l]
        line = lines[0][:120] + (f" … {said[-1][:160]}" if said else "")
        if "timed out" in setup_error or "timeout" in setup_error.lower():
            return "timeout", f"set-up: {line[:200]}"
        if NETWORK.search(setup_error):
            return "install failed", f"set-up needs a package it cannot get: {NETWORK.search(setup_error).group(0)}; {line[:160]}"
        return "install failed", line[:240]
    if outcome is None:
        return "other", "no baseline"
    cause = verdict.words if verdict is not None else None
    out = outcome.output
    ran = c["passed"] + c["failed"]
    if outcome.timed_out:
        return "timeout", f"baseline timed out after {outcome.duration:.0f} s ({c['passed']} passed before)"
    if ran and c["passed"] / ran >= 0.8 and not cause:
        return "sane", f"{c['passed']} passed, {c['failed']} failed"
    if c["source"] == "none" and outcome.exit_code == 0 and not cause:
        return "sane", "exit 0 (no counts printed)"
    if verdict is not None and verdict.kind in (CauseKind.CANNOT_RUN, CauseKind.OPTIONS_REFUSED):
        return "test command cannot run", cause[:240]
    stopped = runner_error(out) if not ran else None
    if stopped:
        return "runner error", f"the test runner stops before any test: {stopped[:200]}"
    missing = MISSING.findall(out)
    if missing and (not ran or c["passed"] / ran < 0.8):
        top = max(set(m.split(".")[0] for m in missing), key=lambda m: sum(x.split(".")[0] == m for x in missing))
        return "import error", f"No module named '{top}'" + (f" ({cause[:120]})" if cause else "")
    if NETWORK.search(out):
        return "network", NETWORK.search(out).group(0)
    if not ran or (verdict is not None and verdict.kind is CauseKind.NO_TESTS):
        tail = [l for l in out.strip().splitlines() if l.strip()][-1:] or ["(no output)"]
        return "no tests collected", (cause or f"exit {outcome.exit_code}: {tail[0]}")[:240]
    if c["passed"] == 0:
        first = next(iter(outcome.messages.values()), "") or ""
        return "every test fails", f"{c['failed']} failed, 0 passed: {first.strip().splitlines()[0][:180] if first.strip() else ''}"
    return "mostly failing", f"{c['passed']} passed, {c['failed']} failed" + (f": {cause[:120]}" if cause else "")


def one(spec: str, date: str, sdists: Path, budget: float, cache_off: bool) -> dict:
    """Set one project up as `crashfix run` does (`PythonPath`: the resolver, the sandbox, the import
    check, the baseline and the set-up's fallbacks), then a second sandbox from the cache."""
    from agent.python.environment.apply import keep_environment
    from agent.path import Steps
    from agent.python.path import PythonPath
    from agent.reports.model import CrashReport
    from agent.run import Run, RunConfig

    rec: dict = {"spec": spec, "released": date}
    start = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="bench-envs-", dir=WORK / "repos"))
    path = None
    try:
        repo = make_repo(fetch(spec, sdists), f"{date}T12:00:00Z" if len(date) == 10 else date, work / "sdist")
        cfg = RunConfig(repo=str(repo), report_text="", out=work / "out")        # no flags at all
        run = Run(config=cfg, report=CrashReport(kind="python", type="", title=""))
        path = PythonPath(run, Steps(run))
        setup_error, outcome, cause, c = None, None, None, {}
        t = time.monotonic()
        try:
            path.prepare()
        except Exception as e:                   # SetupFailed (the fallbacks spent), SandboxError, a resolver crash
            setup_error = f"{type(e).__name__}: {e}"
        env, source = path.resolved, path.source
        if env is None:                          # crashfix's resolver itself crashed: `crashfix run` stops here
            rec.update(total_s=round(time.monotonic() - start, 1))
            rec["class"], rec["reason"] = "resolver crashed", (setup_error or "no environment")[:240]
            return rec
        rec.update(resolve_s=run.timings.get("environment"), image=run.image, python=env.python_used,
                   install=env.install, test_cmd=run.test_cmd, recipe=list(env.steps),
                   steps=[s.cmd for s in path.env_opts.get("steps") or []])
        rec["cold_setup_s"] = round(time.monotonic() - t, 1)
        sb = path.sb if setup_error is None else None
        if sb is not None:
            run.timeout = max(20.0, min(run.timeout, budget - (time.monotonic() - start)))
            _, cause = path.settled_baseline()
            sb = path.sb
            outcome = run.tests_before
            rec["settled_s"] = round(time.monotonic() - t, 1)
            if outcome is not None:
                c = counts(outcome)
                rec.update(baseline_s=round(outcome.duration, 1), counts=c, env_broken=cause.words if cause else None,
                           output_tail=outcome.output[-4000:])
            else:
                rec["env_broken"] = None
            if not cause:
                keep_environment(sb, run.notes)
        rec["test_cmd"], rec["steps"] = run.test_cmd, [s.cmd for s in path.env_opts.get("steps") or []]
        rec["fallbacks"] = [r.label for r in path.fallbacks_tried]
        rec["notes"] = list(run.notes)
        rec["class"], rec["reason"] = classify(setup_error, outcome, c, cause) if run.test_cmd or setup_error \
            else ("no test command", "the resolver found no test command")
        if setup_error:
            rec["setup_error"] = setup_error[-3000:]
        cfg = replace(cfg, image=run.image, test_cmd=run.test_cmd)     # the resolved values, as the run used them
        if sb is not None and not cause:              # the environment was kept: does it open again?
            again = outcome is not None and not outcome.timed_out
            rec["cached"] = second(cfg, source, path.env_opts, max(60.0, 3 * outcome.duration) if again else budget, c,
                                   tests=again)
        if cache_off and sb is not None:
            os.environ["CRASHFIX_ENV_CACHE_MAX"] = "0"
            try:
                rec["cache_off"] = second(cfg, source, path.env_opts, budget, c, tests=False)
            finally:
                os.environ.pop("CRASHFIX_ENV_CACHE_MAX")
    finally:
        if path is not None:
            path.close()
        shutil.rmtree(work, ignore_errors=True)
    rec["total_s"] = round(time.monotonic() - start, 1)
    return rec


def second(cfg, source: Path, opts: dict, budget: float, before: dict, tests: bool = True) -> dict:
    """Another sandbox with the run's options (as the research agent's `new_sandbox`): timed, its tests
    run again (``tests``; bounded by ``budget``)."""
    from agent.judge.testrun import run_tests
    from sandbox import open_sandbox
    notes: list[str] = []
    t = time.monotonic()
    try:
        sb = open_sandbox(cfg.sandbox, source, image=cfg.image, setup_cmd=cfg.setup_cmd, limits=cfg.limits,
                          setup_timeout=240, **opts, notes=notes)
    except Exception as e:
        return {"opens": False, "setup_s": round(time.monotonic() - t, 1), "error": f"{type(e).__name__}: {e}"[-600:],
                "hit": any("cache: hit" in n for n in notes), "notes": notes}
    took = time.monotonic() - t
    with sb:
        out = run_tests(sb, cfg.test_cmd, timeout=budget) if cfg.test_cmd and tests else None
    c = counts(out) if out else {}
    return {"opens": True, "setup_s": round(took, 1), "hit": any("cache: hit" in n for n in notes),
            "same_counts": bool(c) and (c["passed"], c["failed"]) == (before.get("passed"), before.get("failed")),
            "counts": c, "notes": notes}


# -- the run and the table ----------------------------------------------------------------------------
def child(args) -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))       # close the sandboxes on the way out
    rec = one(args.spec, args.date, Path(args.sdists), args.timeout, not args.no_cache_off)
    print("RESULT " + json.dumps(rec), flush=True)


def done_specs(out: Path) -> set[str]:
    if not out.exists():
        return set()
    return {json.loads(line)["spec"] for line in out.read_text().splitlines() if line.strip()}


def run(args) -> None:
    projects = json.loads(Path(args.projects).read_text())
    if args.only:
        projects = [p for p in projects if p["spec"].split("==")[0].lower() in {o.lower() for o in args.only}
                    or p["spec"] in args.only]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    (WORK / "repos").mkdir(parents=True, exist_ok=True)
    done = done_specs(out)
    todo = [p for p in projects if p["spec"] not in done][:args.limit or None]
    print(f"{len(todo)} to run ({len(done)} already in {out}); cache {os.environ.get('CRASHFIX_ENV_CACHE')}", flush=True)
    for p in todo:
        cmd = [sys.executable, __file__, "one", p["spec"], p["released"], "--sdists", args.sdists,
               "--timeout", str(args.timeout)] + (["--no-cache-off"] if args.no_cache_off else [])
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
        # the set-up and baseline share --timeout; the cached (and cache-off) sandboxes get their own
        limit = args.timeout * (2 if args.no_cache_off else 3) + 60
        try:
            text, _ = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGTERM)
            try:
                text, _ = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                text, _ = proc.communicate()
        found = [l for l in text.splitlines() if l.startswith("RESULT ")]
        if found:
            rec = json.loads(found[-1][len("RESULT "):])
        else:
            took = time.monotonic() - start
            rec = {"spec": p["spec"], "released": p["released"], "total_s": round(took, 1),
                   "class": "timeout" if took >= limit else "harness error",
                   "reason": (f"no result in {limit:.0f} s" if took >= limit else
                              ([l for l in text.splitlines() if l.strip()] or ["(no output)"])[-1][:240]),
                   "log_tail": text[-2000:]}
        rec["style"] = p.get("style", [])
        with out.open("a") as f:
            f.write(json.dumps(rec) + "\n")
        cached = rec.get("cached") or {}
        print(f"{p['spec']:32} {rec['class']:24} cold {rec.get('cold_setup_s', '-')}s "
              f"cached {cached.get('setup_s', '-')}s{' (hit)' if cached.get('hit') else ''}  {rec['reason'][:90]}",
              flush=True)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else float("nan")


# checked by hand, each against its sdist: what no resolver can give here
OUT_OF_REACH = {
    "Jinja2==2.8": "sdist ships no test suite (jinja2/tests.py holds Jinja's template tests)",
    "tabulate==0.7.7": "sdist lacks test/common.py, which every test module imports",
    "python-box==3.4.5": "sdist lacks test/common.py, which both test modules import",
    "hpack==4.0.0": "sdist lacks test/test_fixtures/, which test/conftest.py lists at import",
    "pycodestyle==2.11.0": "sdist lacks testing/support.py, which 8 of the 11 test modules import",
    "freezegun==0.3.9": "needs Python < 3.9 (its own code calls uuid._uuid_generate_time, gone in 3.9); no older image here",
    "pyflakes==1.6.0": "needs Python < 3.8 (418 of 572 tests fail on 3.9 and 3.11: its checker predates the ast changes of 3.8); no older image here",
    "astor==0.6.2": "needs Python < 3.7 (`async` as a parameter name in its own code); no older image here",
}


def summary(args) -> None:
    recs = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line.strip()]
    for r in recs:             # records from before `runner_error` and "resolver crashed" had classes of their own
        if r["class"] == "harness error" and "agent/python/environment/" in r.get("log_tail", ""):
            r["class"], r["reason"] = "resolver crashed", r["reason"]
        stopped = runner_error(r.get("output_tail", "")) if r["class"] == "no tests collected" else None
        if stopped:
            r["class"], r["reason"] = "runner error", f"the test runner stops before any test: {stopped[:200]}"
    listed = {p["spec"]: p for p in json.loads(Path(args.projects).read_text())}
    recs = [{**r, "style": listed[r["spec"]]["style"]} for r in recs if r["spec"] in listed]
    n = len(recs)
    sane = [r for r in recs if r["class"] == "sane"]
    print(f"projects: {n}; sane baseline with no flags: {len(sane)} ({100 * len(sane) / max(n, 1):.0f}%)")
    reach = [r for r in recs if r["spec"] not in OUT_OF_REACH or r["class"] == "sane"]
    print(f"without the {n - len(reach)} out of reach here (an sdist missing its suite's files, a Python older than "
          f"any image): {sum(r['class'] == 'sane' for r in reach)} of {len(reach)} "
          f"({100 * sum(r['class'] == 'sane' for r in reach) / max(len(reach), 1):.0f}%)")
    classes: dict[str, list] = {}
    for r in recs:
        classes.setdefault(r["class"], []).append(r)
    print("\n| class | projects |\n| --- | --- |")
    for k, v in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print(f"| {k} | {len(v)} |")
    silent = [r for r in recs if r["class"] not in ("sane", "install failed", "harness error") and r.get("counts")
              and not r.get("env_broken")]
    print(f"\nnot sane but not env_broken for crashfix (silent): {len(silent)}")
    cold = [r["cold_setup_s"] for r in recs if r.get("cold_setup_s") is not None and "setup_error" not in r]
    cached = [r["cached"]["setup_s"] for r in recs if (r.get("cached") or {}).get("opens")]
    tried = [r for r in recs if r.get("cached")]
    opened = [r for r in tried if r["cached"].get("opens")]
    hits = [r for r in opened if r["cached"].get("hit")]
    same = [r for r in opened if r["cached"].get("same_counts")]
    print(f"cold set-up (set-ups that worked, {len(cold)}): median {statistics.median(cold) if cold else float('nan'):.1f} s, "
          f"p90 {pct(cold, 0.9):.1f} s")
    print(f"second sandbox from the cache: opens {len(opened)}/{len(tried)} (cache hit {len(hits)}, same test counts "
          f"{len(same)}); median {statistics.median(cached) if cached else float('nan'):.1f} s, p90 {pct(cached, 0.9):.1f} s")
    off = [r for r in recs if r.get("cache_off")]
    if off:
        print(f"cache off (CRASHFIX_ENV_CACHE_MAX=0): opens {sum(r['cache_off']['opens'] for r in off)}/{len(off)}")
    years: dict[str, list] = {}
    for r in recs:
        years.setdefault(r["released"][:4], []).append(r["class"] == "sane")
    print("by year: " + ", ".join(f"{y} {sum(v)}/{len(v)}" for y, v in sorted(years.items())))
    styles: dict[str, list] = {}
    for r in recs:
        for s in r.get("style", []):
            styles.setdefault(s, []).append(r["class"] == "sane")
    print("by style: " + ", ".join(f"{s} {sum(v)}/{len(v)}" for s, v in sorted(styles.items())))
    print("\nnot sane:")
    for r in recs:
        if r["class"] != "sane":
            why = f" [out of reach: {OUT_OF_REACH[r['spec']]}]" if r["spec"] in OUT_OF_REACH else ""
            print(f"- {r['spec']} ({r['released'][:4]}, {'/'.join(r.get('style', [])[:2])}): {r['class']}: {r['reason'][:150]}{why}")
    broken_cache = [r for r in tried if not r["cached"].get("opens")]
    for r in broken_cache:
        print(f"- cache: {r['spec']}: the second sandbox does not open: {r['cached'].get('error', '')[:150]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("run")
    r.add_argument("--projects", default=str(PROJECTS))
    r.add_argument("--sdists", default=str(WORK / "sdists"))
    r.add_argument("--out", default=str(WORK / "results.jsonl"))
    r.add_argument("--timeout", type=float, default=240)
    r.add_argument("--only", nargs="*")
    r.add_argument("--limit", type=int, default=0)
    r.add_argument("--no-cache-off", action="store_true", help="no third sandbox with CRASHFIX_ENV_CACHE_MAX=0")
    s = sub.add_parser("summary")
    s.add_argument("--out", default=str(WORK / "results.jsonl"))
    s.add_argument("--projects", default=str(PROJECTS))
    m = sub.add_parser("make-list")
    m.add_argument("sdists")
    m.add_argument("--projects", default=str(PROJECTS))
    o = sub.add_parser("one")
    o.add_argument("spec")
    o.add_argument("date")
    o.add_argument("--sdists", default=str(WORK / "sdists"))
    o.add_argument("--timeout", type=float, default=240)
    o.add_argument("--no-cache-off", action="store_true")
    args = ap.parse_args()
    if not os.environ.get("CRASHFIX_ENV_CACHE"):
        os.environ["CRASHFIX_ENV_CACHE"] = str(WORK / "envcache")
    {"run": run, "summary": summary, "make-list": lambda a: make_list(Path(a.sdists), Path(a.projects)),
     "one": child}[args.what](args)


if __name__ == "__main__":
    main()
