"""Reproducing a sanitizer or gdb crash report in the sandbox, from what the issue gives: a C/C++
program in a code block, a command line, a named test binary, or the test suite.

A run counts as the reported crash by agent/judge/signature.py's rule for sanitizer and gdb reports
(the sanitizers run with halt_on_error).
"""
from __future__ import annotations

import logging
import re
import shlex
from dataclasses import dataclass, field

from agent.limits import COMMAND_TIMEOUT, HOUSEKEEPING_TIMEOUT, REPRODUCE_TRIES
from agent.native.arch import Cross, runs_on
from agent.native.build import SAN_FLAGS, BuildPlan, compiler
from agent.native.described import describe
from agent.native.fragment import complete, declaring_headers, is_fragment, untagged_fragments
from agent.native.matching import add_tree_headers, matcher
from agent.native.recipe import chain, pipeline, recipes
from agent.reports.markdown import split_issue
from agent.reports.model import CrashReport
from agent.records import Attempt, Reproduction, confirm
from agent.judge.protect import is_test_path
from agent.judge.testrun import SCRATCH, ensure_scratch
from sandbox import Sandbox

log = logging.getLogger(__name__)

C_SOURCE = re.compile(r"^\s*#\s*include\b|\bint\s+main\s*\(", re.M)
CPP_HINT = re.compile(r"#\s*include\s*<(?:iostream|string|vector|memory|map)>|\bstd::|\bnamespace\b|\bextern\s+\"C\"")
FUZZ_TARGET = re.compile(r"\bint\s+LLVMFuzzerTestOneInput\s*\(")
# A libFuzzer target has no main: this one runs it once on each file named (stdin when none), each
# input in a heap block of its exact size, so that a read past its end is the sanitizer's to see.
FUZZ_DRIVER = """
#include <stdio.h>
#include <stdlib.h>
#ifdef __cplusplus
extern "C"
#endif
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
static int crashfix_run_one(FILE *f) {
    size_t cap = 4096, n = 0, got;
    unsigned char *buf = (unsigned char *)malloc(cap), *exact;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = (unsigned char *)realloc(buf, cap *= 2);
    }
    if (!buf) return 1;
    exact = (unsigned char *)malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) exact[i] = buf[i];
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}
int main(int argc, char **argv) {
    if (argc < 2) return crashfix_run_one(stdin);
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) { perror(argv[i]); return 1; }
        crashfix_run_one(f);
        fclose(f);
    }
    return 0;
}
"""
NO_BUILD = "the program does not build:\n"     # an attempt's output when the issue's program does not compile
OWN = ("given reproducer command", "reproducer program", "reproducer fragment", "reproducer recipe",
       "reproducer command", "reproducer server")
LEAK_TYPES = ("direct-leak", "indirect-leak", "leak")


def sanitizer_env(report: CrashReport | None = None, *, abort: bool = False) -> dict[str, str]:
    """ASAN_OPTIONS/UBSAN_OPTIONS/MSAN_OPTIONS for a run: stop at the first error, symbolize, leaks only when
    the report is a leak; `abort` makes the runtime abort (for gdb to stop at the report)."""
    leaks = int(bool(report and report.type in LEAK_TYPES))
    common = f"halt_on_error=1:abort_on_error={int(abort)}:symbolize=1:print_summary=1"
    return {"ASAN_OPTIONS": f"{common}:detect_leaks={leaks}:allocator_may_return_null=0",
            "UBSAN_OPTIONS": f"{common}:print_stacktrace=1",
            "MSAN_OPTIONS": f"{common}:external_symbolizer_path=/usr/bin/addr2line"}   # clang's runtime: no llvm-symbolizer here


def env_prefix(report: CrashReport | None = None) -> str:
    return " ".join(f"{k}={v}" for k, v in sanitizer_env(report).items())


@dataclass
class NativeRepro:
    reproduction: Reproduction
    prepare_cmd: str | None = None      # compiles the issue's program; runs after every rebuild
    scratch: dict[str, str] = field(default_factory=dict)   # files written for it (the program's source)


def c_programs(report: CrashReport) -> list[tuple[int, str]]:
    """(index, extension) of the reproducer snippets that are C or C++ programs."""
    return [(i, "cpp" if CPP_HINT.search(s) else "c") for i, s in enumerate(report.reproducers)
            if C_SOURCE.search(s) and (re.search(r"\bmain\s*\(", s) or FUZZ_TARGET.search(s))]


def is_fuzz_target(source: str) -> bool:
    """A libFuzzer target without a main of its own: it runs through FUZZ_DRIVER on an input."""
    return bool(FUZZ_TARGET.search(source)) and not re.search(r"\bmain\s*\(", source)


