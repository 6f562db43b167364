"""bench/bench_kernel_syzbot.py's --check: a case whose history names its fix, whose unfix does not apply to
Debian's tree, or whose mail does not parse to syzbot's title is flagged; the cases it ships pass the data
checks that need no parser change (Debian has the release, the fix is in the tree, the round trip)."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_kernel_syzbot", ROOT / "bench" / "bench_kernel_syzbot.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

CASES = sorted(p.parent for p in bench.CASES.glob("*/case.json"))


def _case(tmp_path: Path, name: str = "dns-resolver-preparse-oob") -> Path:
    folder = tmp_path / name
    shutil.copytree(bench.CASES / name, folder)
    return folder


def test_ten_cases_or_more_each_complete_with_syzbot_s_subject():
    assert len(CASES) >= 10
    for folder in CASES:
        case = bench.load(folder)
        assert not case["missing"], (folder.name, case["missing"])
        subject = re.search(r"^Subject: \[syzbot\](?: \[[\w?-]+\])* (.+?)(?: \(\d+\))?$",
                            (folder / case["report"]).read_text(), re.M)
        assert subject and subject.group(1) == case["title"], (folder.name, subject and subject.group(1))
        assert case["reproducer"] or case["reproducer_missing"]


def test_a_history_that_names_the_fix_is_flagged(tmp_path):
    case = bench.load(_case(tmp_path))
    assert bench._names_the_fix(case) == []
    case["tree"]["commit_message"] = "keys, dns: missing size check of V1 server-list header"
    assert bench._names_the_fix(case) == ["missing size check", "size check of", "check of v1", "of v1 server",
                                          "v1 server list", "server list header"]
    case["tree"]["commit_message"] = "net: dns_resolver: fix the parser"
    assert bench._names_the_fix(case) == ["fix"]
    case["tree"]["commit_message"] = "xfrm: check the selector's prefix lengths"   # "prefix" is not "fix"
    assert bench._names_the_fix(case) == []
    unfix = case["folder"] / case["tree"]["unfix"]
    unfix.write_text(unfix.read_text().replace("It may be a server list.", "It may be a server list (syzbot)."))
    assert bench._names_the_fix(case) == ["syzbot"]


def _check(case: dict, tmp_path: Path) -> dict:
    fixture = bench._fixture()
    if fixture is None and not bench.TARBALL.exists():
        pytest.fail(f"{bench.TARBALL} is missing: ./setup.sh installs linux-source-6.1")
    return bench.check_case(case, fixture, bench.debian_sublevel(fixture), tmp_path / "work")


def test_the_shipped_case_passes_and_a_broken_unfix_is_caught(tmp_path):
    case = bench.load(_case(tmp_path))
    row = _check(case, tmp_path)
    assert row["problems"] == [], row
    assert row["fix_in_debian"] and row["unfix_applies"] and row["fix_reapplies"] and row["title_ok"]
    assert row["reproducer_link"] == "https://syzkaller.appspot.com/x/repro.c?x=1555a15ce80000"

    unfix = case["folder"] / case["tree"]["unfix"]
    unfix.write_text(unfix.read_text().replace("\t\t/* It may be a server list. */", "\t\t/* It is a list. */"))
    row = _check(case, tmp_path / "again")
    assert row["unfix_applies"] is False and any("unfix.diff does not apply" in p for p in row["problems"])


def test_a_release_later_than_debian_s_and_a_wrong_title_are_flagged(tmp_path):
    folder = _case(tmp_path)
    data = json.loads((folder / "case.json").read_text())
    data["fix"]["stable"] = "6.1.999"
    data["title"] = "KASAN: slab-out-of-bounds Write in dns_resolver_preparse"
    (folder / "case.json").write_text(json.dumps(data))
    row = _check(bench.load(folder), tmp_path)
    assert row["debian_has_release"] is False and row["title_ok"] is False
    assert any("not in Debian's 6.1." in p for p in row["problems"])
    assert any("parsed title" in p for p in row["problems"])


def test_a_case_tree_without_a_checkout_is_the_import_commit_plus_the_unfix(tmp_path):
    """A run without a reproducer ends before it reads the tree: the case's commit is made in the index
    alone, its one change the unfix, its message the case's."""
    fixture = bench._fixture()
    if fixture is None:
        pytest.fail("the kernel fixture tree is not made: python3 -c 'from sandbox.kernel.fixture import demo_tree; demo_tree()'")
    case = bench.load(bench.CASES / "dns-resolver-preparse-oob")
    tree = bench.make_tree(case, fixture, tmp_path, checkout=False)
    git = lambda *a: bench._git(tree, *a).stdout.strip()      # noqa: E731
    assert git("log", "-1", "--format=%s") == case["tree"]["commit_message"]
    assert git("rev-parse", "HEAD~1") == fixture[1]
    assert git("diff", "--name-only", "HEAD~1", "HEAD") == "net/dns_resolver/dns_key.c"
    assert "-\t\tif (datalen < sizeof(*v1))" in git("diff", "HEAD~1", "HEAD")
    assert not (tree / "Makefile").exists()
