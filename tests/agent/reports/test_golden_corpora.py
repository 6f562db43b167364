"""Golden tests over the real crash logs in golden/ (copied from ../shared/corpora, with their licenses).

Kernel: syzbot's title for each log (TITLE: header); logs without TITLE hold no crash.
Sanitizer: ClusterFuzz's crash type and top frames (expected.json), compared through
cf_compat, which documents where the two conventions differ.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from agent.reports import parse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cf_compat import cf_frames, cf_type, expected_frames  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[3]
CORPORA = Path(__file__).resolve().parent / "golden"
KERNEL_DIR = CORPORA / "kernel"
SAN_DIR = CORPORA / "sanitizer"

UPDATE = os.environ.get("CRASHFIX_UPDATE_GOLDEN") == "1"   # rewrite the TITLE headers (golden/README.md)


def test_the_golden_logs_are_in_the_repo():
    assert len(list(KERNEL_DIR.glob("*.txt"))) >= 100
    assert (SAN_DIR / "expected.json").is_file()

# ---------------------------------------------------------------------------- kernel

# Known kernel failures, each justified:
KERNEL_XFAIL: dict[str, str] = {}


def _kernel_cases():
    if not KERNEL_DIR.is_dir():
        return []
    return sorted(p.name for p in KERNEL_DIR.glob("*.txt"))


def _load_kernel(name: str) -> tuple[dict, str]:
    raw = (KERNEL_DIR / name).read_text(encoding="utf-8", errors="replace")
    head, _, body = raw.partition("\n\n")
    meta: dict = {}
    for line in head.splitlines():
        key, _, val = line.partition(": ")
        if key in ("TITLE", "TYPE", "CORRUPTED") and key not in meta:
            meta[key] = val
    return meta, body


def _update_title(name: str, title: str | None) -> None:
    path = KERNEL_DIR / name
    head, _, body = path.read_text(encoding="utf-8", errors="replace").partition("\n\n")
    lines = [line for line in head.splitlines() if not line.startswith("TITLE: ")]
    if title:
        lines.insert(0, f"TITLE: {title}")
    path.write_text("\n".join(lines) + "\n\n" + body, encoding="utf-8")


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=KERNEL_XFAIL[n]))
                                  if n in KERNEL_XFAIL else n for n in _kernel_cases()])
def test_kernel_title(name):
    meta, body = _load_kernel(name)
    rep = parse(body)
    if UPDATE:
        _update_title(name, rep.title if rep else None)
        meta, body = _load_kernel(name)
    want = meta.get("TITLE")
    if want is None:
        assert rep is None, f"crash-free log flagged as {rep.title!r}"
        return
    assert rep is not None
    assert rep.kind == "kernel"
    assert rep.title == want


def test_kernel_aggregate_rates():
    total = ok = crash_free = crash_free_ok = 0
    for name in _kernel_cases():
        meta, body = _load_kernel(name)
        rep = parse(body)
        want = meta.get("TITLE")
        if want is None:
            crash_free += 1
            crash_free_ok += rep is None
            continue
        total += 1
        ok += rep is not None and rep.title == want
    assert crash_free_ok == crash_free, "a crash-free log was given a crash"
    assert ok / total >= 0.95, f"kernel title accuracy {ok}/{total}"


def test_kernel_corrupted_flag_mostly_agrees():
    agree = total = 0
    for name in _kernel_cases():
        meta, body = _load_kernel(name)
        if "TITLE" not in meta:
            continue
        rep = parse(body)
        total += 1
        agree += rep is not None and rep.corrupted == (meta.get("CORRUPTED") == "Y")
    assert agree / total >= 0.85, f"corrupted flag agrees on {agree}/{total}"


# ---------------------------------------------------------------------------- sanitizer

# Known sanitizer gaps, each justified; strict marks, so a fix shows as XPASS and the entry must go.
# Everything else in the folder (CHECK/DCHECK/assert/fatal-error messages, V8, Go, Java, Rust,
# libFuzzer verdicts) is expected to pass. The crash type and the top frames are checked apart.
SAN_FRAMES_XFAIL = {
    # The expected state is the fuzz target's name, which ClusterFuzz takes from its job
    # environment (FUZZ_TARGET), not from the log.
    "oom4.txt": "state is the fuzz target name from the environment",
    "libfuzzer_overwrites_const_input.txt": "state is the fuzz target name from the environment",
    # A kernel oops whose second frame is a compiler clone (`key_gc_unused_keys.constprop.1`):
    # ClusterFuzz's kernel frame pattern passes over such names, syzbot's (ours) keeps them.
    "kasan_gpf.txt": "ClusterFuzz skips `.constprop.N` kernel frames",
    # A libFuzzer timeout followed by an Android tombstone: ClusterFuzz keeps the Timeout type but
    # takes its frames from the tombstone's stack; we keep the timeout's own stack.
    "unknown_crash_and_timeout.txt": "timeout frames taken from a later tombstone",
}
SAN_TYPE_XFAIL = {
    # ClusterFuzz drops V8's OOM by a job setting (REPORT_OOMS_AND_HANGS unset): its expected type is empty.
    "v8_oom.txt": "ClusterFuzz ignores OOMs unless REPORT_OOMS_AND_HANGS is set",
}


def _san_expected():
    f = SAN_DIR / "expected.json"
    return json.loads(f.read_text()) if f.is_file() else []


def _san_ok(entry) -> bool:
    text = (SAN_DIR / entry["file"]).read_text(encoding="utf-8", errors="replace")
    rep = parse(text)
    want = expected_frames(entry["crash_type"], entry["top_frames"])
    return cf_type(rep) == entry["crash_type"] and cf_frames(rep)[: len(want)] == want


def _cases(gaps: dict[str, str]):
    return [pytest.param(e, id=e["file"], marks=pytest.mark.xfail(strict=True, reason=gaps[e["file"]]))
            if e["file"] in gaps else pytest.param(e, id=e["file"]) for e in _san_expected()]


def _san_report(entry):
    return parse((SAN_DIR / entry["file"]).read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("entry", _cases(SAN_TYPE_XFAIL))
def test_sanitizer_type(entry):
    assert cf_type(_san_report(entry)) == entry["crash_type"]


@pytest.mark.parametrize("entry", _cases(SAN_FRAMES_XFAIL))
def test_sanitizer_top_frames(entry):
    want = expected_frames(entry["crash_type"], entry["top_frames"])
    assert cf_frames(_san_report(entry))[: len(want)] == want


def test_sanitizer_in_scope_rate():
    """Every family but the documented out-of-scope files."""
    out_of_scope = set(SAN_TYPE_XFAIL) | set(SAN_FRAMES_XFAIL) - {"unknown_crash_and_timeout.txt"}
    entries = [e for e in _san_expected() if e["file"] not in out_of_scope]
    ok = sum(_san_ok(e) for e in entries)
    assert ok / len(entries) >= 0.95, f"in-scope sanitizer type+top3 {ok}/{len(entries)}"


def test_sanitizer_overall_floor():
    """The whole folder: no regression below the measured 47/52."""
    entries = _san_expected()
    ok = sum(_san_ok(e) for e in entries)
    assert ok >= 47, f"sanitizer type+top3 {ok}/{len(entries)}"


def test_sanitizer_overall_target():
    entries = _san_expected()
    ok = sum(_san_ok(e) for e in entries)
    assert ok / len(entries) >= 0.90, f"sanitizer type+top3 {ok}/{len(entries)}"
