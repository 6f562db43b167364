"""Detect how a C/C++ repository builds, and build it in the sandbox with ASan + UBSan (or the
sanitizer of the report: MemorySanitizer builds with clang, where the image has its runtime).

The build only compiles: a Makefile whose default goal also runs the tests is built by naming
the goals that compile (`agent.native.make_goals`); its tests run as the test command.

The build tree stays in the sandbox: the workspace reset between candidates (git reset --hard +
git clean, without -x) keeps ignored files, so `protect_outputs` lists the build's products in
.git/info/exclude after the first build. A candidate then costs an incremental rebuild: git only
rewrites the files the patch touched, so make/ninja recompile only those.
"""
from __future__ import annotations

import logging
import re
import shlex
import time
from dataclasses import dataclass, field, replace

from agent.limits import BUILD_TIMEOUT, HOUSEKEEPING_TIMEOUT
from agent.native.arch import Cross
from agent.native.make_goals import build_goals
from sandbox import Sandbox, SandboxError
from sandbox.base import SCRATCH_DIR

log = logging.getLogger(__name__)

SANITIZERS = ("address", "undefined")     # a report that does not say which (a gdb backtrace): both
SAN_FLAGS = "-fsanitize=address,undefined -fno-omit-frame-pointer -g -O1"


MSAN = ("memory",)             # MemorySanitizer: clang only, and alone (it pairs with no other)
MSAN_FLAG = "-fsanitize=memory"


def san_flags(sanitizers: tuple[str, ...] = SANITIZERS) -> str:
    origins = " -fsanitize-memory-track-origins" if "memory" in sanitizers else ""
    return f"-fsanitize={','.join(sanitizers)}{origins} -fno-omit-frame-pointer -g -O1"


def sanitizers_for(report) -> tuple[str, ...]:
    """The sanitizer the report came from, alone: ASan (and LeakSanitizer) for an ASan report, UBSan
    for a UBSan one, so the other does not stop the run first at the same line under another name;
    MSan for an MSan report (`usable_sanitizers` checks the image can build it). Anything else (a gdb
    backtrace, TSan): both ASan and UBSan."""
    tool = (getattr(report, "extra", None) or {}).get("tool")
    if tool in ("AddressSanitizer", "LeakSanitizer"):
        return ("address",)
    if tool == "UndefinedBehaviorSanitizer":
        return ("undefined",)
    if tool == "MemorySanitizer":
        return MSAN
    return SANITIZERS


MSAN_PROBE = (f"mkdir -p {SCRATCH_DIR} && printf 'int main(void){{return 0;}}\\n' > {SCRATCH_DIR}/msan_probe.c && "
              f"clang {MSAN_FLAG} {SCRATCH_DIR}/msan_probe.c -o {SCRATCH_DIR}/msan_probe && {SCRATCH_DIR}/msan_probe")


def usable_sanitizers(sb: Sandbox, sanitizers: tuple[str, ...], cross: Cross | None = None
                      ) -> tuple[tuple[str, ...], str | None]:
    """The sanitizers to build with, and a note when the report's cannot be had here. MemorySanitizer
    needs clang and its msan runtime (not gcc, not the cross compilers): a probe program is built and
    run in the sandbox; without them the build falls back to ASan + UBSan, which cannot see a use of
    an uninitialised value, and the note says so."""
    if "memory" not in sanitizers:
        return sanitizers, None
    if cross is not None:
        why = f"the {cross.triple} cross build has gcc only"
    else:
        res = sb.run(MSAN_PROBE, timeout=HOUSEKEEPING_TIMEOUT)
        if res.ok:
            return sanitizers, None
        why = "this image has no clang with its MSan runtime (" + (_last_line(res.output) or f"exit {res.exit_code}") + ")"
    return SANITIZERS, (f"MemorySanitizer (the report's sanitizer) is not available: {why}; built with ASan + UBSan "
                        "instead, which do not detect a use of an uninitialised value")


def _last_line(text: str) -> str:
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    return lines[-1][:160] if lines else ""
OUT_DIR = "build"              # out-of-tree build folder (CMake, Meson), unless the repo has one
ALT_OUT_DIR = ".crashfix-build"
JOBS = 2