def program_source(report: CrashReport, index: int) -> str:
    src = report.reproducers[index] + "\n"
    return src + FUZZ_DRIVER if is_fuzz_target(src) else src


def fuzz_runs(sb: Sandbox, recipe_scripts: list[str], exe: str) -> list[str]:
    """A fuzz target's runs: each recipe whose program the tree does not have (`./fuzzer input`,
    the reporter's own build of the target) with that program replaced by the compiled target."""
    out = []
    for script in recipe_scripts:
        last = script.rsplit(" && ", 1)[-1]
        m = re.match(r"(\./[\w./+-]+)(\s|$)", last)
        if m and not sb.run(f"test -x {shlex.quote(m.group(1))}", timeout=HOUSEKEEPING_TIMEOUT).ok:
            out.append(script[:len(script) - len(last)] + exe + last[m.end(1):])
    return out


def program_build_cmd(sb: Sandbox, files: list[str], src: str, exe: str, cross: Cross | None = None,
                      flags: str = SAN_FLAGS) -> str:
    """Compile the issue's program against the repo: its headers' folders, the built libraries
    (or, when none is built, the repo's own sources without a main)."""
    incs = sorted({f.rsplit("/", 1)[0] if "/" in f else "." for f in files if f.endswith((".h", ".hpp"))})
    # a shared library is often a link (libx.so -> libx.so.1.2.3, CMake's versioned libraries);
    # a library of the tests (a test framework's) is not the project's
    found = sb.run("find . -path ./.git -prune -o \\( -type f -o -type l \\) \\( -name '*.a' -o -name '*.so' \\) -print",
                   timeout=HOUSEKEEPING_TIMEOUT)
    libs = sorted(p[2:] for p in found.output.split() if p.startswith("./") and not is_test_path(p[2:])) if found.ok else []
    if not libs:
        libs = [f for f in files if f.endswith((".c", ".cc", ".cpp")) and not is_test_path(f)
                and not re.search(r"\bmain\s*\(", sb.read(f))]
    rpath = sorted({f"-Wl,-rpath,$PWD/{p.rsplit('/', 1)[0]}" if "/" in p else "-Wl,-rpath,$PWD"
                    for p in libs if p.endswith(".so")})
    parts = [compiler("c++" if src.endswith(".cpp") else "c", cross, flags), flags, *(f"-I{shlex.quote(d)}" for d in incs), src, *map(shlex.quote, libs),
             *rpath, "-o", exe, "-lm"]
    return " ".join(parts)


def shell_commands(snippet: str) -> list[str]:
    """The commands of a shell snippet that run something (build and set-up lines left out)."""
    return [r.run for r in recipes("", [snippet])]


def fragments(report: CrashReport) -> list[int]:
    """Indexes of the reproducer snippets that are statement fragments (agent/native/fragment.py)."""
    programs = {i for i, _ in c_programs(report)}
    return [i for i, s in enumerate(report.reproducers) if i not in programs and is_fragment(s)]


def c_code(snippet: str) -> bool:
    """C code rather than shell lines (a quoted function of the library): most of its lines end a
    statement or a block (`;`, `{`, `}`)."""
    lines = [ln.split("//", 1)[0].rstrip() for ln in snippet.splitlines()]
    lines = [ln for ln in lines if ln.strip()]
    return bool(lines) and 2 * sum(ln.endswith((";", "{", "}")) for ln in lines) >= len(lines)


def shell_snippets(report: CrashReport) -> list[str]:
    """The reproducer snippets that are not C/C++ programs, fragments or other C code."""
    programs = {i for i, _ in c_programs(report)} | set(fragments(report))
    return [s for i, s in enumerate(report.reproducers) if i not in programs and not C_SOURCE.search(s)
            and not c_code(s)]


def built_program(sb: Sandbox, name: str) -> str | None:
    """The one executable of that name in the tree (`./path/name`), or None."""
    found = sb.run(f"find . -path ./.git -prune -o -type f -perm -u+x -name {shlex.quote(name)} -print",
                   timeout=HOUSEKEEPING_TIMEOUT)
    hits = [p for p in found.output.split() if p.startswith("./")] if found.ok else []
    if len(hits) > 1:           # libtool: the wrapper script, not the binary in .libs/ beside it
        hits = [p for p in hits if "/.libs/" not in p] or hits
    return hits[0] if len(hits) == 1 else None


def resolve_programs(sb: Sandbox, script: str) -> str:
    """`./example` that is not at the top of the tree but built elsewhere (build/example,
    examples/example): the one executable of that name in the tree."""
    def one(m: re.Match) -> str:
        path = m.group(2)
        if sb.run(f"test -x {shlex.quote(path)}", timeout=HOUSEKEEPING_TIMEOUT).ok:
            return m.group(0)
        hit = built_program(sb, path.rsplit("/", 1)[-1])
        return m.group(1) + hit if hit else m.group(0)
    return re.sub(r"(^|[\s|;&(])(\./[\w./+-]+)", one, script)


