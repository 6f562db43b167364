"""Native stack frames shared by the sanitizer and gdb parsers: parsing `#N 0xADDR in func
file:line:col` lines, normalising C++ function names, and deciding which frames are
runtime/allocator/libc noise (the rules resemble ClusterFuzz's stack analyzer ignore lists)."""
from __future__ import annotations

import re

from agent.reports.model import Frame

SAN_FRAME_RE = re.compile(r"^\s*#(\d+)(?:\.\d+)?\s+(0x[0-9a-fA-F]+|pc\s+[0-9a-fA-F]+)\s*(.*)$")
# Each tail pattern starts only where a run of blanks starts (`(?<!\s)`): a search over a line of
# blanks is then linear, not quadratic.
_FUCHSIA_MODULE = re.compile(r"(?<!\s)\s+<+([^<>\s]+)>+\+0x[0-9a-fA-F]+\s*$")
_FILE_TAIL = re.compile(r"(?<!\s)\s+(?:\(\s*)?((?:[A-Za-z]:)?[^\s():]++(?<!/)):(\d+)(?::(\d+))?\)?\s*$")
_MODULE_TAIL = re.compile(r"(?<!\s)\s*\(([^()\s]+?)\+0x[0-9a-fA-F]+\)\s*(?:\(BuildId: [0-9a-f]+\))?\s*$")
_BUILDID_TAIL = re.compile(r"(?<!\s)\s*\(BuildId: [0-9a-f]+\)\s*$")
_SO_NAME = re.compile(r"^[\w.+-]+\.(?:so(?:\.[\d.]+)?|dylib|dll)$")


def _strip_params(func: str) -> str:
    """`ns::Cls<T>::f(int, char) const` -> `ns::Cls<T>::f`; drops return types."""
    func = func.strip().replace("(anonymous namespace)::", "")
    for suffix in (" const", " volatile", " &&", " &"):
        if func.endswith(suffix):
            func = func[: -len(suffix)].rstrip()
    if func.endswith(")"):
        depth = 0
        for i in range(len(func) - 1, -1, -1):
            c = func[i]
            if c == ")":
                depth += 1
            elif c == "(":
                depth -= 1
                if depth == 0:
                    if i > 0:
                        func = func[:i].rstrip()       # gdb's `f (args)`: a blank before the arguments
                    break
    if " " not in func:
        return func.strip()
    # Drop a return type: the last space outside template brackets.
    depth = 0
    cut = -1
    for i, c in enumerate(func):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == " " and depth == 0:
            cut = i
    if cut != -1 and not func.startswith("operator") and "operator" not in func[:cut]:
        func = func[cut + 1:]
    return func.strip()


_GLUED = re.compile(r"([A-Za-z_][\w:~]*)(/[^\s]+)$")


def parse_san_frame(line: str) -> tuple[int, Frame] | None:
    m = SAN_FRAME_RE.match(line)
    if not m:
        return None
    rest = m.group(3).strip()
    module = file = None
    lineno = None
    rest = _BUILDID_TAIL.sub("", rest)
    if rest == "in" or rest.startswith("<unknown"):
        rest = ""
    fu = _FUCHSIA_MODULE.search(rest)
    if fu:
        module = fu.group(1)
        rest = rest[: fu.start()].rstrip()
    mm = _MODULE_TAIL.search(rest)
    if mm:
        module = mm.group(1)
        rest = rest[: mm.start()].rstrip()
    else:
        fm = _FILE_TAIL.search(rest)
        if fm and (rest.startswith("in ") or "/" in fm.group(1) or "." in fm.group(1)):
            file, lineno = fm.group(1), int(fm.group(2))
            rest = rest[: fm.start()].rstrip()
    if rest == "in" and file and (glued := _GLUED.match(file)):
        rest, file = "in " + glued.group(1), glued.group(2)      # `in func/src/a.c:3`: no space before the path
    if rest.startswith("in "):
        body = rest[3:].strip()
        if body.endswith(" at"):                 # gdb: `in f (args) at file.c:3`, the file taken above
            body = body[:-3].rstrip()
        if body.count("(") > body.count(")"):    # gdb: arguments wrapped onto the next lines (`_one_stack`)
            body = body.split("(", 1)[0].strip()
        if _SO_NAME.match(body):
            # `in libpthread.so.0`: a module, no symbol
            module = module or body
            body = ""
        if "(" not in body and " " in body:
            # `in malloc _asan_rtl_`: function then module
            body, _, mod = body.partition(" ")
            module = module or mod.strip()
        func = _strip_params(body)
    else:
        func = ""
        if rest and not rest.startswith("("):
            # Windows/cdb style: `module!func+0x12`
            func = _strip_params(rest.split("!")[-1].split("+0x")[0])
    if not func and module:
        func = ""
    return int(m.group(1)), Frame(function=func or "", file=file, line=lineno, module=module)