@dataclass
class BuildPlan:
    system: str                          # make | cmake | meson | autotools | custom
    steps: list[str]                     # shell commands, run in order; the last one is the rebuild
    test_cmd: str | None = None          # the build system's own test command, if it has one
    out_dir: str | None = None           # out-of-tree build folder
    flags: str = SAN_FLAGS               # the sanitizers it builds with (the program too)
    make: str | None = None              # make: the command without goals (`make -j2 CC=…`)
    targets: list[str] = field(default_factory=list)   # make: the Makefile's explicit file targets

    def rebuild_only(self, needed: list[str]) -> str | None:
        """make: the rebuild of only the goals the reproduction needs (the program it runs, the
        library the issue's program links), when the Makefile names them all; else None."""
        if self.system == "cmake" and self.out_dir:
            return self._cmake_targets(needed)
        goals = [g for g in dict.fromkeys(needed) if g in self.targets]
        if self.make is None or not goals or len(goals) != len(set(needed)):
            return None
        return self.make + "".join(f" {shlex.quote(g)}" for g in goals)

    def _cmake_targets(self, needed: list[str]) -> str | None:
        """CMake: `--target` of the libraries and programs the reproduction needs, named as CMake
        names its outputs (`build/libcjson.so` is target `cjson`, `build/tools/x` is `x`)."""
        names = []
        for g in dict.fromkeys(needed):
            rel = g[len(self.out_dir) + 1:] if g.startswith(self.out_dir + "/") else None
            base = rel.rsplit("/", 1)[-1] if rel else ""
            m = re.fullmatch(r"lib([\w+-][\w.+-]*?)\.(?:so|a)", base) or re.fullmatch(r"([\w+-]+)", base)
            if m is None:
                return None
            names.append(m.group(1))
        return f"{self.steps[-1]} --target {' '.join(map(shlex.quote, names))}" if names else None

    @property
    def rebuild(self) -> str:
        """What a candidate costs: the configure steps are done, only the last step runs again."""
        return self.steps[-1]

    def to_dict(self) -> dict:
        return {"system": self.system, "steps": self.steps, "test_cmd": self.test_cmd, "out_dir": self.out_dir,
                "flags": self.flags}


@dataclass
class BuildResult:
    ok: bool
    seconds: float
    log: str
    command: str
    steps: list[dict] = field(default_factory=list)     # {command, exit_code, seconds}

    def to_dict(self) -> dict:
        return {"ok": self.ok, "seconds": round(self.seconds, 3), "command": self.command, "steps": self.steps}


def compiler(lang: str = "c", cross: Cross | None = None, flags: str = "") -> str:
    """gcc (g++), the cross gcc, or clang (clang++) for flags that only clang has (MemorySanitizer)."""
    if MSAN_FLAG in flags.split() and cross is None:
        return "clang" if lang == "c" else "clang++"
    name = "gcc" if lang == "c" else "g++"
    return f"{cross.triple}-{name}" if cross else name


def _compilers(cross: Cross | None = None, flags: str = SAN_FLAGS) -> str:
    """CC/CXX with the sanitizer flags inside: a command-line CC= wins over any Makefile's CC and
    every compile and link line uses it, whatever the Makefile does with CFLAGS."""
    return (f"CC={shlex.quote(compiler('c', cross, flags) + ' ' + flags)} "
            f"CXX={shlex.quote(compiler('c++', cross, flags) + ' ' + flags)}")


LINKER_DRIVER = re.compile(r"^\s*LD\s*[:?]?=\s*(gcc|cc|clang|g\+\+|c\+\+|clang\+\+)\s*$", re.M)


def _linker(makefile: str, cross: Cross | None, flags: str) -> str:
    """`LD=…` for a Makefile that links with its own `LD = gcc` (a compiler driver): the sanitizer
    runtimes must be linked too, or the link fails on undefined __asan_* symbols."""
    m = LINKER_DRIVER.search(makefile)
    if not m:
        return ""
    lang = "c++" if "+" in m.group(1) else "c"
    return f" LD={shlex.quote(compiler(lang, cross, flags) + ' ' + flags)}"


def targets_of(makefile: str) -> list[str]:
    """The explicit file targets of a Makefile (`name: deps`), not pattern rules or special targets."""
    out = []
    for line in makefile.splitlines():
        m = re.match(r"^([\w./+-]+(?:\s+[\w./+-]+)*)\s*::?(?!=)", line)
        if m:
            out += [t for t in m.group(1).split() if not t.startswith(".") and "%" not in t]
    return list(dict.fromkeys(out))


def _has_target(makefile: str, target: str) -> bool:
    return any(line.startswith(f"{target}:") for line in makefile.splitlines())


