"""How fixable a triaged crash report looks, with the reasons: a score for ordering the backlog. Pure."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.reports.families import FAMILIES
from agent.reports.fences import without_blocks
from agent.reports.model import CrashReport, Frame
from agent.python.ladder.snippets import extract
from agent.reports.paths import map_to_repo
from agent.reports.python import installed_package
from agent.reports.repo import python_frame_is_repos, repo_names
from agent.reports.visible import visible

# points per fact; the reasons say which facts held
CLEAN, IN_REPO, REPRODUCER, TESTS = 2, 3, 2, 1
MAX_SCORE = CLEAN + IN_REPO + REPRODUCER + TESTS
FRAMES_LOOKED_AT = 20
GIVES_REPRODUCER = "the issue gives a snippet or command to run"
NAMES_INPUT = "the issue attaches or names an input file"
_WRAPPER = re.compile(r"/bin/|/Scripts/|^<")    # a console-script wrapper, a cell, `<string>`: never the project's
MAX_COUNTED = 5                 # things to run, or frames in the repository, counted as evidence at most
# an input a maintainer can feed the program: a file attached to the issue or named as attached whose name
# is a data file's (not a log, a text dump or a screenshot: `traceback.txt`, `crash-2023-11-19-server.txt`
# are what was printed), a fuzzer's crash artifact (each part bounded: linear)
_DATA = (r"\.(?:json|ya?ml|xml|csv|tsv|bin|dat|raw|zip|gz|tgz|tar|7z|toml|ini|cfg|conf|html?|pdf|docx?|xlsx?|"
         r"sql|db|sqlite|parquet|h5|hdf5|npy|npz|pkl|pickle|wav|flac|ttf|otf|woff2?|svg|pcap|elf|so|dll|exe|wasm|"
         r"dwg|dxf|epub|mobi|ogg|tiff?|bmp|ico|webp|heic|psd|ipynb|proto|graphql|lock)\b")
_INPUT = re.compile(r"https://github\.com/(?:user-attachments/files|[\w.-]+/[\w.-]+/files)/\d+/[\w.%+-]{1,200}?" + _DATA
                    + r"|\b(?:crash|leak|timeout|oom|slow-unit)-[0-9a-f]{40}\b"
                    r"|\battach(?:ed|ing)?\b[^.\n]{0,80}?\b[\w-]{1,80}" + _DATA, re.I)
NOT_HERE = "no frame of the report is in this repository"
_TEST_PATH = re.compile(r"(^|/)(tests?|spec|testing)/|(^|/)test_[^/]+\.py$|_test\.(py|go|c|cc|cpp|rs)$|"
                        r"(^|/)[^/]+Test\.java$|\.(test|spec)\.[jt]sx?$")


@dataclass(frozen=True)
class Fixability:
    score: int
    reasons: list[str] = field(default_factory=list)      # what makes it look fixable
    missing: list[str] = field(default_factory=list)      # what does not
    evidence: int = 0      # within one score: the facts that held, things to run, frames in the repo, an input


def find_test_suite(repo_files: list[str] | None) -> str | None:
    """A path that shows the repository has tests (a tests/ folder, test_*.py, *_test.go, ...), or None."""
    return next((p for p in repo_files or () if _TEST_PATH.search(p)), None)


class FileIndex:
    """The repository's files by base name, so mapping a frame looks at a handful of paths, not all."""

    def __init__(self, repo_files: list[str] | None):
        self.known = repo_files is not None
        self._by_name: dict[str, list[str]] = {}
        for path in repo_files or ():
            self._by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)

    def locate(self, frame_file: str | None) -> str | None:
        if not frame_file:
            return None
        name = frame_file.replace("\\", "/").rsplit("/", 1)[-1]
        return map_to_repo(frame_file, self._by_name.get(name, []))


def _frame_in_repo(report: CrashReport, files: FileIndex) -> tuple[Frame, str] | None:
    """The guilty frame when it maps onto a repo file, else the first frame that does."""
    candidates = ([report.guilty] if report.guilty else []) + report.frames[:FRAMES_LOOKED_AT]
    for frame in candidates:
        if frame is not None and (path := files.locate(frame.file)):
            return frame, path
    return None


def _package_frame(report: CrashReport, package: str) -> Frame | None:
    """Without the repository's files: the guilty frame when it lies in the installed copy of the
    repository's own package (`site-packages/<package>/`, the repository's name normalised)."""
    want = _norm(package.rsplit("/", 1)[-1])
    g = report.guilty
    got = installed_package(g.file) if g is not None else None
    return g if want and got and _norm(got) in (want, want.removeprefix("python"), want.removeprefix("py")) else None


