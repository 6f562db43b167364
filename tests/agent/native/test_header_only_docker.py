"""A header-only library (issue 39's "Builds that real C projects need"): no build system, the issue's
program is compiled against the tree's header, each candidate recompiles only that program, and the
template that fixes the loop's bound validates."""
from __future__ import annotations

import json

import pytest

from agent.pipeline import run_job
from agent.run import PATCHED, RunConfig
from gitrepo import make_repo

pytestmark = pytest.mark.docker

HEADER = """#ifndef HSUM_H
#define HSUM_H
#include <stddef.h>

/* the sum of the n values at v */
static inline int hsum(const int *v, size_t n)
{
    int s = 0;
    for (size_t i = 0; i <= n; i++)
        s += v[i];
    return s;
}
#endif
"""
ISSUE = """hsum reads one past the end

```c
#include <stdio.h>
#include <stdlib.h>
#include "hsum.h"

int main(void)
{
    int *v = calloc(4, sizeof *v);
    printf("%d\\n", hsum(v, 4));
    free(v);
    return 0;
}
```

```
==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x55 bp 0x7ff sp 0x7ff
READ of size 4 at 0x602000000020 thread T0
    #0 0x55e1 in hsum /home/me/hsum/hsum.h:10
    #1 0x55e2 in main /home/me/poc.c:9
SUMMARY: AddressSanitizer: heap-buffer-overflow /home/me/hsum/hsum.h:10 in hsum
```
"""


def test_a_header_only_library_is_reproduced_with_the_issues_program_and_fixed(c_image, tmp_path):
    repo = make_repo(tmp_path / "hsum", {"hsum.h": HEADER, "README": "hsum: one header\n"})
    out = tmp_path / "out"
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=out, strategy="templates", sandbox="docker",
                            image=c_image, max_candidates=3))
    result = json.loads((out / "result.json").read_text())
    assert result["reproduction"]["reproduced"] and result["reproduction"]["how"] == "reproducer program", run.error
    assert ("no build system: the issue's program is compiled against the tree's headers (and its sources "
            "without a main)") in result["notes"]
    assert ("the issue's program uses only the tree's headers: each candidate recompiles that program, not the "
            "whole build") in result["notes"]
    assert run.status in PATCHED, (run.status, run.error, run.notes)
    assert "+    for (size_t i = 0; i < n; i++)" in result["patch"]