_IGNORE_FUNC = re.compile(
    r"^(?:__asan|__sanitizer|__interceptor|__interception|__msan|__tsan|__ubsan|__lsan|__hwasan|__dfsan"
    r"|asan_|msan_|tsan_|ubsan_|lsan_|___interceptor_"
    r"|_?_?(?:libc_)?(?:malloc|calloc|realloc|reallocarray|free|cfree|valloc|pvalloc|memalign|posix_memalign"
    r"|aligned_alloc|strdup|strndup)(?:_impl)?$"
    r"|operator new|operator delete|(?:std::)?__1::__libcpp_|std::__Cr::__libcpp_|std::__throw_"
    r"|(?:__)?mem(?:cpy|move|set|cmp|chr|mem|ccpy)|__aeabi_mem|__memcpy|__memmove|__memset"
    r"|(?:__)?str(?:len|nlen|cpy|ncpy|cmp|ncmp|casecmp|ncasecmp|cat|ncat|chr|rchr|str|dup|tok|spn|cspn|lcpy|lcat|pbrk)(?:_.*)?$"
    r"|__stp|stpcpy|wcs|wmem|bcmp|bzero"
    r"|__libc_|__GI_|_start$|__start|start_thread|clone$|__clone|abort$|raise$|__pthread_kill|pthread_kill"
    r"|gsignal|__assert_fail|__assert_rtn|__cxa_|__gxx_personality|_Unwind_|__restore_rt|__kernel_"
    r"|_dl_|__dl_|libc_start|__clang_call_terminate|std::terminate|__terminate|__verbose_abort"
    r"|fuzzer::|LLVMFuzzer(?:Run|Custom)|__scudo|scudo::|gwp_asan::(?!GuardedPoolAllocator::allocate)"
    r"|tcmalloc::|je_|__rust_|rust_panic|rust_begin_unwind|core::panicking|std::panicking|std::rt::"
    r"|__GI___|_L_lock_|__lll_|___chk_fail|__fortify_fail|__chk_fail|__stack_chk_fail"
    r"|sigtramp|_sigtramp|__sigtramp|<unknown module>|\?\?"
    r"|logging::|base::debug::|absl::log_internal::|absl::cleanup_internal::|V8_Fatal|v8::base::OS::Abort"
    r"|std::__1::|std::__Cr::|std::__cxx11::|_objc_terminate|__sanitizer_|__ubsan_handle|__cfi_"
    r"|absl::Cleanup<|DCheckLogMessage|CheckError::|LogMessage::"
    # ClusterFuzz's conventions: process entry, exit and abort helpers, operators and
    # allocation helpers, fuzzing-engine callbacks, error reporters, Rust/Go runtime.
    r"|main$|exit$|_exit$|tgkill$|pthread_create$|operator|New|new$|delete$|ExitCallback|TestOneProtoInput"
    r"|WTF::|WTFCrash|CFCrash|__run_exit_handlers|common_exit|SignalHandler|SignalAction|Abort\("
    r"|alloc::|std::process::abort|std::sys::unix::abort|std::sys::pal::unix::abort|std::sys_common::backtrace"
    r"|std::panic|__rust_start_panic|panic_abort::|libfuzzer_sys::initialize|rust_fuzzer_test_input|rust_oom"
    r"|core::fmt::write|std::io::Write::write_fmt|core::result::unwrap_failed|core::option::expect_failed"
    r"|blink::ReportV8FatalError|v8::api_internal::ToLocalEmpty|fuzztest::internal::|Honggfuzz"
    r"|runtime\.|panic$|g_log|mozalloc_|dump_stack|demangling_terminate_handler|_swift_stdlib_"
    r"|.*(?:assert|logger|libpthread|DebugBreak|StackDumpSignalHandler|ForceCrashOnSigAbort|__android_log_assert"
    r"|base::debug::BreakDebugger|base::debug::CollectStackTrace|base::debug::StackTrace::StackTrace"
    r"|logging::CheckError|logging::LogMessage|logging::ErrnoLogMessage|base::allocator|allocator_shim"
    r"|PartitionAlloc|base::FuzzedDataProvider|v8::base::OS::Abort|BaseThreadInitThunk|RtlUserThreadStart"
    r"|__tmainCRTStartup|SkDebugf))"
)
_IGNORE_MODULE = re.compile(r"(?:^|/)(?:libc\.so|libc\+\+|libstdc\+\+|libpthread|libdl|ld-linux|libgcc_s|"
                            r"libclang_rt|libasan|libtsan|libmsan|libubsan|linux-vdso|libsystem_|ntdll|"
                            r"KERNELBASE|kernel32|ucrtbase|msvcrt)")
