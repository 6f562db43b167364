"""Triage is bounded as a whole (issue 35, E33): parsing an issue and mapping its frames onto the
repository's files run under one deadline, in the parse's child, in time and memory that the
report and the tree cannot blow up. The mapping is one pass over the tree keeping only the path
suffixes the frames can share (agent/reports/paths.py `RepoIndex`), not every frame × every file;
a mapping that still runs past what is left of the deadline leaves the comment without locations
(agent/triage.py `bounded_triage`). Real child processes, no mocks."""
from __future__ import annotations

import random
import time

from agent.reports import parse
from agent.reports.guarded import DEFAULT_TIMEOUT, GuardedParser
from agent.reports.paths import DEPTH, MAX_FRAMES, RepoIndex, map_to_repo
from agent.triage import bounded_triage
from triage_targets import triage_all

FRAMES, FILES = 2_000, 50_000


def _tree() -> list[str]:
    """50,000 paths of a big repository: 400 packages of modules, tests and docs."""
    files = [f"src/pkg{i % 400}/mod{i}.py" for i in range(FRAMES)]
    files += [f"src/pkg{i % 400}/sub{i % 7}/util{i}.py" for i in range(20_000)]
    files += [f"tests/pkg{i % 400}/test_mod{i}.py" for i in range(20_000)]
    files += [f"docs/part{i % 50}/page{i}.md" for i in range(FILES - len(files))]
    assert len(files) == FILES
    return files


def _report_text() -> str:
    lines = ["Traceback (most recent call last):"]
    for i in reversed(range(FRAMES)):                      # outermost first, as Python prints it
        lines.append(f'  File "/srv/app/src/pkg{i % 400}/mod{i}.py", line {i % 90 + 1}, in step{i}')
        lines.append(f"    step{i - 1}(x)")
    lines.append("ZeroDivisionError: division by zero")
    return "\n".join(lines) + "\n"


def test_two_thousand_frames_on_a_fifty_thousand_file_tree_map_within_the_parse_deadline():
    files, text = _tree(), _report_text()
    report = parse(text)
    assert report is not None and len(report.frames) == FRAMES
    with GuardedParser(timeout=DEFAULT_TIMEOUT, fn=triage_all) as p:
        t0 = time.monotonic()
        done, t = p.call((report, files, "https://github.com/o/r/blob/main", "crashfix"))
        took = time.monotonic() - t0
    assert done, f"triage of {FRAMES} frames × {FILES} files ran past the {DEFAULT_TIMEOUT:g} s deadline"
    assert "src/pkg0/mod0.py#L1" in t.comment, t.comment           # the innermost frame, linked
    print(f"triage of {FRAMES} frames x {FILES} files in the child: {took:.2f} s")


def test_parse_and_mapping_share_one_deadline_and_a_late_mapping_leaves_no_locations():
    files, text = _tree(), _report_text()
    with GuardedParser(timeout=DEFAULT_TIMEOUT) as p:
        t0 = time.monotonic()
        parsed = p.parse(text)
        spent = time.monotonic() - t0
        t, mapped = bounded_triage(p, parsed.report, files, None, "crashfix", DEFAULT_TIMEOUT - spent)
        took = time.monotonic() - t0
        assert mapped and "`src/pkg0/mod0.py:1`" in t.comment and took < DEFAULT_TIMEOUT
        late, mapped = bounded_triage(p, parsed.report, files, None, "crashfix", 0.0)     # nothing left
    assert not mapped and "`src/pkg0/mod0.py:1`" not in late.comment and "`/srv/app/src/pkg0/mod0.py:1`" in late.comment
    print(f"parse + mapping of {FRAMES} frames x {FILES} files: {took:.2f} s")


def test_the_index_is_bounded_by_the_frames_whatever_the_tree():
    # the worst shape for a basename index: every file and every frame is an `__init__.py`
    files = [f"p{i}/q{i % 97}/__init__.py" for i in range(FILES)]
    frames = [f"/x/p{i}/q{i % 97}/__init__.py" for i in range(FRAMES)]
    t0 = time.monotonic()
    index = RepoIndex(frames, files)
    assert time.monotonic() - t0 < 5
    assert len(index._best) <= MAX_FRAMES * DEPTH
    assert index.locate(frames[3]) == files[3]
    assert index.locate(frames[-1]) is None                        # past MAX_FRAMES: not mapped, not guessed


def test_the_index_answers_as_the_file_by_file_mapping():
    rnd = random.Random(35)
    names = ["a", "b", "src", "pkg", "mod.py", "x.py", "__init__.py"]
    for _ in range(2000):
        files = ["/".join(rnd.choice(names) for _ in range(rnd.randint(1, 5))) for _ in range(rnd.randint(0, 25))]
        frames = ["/".join(rnd.choice(names + ["home", "ci"]) for _ in range(rnd.randint(1, 6))) for _ in range(6)]
        index = RepoIndex(frames, files)
        for f in frames:
            assert index.locate(f) == map_to_repo(f, files), (f, files)