def resolve_bare(sb: Sandbox, line: str) -> str:
    """A run line's program named bare (`jq '.a' f`, as the reporter's installed build is run) that is
    not on the sandbox's PATH: the one executable of that name the build made."""
    stages = pipeline(line) if "|" in line else [line]
    if len(stages) > 1:     # `printf '…' | jq .`: each stage of the pipeline that names a program bare
        return "|".join(resolve_bare(sb, part) if i else part for i, part in enumerate(stages))
    lead = line[:len(line) - len(line.lstrip())]
    inst = re.match(r"^((?:\w+=\S*\s+)*)(/(?:usr/(?:local/)?|opt/[\w.+-]+/)?s?bin/([\w.+-]+))(?=\s|$)", line.lstrip())
    if inst:                # `/usr/local/bin/jq …`: the reporter's installed build, when the sandbox has none
        if sb.run(f"test -x {shlex.quote(inst.group(2))}", timeout=HOUSEKEEPING_TIMEOUT).ok:
            return line
        hit = built_program(sb, inst.group(3))
        return f"{lead}{inst.group(1)}{hit}{line.lstrip()[inst.end():]}" if hit else line
    m = re.match(r"^((?:\w+=\S*\s+)*)([A-Za-z_][\w.+-]*)(?=\s|$)", line.lstrip())
    if m is None or sb.run(f"command -v {shlex.quote(m.group(2))}", timeout=HOUSEKEEPING_TIMEOUT).ok:
        return line
    hit = built_program(sb, m.group(2))
    return f"{lead}{m.group(1)}{hit}{line.lstrip()[m.end():]}" if hit else line


def needed_goals(command: str, prepare: str | None) -> list[str]:
    """What the reproduction needs built: the programs it runs (`./x`, `build/x`) and the static or
    shared libraries the issue's program links (paths relative to the tree)."""
    progs = [p[2:] if p.startswith("./") else p for p in re.findall(r"(?:^|[\s|;&'(])(\./[\w./+-]+)", command)]
    libs = re.findall(r"(?<=\s)([\w./+-]+\.(?:a|so))(?=\s)", prepare or "")
    return list(dict.fromkeys(progs + libs))


def links_nothing(prepare: str) -> bool:
    """The issue's program compiled from its own source alone (the tree's headers, no library and no
    source of the tree): a header-only library."""
    m = re.search(r"\S+/repro_\d+\.(?:c|cpp) (.*?)-o ", prepare)     # nothing between: `repro_0.c -o`
    return bool(m) and not m.group(1).strip()


def candidates(sb: Sandbox, report: CrashReport, plan: BuildPlan | None, files: list[str],
               test_cmd: str | None, cross: Cross | None = None, text: str = "",
               given: str | None = None, written: dict[str, str] | None = None) -> list[tuple[str, str, str | None]]:
    """(how, run command, prepare command) to try, most specific first: the command given with
    --repro-cmd, the issue's programs, its recipes (`text`: the whole issue), the failing test, the
    suite; with `cross`, programs run under qemu user mode. `written`: the programs' sources, by path."""
    env = env_prefix(report)
    written = {} if written is None else written

    def write(path: str, text: str) -> None:
        sb.write(path, text)
        written[path] = text
    out: list[tuple[str, str, str | None]] = []
    if given:
        out.append(("given reproducer command", chain(sanitizer_env(report), resolve_programs(sb, given)), None))
    found = recipes(text, shell_snippets(report), lambda p: p in set(files))
    for i, ext in c_programs(report):
        src, exe = f"{SCRATCH}/repro_{i}.{ext}", f"{SCRATCH}/repro_{i}"
        write(src, program_source(report, i))
        build = program_build_cmd(sb, files, src, exe, cross, plan.flags if plan else SAN_FLAGS)
        if is_fuzz_target(report.reproducers[i]):
            for script in fuzz_runs(sb, [rec.script() for rec in found], exe):
                out.append(("reproducer program", chain(sanitizer_env(report), script if " && " in script
                                                        else runs_on(script, cross)), build))
            continue
        out.append(("reproducer program", f"{env} {runs_on(exe if exe.startswith('/') else './' + exe, cross)}", build))
    for i in fragments(report):
        body = report.reproducers[i]
        src, exe = f"{SCRATCH}/repro_{i}.{'cpp' if CPP_HINT.search(body) else 'c'}", f"{SCRATCH}/repro_{i}"
        headers = declaring_headers(sb, body, files)
        if not headers:
            continue            # it calls nothing of the project's API (the library's own code, quoted)
        write(src, complete(body, headers, sb.workdir))
        build = program_build_cmd(sb, files, src, exe, cross, plan.flags if plan else SAN_FLAGS)
        out.append(("reproducer fragment", f"{env} {runs_on(exe, cross)}", build))
    for rec in found:
        if rec.server:
            rec.server = resolve_bare(sb, rec.server)
        else:
            rec.run = resolve_bare(sb, rec.run)
        script = resolve_programs(sb, rec.script())
        if script.startswith("ctest") and plan and plan.out_dir and "--test-dir" not in script:
            script = f"ctest --test-dir {plan.out_dir}{script[5:]}"      # a named test, in our build tree
        how = "reproducer server" if rec.server else "reproducer recipe" if rec.setup else "reproducer command"
        out.append((how, chain(sanitizer_env(report), runs_on(script, cross) if how == "reproducer command"
                               else script), None))
    for frame in report.frames:                 # a crash inside a test program: run that test
        path = frame.file or ""
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        if stem and any(f.endswith(path.rsplit("/", 1)[-1]) and is_test_path(f) for f in files):
            found = sb.run(f"find . -path ./.git -prune -o -type f -perm -u+x -name {shlex.quote(stem)} -print",
                           timeout=HOUSEKEEPING_TIMEOUT)
            for exe in found.output.split()[:1]:
                out.append(("failing test", f"{env} {runs_on(exe, cross)}", None))
    if test_cmd:
        out.append(("test suite", test_cmd if test_cmd.startswith("ASAN_OPTIONS=") else chain(sanitizer_env(report), test_cmd), None))
    return list(dict.fromkeys(out))


