"""The two programs rung 4 writes into the sandbox: a pytest plugin that records the arguments of calls
to the traceback's repo functions, and the seeded search that calls them with values around those."""

# A pytest plugin (-p crashfix_trace): TARGETS = [[repo path, function name], ...], LIMIT (calls kept per
# function), KEEP ("first" or "last" LIMIT calls) and SEEDS_FILE (in the plugin's folder) are prepended.
TRACER = r'''
import os, pickle, sys

SEEDS = {}


def _record(frame, event, arg):
    if event != "call":
        return
    code = frame.f_code
    for path, name in TARGETS:
        if code.co_name == name and code.co_filename.replace("\\", "/").endswith("/" + path):
            calls = SEEDS.setdefault(path + "::" + name, [])
            if len(calls) >= LIMIT and KEEP == "first":
                return
            n = code.co_argcount + code.co_kwonlyargcount
            args = {}
            for var in code.co_varnames[:n]:
                try:
                    args[var] = pickle.dumps(frame.f_locals[var])
                except Exception:
                    pass
            if len(args) == n:
                calls.append(args)
                del calls[:-LIMIT]


def pytest_configure(config):
    sys.setprofile(_record)


def pytest_unconfigure(config):
    sys.setprofile(None)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), SEEDS_FILE), "wb") as f:
        pickle.dump(SEEDS, f)
'''

# What the search and the overfitting guard (agent/python/ladder/overfit.py) share: loading the tracer's calls,
# finding a module-level function, and the generator of values around one recorded value (LITERALS, the
# issue's literals, is prepended to the programs).
HELPERS = r'''
def load_seeds(name):
    """The tracer's recorded calls ({} when it wrote none)."""
    try:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name), "rb") as f:
            return pickle.load(f)
    except Exception:
        return {}


def unpickled(call):
    """A recorded call's arguments, or None when one of them does not load back (a class without state)."""
    try:
        return {k: pickle.loads(v) for k, v in call.items()}
    except Exception:
        return None


def function_at(module, name, path):
    """The module-level function `name` of `module`, defined in `path` (never a method, never a module's own
    `__init__`); raises when there is none."""
    fn = getattr(importlib.import_module(module), name)
    code = getattr(fn, "__code__", None)
    if code is None or code.co_name != name or not code.co_filename.replace("\\", "/").endswith("/" + path):
        raise LookupError(name)
    return fn


def neighbours(value):
    """Values around one recorded value: empty, single, boundary, mutated."""
    out = [None]
    if isinstance(value, bool):
        out += [not value]
    elif isinstance(value, int):
        out += [0, -1, 1, value - 1, value + 1, -value, value * 2, 2 ** 31, len(LITERALS)]
    elif isinstance(value, float):
        out += [0.0, -1.0, float("nan"), float("inf"), value * -1]
    elif isinstance(value, str):
        out += ["", value[:1], value[1:], value[:-1], value + value, value.upper(), value[::-1], " " + value,
                value.replace("-", ""), value + "-", value.split()[0] if value.split() else "x"]
    elif isinstance(value, (list, tuple)):
        kind = type(value)
        out += [kind(), kind(value[:1]), kind(value[1:]), kind(value[:-1]), kind(list(value) + list(value[-1:]))]
        out += [kind([None])] + [kind(list(value[:i]) + [None] + list(value[i + 1:])) for i in range(min(len(value), 3))]
    elif isinstance(value, dict):
        out += [{}] + [{k: v for k, v in value.items() if k != key} for key in list(value)[:6]]
        out += [{**value, key: None} for key in list(value)[:6]]
    out += [v for v in LITERALS if type(v) is type(value)] + list(LITERALS)
    return out
'''

# The search: TARGETS = [[module, function, repo path, line, exception name], ...], LITERALS,
# SECONDS, CALLS and SEED are prepended. Prints one line `CRASHFIX-SEARCH {json}`.
SEARCH = r'''
import importlib, inspect, itertools, json, os, pickle, random, sys, time, traceback
''' + HELPERS + r'''

START = time.monotonic()
SEEDS = load_seeds("seeds.pkl")


def candidates(fn, name, path):
    """Argument dicts: each recorded call with one argument changed at a time, then literals alone."""
    recorded = [args for args in map(unpickled, SEEDS.get(path + "::" + name, [])) if args is not None]
    if not recorded:
        try:
            params = [p for p in inspect.signature(fn).parameters.values()
                      if p.default is inspect.Parameter.empty and p.kind <= p.POSITIONAL_OR_KEYWORD]
        except (TypeError, ValueError):
            params = []
        recorded = [{p.name: lit for p in params} for lit in LITERALS] if params else [{}]
    rng = random.Random(SEED)
    for call in recorded:
        yield call
        for key in list(call):
            options = neighbours(call[key])
            rng.shuffle(options)
            for value in options:
                yield {**call, key: value}


def hits(exc, path, line, want):
    if not any(c.__name__ == want for c in type(exc).__mro__):
        return False
    for fs in traceback.extract_tb(exc.__traceback__):
        if fs.filename.replace("\\", "/").endswith("/" + path) and fs.lineno == line:
            return True
    return False


calls = 0
found = None
for module, name, path, line, want in TARGETS:
    try:
        fn = function_at(module, name, path)
    except Exception:
        continue
    for args in candidates(fn, name, path):
        if calls >= CALLS or time.monotonic() - START > SECONDS:
            break
        calls += 1
        try:
            fn(**args)
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            if hits(exc, path, line, want):
                found = {"module": module, "function": name,
                         "args": {k: repr(v) for k, v in args.items()}}
                break
    if found:
        break
print("CRASHFIX-SEARCH " + json.dumps({"found": found, "calls": calls,
                                        "seconds": round(time.monotonic() - START, 3)}))
'''