def detect(files: list[str], read, build_cmd: str | None = None, test_cmd: str | None = None,
           cross: Cross | None = None, sanitizers: tuple[str, ...] = SANITIZERS) -> BuildPlan | None:
    """The build plan (`_plan`), with the sanitizers it builds with."""
    plan = _plan(files, read, build_cmd, test_cmd, cross, sanitizers)
    if plan is not None:
        plan.flags = san_flags(sanitizers)
    return plan


def _plan(files: list[str], read, build_cmd: str | None, test_cmd: str | None,
          cross: Cross | None, sanitizers: tuple[str, ...]) -> BuildPlan | None:
    """The build plan for a repository's files (relative paths); `read(path)` reads one.
    A configured `build_cmd` wins (it runs with CC/CXX/CFLAGS/CXXFLAGS/LDFLAGS set to the sanitizers).
    With `cross`, the cross compiler builds (Meson is refused: None) and the build system's own
    tests are left out: they exec target binaries, and the sandbox has no binfmt_misc."""
    top = set(files)
    out = ALT_OUT_DIR if any(f.startswith(OUT_DIR + "/") for f in files) else OUT_DIR
    flags = san_flags(sanitizers)
    cc = _compilers(cross, flags)
    env = f"{cc} CFLAGS={shlex.quote(flags)} CXXFLAGS={shlex.quote(flags)} LDFLAGS={shlex.quote(flags)}"
    own_tests = cross is None
    if build_cmd:
        return BuildPlan("custom", [f"{env} sh -c {shlex.quote(build_cmd)}"], test_cmd)
    if "CMakeLists.txt" in top:
        flags = shlex.quote(flags)
        configure = (f"cmake -S . -B {out} -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS={flags} "
                     f"-DCMAKE_CXX_FLAGS={flags} -DCMAKE_EXE_LINKER_FLAGS={flags} "
                     f"-DCMAKE_SHARED_LINKER_FLAGS={flags}")
        if MSAN_FLAG in flags and not cross:
            configure += " -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++"
        if cross:
            configure += (f" -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR={cross.arch} "
                          f"-DCMAKE_C_COMPILER={compiler('c', cross)} -DCMAKE_CXX_COMPILER={compiler('c++', cross)}")
        return BuildPlan("cmake", [configure, f"cmake --build {out} -j{JOBS}"],
                         test_cmd or (f"ctest --test-dir {out} --output-on-failure" if own_tests else None), out)
    if "meson.build" in top:
        if cross:
            return None
        args = "-fno-omit-frame-pointer" + (" -fsanitize-memory-track-origins" if "memory" in sanitizers else "")
        args = shlex.quote(args)       # one option value: Meson splits it on spaces, not on commas
        setup = (("CC=clang CXX=clang++ " if "memory" in sanitizers else "")
                 + f"meson setup {out} -Db_sanitize={','.join(sanitizers)} -Db_lundef=false "
                 f"-Dbuildtype=debug -Dc_args={args} -Dcpp_args={args}")
        return BuildPlan("meson", [setup, f"ninja -C {out} -j{JOBS}"],
                         test_cmd or f"meson test -C {out} --print-errorlogs", out)
    if {"configure", "configure.ac", "configure.in", "autogen.sh"} & top:
        gen = "true" if "configure" in top else ("sh ./autogen.sh" if "autogen.sh" in top else "autoreconf -fi")
        host = f" --host={cross.triple}" if cross else ""
        steps = [gen, f"sh ./configure{host} {env}", f"make -j{JOBS}"]
        return BuildPlan("autotools", steps, test_cmd or ("make check" if own_tests else None))
    for name in ("GNUmakefile", "makefile", "Makefile"):
        if name in top:
            text = read(name)
            tests = "make check" if _has_target(text, "check") else "make test" if _has_target(text, "test") else None
            goals = build_goals(text)       # the default goal runs tests too: name what compiles
            if goals and not tests:
                tests = "make"              # ... and that default goal is the test command
            cc += _linker(text, cross, flags)
            build = f"make -j{JOBS} {cc}" + "".join(f" {shlex.quote(g)}" for g in goals or [])
            plan = BuildPlan("make", [build], test_cmd or (f"{tests} {cc}" if tests and own_tests else None))
            plan.make = f"make -j{JOBS} {cc}"
            plan.targets = targets_of(text)
            return plan
    return None