def _own_frame(report: CrashReport, repo: str) -> Frame | None:
    """Without the repository's files: the guilty frame when the report shows it is the repository's own
    code by the repository's name (agent/reports/repo.py): a Go module `github.com/owner/name/...`, a
    Rust crate or a JVM package segment of that name, a file under a folder of that name (a checkout,
    OSS-Fuzz's `/src/<name>/`). Python's installed package is `_package_frame`'s."""
    g, names = report.guilty, repo_names(repo)
    if g is None or not names:
        return None
    family = FAMILIES[report.kind].name if report.kind in FAMILIES else ""
    if family == "go":
        module = "github.com/" + repo.strip("/").lower() + "/" if "/" in repo.strip("/") else None
        return g if module and (module in (g.file or "").lower() or g.function.lower().startswith(module)) else None
    if family == "rust" and "::" in g.function:
        return g if g.function.split("::", 1)[0].lstrip("<").lower() in names else None
    if family == "jvm" and "." in g.function:
        return g if any(part.lower() in names for part in g.function.split(".")[:-2]) else None
    path = (g.file or "").replace("\\", "/")
    return g if path and not _WRAPPER.search(path) and python_frame_is_repos(g, names) else None


def _norm(name: str) -> str:
    return "".join(c for c in (name or "").lower() if c.isalnum())


def runnable(report: CrashReport, text: str) -> int:
    """How many things the issue gives to run: the report's reproducers (its code blocks, a syzbot
    reproducer) and what the issue's text shows to run (agent/python/ladder/snippets.py): for a Python
    report its snippets, `>>>` sessions and shell lines; for another kind the command lines of its prose
    (`$ cargo run`, an inline `./fuzz crash.bin`), its code blocks being its reproducers already."""
    given = {r.strip() for r in report.reproducers}
    if not text:
        return len(given)
    seen = visible(text)
    if report.kind == "python":      # its code blocks are among the snippets (a `>>>` block de-prompted)
        return max(len({s.text.strip() for s in extract(seen)}), len(given))
    return len(given | {s.text.strip() for s in extract(without_blocks(seen, sep="\n"))})


def named_inputs(text: str) -> int:
    """How many inputs the issue names that a maintainer can feed the program: data files attached to it
    or named as attached, a fuzzer's `crash-<sha1>` artifacts (never a log, a text dump or a picture)."""
    return len(set(m.group(0).lower() for m in _INPUT.finditer(visible(text)))) if text else 0


def rank(report: CrashReport, files: FileIndex, tests_at: str | None, text: str = "", repo: str = "") -> Fixability:
    """Score a parsed report: parsed cleanly, a frame in the repo (without its files: the repository's
    own code by its name, `_package_frame`, `_own_frame`), a snippet, `>>>` session or command given or
    the crashing input named, a test suite in the repo. Each fact that holds is a reason; each that does
    not is named too. A report none of whose frames is in the repository (the reporter's own code, other
    packages) does not look fixable here at all: score 0, no reason. `text`: the issue's text; `repo`:
    the repository (`owner/name`, or its name). The evidence orders reports of one score: the facts that
    held, the things to run and the frames of the stack in the repository (up to MAX_COUNTED each), the
    inputs named."""
    score, reasons, missing = 0, [], []
    if report.corrupted:
        missing.append("the report looks truncated or interleaved")
    else:
        score += CLEAN
        reasons.append("the report parsed cleanly")
    hit = _frame_in_repo(report, files) if files.known else None
    in_repo = 0
    if hit:
        frame, path = hit
        score += IN_REPO
        where = f"{path}:{frame.line}" if frame.line else path
        reasons.append(f"its frame `{_md(frame.function)}` is in this repository (`{_md(where)}`)")
        in_repo = sum(1 for f in report.frames[:FRAMES_LOOKED_AT] if files.locate(f.file))
    elif files.known:
        missing.append(NOT_HERE)
    elif (frame := _package_frame(report, repo)) is not None:
        score += IN_REPO
        reasons.append(f"its frame `{_md(frame.function)}` is in the installed `{_md(installed_package(frame.file))}` "
                       "package (the repository's files could not be listed)")
        in_repo = 1
    elif (frame := _own_frame(report, repo)) is not None:
        score += IN_REPO
        reasons.append(f"its frame `{_md(frame.function)}` is the repository's own code by its name "
                       "(the repository's files could not be listed)")
        in_repo = 1
    else:
        missing.append("the repository's files could not be listed")
    n, inputs = runnable(report, text), named_inputs(text)
    if n:
        reasons.append(GIVES_REPRODUCER + (f" ({n})" if n > 1 else ""))
    if inputs:
        reasons.append(NAMES_INPUT + (f" ({inputs})" if inputs > 1 else ""))
    if n or inputs:
        score += REPRODUCER
    else:
        missing.append("no snippet or command to reproduce it")
    if tests_at:
        score += TESTS
        reasons.append(f"the repository has a test suite (`{_md(tests_at)}`)")
    else:
        missing.append("no test suite found in the repository")
    if NOT_HERE in missing:
        return Fixability(0, [], missing)
    evidence = len(reasons) + min(n, MAX_COUNTED) + min(in_repo, MAX_COUNTED) + min(inputs, MAX_COUNTED)
    return Fixability(score, reasons, missing, evidence)


def order_key(score: int, reports: int, number: int, evidence: int = 0) -> tuple[int, int, int, int]:
    """Higher score first, then the crash reported most often, then the one with more evidence (reasons,
    things to run), then the oldest issue."""
    return (-score, -reports, -evidence, number)


def _md(text: str) -> str:
    return " ".join((text or "").replace("`", "'").split())[:120]
