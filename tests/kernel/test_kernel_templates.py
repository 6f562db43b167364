"""The kernel's length-check template on a real 6.1 function shaped like syzbot's bug: a key type's
payload parser (dns_resolver_preparse) reading a struct from a short payload, its stable fix taken
out; and the C templates that cannot match an out-of-bounds report are not proposed."""
from __future__ import annotations

import pytest

from agent.families import kernel_templates
from agent.kernel import lengths
from agent.repair_context import RepairContext, Site

pytestmark = [pytest.mark.kernel]

PATH = "net/dns_resolver/dns_key.c"
FIX = "\t\tif (datalen < sizeof(*v1))\n\t\t\treturn -EINVAL;\n"
KASAN = """BUG: KASAN: slab-out-of-bounds in dns_resolver_preparse+0xc9f/0xd60 net/dns_resolver/dns_key.c:114
Read of size 1 at addr ffff888028894948 by task syz-executor265/5069

The buggy address is located 0 bytes to the right of
 allocated 1-byte region [ffff888028894948, ffff888028894949)
"""


def _buggy(demo_repo) -> tuple[str, int]:
    text = (demo_repo / PATH).read_text()
    assert text.count(FIX) == 1
    buggy = text.replace(FIX, "", 1)
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if "if (v1->hdr.content != DNS_PAYLOAD_IS_SERVER_LIST)" in ln)
    return buggy, line


def _ctx(buggy: str, line: int, exc_type="KASAN-SLAB-OUT-OF-BOUNDS-READ") -> RepairContext:
    return RepairContext(exc_type=exc_type, message="BUG: KASAN: slab-out-of-bounds in dns_resolver_preparse",
                         sites=[Site(PATH, line, "dns_resolver_preparse", 0)],
                         read=lambda p: buggy if p == PATH else "", files=[PATH])


def test_the_length_check_is_the_maintainers_fix(demo_repo):
    buggy, line = _buggy(demo_repo)
    (cand,) = lengths.generate(_ctx(buggy, line), KASAN)
    added = [ln[1:] for ln in cand.diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    assert added == ["\t\tif (datalen < sizeof(*v1))", "\t\t\treturn -EINVAL;"], cand.diff
    assert not any(ln.startswith("-") and not ln.startswith("---") for ln in cand.diff.splitlines())
    # put where the stable fix put it: right before `v1 = (...)data;`
    assert "+\t\t\treturn -EINVAL;\n \n \t\tv1 = (const struct dns_server_list_v1_header *)data;" in cand.diff \
        or "+\t\t\treturn -EINVAL;\n \t\tv1 = (const struct dns_server_list_v1_header *)data;" in cand.diff
    assert "1-byte buffer" in cand.description and cand.template == "kernel:length_check"
    # the fixed function: nothing to propose (it checks sizeof(*v1) already)
    fixed = (demo_repo / PATH).read_text()
    fixed_line = next(i for i, ln in enumerate(fixed.splitlines(), 1)
                      if "if (v1->hdr.content != DNS_PAYLOAD_IS_SERVER_LIST)" in ln)
    assert lengths.generate(_ctx(fixed, fixed_line), KASAN) == []


def test_an_out_of_bounds_report_gets_no_candidate_of_another_kind(demo_repo):
    """Before: 'initialise X' and NULL guards were validated on a KASAN out-of-bounds read (27 s each)."""
    buggy, line = _buggy(demo_repo)
    cands = kernel_templates(_ctx(buggy, line), max_candidates=30, report_text=KASAN)
    assert cands and cands[0].template == "kernel:length_check"
    assert not any(c.template in ("c:init", "c:calloc", "c:memset", "c:null_guard", "c:null_guard_caller",
                                  "c:free_later") for c in cands), [c.template for c in cands]
    uaf = kernel_templates(_ctx(buggy, line, "KASAN-USE-AFTER-FREE-READ"), max_candidates=30, report_text="")
    assert not any(c.template in ("kernel:length_check", "c:init", "c:loop_bound") for c in uaf)