NO_WERROR = f"{SCRATCH_DIR}/cc-no-werror"
NO_WERROR_SCRIPT = ('#!/bin/sh\n# the compiler without -Werror: an older compiler\'s warnings-as-errors left out\n'
                    'cc="$1"; shift\nfor a; do shift; case "$a" in -Werror|-Werror=*) ;; *) set -- "$@" "$a";; esac; done\n'
                    'exec "$cc" "$@"\n')


def without_werror(plan: BuildPlan) -> BuildPlan:
    """The same plan with every compiler call going through a wrapper that drops -Werror flags
    (after the Makefile's own CFLAGS, where a -Wno-error in CC would come too early)."""
    def wrap(step: str) -> str:
        step = re.sub(r"\b(CC|CXX|LD)='((?:[\w.+-]+-)?(?:gcc|g\+\+|clang|clang\+\+)) ", rf"\1='{NO_WERROR} \2 ", step)
        step = re.sub(r"-DCMAKE_(C|CXX)_COMPILER=(\S+)", rf"-DCMAKE_\1_COMPILER_LAUNCHER={NO_WERROR} -DCMAKE_\1_COMPILER=\2", step)
        if re.match(r"(?:\w+=\S+ )*meson setup", step):
            step += " -Dwerror=false"
        if step.startswith("cmake -S") and "COMPILER_LAUNCHER" not in step:
            step += f" -DCMAKE_C_COMPILER_LAUNCHER={NO_WERROR} -DCMAKE_CXX_COMPILER_LAUNCHER={NO_WERROR}"
        return step
    steps = [f"mkdir -p {SCRATCH_DIR} && printf %s {shlex.quote(NO_WERROR_SCRIPT)} > {NO_WERROR} && chmod +x {NO_WERROR}"]
    return replace(plan, steps=steps + [wrap(s) for s in plan.steps], make=wrap(plan.make) if plan.make else None)


def run_steps(sb: Sandbox, steps: list[str], *, timeout: float) -> BuildResult:
    """Run build steps in order, stop at the first failure; the log keeps every step's output."""
    start, parts, done = time.monotonic(), [], []
    ok = True
    for cmd in steps:
        res = sb.run(cmd, timeout=timeout)
        parts.append(f"$ {cmd}   # exit {res.exit_code}, {res.duration:.1f} s\n{res.output}")
        done.append({"command": cmd, "exit_code": res.exit_code, "seconds": round(res.duration, 3)})
        if not res.ok:
            ok = False
            break
    return BuildResult(ok, time.monotonic() - start, "\n".join(parts), " && ".join(steps), done)


def build(sb: Sandbox, plan: BuildPlan, *, timeout: float = BUILD_TIMEOUT) -> BuildResult:
    """The first (full) build, then its products protected from the workspace reset."""
    result = run_steps(sb, plan.steps, timeout=timeout)
    if result.ok:
        protect_outputs(sb, plan)
    return result


def rebuild(sb: Sandbox, plan: BuildPlan, *, timeout: float = BUILD_TIMEOUT) -> BuildResult:
    return run_steps(sb, [plan.rebuild], timeout=timeout)


def protect_outputs(sb: Sandbox, plan: BuildPlan) -> None:
    """List the untracked files the build made in .git/info/exclude: `git clean` (the sandbox
    reset) then leaves them, with their mtimes, for the next incremental build."""
    lines = f"/{plan.out_dir}/\n" if plan.out_dir else ""
    try:  # crashfix's own git (absolute path, clean environment), not the repo's PATH
        untracked = sb.git("ls-files --others --exclude-standard", "list the build's products")
    except SandboxError as exc:
        log.warning("could not list the build's products: %s", exc)
        untracked = ""
    if untracked:
        lines += "".join(f"/{p}\n" for p in untracked.splitlines()
                         if p.strip() and not p.startswith(f"{plan.out_dir}/") and not any(c in p for c in "*?[\\!#"))
    if lines:
        sb.run(f"mkdir -p .git/info && cat >> .git/info/exclude <<'CRASHFIX_EOF'\n{lines}CRASHFIX_EOF", timeout=HOUSEKEEPING_TIMEOUT)


COMPILER_ERROR = re.compile(r"^[^\s:]+:\d+(?::\d+)?: (?:fatal )?error: .+$", re.M)


def compiler_error(log: str, after: str = "") -> str | None:
    """The first error line a compiler printed (`other.c:3:12: error: 'x' undeclared`) in the part
    of `log` after `after` (a build's earlier attempt left out), or None."""
    part = log.split(after, 1)[-1] if after and after in log else log
    m = COMPILER_ERROR.search(part)
    return m.group(0).strip() if m else None