DESCRIBED_CHARS = 1 << 18      # an issue's words read for a described crash (real issues are far shorter)


def add_untagged_fragments(report: CrashReport, text: str) -> None:
    """The issue's fragments in untagged fences join its reproducers (agent/native/fragment.py)."""
    report.reproducers.extend(untagged_fragments(text, report.reproducers))


def described_crash(text: str) -> CrashReport | None:
    """A C crash the issue describes in words (agent/native/described.py), when the issue also holds
    something to run: a C/C++ program, a fragment, or a recipe's run line."""
    text = text[:DESCRIBED_CHARS]
    report = describe(text, split_issue(text)[1])
    if report is not None:
        add_untagged_fragments(report, text)
    if report is None:
        return None
    runnable = c_programs(report) or fragments(report) or recipes(text, shell_snippets(report))
    return report if runnable else None


def reproduce(sb: Sandbox, report: CrashReport, plan: BuildPlan | None, files: list[str],
              test_cmd: str | None, *, tries: int = REPRODUCE_TRIES, timeout: float = COMMAND_TIMEOUT,
              cross: Cross | None = None, text: str = "", given: str | None = None) -> NativeRepro:
    ensure_scratch(sb)
    rep = Reproduction()
    is_it = matcher(report, files)
    written: dict[str, str] = {}
    tries_of = candidates(sb, report, plan, files, test_cmd, cross, text, given, written)
    if report.extra.get("described"):       # words, not a report: only the issue's own reproducer can show it
        tries_of = [t for t in tries_of if t[0] in OWN]
    for how, cmd, prepare in tries_of:
        if prepare:
            built = sb.run(prepare, timeout=timeout)
            if not built.ok and how == "reproducer program" and add_tree_headers(sb, prepare, written, files,
                                                                                  built.output):
                rep.attempts.append(Attempt(how, prepare, False, built.exit_code,
                                            NO_BUILD + built.output[-2000:], rung=1))
                built = sb.run(prepare, timeout=timeout)       # again, with the tree's headers it lacked
            if not built.ok:
                rep.attempts.append(Attempt(how, prepare, False, built.exit_code,
                                            NO_BUILD + built.output[-2000:], rung=1))
                continue
        log.info("reproducing by %s: %s", how, cmd)
        res = sb.run(cmd, timeout=timeout)
        hit, got = is_it(res)
        tail = res.output[-2000:]
        if got is not None and not hit:
            tail = f"[a different crash: {got.type} in {got.guilty.function if got.guilty else '?'}]\n{tail}"
        rep.attempts.append(Attempt(how, cmd, hit, res.exit_code, tail, rung=1 if how in OWN else 2))
        if not hit:
            continue
        confirm(rep, sb, how, cmd, got, res, lambda again: is_it(again)[0],
                tries=tries, timeout=timeout)
        scratch = {}
        if prepare and (src := re.search(rf"{re.escape(SCRATCH)}/repro_\d+\.(?:cpp|c)\b", prepare)):
            scratch[src.group(0)] = written[src.group(0)]      # the program as compiled (a fragment completed)
        return NativeRepro(rep, prepare, scratch)
    return NativeRepro(rep, None)