_IGNORE_FILE = re.compile(r"(?:compiler-rt/lib/|/sanitizer_common/|/asan/|/msan/|/tsan/|/ubsan/|/lsan/"
                          r"|libcxx/|libc\+\+/|/libfuzzer/|/glibc-|sysdeps/|/csu/|/nptl/|/usr/include/c\+\+/"
                          r"|llvm-project/compiler-rt|buildtools/third_party/libc\+\+"
                          r"|^/rustc?/|/gcc/|/crosstool/|/jemalloc/|/tcmalloc/|/libc/|/llvm-build/|/memorycmp\.c"
                          r"|/lib/[Ff]uzzer/|/libFuzzer/|/libfuzzer/|/compiler-rt/lib/fuzzer/)")


def is_noise(frame: Frame) -> bool:
    """Sanitizer runtime, allocator, libc, C++ runtime, fuzzing driver: never the culprit."""
    func = frame.function or ""
    if not func:
        return True
    if _IGNORE_FUNC.match(func):
        return True
    if "/" in func and _IGNORE_FUNC.match(func.rsplit("/", 1)[-1]) and not func.startswith("runtime."):
        # Go: `github.com/x/y/pkg.F` is judged by `pkg.F`, but a package named runtime is not Go's
        return not func.rsplit("/", 1)[-1].startswith("runtime.")
    if frame.module and _IGNORE_MODULE.search(frame.module):
        return True
    if frame.file and _IGNORE_FILE.search(frame.file):
        return True
    return False


def first_stack(lines: list[str], start: int = 0) -> tuple[list[Frame], int]:
    """The first symbolized `#0 ...` stack at or after `start` (a stack of only unknown frames
    is passed over when a symbolized one follows); returns frames and the index after it."""
    frames, end = _one_stack(lines, start)
    if frames and not any(f.function for f in frames):
        more, end2 = _one_stack(lines, end)
        if more and any(f.function for f in more):
            return more, end2
    return frames, end


def _one_stack(lines: list[str], start: int = 0) -> tuple[list[Frame], int]:
    frames: list[Frame] = []
    i = start
    n = len(lines)
    wrapped = 0          # gdb: the last frame's arguments still open, its next lines (at most 8) go on
    while i < n:
        parsed = parse_san_frame(lines[i])
        if parsed:
            num, fr = parsed
            if frames and num == 0:
                break
            if not frames and num != 0:
                i += 1
                continue
            frames.append(fr)
            open_args = lines[i].count("(") - lines[i].count(")")
            wrapped = 8 if open_args > 0 and " in " in lines[i] else 0
        elif wrapped and lines[i].strip():
            wrapped = 0 if lines[i].count(")") > lines[i].count("(") else wrapped - 1
        elif frames and lines[i].strip() and not lines[i].lstrip().startswith(("#", "<")):
            break
        i += 1
    return frames, i
