"""Every size limit and timeout of a run, named once (seconds unless the name says otherwise).

The ones a run may want to change are fields of `agent.run.RunConfig` (their defaults are the
constants below); the rest are fixed parts of how a step works and only change here.
"""
from __future__ import annotations

# -- RunConfig defaults (override per run) ------------------------------------------------------
COMMAND_TIMEOUT = 300.0        # RunConfig.timeout: one command in the sandbox (tests, reproduction)
MAX_DIFF_LINES = 200           # RunConfig.max_diff_lines: a larger candidate is refused before it runs
MAX_CANDIDATES = 30            # RunConfig.max_candidates
VALIDATION_SECONDS = 600.0     # RunConfig.max_seconds: the template candidates' validation budget
REPRODUCE_TRIES = 3            # RunConfig.tries: reproductions before and after a patch
LLM_SECONDS = 1800.0           # RunConfig.max_llm_seconds
EVAL_VALIDATION_SECONDS = 300.0   # an eval case's validation budget, unless its case.json names one

# -- building native code and kernels -----------------------------------------------------------
BUILD_TIMEOUT = 900.0          # the floor for a (re)build of C/C++ code: max(RunConfig.timeout, this)
HOUSEKEEPING_TIMEOUT = 60.0    # small bookkeeping commands in the sandbox (find, git ls-files, mkdir, rm)
KERNEL_BOOT_TIMEOUT = 600.0    # the ceiling of one QEMU boot: min(RunConfig.timeout, this)
KERNEL_REPRODUCE_BOOTS = 10    # boots before giving up on reproducing a kernel crash
KERNEL_RUNS_PER_BOOT = 3       # reproducer runs inside one boot
KERNEL_RUN_SECONDS = 30        # one run at most: a repeating (syzbot repeat-mode) reproducer is stopped there
KERNEL_BOOT_MARGIN = 120.0     # a boot's time to /init and back under TCG, beside the runs' bounds
KERNEL_BOOT_DEFAULT = 180.0    # one QEMU boot when the caller names no limit (agent.kernel.boots.Booter)
SYMBOLIZE_TIMEOUT = 120.0      # addr2line/gdb over the kernel's vmlinux

# -- debuggers ------------------------------------------------------------------------------------
PDB_TIMEOUT = 60.0             # the pdb probe of a Python crash
GDB_TIMEOUT = 120.0            # the gdb probe of a native crash

# -- validation of one candidate (a candidate that loops must not cost the whole budget) ----------
REPRO_TIMEOUT_FLOOR = 20.0     # the reproduction after a patch: max(this, REPRO_TIMEOUT_FACTOR x before)
REPRO_TIMEOUT_FACTOR = 10
TEST_TIMEOUT_FLOOR = 60.0      # the tests after a patch: max(this, TEST_TIMEOUT_FACTOR x before)
TEST_TIMEOUT_FACTOR = 5

# -- the research agent ---------------------------------------------------------------------------
AGENT_COMMAND_TIMEOUT = 300.0  # the ceiling of one agent tool command: min(RunConfig.timeout, this)
LLM_HTTP_TIMEOUT = 120.0       # one request to the model endpoint
LLM_RETRY_AFTER_CAP = 120.0    # a server's Retry-After is honoured up to this
SIDE_QUESTION_SECONDS = 90.0   # one side question to the model (what the issue expects, the review): skipped after
LLM_PROBE_TIMEOUT = 5.0        # the one request that checks an endpoint before a run (agent/research/endpoint.py)

# -- how much output is kept ----------------------------------------------------------------------
ATTEMPT_TAIL_CHARS = 2000      # of each reproduction attempt's output

# -- the set-up agent (the set-up's last fallback, agent/python/environment/model_setup.py) ------
SETUP_AGENT_STEPS = 20         # model calls of the set-up phase
SETUP_AGENT_TOKENS = 300_000   # prompt + completion tokens of the set-up phase (the run's budget applies too)
SETUP_AGENT_ROUNDS = 2         # recipes (`done`) crashfix checks with a fresh set-up
SETUP_COMMAND_TIMEOUT = 600.0  # the ceiling of one set-up command the model runs (installs are slow)
