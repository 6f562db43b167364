"""The two programs the overfitting guard writes into the sandbox: one generates inputs around the failing
call (the search rung's `neighbours`), one calls the function on each and writes what happened."""
from agent.python.ladder.search_script import HELPERS

# TARGETS = [[module, function, repo path], ...] (innermost first), LITERALS, SEED and MAX_INPUTS are
# prepended. Reads the tracer's overfit_seeds.pkl; writes overfit_inputs.pkl and overfit_inputs.json.
GENERATE = r'''
import importlib, json, os, pickle, random
''' + HELPERS + r'''

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = load_seeds("overfit_seeds.pkl")

chosen = None
for module, name, path in TARGETS:
    recorded = SEEDS.get(path + "::" + name) or []
    try:
        fn = function_at(module, name, path)
    except Exception:
        continue
    failing = unpickled(recorded[-1]) if recorded else None      # the last call: the crash's
    if failing is not None and callable(fn):
        chosen = module, name, failing
        break

inputs, shown, seen = [], [], set()


def add(args):
    try:
        key, blob = repr(args), pickle.dumps(args)
    except Exception:
        return
    if key not in seen and len(inputs) < MAX_INPUTS:
        seen.add(key)
        inputs.append(blob)
        shown.append(", ".join(f"{k}={v!r}" for k, v in args.items())[:200])


if chosen:
    module, name, failing = chosen
    rng = random.Random(SEED)
    add(failing)
    for key in list(failing):
        options = neighbours(failing[key])
        rng.shuffle(options)
        for value in options:
            add({**failing, key: value})
with open(os.path.join(HERE, "overfit_inputs.pkl"), "wb") as f:
    pickle.dump({"module": chosen[0], "function": chosen[1], "inputs": inputs} if chosen else None, f)
with open(os.path.join(HERE, "overfit_inputs.json"), "w") as f:
    json.dump({"function": chosen[1] if chosen else None, "shown": shown}, f)
'''

# CRASH_AT = [repo path, function, exception name] (the report's innermost repo frame) and CALL_SECONDS
# are prepended. Calls the chosen function on every generated input; writes overfit_out.json:
# [[what happened, whether it is the reported crash], ...] in the inputs' order.
EVALUATE = r'''
import importlib, json, os, pickle, re, signal, traceback

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "overfit_inputs.pkl"), "rb") as f:
    DATA = pickle.load(f)
FN = getattr(importlib.import_module(DATA["module"]), DATA["function"])
PATH, FUNCTION, WANT = CRASH_AT


class Slow(BaseException):
    pass


def alarm(signum, frame):
    raise Slow()


def crash(exc):
    if not any(c.__name__ == WANT for c in type(exc).__mro__):
        return False
    return any(fs.filename.replace("\\", "/").endswith("/" + PATH) and fs.name == FUNCTION
               for fs in traceback.extract_tb(exc.__traceback__))


signal.signal(signal.SIGALRM, alarm)
out = []
for blob in DATA["inputs"]:
    args = pickle.loads(blob)
    signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
    try:
        value = FN(**args)
        signal.setitimer(signal.ITIMER_REAL, 0)
        out.append(["returned " + re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))[:160], False])
    except Slow:
        out.append(["timed out", False])
    except BaseException as exc:
        signal.setitimer(signal.ITIMER_REAL, 0)
        out.append(["raised " + type(exc).__name__, crash(exc)])
signal.setitimer(signal.ITIMER_REAL, 0)
with open(os.path.join(HERE, "overfit_out.json"), "w") as f:
    json.dump(out, f)
'''
