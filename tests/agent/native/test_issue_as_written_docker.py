"""A real-shaped C crash issue in the C image (issue 39): a small INI-parser library whose Makefile
links with its own `LD = gcc` and builds with an old `-Wall -Werror`, the reporter's ASan report as
pasted, the proof-of-concept in an untagged fence that needs the library's header and library, and a
prose recipe (`dd …`, then the program on the file). The fix makes the parse fail, and the PoC then
exits 1 by its own choice: the crash is gone all the same."""
from __future__ import annotations

import pytest

from agent.candidates import Candidate
from agent.judge.validate import Validator
from agent.native.build import build, detect, sanitizers_for, without_werror
from agent.native.path import WERROR
from agent.native.probe import probe
from agent.native.reproduce import reproduce
from agent.repair_context import Site
from agent.reports import parse
from gitrepo import make_repo
from tini import FIX, HEADER, ISSUE, LIB, MAKEFILE, TOOL
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

def test_a_c_issue_as_written_reproduces_and_a_fix_that_makes_the_poc_exit_1_validates(c_image, docker_limits, tmp_path):
    files = {"tini.c": LIB, "tini.h": HEADER, "Makefile": MAKEFILE, "tinicat.c": TOOL}
    repo = make_repo(tmp_path / "tini", files)
    want = parse(ISSUE)
    assert want.type == "heap-buffer-overflow" and want.guilty.function == "tini_value"
    with open_sandbox("docker", repo, image=c_image, limits=docker_limits) as sb:
        plan = detect(sorted(files), sb.read, sanitizers=sanitizers_for(want))
        assert "-fsanitize=address " in plan.rebuild and "LD='gcc -fsanitize=address" in plan.rebuild
        first = build(sb, plan, timeout=300)
        assert not first.ok and WERROR.search(first.log), first.log        # today's gcc: unused variable
        plan = without_werror(plan)
        again = build(sb, plan, timeout=300)
        assert again.ok, again.log                  # -Werror dropped, and `$(LD)` links the ASan runtime
        found = reproduce(sb, want, plan, sorted(files), None, tries=1, timeout=60, text=ISSUE)
        rep = found.reproduction
        assert rep.reproduced and rep.how == "reproducer program", [(a.how, a.command, a.output[-300:]) for a in rep.attempts]
        report_only = parse("```\n" + ISSUE.split("```\n")[-2])           # the pasted report, no program
        assert report_only.reproducers == [] and report_only.guilty.function == "tini_value"
        recipe = reproduce(sb, report_only, plan, sorted(files), None, tries=1, timeout=60, text=ISSUE)
        assert recipe.reproduction.reproduced and recipe.reproduction.how == "reproducer recipe", \
            [(a.how, a.command, a.output[-300:]) for a in recipe.reproduction.attempts]
        seen = probe(sb, recipe.reproduction.command, Site("tini.c", 10, "tini_value", 0),
                     "    while (buf[i] != '=')", report_only, timeout=120)      # gdb after the recipe's set-up
        assert seen.error is None and seen.values.get("buf", "").endswith('""'), (seen.error, seen.values)  # the dd file
        validator = Validator(sb, want, rep.command, None, None, tries=1, timeout=120,
                              build_cmd=f"{plan.rebuild} && {found.prepare_cmd}")
        verdict = validator.check(Candidate(description="bound the scan", diff=FIX, files=["tini.c"]))
        assert verdict.validated, (verdict.reason, verdict.log)
        assert verdict.repro_after["exit"] == 1 and "the reproducer itself exits 1" in verdict.reason
