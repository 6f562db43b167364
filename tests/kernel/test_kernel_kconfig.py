"""The options a crash needs, from the crash alone, on the real 6.1 Kconfig files: the guilty file's
`obj-$(CONFIG_…)` line and that option's Kconfig dependencies (its `depends on`, the `if` blocks
around it, across the `source` that pulls its Kconfig in), so that `olddefconfig` keeps it; an option
still dropped is said in report.md."""
from __future__ import annotations

import pytest

from agent.kernel.kconfig import options_for, with_dependencies
from agent.compose.compose import compose
from agent.reports import parse
from agent.run import Result, Run, RunConfig
from sandbox.kernel.build import KernelTree
from sandbox.kernel.fixture import EXAMPLE

pytestmark = [pytest.mark.kernel]

DNS = "net/dns_resolver/dns_key.c"      # its Kconfig is sourced inside `if NET` of net/Kconfig


def test_an_option_sourced_inside_if_net_brings_net_and_its_own_depends_on(demo_repo):
    asked = options_for(demo_repo, [DNS])
    assert asked == ["CONFIG_DNS_RESOLVER=y"]
    full = with_dependencies(demo_repo, asked)
    assert full[0] == "CONFIG_DNS_RESOLVER=y"
    assert "CONFIG_KEYS=y" in full          # `depends on KEYS` of its entry
    assert "CONFIG_NET=y" in full           # the `if NET` around `source "net/dns_resolver/Kconfig"`
    nft = with_dependencies(demo_repo, options_for(demo_repo, ["net/netfilter/nf_tables_api.c"]))
    assert {"CONFIG_NF_TABLES=y", "CONFIG_NETFILTER=y", "CONFIG_INET=y", "CONFIG_NET=y"} <= set(nft)


def test_only_options_a_config_can_set_are_added(demo_repo):
    """Of `A || !A` the first term, but a symbol without a prompt (only `select`ed, `def_bool`) is not
    asked for: olddefconfig would drop it and the run would cry wolf; other arches' entries do not count."""
    full = with_dependencies(demo_repo, options_for(demo_repo, ["security/keys/big_key.c"]))
    assert "CONFIG_BIG_KEYS=y" in full and "CONFIG_KEYS=y" in full
    assert "CONFIG_CRYPTO_ARCH_HAVE_LIB_CHACHA=y" not in full and "CONFIG_MMU=y" not in full


@pytest.mark.slow
def test_olddefconfig_keeps_the_option_with_its_dependencies(demo_repo, demo_build, tmp_path):
    """A real `make tinyconfig` + fragments + `olddefconfig` on the 6.1 tree (the checkout of the demo
    build, read-only; a build dir of the test's own): the option alone is dropped (the issue's case,
    10 clean boots), with its dependencies it is kept."""
    src = demo_build.src

    class Tree(KernelTree):
        @property
        def src(self):
            return src

    alone = Tree(demo_repo, demo_build.commit, tmp_path / "alone", None, ("CONFIG_DNS_RESOLVER=y",))
    alone.configure()
    assert alone.wanted_but_unset() == ["CONFIG_DNS_RESOLVER=y"]
    needed = "\n".join(with_dependencies(demo_repo, ["CONFIG_DNS_RESOLVER=y"]))
    kept = Tree(demo_repo, demo_build.commit, tmp_path / "kept", None, (needed,))
    kept.configure()
    assert kept.wanted_but_unset() == []
    assert "\nCONFIG_DNS_RESOLVER=y" in "\n" + kept.config_text()


def test_a_dropped_option_is_said_in_report_md(tmp_path):
    text = (EXAMPLE / "report.txt").read_text()
    run = Run(RunConfig(repo=str(tmp_path), report_text=text, out=tmp_path, kernel_allowed=True), report=parse(text))
    run.artifacts["kernel"] = {"options_dropped": ["CONFIG_DNS_RESOLVER=y"]}
    run.fail("not_reproduced", "the crash did not reproduce in 10 boots")
    md = compose(Result.of(run)).markdown()
    assert "<summary>Kernel config</summary>" in md and "`CONFIG_DNS_RESOLVER=y`" in md and "olddefconfig" in md
